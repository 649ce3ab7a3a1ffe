// The service's own state, in public (/etat, GET /api/v1/status, decision 061): each official
// source's last successful read judged against its publication rhythm (core/status/freshness.ts),
// the last alert runs, and one notice a day per cause to the admins when a source misses its
// deadline or a run dead-letters messages.
import { readOutboxBacklog } from "../db/repositories/email-outbox.ts";
import {
  FRESHNESS_LABELS,
  judgeFreshness,
  lastAttemptOf,
  SOURCE_DESCRIPTIONS,
  type LastAttempt,
  SOURCES_WITH_DEADLINES,
  STATUS_SOURCES,
  type Freshness,
  type StatusSource,
} from "../../core/status/freshness.ts";
import * as z from "zod";
import { todayInParis } from "../../core/shared/time.ts";
import { ABANDONED_RUN_SUMMARY, deadRunAfterMs } from "../alerts/lifecycle.ts";
import { isDeadRun, listRecentRuns, type AlertRunRow } from "../db/repositories/alert-runs.ts";
import { claimAdminNotice, listSourceReads, saveSourceRead } from "../db/repositories/source-reads.ts";
import type { SourceReadRow } from "../db/schema/index.ts";
import type { AppDeps } from "../deps.ts";
import { renderAdminNoticeEmail } from "../email/templates.ts";
import { describeError } from "../logger.ts";
import type { Sources, UpstreamStatus } from "./sources.ts";

/** A source whose last attempt keeps its outcome is written at most once a minute per process (or isolate). */
export const SOURCE_READ_WRITE_INTERVAL_MS = 60_000;
/**
 * A changed outcome (a source starts failing, or answers again) is written at once, but at most
 * every 10 s per source and process: a source that alternates costs at most 6 writes a minute.
 */
export const OUTCOME_CHANGE_WRITE_INTERVAL_MS = 10_000;

/** How many alert runs the status shows. */
export const STATUS_RUNS = 7;

/** What one process knows of a source, in ms: the row it would write. */
interface SeenReads {
  lastSuccessAtMs: number | null;
  lastFailureAtMs: number | null;
  failingSinceMs: number | null;
  lastRefusedAtMs: number | null;
}

interface Written extends SeenReads {
  atMs: number;
}

/** What each Sources (one per process on Node, one per isolate on Workers) last wrote, per upstream. */
const writtenBySources = new WeakMap<Sources, Map<string, Written>>();

const toMs = (iso: string | null) => (iso === null ? null : Date.parse(iso));

function seenOf(status: UpstreamStatus): SeenReads {
  return {
    lastSuccessAtMs: toMs(status.lastSuccessAt),
    lastFailureAtMs: toMs(status.lastFailureAt),
    failingSinceMs: toMs(status.failingSince),
    lastRefusedAtMs: toMs(status.lastRefusedAt),
  };
}

const sameReads = (a: SeenReads, b: SeenReads) =>
  a.lastSuccessAtMs === b.lastSuccessAtMs &&
  a.lastFailureAtMs === b.lastFailureAtMs &&
  a.failingSinceMs === b.failingSinceMs &&
  a.lastRefusedAtMs === b.lastRefusedAtMs;

/**
 * Persists what this process has seen of each upstream since its last write (services/sources.ts
 * counts every call that reached one, and our budget's refusals apart). A source is written when
 * its last attempt's outcome changed (within OUTCOME_CHANGE_WRITE_INTERVAL_MS of its last write
 * here), else when its reads changed and its last write here is a minute old; nothing is written
 * (no query at all) when nothing is due. Called after the answer (deferred), never before it.
 */
