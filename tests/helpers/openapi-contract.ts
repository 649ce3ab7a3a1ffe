// The OpenAPI document the app serves, as a contract for the integration tests (issue 15): every
// answer of the public API they get is checked against it with Ajv (JSON Schema 2020-12, the
// dialect of OpenAPI 3.1) — its status documented, its body valid, its documented headers present.
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { expect } from "vitest";
import type { createApp } from "../../src/server/app.ts";

export type JsonObject = Record<string, unknown>;

export interface OpenApiContract {
  document: JsonObject;
  ajv: Ajv2020;
  /** A compiled validator for a schema of the document (`{ $ref: "#/components/…" }`) or an inline one. */
  validatorFor(schema: JsonObject): ValidateFunction;
  /** Checks one answer of `GET <v1 path>` (status, headers, body) against the document. */
  expectDocumented(v1Path: string, answer: { status: number; headers: Headers; body: unknown }): void;
}

const contracts = new WeakMap<object, Promise<OpenApiContract>>();

/** The object a JSON pointer ("#/components/…") designates in the document. */
export function resolvePointer(document: JsonObject, ref: string): unknown {
  expect(ref.startsWith("#/"), ref).toBe(true);
  let node: unknown = document;
  for (const part of ref.slice(2).split("/")) {
    const key = part.replaceAll("~1", "/").replaceAll("~0", "~");
    if (node === null || typeof node !== "object" || !(key in node)) return undefined;
    node = (node as JsonObject)[key];
  }
  return node;
}

const deref = (document: JsonObject, node: JsonObject): JsonObject =>
  typeof node.$ref === "string" ? (resolvePointer(document, node.$ref) as JsonObject) : node;

/** The document `app` serves, loaded once per app into Ajv (its non-schema keys as no-op keywords). */
export function loadOpenApiContract(app: ReturnType<typeof createApp>): Promise<OpenApiContract> {
  let contract = contracts.get(app);
  if (!contract) {
    contract = (async () => {
      const response = await app.request("/api/v1/openapi.json");
      expect(response.status).toBe(200);
      const document = (await response.json()) as JsonObject;
      const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
      ajv.addVocabulary(["openapi", "info", "jsonSchemaDialect", "servers", "paths", "webhooks", "components", "security", "tags", "externalDocs"]);
      ajv.addSchema(document, "openapi.json");
      const validators = new Map<string, ValidateFunction>();
      const validatorFor = (schema: JsonObject): ValidateFunction => {
        // A $ref into the document is compiled against the document, so its own refs resolve.
        const key = typeof schema.$ref === "string" ? schema.$ref : JSON.stringify(schema);
        let validate = validators.get(key);
        if (!validate) {
          validate = ajv.compile(typeof schema.$ref === "string" ? { $ref: `openapi.json${schema.$ref}` } : schema);
          validators.set(key, validate);
        }
        return validate;
      };
      const expectDocumented: OpenApiContract["expectDocumented"] = (v1Path, answer) => {
        const operation = resolvePointer(document, `#/paths/${v1Path.replaceAll("/", "~1")}/get`) as JsonObject | undefined;
        expect(operation, `GET ${v1Path} is documented`).toBeDefined();
        const documented = (operation!.responses as Record<string, JsonObject>)[String(answer.status)];
        expect(documented, `GET ${v1Path} documents the status ${answer.status}`).toBeDefined();
        const response = deref(document, documented!);
        for (const name of Object.keys((response.headers as JsonObject | undefined) ?? {})) {
          expect(answer.headers.get(name), `${v1Path} ${answer.status}: header ${name}`).not.toBeNull();
        }
        expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
        const schema = ((response.content as JsonObject)["application/json"] as JsonObject).schema as JsonObject;
        const validate = validatorFor(schema);
        validate(answer.body);
        expect(validate.errors ?? [], `${v1Path} ${answer.status}`).toEqual([]);
      };
      return { document, ajv, validatorFor, expectDocumented };
    })();
    contracts.set(app, contract);
  }
  return contract;
}

/** The v1 path a request to the public API answers for (its alias included); null for other routes. */
export function publicApiPathOf(path: string): string | null {
  const pathname = new URL(path, "http://test.invalid").pathname;
  const match = /^\/api(?:\/v1)?\/(report|geocode|bathing-sites|status)$/.exec(pathname);
  if (!match) return null;
  if ((match[1] === "bathing-sites" || match[1] === "status") && !pathname.startsWith("/api/v1/")) return null;
  return `/${match[1]}`;
}

/**
 * The app with its `request` checking every public-API GET answer against the document it serves:
 * every integration test that reads /api/report, /api/geocode or /api/v1/* tests the contract too.
 */
export function checkedAgainstOpenApi(app: ReturnType<typeof createApp>): ReturnType<typeof createApp> {
  const request = app.request.bind(app);
  const checked: typeof app.request = async (input, init, ...rest) => {
    const response = await request(input, init, ...rest);
    const path = typeof input === "string" ? input : input instanceof Request ? input.url : String(input);
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    const v1Path = publicApiPathOf(path);
    if (v1Path && method === "GET" && /^application\/json/.test(response.headers.get("content-type") ?? "")) {
      const body: unknown = await response.clone().json();
      (await loadOpenApiContract(app)).expectDocumented(v1Path, { status: response.status, headers: response.headers, body });
    }
    return response;
  };
  app.request = checked;
  return app;
}
