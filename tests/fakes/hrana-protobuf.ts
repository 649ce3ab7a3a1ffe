// The server's side of Hrana 3 over protobuf (Hrana specification version 3, libSQL repository,
// docs/HRANA_3_SPEC.md, its « Protobuf schema »): decodes the client's PipelineReqBody and
// CursorReqBody into the same request model as the JSON encoding, and encodes PipelineRespBody,
// CursorRespBody and the cursor's CursorEntry messages. A small varint / length-delimited codec of
// our own: the hrana-client's protobuf primitives are not exported by the package.
//
// Wire format (protobuf encoding): each field is a key varint (field number << 3 | wire type), then
// a varint (type 0), 8 little-endian bytes (type 1, doubles) or a length varint and that many bytes
// (type 2: strings, bytes, sub-messages). sint64 values are zigzag-encoded. A oneof is told apart by
// which field number is present, so an empty sub-message (a Null value, a `close` response) is still
// written, with length 0.

/** A value as the JSON encoding has it; the protobuf one is translated to and from it. */
export type HranaValue =
  { type: "null" } | { type: "integer"; value: string } | { type: "float"; value: number } | { type: "text"; value: string } | { type: "blob"; base64: string };

export interface HranaStmt {
  sql?: string;
  sql_id?: number;
  args?: HranaValue[];
  named_args?: { name: string; value: HranaValue }[];
  want_rows?: boolean;
}

export type HranaCond =
  { type: "ok" | "error"; step: number } | { type: "not"; cond: HranaCond } | { type: "and" | "or"; conds: HranaCond[] } | { type: "is_autocommit" };

export interface HranaBatch {
  steps: { condition?: HranaCond | null; stmt: HranaStmt }[];
}

export type HranaRequest =
  | { type: "close" }
  | { type: "execute"; stmt: HranaStmt }
  | { type: "batch"; batch: HranaBatch }
  | { type: "sequence" | "describe"; sql?: string; sql_id?: number }
  | { type: "store_sql"; sql_id: number; sql: string }
  | { type: "close_sql"; sql_id: number }
  | { type: "get_autocommit" };

export interface HranaError {
  message: string;
  code?: string;
}

export interface StmtResult {
  cols: { name: string; decltype: string | null }[];
  rows: HranaValue[][];
  affected_row_count: number;
  last_insert_rowid: string | null;
}

export interface DescribeResult {
  params: { name: string | null }[];
  cols: { name: string; decltype: string | null }[];
  is_explain: boolean;
  is_readonly: boolean;
}

/** A stream response, as the JSON encoding has it. */
export type HranaResponse =
  | { type: "close" | "sequence" | "store_sql" | "close_sql" }
  | { type: "execute"; result: StmtResult }
  | { type: "batch"; result: { step_results: (StmtResult | null)[]; step_errors: (HranaError | null)[] } }
  | { type: "describe"; result: DescribeResult }
  | { type: "get_autocommit"; is_autocommit: boolean };

export type HranaStreamResult = { type: "ok"; response: HranaResponse } | { type: "error"; error: HranaError };

export type CursorEntry =
  | { type: "step_begin"; step: number; cols: StmtResult["cols"] }
  | { type: "step_end"; affected_row_count: number; last_insert_rowid: string | null }
  | { type: "step_error"; step: number; error: HranaError }
  | { type: "row"; row: HranaValue[] }
  | { type: "error"; error: HranaError };

export class ProtobufDecodeError extends Error {}

const VARINT = 0;
const FIXED_64 = 1;
const LENGTH_DELIMITED = 2;
const FIXED_32 = 5;

// ---- reading -------------------------------------------------------------------------------

interface Field {
  number: number;
  wireType: number;
  /** the varint (wire type 0), as a bigint: 64-bit values survive */
  varint: bigint;
  /** the bytes (wire type 2) or the 8 bytes of a fixed64 (wire type 1) */
  bytes: Uint8Array;
}

function readVarint(data: Uint8Array, at: { pos: number }): bigint {
  let value = 0n;
  for (let shift = 0n; ; shift += 7n) {
    if (at.pos >= data.length) throw new ProtobufDecodeError("truncated varint");
    if (shift > 63n) throw new ProtobufDecodeError("varint longer than 64 bits");
    const byte = data[at.pos++] as number;
    value |= BigInt(byte & 0x7f) << shift;
    if (!(byte & 0x80)) return value;
  }
}