export async function recordSourceReads(deps: Pick<AppDeps, "db" | "sources" | "clock">): Promise<void> {
  let written = writtenBySources.get(deps.sources);
  if (!written) {
    written = new Map();
    writtenBySources.set(deps.sources, written);
  }
  const nowMs = deps.clock().getTime();
  for (const status of deps.sources.upstreamStatus()) {
    const seen = seenOf(status);
    if (seen.lastSuccessAtMs === null && seen.lastFailureAtMs === null && seen.lastRefusedAtMs === null) continue;
    const previous = written.get(status.name);
    if (previous) {
      if (sameReads(previous, seen)) continue;
      const outcomeChanged = lastAttemptOf(previous)?.outcome !== lastAttemptOf(seen)?.outcome;
      const interval = outcomeChanged ? OUTCOME_CHANGE_WRITE_INTERVAL_MS : SOURCE_READ_WRITE_INTERVAL_MS;
      if (nowMs - previous.atMs < interval) continue;
    }
    written.set(status.name, { atMs: nowMs, ...seen });
    await saveSourceRead(deps.db, { source: status.name, ...seen, nowMs });
  }
}

export interface SourceStatus {
  id: StatusSource;
  name: string;
  rhythm: string;
  state: Freshness;
  label: string;
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
  expectedSince: string | null;
  /** the last call that reached the source and how it ended (decision 085); null: none recorded */
  lastAttempt: { at: string; outcome: LastAttempt["outcome"] } | null;
  /** while the last attempt failed: the first failure after the last success */
  failingSince: string | null;
  /** the last visitor's call our own budget kept from the source: no attempt, and no failure of the source */
  lastRefusedAt: string | null;
}

export interface RunStatus {
  startedAt: string;
  finishedAt: string | null;
  /** false: the run stopped on an error, or has not finished */
  completed: boolean;
  /**
   * `interrupted`: its process died (killed, out of memory, a deploy) or a shutdown left it — its
   * heartbeat stopped (decision 076); the next run takes over and sends what it had not sent
   */
  outcome: "running" | "completed" | "failed" | "interrupted";
  /** the run's tallies (decision 064): every message of the run adds to them as it ends, on both runtimes */
  addressesChecked: number;
  emailsSent: number;
  emailFailures: number;
  deadLetters: number;
  /**
   * The vigilance map the Worker's 17:00 weather judgement used (decision 079): the one re-read
   * at 17:00 (`send`) or, when that read failed, the 14:30 plan's (`plan`), with the map's own
   * update time; null when the run judged no weather at 17:00 (Node's runs read at 17:00 anyway)
   */
  weatherMap: { read: "send" | "plan" | "none"; updateTime: string | null } | null;
}

/** The durable outbox (decision 093): e-mails stored and not sent yet, the oldest's age, and those given up. */
export interface EmailQueueStatus {
  waiting: number;
  oldestStoredAt: string | null;
  dead: number;
}

export interface ServiceStatus {
  generatedAt: string;
  sources: SourceStatus[];
  runs: RunStatus[];
  emails: EmailQueueStatus;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const weatherMapSchema = z.object({ read: z.enum(["send", "plan", "none"]), updateTime: z.string().nullable() });

/** The summary's `weatherMap` (weather-at-send.ts), or null when absent or unreadable. */
function summaryWeatherMap(summaryJson: string | null): RunStatus["weatherMap"] {
  if (summaryJson === null) return null;
  try {
    const parsed = weatherMapSchema.safeParse((JSON.parse(summaryJson) as { weatherMap?: unknown } | null)?.weatherMap);
    return parsed.success ? parsed.data : null;
  } catch (error) {
    if (error instanceof SyntaxError) return null;
    throw error;
  }
}

/** What a run's stored summary says: completed, stopped on an error, or abandoned (decision 076). */
function summaryOutcome(summaryJson: string | null): "completed" | "failed" | "interrupted" {
  if (summaryJson === null) return "failed";
  try {
    const summary: unknown = JSON.parse(summaryJson);
    if (typeof summary !== "object" || summary === null) return "failed";
    if (!("error" in summary)) return "completed";
    return summary.error === ABANDONED_RUN_SUMMARY.error ? "interrupted" : "failed";
  } catch (error) {
    if (error instanceof SyntaxError) return "failed";
    throw error;
  }
}

function toRunStatus(row: AlertRunRow, dead: { nowMs: number; deadAfterMs: number }): RunStatus {
  const outcome = row.finishedAtMs !== null ? summaryOutcome(row.summaryJson) : isDeadRun(row, dead) ? "interrupted" : "running";
  return {
    startedAt: new Date(row.startedAtMs).toISOString(),
    finishedAt: iso(row.finishedAtMs),
    completed: outcome === "completed",
    outcome,
    addressesChecked: row.subjectsChecked,
    emailsSent: row.emailsSent,
    emailFailures: row.emailFailures,
    deadLetters: row.deadLetters,
    weatherMap: summaryWeatherMap(row.summaryJson),
  };
}

/** What the database holds for the status: every process's reads, and the last runs. */
interface StoredStatus {
  reads: SourceReadRow[];
  runs: AlertRunRow[];
  outbox: { waiting: number; oldestCreatedAtMs: number | null; dead: number };
}

async function readStoredStatus(deps: Pick<AppDeps, "db" | "sources" | "clock">): Promise<StoredStatus> {
  await recordSourceReads(deps);
  return { reads: await listSourceReads(deps.db), runs: await listRecentRuns(deps.db, { limit: STATUS_RUNS }), outbox: await readOutboxBacklog(deps.db) };
}

const later = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));

