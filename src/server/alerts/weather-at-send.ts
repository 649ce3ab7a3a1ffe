// Weather warnings judged at 17:00 on Workers, from a map read after 16:00 (decision 079).
// Météo-France publishes the vigilance map at 06:00 and 16:00 Paris time, and the 16:00 map sets
// tomorrow's colours; the Worker's plan reads the sources at 14:30, so a red for tomorrow decided
// at 16:00 would reach people only the next day, as « aujourd'hui ». So on Workers the plan's
// batches leave weather out (`weather: "skip"`), and the 17:00 send cron:
// 1. re-reads the national map once for the run (one call, whatever the number of subscribers),
//    and on success rewrites the day's `vigilance` snapshots with it; on a failure the 14:30
//    snapshots stay and are used, and the run's summary says so (`weatherMap`);
// 2. enqueues a chain of `weather` pages (communes where someone has weather warnings on, a page
//    at a time, each judged from the snapshots like a process batch: one transaction for its
//    events and states, so a redelivered page records nothing twice);
// 3. the chain's last page enqueues the send stage's first page, so the weather alerts go in the
//    same e-mail as the day's other alerts. A page that fails every delivery starts the send stage
//    from the dead-letter consumer (queue.ts recordDeadLetters): the day's e-mails never wait for it.
import { parisHourToUtc } from "../../core/shared/time.ts";
import { setRunSummaryField } from "../db/repositories/alert-runs.ts";
import { anyoneOptedIn } from "../db/repositories/preferences.ts";
import { findSnapshotOfDay, listSnapshotDepartments } from "../db/repositories/source-snapshots.ts";
import type { AppDeps } from "../deps.ts";
import { describeError } from "../logger.ts";
import { saveVigilanceSnapshots } from "./ingest.ts";
import { COMMUNES_PER_BATCH, SUBJECTS_PER_BATCH } from "./plan.ts";
import { processAlertBatch } from "./process.ts";
import type { HandlerContext } from "./handler-context.ts";
import type { AlertMessage, AlertQueue } from "./messages.ts";
import { readStoredJson } from "./snapshots.ts";
import { loadRunChanges } from "./snapshots.ts";
import { listWeatherCommunesPage, loadWeatherSubjectsOfCommunes } from "./subjects.ts";
import * as z from "zod";

type Deps = Pick<AppDeps, "db" | "sources" | "cache" | "config" | "appSecret" | "clock" | "log">;

/**
 * Which vigilance map the day's weather judgement used, in the run's summary (`weatherMap`):
 * - `send`: the map re-read by the 17:00 send stage (after Météo-France's 16:00 map);
 * - `plan`: the 14:30 plan's snapshot, because the re-read failed (`failure` says why);
 * - `none`: neither could be read: no weather alert today.
 * `updateTime` is the map's own `update_time` (Météo-France's stamp), null when unknown.
 */
export interface WeatherMapUsed {
  read: "send" | "plan" | "none";
  updateTime: string | null;
  failure?: string;
}

type WeatherPage = Extract<AlertMessage, { kind: "weather" }>;

/** The day's run row: the newest one started since the Paris day's 00:00 (the 14:30 plan's). */
function dayStartMs(day: string): number {
  return parisHourToUtc(new Date(`${day}T12:00:00Z`), 0).getTime();
}

/**
 * Step 1 and 2 of the 17:00 weather pass: re-read the map, keep it as the day's snapshots, say
 * which map is used in the run's summary, enqueue the first weather page. `chained`: the chain
 * will start the send stage; false (nobody has weather on, or no map at all) — the caller starts it.
 */
