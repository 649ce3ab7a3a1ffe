// Weather warnings judged at 17:00 on Workers, from a map read after 16:00 (decision 079).
// Météo-France publishes the vigilance map at 06:00 and 16:00 Paris time, and the 16:00 map sets
// tomorrow's colours; the Worker's plan reads the sources at 14:30, so a red for tomorrow decided
// at 16:00 would reach people only the next day, as « aujourd'hui ». So on Workers the plan's
// batches leave weather out, and the 17:00 send cron (src/server/alerts/at-send.ts) first calls
// this re-read: the national map once for the run (one call, whatever the number of
// subscribers), and on success the day's `vigilance` snapshots rewritten with it; on a failure the
// 14:30 snapshots stay and are used, and the run's summary says so (`weatherMap`).
import * as z from "zod";
import { findSnapshotOfDay, listSnapshotDepartments } from "../../server/db/repositories/source-snapshots.ts";
import { readStoredJson } from "../../server/alerts/stored-json.ts";
import type { TopicIngestDeps, TopicPassAtSend } from "../../server/alerts/topic.ts";
import { saveVigilanceSnapshots, VIGILANCE_SNAPSHOT_SOURCE } from "./vigilance-snapshot.server.ts";

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

async function rereadVigilanceMap(deps: TopicIngestDeps, input: { runId: string; day: string }): Promise<{ summary: WeatherMapUsed; judge: boolean }> {
  const nowMs = deps.clock().getTime();
  const read = await deps.sources.fetchVigilance();
  let weatherMap: WeatherMapUsed;
  if (read.ok) {
    // The départements the plan stored (its watched ones) and every one the map lists: the
    // batches find each commune's part under its own département.
    const departments = new Set(await listSnapshotDepartments(deps.db, { day: input.day, source: VIGILANCE_SNAPSHOT_SOURCE }));
    for (const day of read.data.days) for (const department of Object.keys(day.departments)) departments.add(department);
    await saveVigilanceSnapshots(deps, { day: input.day, departments: [...departments].sort(), bulletin: read.data, nowMs });
    weatherMap = { read: "send", updateTime: read.data.updatedAt };
  } else {
    const planned = await findSnapshotOfDay(deps.db, { day: input.day, source: VIGILANCE_SNAPSHOT_SOURCE });
    const updateTime = planned
      ? (readStoredJson(deps, z.object({ updatedAt: z.string().nullable() }), planned.payloadJson, {
          table: "source_snapshots",
          kind: VIGILANCE_SNAPSHOT_SOURCE,
        })?.updatedAt ?? null)
      : null;
    // The failure's kind and detail (« HTTP 503 », a timeout): never a URL nor the key (sources/http.ts).
    weatherMap = { read: planned ? "plan" : "none", updateTime, failure: read.detail ? `${read.reason}: ${read.detail}` : read.reason };
  }
  deps.log({
    level: weatherMap.read === "send" ? "info" : "warn",
    message: weatherMap.read === "send" ? "vigilance map re-read for the send stage" : "vigilance map not re-read for the send stage",
    fields: { runId: input.runId, day: input.day, ...weatherMap },
  });
  return { summary: weatherMap, judge: weatherMap.read !== "none" };
}

export const WEATHER_PASS_AT_SEND = { summaryField: "weatherMap", reread: rereadVigilanceMap } satisfies TopicPassAtSend<WeatherMapUsed>;
