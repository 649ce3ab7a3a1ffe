// Issue 28, « Done when »: « a test kills the alert run mid-way and shows the same day's re-run (or
// resume) sending every e-mail once ». For real: `npm run alerts:run` (scripts/alerts-run.ts) in a
// child process, against a libSQL file, the fake upstreams and a slowed fake Resend (in this
// process); SIGKILL once Resend has received some of the day's e-mails but not all, then the same
// day's re-run. Decision 076: the killed run stops beating, so its lock is free after 3 beats (not
// 30 minutes), the re-run marks it abandoned, and the events it had not marked sent go out again
// under the same Resend idempotency key (sent once by Resend). The runs beat every 200 ms here, so
// the killed run is dead 600 ms after its last beat, on any clock.
// It runs on the machine's clock (the fakes follow it), and again with both runs' clock fixed on a
// November day by Debian's libfaketime (LD_PRELOAD) where it is installed: CI's clean machine may
// not have it (the test once waited on it and failed there), a developer's may.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { asc } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/server/db/node.ts";
import { toAddressColumnValues } from "../../src/server/db/schema/address-columns.ts";
import { alertRuns, alertSubscriptions } from "../../src/server/db/schema/index.ts";
import { startFakeResend, type FakeResend } from "../fakes/resend-server.ts";
import { startFakeUpstreams, type FakeUpstreams } from "../fakes/upstream-server.ts";
import { CRISIS_SCENARIO } from "../fixtures/scenarios.ts";
import { confirmedSignUpRow } from "../helpers/sign-ups.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const LIBFAKETIME = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1";
const RECIPIENTS = 120;
const HEARTBEAT_MS = 200;

interface Clock {
  name: string;
  /** the runs' start, "YYYY-MM-DD HH:MM:SS" UTC, for libfaketime; none: the machine's clock */
  firstRun?: string;
  rerun?: string;
}
const CLOCKS: Clock[] = [
  { name: "the machine's clock" },
  // 17:05 and 17:06 in Paris on 22 November 2026 (UTC+1).
  ...(existsSync(LIBFAKETIME) ? [{ name: "a November day fixed by libfaketime", firstRun: "2026-11-22 16:05:00", rerun: "2026-11-22 16:06:00" }] : []),
];

let upstreams: FakeUpstreams;
let resend: FakeResend;
let directory: string;
let databaseUrl: string;

function alertsRun(startAt: string | undefined): { child: ChildProcess; exited: Promise<number | null>; output: () => string } {
  // The machine's clock is this process's: under `faketime` (a relative offset in FAKETIME) the runs inherit it.
  const clockEnv =
    startAt === undefined
      ? Object.fromEntries(
          ["LD_PRELOAD", "FAKETIME", "FAKETIME_SHARED"].flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name]]])),
        )
      : { LD_PRELOAD: LIBFAKETIME, FAKETIME: `@${startAt}`, TZ: "UTC" };
  const child = spawn(process.execPath, ["scripts/alerts-run.ts"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "test",
      ...clockEnv,
      DATABASE_URL: databaseUrl,
      APP_SECRET: "killed-run-secret-killed-run-secret-0000",
      SITE_URL: "http://127.0.0.1:4321",
      RESEND_API_KEY: "re_test_key",
      RESEND_BASE_URL: resend.baseUrl,
      ...upstreams.config,
      ALERT_RUN_HEARTBEAT_MS: String(HEARTBEAT_MS),
      ALERT_HUBEAU_PER_SECOND: "0",
      ALERT_VIGIEAU_PER_SECOND: "0",
      ALERT_ATMO_PER_SECOND: "0",
      ALERT_BAIGNADES_PER_SECOND: "0",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolveExit) => child.once("exit", (code) => resolveExit(code)));
  return { child, exited, output: () => output };
}

/** A fresh database with RECIPIENTS confirmed sign-ups where the tap water is non-compliant (one e-mail each today), fakes on `clock`. */
async function setUp(clock: Clock): Promise<void> {
  const now = clock.firstRun === undefined ? new Date() : new Date(`${clock.firstRun.replace(" ", "T")}Z`);
  upstreams = await startFakeUpstreams({ now });
  resend = await startFakeResend();
  directory = mkdtempSync(join(tmpdir(), "zone-sante-killed-run-"));
  databaseUrl = `file:${join(directory, "alerts.db")}`;
  const database = await openDatabase({ url: databaseUrl });
  const signedUpMs = now.getTime() - 86_400_000;
  const rows = Array.from({ length: RECIPIENTS }, (_, index) =>
    confirmedSignUpRow({
      id: `killed${String(index).padStart(3, "0")}`,
      email: `abonne${index}@exemple-zs.fr`,
      atMs: signedUpMs,
      address: toAddressColumnValues(CRISIS_SCENARIO),
    }),
  );
  await database.db.insert(alertSubscriptions).values(rows);
  database.close();
}

afterEach(async () => {
  await upstreams.close();
  await resend.close();
  rmSync(directory, { recursive: true, force: true });
});

describe("a crashed alert run never blocks the day (issue 28)", () => {
  it.each(CLOCKS)(
    "kill -9 mid-send, then the same day's re-run: every recipient gets the day's e-mail exactly once ($name)",
    { timeout: 400_000 },
    async (clock) => {
      await setUp(clock);
      // A slow provider: the run is killed between Resend accepting a batch and the run marking it sent.
      resend.setLatency(1500);
      const first = alertsRun(clock.firstRun);
      // A poll, not a bound on speed: the run's first e-mail takes seconds, minutes on a machine whose cores are busy.
      const deadline = Date.now() + 240_000;
      while (resend.emails.length === 0) {
        if (Date.now() > deadline || first.child.exitCode !== null) throw new Error(`the run sent nothing:\n${first.output()}`);
        await new Promise((wait) => setTimeout(wait, 5));
      }
      first.child.kill("SIGKILL");
      expect(await first.exited).toBeNull();
      const receivedBeforeKill = resend.emails.length;
      // Some, not all: the run died mid-send.
      expect(receivedBeforeKill).toBeGreaterThan(0);
      expect(receivedBeforeKill).toBeLessThan(RECIPIENTS);

      resend.setLatency(0);
      // On the machine's clock the re-run starts once the killed run has missed its beats (on the
      // fixed clock, a minute later). Before issue 28 it was refused for 30 minutes.
      if (clock.rerun === undefined) await new Promise((wait) => setTimeout(wait, HEARTBEAT_MS * 5));
      const rerun = alertsRun(clock.rerun);
      expect(await rerun.exited, rerun.output()).toBe(0);
      expect(rerun.output()).toContain("Vérification des alertes terminée");

      const perRecipient = new Map<string, number>();
      for (const email of resend.emails) for (const to of email.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
      expect(perRecipient.size).toBe(RECIPIENTS);
      expect([...perRecipient.values()].every((count) => count === 1)).toBe(true);

      // The killed run is marked abandoned (never shown running), the re-run completed.
      const database = await openDatabase({ url: databaseUrl });
      try {
        const runs = await database.db.select().from(alertRuns).orderBy(asc(alertRuns.startedAtMs));
        expect(runs).toHaveLength(2);
        expect(JSON.parse(runs[0]?.summaryJson ?? "null")).toEqual({ error: "abandoned", reason: "heartbeat stopped" });
        expect(runs[0]?.finishedAtMs).not.toBeNull();
        expect(JSON.parse(runs[1]?.summaryJson ?? "null")).toMatchObject({ failed: 0 });
        expect(runs[1]?.finishedAtMs).not.toBeNull();
      } finally {
        database.close();
      }
    },
  );
});
