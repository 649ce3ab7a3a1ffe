// The weather-warning topic's server half (decision 073): its state's schema, its bulk read of
// Météo-France's national vigilance map (once per run) stored as each watched département's part,
// and its judgement of a commune from that part, with the report's own evaluation and advice.
import * as z from "zod";
import { reportAdviceFor } from "../../core/alerts/advice.ts";
import type { SourceResult } from "../../core/types.ts";
import type { VigilanceBulletin, WeatherWarningsSection } from "./types.ts";
import type { AlertTopicServer, TopicBulkRead, TopicIngestDeps } from "../../server/alerts/topic.ts";
import { diffWeather, WEATHER_TOPIC, type WeatherAlertState } from "./alert.ts";
import { WEATHER_PASS_AT_SEND } from "./at-send.server.ts";
import { evaluateWeatherWarnings } from "./evaluate.ts";
import {
  saveVigilanceSnapshots,
  VIGILANCE_SNAPSHOT_SOURCE,
  vigilanceSnapshotSchema,
  type VigilanceIngestSummary,
  type VigilanceSnapshot,
} from "./vigilance-snapshot.server.ts";

export type { VigilanceSnapshot } from "./vigilance-snapshot.server.ts";

/** Météo-France's national map, read once (the source caches it), stored as each watched département's part. */
async function ingestVigilance(deps: TopicIngestDeps, params: { day: string; departments: readonly string[]; nowMs: number }): Promise<VigilanceIngestSummary> {
  if (params.departments.length === 0) return { ok: true, requests: 0 };
  const read = await deps.sources.fetchVigilance();
  // Not configured or not read: nothing saved, so no weather alert is judged today.
  if (!read.ok) return { ok: false, requests: read.reason === "not_configured" ? 0 : 1 };
  await saveVigilanceSnapshots(deps, { day: params.day, departments: params.departments, bulletin: read.data, nowMs: params.nowMs });
  return { ok: true, requests: 1 };
}

const bulk = {
  source: VIGILANCE_SNAPSHOT_SOURCE as typeof VIGILANCE_SNAPSHOT_SOURCE,
  schema: vigilanceSnapshotSchema,
  ingest: ingestVigilance,
  succeeded: (summary) => summary.ok,
  // The national map as the evaluation reads it, with this département's part only.
  communeView: (snapshot, { department }) => {
    if (!snapshot) return null;
    return {
      ok: true,
      data: {
        updatedAt: snapshot.updatedAt,
        days: snapshot.days.map((entry) => ({
          date: entry.date,
          departments: { [department]: entry.phenomena },
          coasts: entry.coast ? { [department]: entry.coast } : {},
        })),
      },
    };
  },
} satisfies TopicBulkRead<VigilanceSnapshot, SourceResult<VigilanceBulletin>, VigilanceIngestSummary>;

const stateSchema: z.ZodType<WeatherAlertState> = z.object({ announced: z.record(z.string(), z.enum(["vert", "jaune", "orange", "rouge"])) });

export const WEATHER_TOPIC_SERVER = {
  key: WEATHER_TOPIC.key,
  stateSchema,
  bulk,
  // On Workers, judged at 17:00 from a map read after Météo-France's 16:00 one (decision 079).
  atSend: WEATHER_PASS_AT_SEND,
  /**
   * Judged as the report judges it (the same evaluation), once per commune: from the run's
   * snapshot, else (the admin panel's run) from the national map read once per batch, never per
   * subscriber. A snapshot whose day's read failed (null) judges nothing.
   */
  async judgeCommune({ deps, now, citycode, view, once }) {
    const bulletin = view === undefined ? await once("vigilance-map", () => deps.sources.fetchVigilance()) : view;
    if (!bulletin) return null;
    const weather: WeatherWarningsSection = evaluateWeatherWarnings({ bulletin, now, citycode });
    // The report's advice for the section that day, in its words: the e-mail quotes it.
    const advice = reportAdviceFor("weather", { sections: { weatherWarnings: weather }, now, citycode });
    return (_subject, previous) => diffWeather(previous, weather, now, advice);
  },
} satisfies AlertTopicServer<WeatherAlertState, VigilanceSnapshot, SourceResult<VigilanceBulletin>, VigilanceIngestSummary>;