/** The fields of one message, in order (repeated fields appear once per element). */
export function readFields(data: Uint8Array): Field[] {
  const fields: Field[] = [];
  const at = { pos: 0 };
  const empty = new Uint8Array(0);
  while (at.pos < data.length) {
    const key = Number(readVarint(data, at));
    const field: Field = { number: key >>> 3, wireType: key & 7, varint: 0n, bytes: empty };
    if (field.number === 0) throw new ProtobufDecodeError("field number 0");
    if (field.wireType === VARINT) field.varint = readVarint(data, at);
    else if (field.wireType === FIXED_64 || field.wireType === FIXED_32 || field.wireType === LENGTH_DELIMITED) {
      const length = field.wireType === FIXED_64 ? 8 : field.wireType === FIXED_32 ? 4 : Number(readVarint(data, at));
      if (at.pos + length > data.length) throw new ProtobufDecodeError("truncated field");
      field.bytes = data.subarray(at.pos, at.pos + length);
      at.pos += length;
    } else throw new ProtobufDecodeError(`unsupported wire type ${field.wireType}`);
    fields.push(field);
  }
  return fields;
}

function expectWire(field: Field, wireType: number): Field {
  if (field.wireType !== wireType) throw new ProtobufDecodeError(`field ${field.number}: wire type ${field.wireType}, expected ${wireType}`);
  return field;
}
const text = (field: Field) => new TextDecoder("utf-8", { fatal: true }).decode(expectWire(field, LENGTH_DELIMITED).bytes);
const message = (field: Field) => readFields(expectWire(field, LENGTH_DELIMITED).bytes);
const uint = (field: Field) => Number(BigInt.asUintN(32, expectWire(field, VARINT).varint));
const zigzag = (value: bigint) => (value >> 1n) ^ -(value & 1n);

function decodeValue(fields: Field[]): HranaValue {
  let value: HranaValue = { type: "null" };
  for (const field of fields) {
    if (field.number === 1) value = { type: "null" };
    else if (field.number === 2) value = { type: "integer", value: BigInt.asIntN(64, zigzag(expectWire(field, VARINT).varint)).toString() };
    else if (field.number === 3) value = { type: "float", value: new DataView(expectWire(field, FIXED_64).bytes.slice().buffer).getFloat64(0, true) };
    else if (field.number === 4) value = { type: "text", value: text(field) };
    else if (field.number === 5) value = { type: "blob", base64: Buffer.from(expectWire(field, LENGTH_DELIMITED).bytes).toString("base64") };
  }
  return value;
}

function decodeStmt(fields: Field[]): HranaStmt {
  const stmt: HranaStmt = { args: [], named_args: [], want_rows: false };
  for (const field of fields) {
    if (field.number === 1) stmt.sql = text(field);
    else if (field.number === 2) stmt.sql_id = uint(field);
    else if (field.number === 3) stmt.args?.push(decodeValue(message(field)));
    else if (field.number === 4) {
      let name = "";
      let value: HranaValue = { type: "null" };
      for (const part of message(field)) {
        if (part.number === 1) name = text(part);
        else if (part.number === 2) value = decodeValue(message(part));
      }
      stmt.named_args?.push({ name, value });
    } else if (field.number === 5) stmt.want_rows = expectWire(field, VARINT).varint !== 0n;
  }
  return stmt;
}

function decodeCond(fields: Field[]): HranaCond {
  let cond: HranaCond | null = null;
  const list = (field: Field) => message(field).flatMap((each) => (each.number === 1 ? [decodeCond(message(each))] : []));
  for (const field of fields) {
    if (field.number === 1) cond = { type: "ok", step: uint(field) };
    else if (field.number === 2) cond = { type: "error", step: uint(field) };
    else if (field.number === 3) cond = { type: "not", cond: decodeCond(message(field)) };
    else if (field.number === 4) cond = { type: "and", conds: list(field) };
    else if (field.number === 5) cond = { type: "or", conds: list(field) };
    else if (field.number === 6) cond = { type: "is_autocommit" };
  }
  if (!cond) throw new ProtobufDecodeError("BatchCond without a condition");
  return cond;
}

export function decodeBatch(fields: Field[]): HranaBatch {
  const steps: HranaBatch["steps"] = [];
  for (const field of fields) {
    if (field.number !== 1) continue;
    let condition: HranaCond | null = null;
    let stmt: HranaStmt | null = null;
    for (const part of message(field)) {
      if (part.number === 1) condition = decodeCond(message(part));
      else if (part.number === 2) stmt = decodeStmt(message(part));
    }
    if (!stmt) throw new ProtobufDecodeError("BatchStep without a statement");
    steps.push({ condition, stmt });
  }
  return { steps };
}

function decodeSqlSource<T extends "sequence" | "describe">(type: T, fields: Field[]): { type: T; sql?: string; sql_id?: number } {
  const request: { type: T; sql?: string; sql_id?: number } = { type };
  for (const field of fields) {
    if (field.number === 1) request.sql = text(field);
    else if (field.number === 2) request.sql_id = uint(field);
  }
  return request;
}

