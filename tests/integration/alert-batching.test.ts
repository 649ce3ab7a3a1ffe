// How the queued alert run sizes its batches (issue 14): a batch's memory must not depend on how
// many people watch its communes. The plan counts each commune's subjects, packs small communes
// together up to the subject and commune limits, and splits a crowded commune into parts that
// each read a disjoint slice of its subjects (by rowid), so that every subject is checked once.
// Real libSQL file, fake upstreams, the in-process queue.
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createMemoryQueue } from "../../src/server/alerts/memory-queue.ts";
import { DEPARTMENT_CONCURRENCY } from "../../src/server/alerts/ingest.ts";
import { enqueueAlertPlan } from "../../src/server/alerts/plan.ts";
import { loadSubjectsOfCommunes } from "../../src/server/alerts/subjects.ts";
import { alertMessageSchema, handleAlertMessage, type AlertMessage } from "../../src/server/alerts/queue.ts";
import type { PickedAddress } from "../../src/core/types.ts";
import { encodeSubjectKey } from "../../src/server/db/alert-keys.ts";
import { toAddressColumnValues } from "../../src/server/db/schema/address-columns.ts";
import { alertEvents, alertStates, alertSubscriptions, monitoredAddresses, users } from "../../src/server/db/schema/index.ts";
import { CRISIS_SCENARIO, MAIN_SCENARIO } from "../fixtures/scenarios.ts";
import { useTestApp } from "../helpers/test-app.ts";
import { confirmedSignUpRow } from "../helpers/sign-ups.ts";

const DAY1 = new Date("2026-11-22T16:00:00Z"); // 17:00 in Paris
const DAY = "2026-11-22";
const NOW_MS = DAY1.getTime() - 3600_000;

const t = useTestApp({ now: DAY1 }, { now: DAY1 });

afterEach(async () => {
  for (const table of [alertEvents, alertStates, alertSubscriptions, monitoredAddresses, users]) await t.db.delete(table);
});

let seq = 0;
const nextId = (prefix: string) => `${prefix}${String(seq++).padStart(5, "0")}`;

/** `count` confirmed sign-ups at this address; their subject keys. */
async function signUps(address: PickedAddress, count: number): Promise<string[]> {
  const rows = Array.from({ length: count }, () => {
    const id = nextId("bat");
    return confirmedSignUpRow({ id, atMs: NOW_MS, address: toAddressColumnValues(address) });
  });
  for (let start = 0; start < rows.length; start += 200) await t.db.insert(alertSubscriptions).values(rows.slice(start, start + 200));
  return rows.map((row) => encodeSubjectKey({ kind: "subscription", id: row.id }));
}

/** `count` accounts (verified or not) watching this address, one each; the addresses' subject keys. */
async function accountAddresses(address: PickedAddress, count: number, options: { verified: boolean }): Promise<string[]> {
  const keys: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const userId = nextId("usr");
    await t.db
      .insert(users)
      .values({ id: userId, email: `${userId}@exemple-zs.fr`, emailVerifiedAtMs: options.verified ? NOW_MS : null, createdAtMs: NOW_MS, updatedAtMs: NOW_MS });
    const addressId = nextId("adr");
    await t.db
      .insert(monitoredAddresses)
      .values({ id: addressId, userId, label: "Domicile 1", ...toAddressColumnValues(address), udiCode: null, createdAtMs: NOW_MS });
    keys.push(encodeSubjectKey({ kind: "address", id: addressId }));
  }
  return keys;
}

/** A queue that only records what it is given (the plan stage on its own). */
function recordingQueue() {
  const calls: AlertMessage[][] = [];
  return { calls, queue: { sendBatch: async (messages: AlertMessage[]) => void calls.push(messages) } };
}

const commune = (citycode: string): PickedAddress => ({ ...MAIN_SCENARIO, citycode });
const batchesOf = (calls: AlertMessage[][]) =>
  calls.flat().map((message) => (message.kind === "process" ? { communes: message.communes, part: message.part } : null));

