// The upstreams' budgets kept across restarts of whatever hosts them (decision 089): the Workers'
// Durable Object is evicted when idle and after a deploy, and buckets that came back full would
// give anyone who waits for it a second burst. Every call the budgets allow is written to a
// journal; a new instance replays the journal's recent calls into fresh buckets
// (createUpstreamBudgets, the rules unchanged) at the times they were made, so the buckets stand
// where they stood. Beyond the journal's horizon a bucket is taken as full again, which it is,
// unless the alert run charged it more than an hour's refill.
import type { LogEntry } from "../logger.ts";
import { createUpstreamBudgets, type UpstreamBudgetConfig, type UpstreamBudgets, type UpstreamName } from "./upstream-budget.ts";

/** How far back the journal is kept and replayed. */
export const BUDGET_JOURNAL_HORIZON_MS = 60 * 60_000;

export interface BudgetJournalEntry {
  name: UpstreamName;
  atMs: number;
  calls: number;
}

/** Where the calls are written: synchronous (the Durable Object's SQLite storage), so no call waits for it. */
export interface BudgetJournal {
  append(entry: BudgetJournalEntry): void;
  /** the entries from `sinceMs` on, oldest first */
  since(sinceMs: number): BudgetJournalEntry[];
  /** forgets the entries before `beforeMs` */
  forget(beforeMs: number): void;
}

export function createJournaledUpstreamBudgets(deps: {
  config: UpstreamBudgetConfig;
  nowMs: () => number;
  journal: BudgetJournal;
  log?: ((entry: LogEntry) => void) | undefined;
}): UpstreamBudgets {
  // The buckets' clock: the journal's times while replaying, then the real one.
  let replayAtMs: number | null = null;
  const budgets = createUpstreamBudgets({ config: deps.config, nowMs: () => replayAtMs ?? deps.nowMs(), log: deps.log });
  const startedMs = deps.nowMs();
  for (const entry of deps.journal.since(startedMs - BUDGET_JOURNAL_HORIZON_MS)) {
    replayAtMs = entry.atMs;
    // A call allowed is a token taken, whoever took it: charged, never refused, never logged.
    void budgets.charge(entry.name, entry.calls);
  }
  replayAtMs = null;
  deps.journal.forget(startedMs - BUDGET_JOURNAL_HORIZON_MS);
  let appended = 0;
  const write = (name: UpstreamName, calls: number) => {
    const atMs = deps.nowMs();
    deps.journal.append({ name, atMs, calls });
    // Now and then, not on every call: the horizon moves by minutes.
    if (++appended % 500 === 0) deps.journal.forget(atMs - BUDGET_JOURNAL_HORIZON_MS);
  };
  return {
    async take(name, priority, client) {
      const allowed = await budgets.take(name, priority, client);
      if (allowed) write(name, 1);
      return allowed;
    },
    async charge(name, calls) {
      await budgets.charge(name, calls);
      if (calls > 0) write(name, calls);
    },
  };
}

/** A journal in memory: for tests, and for a host without storage. */
export function createMemoryBudgetJournal(): BudgetJournal {
  let entries: BudgetJournalEntry[] = [];
  return {
    append: (entry) => void entries.push(entry),
    since: (sinceMs) => entries.filter((entry) => entry.atMs >= sinceMs),
    forget: (beforeMs) => void (entries = entries.filter((entry) => entry.atMs >= beforeMs)),
  };
}