function decodeStreamRequest(fields: Field[]): HranaRequest {
  let request: HranaRequest | null = null;
  for (const field of fields) {
    const body = message(field);
    switch (field.number) {
      case 1:
        request = { type: "close" };
        break;
      case 2: {
        const stmt = body.find((each) => each.number === 1);
        if (!stmt) throw new ProtobufDecodeError("ExecuteStreamReq without a statement");
        request = { type: "execute", stmt: decodeStmt(message(stmt)) };
        break;
      }
      case 3: {
        const batch = body.find((each) => each.number === 1);
        request = { type: "batch", batch: batch ? decodeBatch(message(batch)) : { steps: [] } };
        break;
      }
      case 4:
        request = decodeSqlSource("sequence", body);
        break;
      case 5:
        request = decodeSqlSource("describe", body);
        break;
      case 6: {
        const sqlId = body.find((each) => each.number === 1);
        const sql = body.find((each) => each.number === 2);
        request = { type: "store_sql", sql_id: sqlId ? uint(sqlId) : 0, sql: sql ? text(sql) : "" };
        break;
      }
      case 7: {
        const sqlId = body.find((each) => each.number === 1);
        request = { type: "close_sql", sql_id: sqlId ? uint(sqlId) : 0 };
        break;
      }
      case 8:
        request = { type: "get_autocommit" };
        break;
    }
  }
  if (!request) throw new ProtobufDecodeError("StreamRequest of an unknown type");
  return request;
}

/** PipelineReqBody { optional string baton = 1; repeated StreamRequest requests = 2; } */
export function decodePipelineRequest(data: Uint8Array): { baton: string | null; requests: HranaRequest[] } {
  const body: { baton: string | null; requests: HranaRequest[] } = { baton: null, requests: [] };
  for (const field of readFields(data)) {
    if (field.number === 1) body.baton = text(field);
    else if (field.number === 2) body.requests.push(decodeStreamRequest(message(field)));
  }
  return body;
}

/** CursorReqBody { optional string baton = 1; Batch batch = 2; } */
export function decodeCursorRequest(data: Uint8Array): { baton: string | null; batch: HranaBatch } {
  const body: { baton: string | null; batch: HranaBatch } = { baton: null, batch: { steps: [] } };
  for (const field of readFields(data)) {
    if (field.number === 1) body.baton = text(field);
    else if (field.number === 2) body.batch = decodeBatch(message(field));
  }
  return body;
}

// ---- writing -------------------------------------------------------------------------------

export class ProtobufWriter {
  #chunks: number[] = [];

  #varint(value: bigint) {
    let rest = BigInt.asUintN(64, value);
    do {
      const byte = Number(rest & 0x7fn);
      rest >>= 7n;
      this.#chunks.push(rest ? byte | 0x80 : byte);
    } while (rest);
  }
  #key(number: number, wireType: number) {
    this.#varint(BigInt((number << 3) | wireType));
  }
  uint(number: number, value: number | bigint): this {
    this.#key(number, VARINT);
    this.#varint(BigInt(value));
    return this;
  }
  bool(number: number, value: boolean): this {
    return this.uint(number, value ? 1 : 0);
  }
  sint64(number: number, value: bigint): this {
    this.#key(number, VARINT);
    this.#varint((value << 1n) ^ (value >> 63n));
    return this;
  }
  double(number: number, value: number): this {
    this.#key(number, FIXED_64);
    const bytes = new Uint8Array(8);
    new DataView(bytes.buffer).setFloat64(0, value, true);
    this.#chunks.push(...bytes);
    return this;
  }
  bytes(number: number, value: Uint8Array): this {
    this.#key(number, LENGTH_DELIMITED);
    this.#varint(BigInt(value.length));
    for (const byte of value) this.#chunks.push(byte);
    return this;
  }
  string(number: number, value: string): this {
    return this.bytes(number, new TextEncoder().encode(value));
  }
  message(number: number, write: (writer: ProtobufWriter) => void): this {
    const inner = new ProtobufWriter();
    write(inner);
    return this.bytes(number, inner.data());
  }
  data(): Uint8Array {
    return Uint8Array.from(this.#chunks);
  }
}

function writeValue(w: ProtobufWriter, value: HranaValue) {
  switch (value.type) {
    case "null":
      w.message(1, () => undefined);
      break;
    case "integer":
      w.sint64(2, BigInt(value.value));
      break;
    case "float":
      w.double(3, value.value);
      break;
    case "text":
      w.string(4, value.value);
      break;
    case "blob":
      w.bytes(5, Buffer.from(value.base64, "base64"));
      break;
  }
}

function writeCol(w: ProtobufWriter, col: { name: string | null; decltype: string | null }) {
  if (col.name !== null) w.string(1, col.name);
  if (col.decltype !== null) w.string(2, col.decltype);
}