describe("the plan packs communes by their subjects", () => {
  it("fills a message until the next commune would pass the subject limit, and splits a commune above it", async () => {
    // Subjects per commune: sign-ups plus verified accounts' addresses; an unverified account does not count.
    await signUps(commune("91001"), 4);
    await signUps(commune("91002"), 3);
    await accountAddresses(commune("91002"), 2, { verified: true });
    await accountAddresses(commune("91002"), 5, { verified: false });
    await signUps(commune("91003"), 2); // 4 + 5 + 2 > 10: a new message
    await signUps(commune("91004"), 25); // alone above 10: three parts
    await signUps(commune("91005"), 8); // 2 + 8 = 10: the message is full
    await accountAddresses(commune("91006"), 10, { verified: true }); // exactly the limit: alone
    await signUps(commune("91007"), 1);

    const { calls, queue } = recordingQueue();
    const plan = await enqueueAlertPlan(t.deps(), queue, { runId: "pack", day: DAY, now: DAY1, subjectsPerMessage: 10 });
    const expected = [
      { communes: ["91001", "91002"], part: undefined },
      { communes: ["91004"], part: { index: 0, of: 3 } },
      { communes: ["91004"], part: { index: 1, of: 3 } },
      { communes: ["91004"], part: { index: 2, of: 3 } },
      { communes: ["91003", "91005"], part: undefined },
      { communes: ["91006"], part: undefined },
      { communes: ["91007"], part: undefined },
    ];
    expect(batchesOf(calls)).toEqual(expected);
    // Communes are counted once, even when split.
    expect(plan).toMatchObject({ communes: 7, messages: 7, pages: 1 });
    expect(calls.flat().every((message) => alertMessageSchema.safeParse(message).success)).toBe(true);

    // Pages of two communes give the same messages: an open message carries over to the next page.
    const paged = recordingQueue();
    const pagedPlan = await enqueueAlertPlan(t.deps(), paged.queue, {
      runId: "pack",
      day: DAY,
      now: DAY1,
      subjectsPerMessage: 10,
      communesPerMessage: 2,
      messagesPerPlanPage: 1,
    });
    expect(pagedPlan).toMatchObject({ communes: 7, pages: 4 });
    expect(batchesOf(paged.calls)).toEqual(expected);
  });

  it("still puts at most 50 communes in a message, however few people they hold", async () => {
    const codes = Array.from({ length: 120 }, (_, index) => String(92_000 + index));
    for (const code of codes) await signUps(commune(code), 1);
    const { calls, queue } = recordingQueue();
    const plan = await enqueueAlertPlan(t.deps(), queue, { runId: "fifty", day: DAY, now: DAY1 });
    expect(calls.flat().map((message) => (message.kind === "process" ? message.communes : []))).toEqual([
      codes.slice(0, 50),
      codes.slice(50, 100),
      codes.slice(100),
    ]);
    expect(plan).toMatchObject({ communes: 120, messages: 3 });
  });
});

describe("a crowded commune is checked in parts", () => {
  it("both tables are rowid tables, so a part is a slice of rows chosen in SQL", async () => {
    const tables = await t.db.all<{ name: string; sql: string }>(
      sql`select name, sql from sqlite_master where name in ('alert_subscriptions', 'monitored_addresses')`,
    );
    expect(tables.map((table) => table.name).sort()).toEqual(["alert_subscriptions", "monitored_addresses"]);
    expect(tables.every((table) => !/without\s+rowid/i.test(table.sql))).toBe(true);
    await signUps(MAIN_SCENARIO, 1);
    await accountAddresses(MAIN_SCENARIO, 1, { verified: true });
    const [subscription] = await t.db.all<{ kind: string }>(sql`select typeof(rowid) as kind from alert_subscriptions`);
    const [address] = await t.db.all<{ kind: string }>(sql`select typeof(rowid) as kind from monitored_addresses`);
    expect([subscription?.kind, address?.kind]).toEqual(["integer", "integer"]);
  });

  it("splits 250 subjects into 3 parts of at most 100: every subject loaded and checked exactly once", async () => {
    // 200 sign-ups and 50 verified accounts in Amiens (each hears of tomorrow's « Dégradé » air),
    // accounts that are not verified (never checked), and a small commune beside it.
    const amiens = [
      ...(await signUps(MAIN_SCENARIO, 120)),
      ...(await accountAddresses(MAIN_SCENARIO, 50, { verified: true })),
      ...(await signUps(MAIN_SCENARIO, 80)),
    ];
    await accountAddresses(MAIN_SCENARIO, 3, { verified: false });
    const maraussan = await signUps(CRISIS_SCENARIO, 2);

    const deps = t.deps();
    const loaded: Array<{ message: AlertMessage; subjectKeys: string[] }> = [];
    const totals = { subjectsChecked: 0, communes: 0 };
    const queue = createMemoryQueue({
      log: deps.log,
      handle: async (message) => {
        if (message.kind === "process") {
          const subjects = await loadSubjectsOfCommunes(deps.db, message.communes, message.part);
          loaded.push({ message, subjectKeys: subjects.map((subject) => subject.subjectKey) });
        }
        const outcome = await handleAlertMessage(deps, message, queue);
        if (outcome.kind === "process") {
          totals.subjectsChecked += outcome.subjectsChecked;
          totals.communes += outcome.communes;
        }
      },
    });
    const plan = await enqueueAlertPlan(deps, queue, { runId: "split", day: DAY, now: DAY1, subjectsPerMessage: 100 });
    expect(plan).toMatchObject({ communes: 2, messages: 4 });
    await queue.drain();
    expect(queue.deadLetters).toEqual([]);

    const parts = loaded.filter((entry) => entry.message.kind === "process" && entry.message.communes.includes(MAIN_SCENARIO.citycode));
    expect(parts.map((entry) => (entry.message.kind === "process" ? entry.message.part : null))).toEqual([
      { index: 0, of: 3 },
      { index: 1, of: 3 },
      { index: 2, of: 3 },
    ]);
    // No part reads the whole commune; together they read each subject once.
    for (const part of parts) expect(part.subjectKeys.length).toBeLessThanOrEqual(100);
    const partKeys = parts.flatMap((part) => part.subjectKeys);
    expect(partKeys).toHaveLength(250);
    expect(new Set(partKeys)).toEqual(new Set(amiens));
    expect(loaded.find((entry) => entry.message.kind === "process" && entry.message.communes.includes(CRISIS_SCENARIO.citycode))?.subjectKeys.sort()).toEqual(
      [...maraussan].sort(),
    );

    // Checked once each (the sum of the batches' checks), counted once as a commune.
    expect(totals).toEqual({ subjectsChecked: 252, communes: 2 });
    const states = await t.db.all<{ subjectKey: string }>(sql`select distinct subject_key as subjectKey from alert_states`);
    expect(new Set(states.map((row) => row.subjectKey))).toEqual(new Set([...amiens, ...maraussan]));
    const airEvents = await t.db.all<{ subjectKey: string; events: number }>(
      sql`select subject_key as subjectKey, count(*) as events from alert_events where source = 'air' and subject_key in (${sql.join(
        amiens.map((key) => sql`${key}`),
        sql`, `,
      )}) group by subject_key`,
    );
    expect(airEvents).toHaveLength(250);
    expect(airEvents.every((row) => Number(row.events) === 1)).toBe(true);
  });
});