/**
 * A source's reads: the database's (every process's, up to their last write) with this process's
 * own, which may be newer than its last write (a write is throttled, decision 085). The outage's
 * start is this process's when the merged last attempt failed and it knows one, else the stored one.
 */
function mergedReads(row: SourceReadRow | undefined, seen: SeenReads | undefined): SeenReads {
  const lastSuccessAtMs = later(row?.lastSuccessAtMs ?? null, seen?.lastSuccessAtMs ?? null);
  const lastFailureAtMs = later(row?.lastFailureAtMs ?? null, seen?.lastFailureAtMs ?? null);
  const failing = lastAttemptOf({ lastSuccessAtMs, lastFailureAtMs })?.outcome === "failure";
  const starts = [row?.failingSinceMs ?? null, seen?.failingSinceMs ?? null].filter(
    (start): start is number => start !== null && (lastSuccessAtMs === null || start > lastSuccessAtMs),
  );
  return {
    lastSuccessAtMs,
    lastFailureAtMs,
    failingSinceMs: failing ? (starts.length > 0 ? Math.min(...starts) : lastFailureAtMs) : null,
    lastRefusedAtMs: later(row?.lastRefusedAtMs ?? null, seen?.lastRefusedAtMs ?? null),
  };
}

/** Each source's state at `now` and the last runs: what /api/v1/status answers. */
function buildServiceStatus(deps: Pick<AppDeps, "sources" | "config">, stored: StoredStatus, now: Date): ServiceStatus {
  const rows = new Map(stored.reads.map((row) => [row.source, row]));
  const upstreams = new Map(deps.sources.upstreamStatus().map((status) => [status.name as string, status]));
  const sources = STATUS_SOURCES.map((id): SourceStatus => {
    const upstream = upstreams.get(id);
    const seen = mergedReads(rows.get(id), upstream ? seenOf(upstream) : undefined);
    const { freshness, expectedSinceMs } =
      upstream?.configured === false ? { freshness: "not_configured" as const, expectedSinceMs: null } : judgeFreshness(id, seen, now);
    const attempt = lastAttemptOf(seen);
    return {
      id,
      ...SOURCE_DESCRIPTIONS[id],
      state: freshness,
      label: FRESHNESS_LABELS[freshness],
      lastSuccessAt: iso(seen.lastSuccessAtMs),
      lastFailureAt: iso(seen.lastFailureAtMs),
      expectedSince: iso(expectedSinceMs),
      lastAttempt: attempt ? { at: new Date(attempt.atMs).toISOString(), outcome: attempt.outcome } : null,
      failingSince: iso(seen.failingSinceMs),
      lastRefusedAt: iso(seen.lastRefusedAtMs),
    };
  });
  const dead = { nowMs: now.getTime(), deadAfterMs: deadRunAfterMs(deps.config) };
  const emails = { waiting: stored.outbox.waiting, oldestStoredAt: iso(stored.outbox.oldestCreatedAtMs), dead: stored.outbox.dead };
  return { generatedAt: now.toISOString(), sources, runs: stored.runs.map((row) => toRunStatus(row, dead)), emails };
}