const writeRow = (w: ProtobufWriter, row: HranaValue[]) => row.forEach((value) => w.message(1, (v) => writeValue(v, value)));

function writeError(w: ProtobufWriter, error: HranaError) {
  w.string(1, error.message);
  if (error.code !== undefined) w.string(2, error.code);
}

function writeStmtResult(w: ProtobufWriter, result: StmtResult) {
  for (const col of result.cols) w.message(1, (c) => writeCol(c, col));
  for (const row of result.rows) w.message(2, (r) => writeRow(r, row));
  w.uint(3, result.affected_row_count);
  if (result.last_insert_rowid !== null) w.sint64(4, BigInt(result.last_insert_rowid));
}

function writeResponse(w: ProtobufWriter, response: HranaResponse) {
  switch (response.type) {
    case "close":
      w.message(1, () => undefined);
      break;
    case "execute":
      w.message(2, (e) => e.message(1, (r) => writeStmtResult(r, response.result)));
      break;
    case "batch":
      w.message(3, (b) =>
        b.message(1, (r) => {
          // map<uint32, StmtResult> step_results = 1; map<uint32, Error> step_errors = 2 (a map entry: key = 1, value = 2)
          response.result.step_results.forEach(
            (result, step) => result && r.message(1, (entry) => entry.uint(1, step).message(2, (s) => writeStmtResult(s, result))),
          );
          response.result.step_errors.forEach((error, step) => error && r.message(2, (entry) => entry.uint(1, step).message(2, (e) => writeError(e, error))));
        }),
      );
      break;
    case "sequence":
      w.message(4, () => undefined);
      break;
    case "describe":
      w.message(5, (d) =>
        d.message(1, (r) => {
          for (const param of response.result.params) r.message(1, (p) => param.name !== null && p.string(1, param.name));
          for (const col of response.result.cols) r.message(2, (c) => writeCol(c, col));
          r.bool(3, response.result.is_explain).bool(4, response.result.is_readonly);
        }),
      );
      break;
    case "store_sql":
      w.message(6, () => undefined);
      break;
    case "close_sql":
      w.message(7, () => undefined);
      break;
    case "get_autocommit":
      w.message(8, (g) => g.bool(1, response.is_autocommit));
      break;
  }
}

/** PipelineRespBody { optional string baton = 1; optional string base_url = 2; repeated StreamResult results = 3; } */
export function encodePipelineResponse(body: { baton: string | null; base_url: string | null; results: HranaStreamResult[] }): Uint8Array {
  const w = new ProtobufWriter();
  if (body.baton !== null) w.string(1, body.baton);
  if (body.base_url !== null) w.string(2, body.base_url);
  for (const result of body.results) {
    w.message(3, (r) => (result.type === "ok" ? r.message(1, (s) => writeResponse(s, result.response)) : r.message(2, (e) => writeError(e, result.error))));
  }
  return w.data();
}

/** CursorRespBody { optional string baton = 1; optional string base_url = 2; } */
export function encodeCursorResponse(body: { baton: string | null; base_url: string | null }): Uint8Array {
  const w = new ProtobufWriter();
  if (body.baton !== null) w.string(1, body.baton);
  if (body.base_url !== null) w.string(2, body.base_url);
  return w.data();
}

/** CursorEntry { oneof entry { StepBeginEntry step_begin = 1; StepEndEntry step_end = 2; StepErrorEntry step_error = 3; Row row = 4; Error error = 5; } } */
export function encodeCursorEntry(entry: CursorEntry): Uint8Array {
  const w = new ProtobufWriter();
  switch (entry.type) {
    case "step_begin":
      w.message(1, (b) => {
        b.uint(1, entry.step);
        for (const col of entry.cols) b.message(2, (c) => writeCol(c, col));
      });
      break;
    case "step_end":
      w.message(2, (e) => {
        e.uint(1, entry.affected_row_count);
        if (entry.last_insert_rowid !== null) e.sint64(2, BigInt(entry.last_insert_rowid));
      });
      break;
    case "step_error":
      w.message(3, (e) => e.uint(1, entry.step).message(2, (m) => writeError(m, entry.error)));
      break;
    case "row":
      w.message(4, (r) => writeRow(r, entry.row));
      break;
    case "error":
      w.message(5, (e) => writeError(e, entry.error));
      break;
  }
  return w.data();
}

/** A message of a stream of messages (the cursor's body): its length as a varint, then the message. */
export function lengthDelimited(data: Uint8Array): Uint8Array {
  const length: number[] = [];
  let rest = data.length;
  do {
    const byte = rest & 0x7f;
    rest >>>= 7;
    length.push(rest ? byte | 0x80 : byte);
  } while (rest);
  const framed = new Uint8Array(length.length + data.length);
  framed.set(length);
  framed.set(data, length.length);
  return framed;
}