describe("the plan never holds the country's watched communes (decision 062: a Worker isolate has 128 MB)", () => {
  it("the bulk reads hold one page of codes, then only the départements being read — never the whole list", async () => {
    // 8 départements × 6 communes = 48 watched communes, read in pages of 2 × 2 = 4 codes. Corsica
    // (2A, 2B after 29), Paris's arrondissements (751xx: département 75) and Guadeloupe (971)
    // check that a département's codes are exactly those with its prefix.
    const departments = ["01", "13", "29", "2A", "2B", "75", "80", "971"];
    const perDepartment = 6;
    for (const department of departments) {
      for (let index = 1; index <= perDepartment; index += 1) {
        const citycode = department === "75" ? `751${String(index).padStart(2, "0")}` : `${department}${String(index).padStart(5 - department.length, "0")}`;
        await signUps(commune(citycode), 1);
      }
    }
    const total = departments.length * perDepartment;
    const { queue } = recordingQueue();
    const from = t.upstreams.requests.length;
    const plan = await enqueueAlertPlan(t.deps(), queue, { runId: "held", day: DAY, now: DAY1, communesPerMessage: 2, messagesPerPlanPage: 2 });
    expect(plan.communes).toBe(total);
    expect(plan.ingest.departments).toBe(departments.length);
    // Every département's codes reached the water reads (read with its prefix, none lost, none twice)…
    const { water } = plan.ingest;
    expect(water.departmentsRead + water.departmentsFailed).toBe(departments.length);
    const sampleReads = t.upstreams.requests.slice(from).filter((request) => request.source === "hubeau" && request.query.code_departement !== undefined);
    expect(new Set(sampleReads.map((request) => request.query.code_departement))).toEqual(new Set(departments));
    // …yet at most DEPARTMENT_CONCURRENCY départements' codes (or one page) were in hand at once.
    expect(plan.ingest.mostWatchedCodesHeld).toBeGreaterThan(0);
    expect(plan.ingest.mostWatchedCodesHeld).toBeLessThanOrEqual(Math.max(4, DEPARTMENT_CONCURRENCY * perDepartment));
    expect(plan.ingest.mostWatchedCodesHeld).toBeLessThan(total);
  });
});

describe("the process message", () => {
  const base = { kind: "process", runId: "r", day: DAY, communes: ["80021"] } as const;

  it("accepts a part of one commune", () => {
    expect(alertMessageSchema.safeParse({ ...base, part: { index: 2, of: 3 } }).success).toBe(true);
    expect(alertMessageSchema.safeParse(base).success).toBe(true);
  });

  it.each([
    ["an index equal to the number of parts", { index: 3, of: 3 }, base.communes],
    ["an index above it", { index: 4, of: 3 }, base.communes],
    ["a negative index", { index: -1, of: 3 }, base.communes],
    ["a single part", { index: 0, of: 1 }, base.communes],
    ["more than 10 000 parts", { index: 0, of: 10_001 }, base.communes],
    ["a fractional index", { index: 0.5, of: 3 }, base.communes],
    ["a part of two communes", { index: 0, of: 3 }, ["80021", "34148"]],
  ])("refuses %s", (_, part, communes) => {
    expect(alertMessageSchema.safeParse({ ...base, communes, part }).success).toBe(false);
  });
});
