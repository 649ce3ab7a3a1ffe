// A batch's detections (alert_events and alert_states) are written in multi-row INSERTs, not one
// statement per row: the 10 000-address run built ~13 500 one-row statements, ~700 MB of
// allocations in the query builder (issue 25). What lands in the tables is unchanged: an event
// already recorded is skipped (alert_events' unique key), a state takes the new value.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveDetections, type NewAlertEvent } from "../../src/server/db/repositories/alert-events.ts";
import { openDatabase } from "../../src/server/db/node.ts";
import { alertEvents, alertStates, type AlertStateRow } from "../../src/server/db/schema/index.ts";

const directory = mkdtempSync(join(tmpdir(), "zone-sante-detections-"));
let database: Awaited<ReturnType<typeof openDatabase>>;

beforeAll(async () => {
  database = await openDatabase({ url: `file:${join(directory, "detections.db")}` });
});
afterAll(() => {
  database.close();
  rmSync(directory, { recursive: true, force: true });
});

const event = (index: number, recipient = `sub:${index}`): NewAlertEvent => ({
  id: `event-${index}`,
  recipientKey: recipient,
  subjectKey: `address:${index}`,
  source: "water",
  eventKey: "nitrates:2026-11-22",
  payloadJson: JSON.stringify({ index }),
  detectedAtMs: 1_000 + index,
});
const state = (index: number, value: string, atMs: number): AlertStateRow => ({
  subjectKey: `address:${index}`,
  source: "water",
  stateJson: value,
  updatedAtMs: atMs,
});

describe("a batch's detections are written in multi-row INSERTs, with the same rows as one statement per row (issue 25)", () => {
  it("450 events and 450 states are 6 statements in one transaction (200 rows each at most), not 900", async () => {
    const db = database.db;
    const original = db.batch.bind(db);
    const statementsPerBatch: number[] = [];
    db.batch = ((statements: unknown[]) => {
      statementsPerBatch.push(statements.length);
      return original(statements as never);
    }) as typeof db.batch;
    try {
      await saveDetections(db, {
        events: Array.from({ length: 450 }, (_, index) => event(index)),
        states: Array.from({ length: 450 }, (_, index) => state(index, "first", 1)),
      });
    } finally {
      db.batch = original;
    }
    expect(statementsPerBatch).toEqual([6]);
    expect(await db.$count(alertEvents)).toBe(450);
    expect(await db.$count(alertStates)).toBe(450);
  });

  it("an event already recorded is skipped, a new one is added, and every state saved again takes its new value", async () => {
    const db = database.db;
    // Events 440–459: 440–449 are already there (same id and same unique key), 450–459 are new;
    // event 1 comes again under another id (same recipient, subject, source, event): skipped by the unique key.
    const again = [...Array.from({ length: 20 }, (_, index) => event(440 + index)), { ...event(1), id: "event-1-again", payloadJson: "{}" }];
    await saveDetections(db, { events: again, states: [state(3, "second", 2), state(500, "new", 2)] });
    expect(await db.$count(alertEvents)).toBe(460);
    const rows = await db.select().from(alertEvents);
    expect(rows.find((row) => row.id === "event-1-again")).toBeUndefined();
    expect(rows.find((row) => row.id === "event-1")?.payloadJson).toBe(JSON.stringify({ index: 1 }));
    expect(rows.find((row) => row.id === "event-455")?.attempts).toBe(0);
    const states = await db.select().from(alertStates);
    expect(states).toHaveLength(451);
    expect(states.find((row) => row.subjectKey === "address:3")).toEqual(state(3, "second", 2));
    expect(states.find((row) => row.subjectKey === "address:4")).toEqual(state(4, "first", 1));
    expect(states.find((row) => row.subjectKey === "address:500")).toEqual(state(500, "new", 2));
  });
});