export async function startWeatherAtSend(
  appDeps: Deps,
  queue: AlertQueue,
  input: { runId: string; day: string },
): Promise<{ weatherMap: WeatherMapUsed | null; chained: boolean }> {
  if (!(await anyoneOptedIn(appDeps.db, "weather"))) return { weatherMap: null, chained: false };
  // The run's calls count in the upstream's budget but are never refused (decision 058).
  const deps: Deps = { ...appDeps, sources: appDeps.sources.forAlertRun() };
  const nowMs = deps.clock().getTime();
  const read = await deps.sources.fetchVigilance();
  let weatherMap: WeatherMapUsed;
  if (read.ok) {
    // The départements the plan stored (its watched ones) and every one the map lists: the
    // batches find each commune's part under its own département.
    const departments = new Set(await listSnapshotDepartments(deps.db, { day: input.day, source: "vigilance" }));
    for (const day of read.data.days) for (const department of Object.keys(day.departments)) departments.add(department);
    await saveVigilanceSnapshots(deps, { day: input.day, departments: [...departments].sort(), bulletin: read.data, nowMs });
    weatherMap = { read: "send", updateTime: read.data.updatedAt };
  } else {
    const planned = await findSnapshotOfDay(deps.db, { day: input.day, source: "vigilance" });
    const updateTime = planned
      ? (readStoredJson(deps, z.object({ updatedAt: z.string().nullable() }), planned.payloadJson, { table: "source_snapshots", kind: "vigilance" })
          ?.updatedAt ?? null)
      : null;
    // The failure's kind and detail (« HTTP 503 », a timeout): never a URL nor the key (sources/http.ts).
    weatherMap = { read: planned ? "plan" : "none", updateTime, failure: read.detail ? `${read.reason}: ${read.detail}` : read.reason };
  }
  deps.log({
    level: weatherMap.read === "send" ? "info" : "warn",
    message: weatherMap.read === "send" ? "vigilance map re-read for the send stage" : "vigilance map not re-read for the send stage",
    fields: { runId: input.runId, day: input.day, ...weatherMap },
  });
  try {
    if (!(await setRunSummaryField(deps.db, { newestSince: dayStartMs(input.day), field: "weatherMap", valueJson: JSON.stringify(weatherMap) }))) {
      deps.log({ level: "warn", message: "weather map not recorded: no run today", fields: { runId: input.runId, day: input.day } });
    }
  } catch (error) {
    // What the summary says is not worth holding the e-mails back.
    deps.log({ level: "warn", message: "weather map not recorded", fields: { runId: input.runId, ...describeError(error) } });
  }
  if (weatherMap.read === "none") return { weatherMap, chained: false };
  await queue.sendBatch([{ kind: "weather", runId: input.runId, day: input.day, afterCitycode: null }]);
  return { weatherMap, chained: true };
}

/**
 * One weather page: up to COMMUNES_PER_BATCH communes (and about SUBJECTS_PER_BATCH subjects:
 * a commune above it is taken alone) judged for weather only, from the day's snapshots; then the
 * next page, or after the last one the send stage's first page.
 */
export async function handleWeatherPage(
  deps: Deps,
  message: WeatherPage,
  queue: AlertQueue,
  context: HandlerContext,
): Promise<{ communes: number; subjectsChecked: number; alertsDetected: number }> {
  const limit = message.communesPerPage ?? COMMUNES_PER_BATCH;
  const page = await listWeatherCommunesPage(deps.db, { afterCitycode: message.afterCitycode, limit });
  const taken: string[] = [];
  let subjects = 0;
  for (const commune of page) {
    if (taken.length > 0 && subjects + commune.subjects > SUBJECTS_PER_BATCH) break;
    taken.push(commune.citycode);
    subjects += commune.subjects;
  }
  const batch = await processAlertBatch(deps, await loadWeatherSubjectsOfCommunes(deps.db, taken), {
    gates: context.gates,
    concurrency: deps.config.ALERT_CONCURRENCY,
    changes: await loadRunChanges(deps, { day: message.day, communes: taken, now: deps.clock(), withDigests: false }),
  });
  const more = taken.length < page.length || page.length === limit;
  const last = taken.at(-1);
  const next: AlertMessage =
    more && last !== undefined
      ? { ...message, afterCitycode: last }
      : {
          kind: "send",
          runId: message.runId,
          day: message.day,
          afterRecipient: null,
          ...(message.recipientsPerPage ? { recipientsPerPage: message.recipientsPerPage } : {}),
        };
  await queue.sendBatch([next]);
  return { communes: taken.length, ...batch };
}