/** Each source's state now and the last runs, read from the database now (the alert run's check). */
export async function readServiceStatus(deps: Pick<AppDeps, "db" | "sources" | "clock" | "config">): Promise<ServiceStatus> {
  const stored = await readStoredStatus(deps);
  return buildServiceStatus(deps, stored, deps.clock());
}

/** The database read by this process less than this long ago is used again (a public read: at most one database read a minute per process). */
export const STATUS_CACHE_MS = 60_000;

const storedBySources = new WeakMap<Sources, { atMs: number; stored: StoredStatus }>();

/**
 * What /api/v1/status answers: the database's part read at most once a minute per process or
 * isolate (its Sources), this process's own attempts added at every read, so that a source seen
 * failing here is said failing at once.
 */
export async function readServiceStatusCached(deps: Pick<AppDeps, "db" | "sources" | "clock" | "config">): Promise<ServiceStatus> {
  const now = deps.clock();
  const nowMs = now.getTime();
  let kept = storedBySources.get(deps.sources);
  if (!kept || nowMs - kept.atMs < 0 || nowMs - kept.atMs >= STATUS_CACHE_MS) {
    kept = { atMs: nowMs, stored: await readStoredStatus(deps) };
    storedBySources.set(deps.sources, kept);
  }
  return buildServiceStatus(deps, kept.stored, now);
}

/**
 * One e-mail to the admins per cause and Paris day (claimed in the database, so two isolates
 * never both send): a source the service keeps fresh (SOURCES_WITH_DEADLINES) that is late or
 * unavailable, or a run of the last day that dead-lettered messages.
 */
export async function noticeAdmins(deps: Pick<AppDeps, "db" | "mailer" | "config" | "clock" | "log">, status: ServiceStatus): Promise<void> {
  const admins = deps.config.ADMIN_EMAILS;
  if (admins.length === 0) return;
  const now = deps.clock();
  const day = todayInParis(now);
  const statusUrl = new URL("/etat", deps.config.SITE_URL).toString();
  const notices: Array<{ cause: string; email: ReturnType<typeof renderAdminNoticeEmail> }> = [];
  for (const source of status.sources) {
    if (!SOURCES_WITH_DEADLINES.includes(source.id) || (source.state !== "late" && source.state !== "unavailable")) continue;
    notices.push({
      cause: `source-late:${source.id}`,
      email: renderAdminNoticeEmail({
        cause: "source",
        sourceName: source.name,
        stateLabel: source.label,
        lastSuccessAt: source.lastSuccessAt ? new Date(source.lastSuccessAt) : null,
        statusUrl,
      }),
    });
  }
  const lastRun = status.runs[0];
  if (lastRun && lastRun.deadLetters > 0 && now.getTime() - Date.parse(lastRun.startedAt) < 24 * 3600 * 1000) {
    notices.push({
      cause: "dead-letters",
      email: renderAdminNoticeEmail({ cause: "dead-letters", deadLetters: lastRun.deadLetters, runStartedAt: new Date(lastRun.startedAt), statusUrl }),
    });
  }
  for (const notice of notices) {
    if (!(await claimAdminNotice(deps.db, { cause: notice.cause, day, nowMs: now.getTime() }))) continue;
    for (const admin of admins) {
      const sent = await deps.mailer.send({ to: admin, ...notice.email, idempotencyKey: `admin-notice:${notice.cause}:${day}:${admin}` });
      // The cause only: an admin's address is personal data.
      if (!sent.ok) deps.log({ level: "error", message: "admin notice not sent", fields: { cause: notice.cause } });
    }
    deps.log({ level: "warn", message: "admin notice", fields: { cause: notice.cause, day } });
  }
}

/** The status read and its notices, for a stage of the alert run: failures are logged, never thrown into the run. */
export async function checkServiceStatus(deps: Pick<AppDeps, "db" | "sources" | "mailer" | "config" | "clock" | "log">): Promise<void> {
  try {
    await noticeAdmins(deps, await readServiceStatus(deps));
  } catch (error) {
    deps.log({ level: "error", message: "service status check failed", fields: describeError(error) });
  }
}
