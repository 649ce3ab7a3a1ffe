// The water topic's server half: its state's schema. Its reads (the day's Hub'Eau bulk read into
// the communes' digests, and the per-commune path) are shared with drought per commune: the run's
// ingest (src/server/alerts/ingest.ts) and batch (process.ts) make them.
import * as z from "zod";
import type { AlertTopicServer } from "../../server/alerts/topic.ts";
import { WATER_TOPIC, type LegacyWaterAlertState, type WaterAlertState } from "./alert.ts";

const levelSchema = z.enum(["excellent", "good", "acceptable", "concerning", "critical", "unavailable"]);

const stateSchema: z.ZodType<WaterAlertState | LegacyWaterAlertState> = z.union([
  z.object({
    version: z.literal(2),
    networks: z.record(
      z.string(),
      z.object({
        level: levelSchema,
        word: z.string(),
        sampledAt: z.string(),
        officialVerdict: z.enum(["conforme", "non_conforme", "derogation"]).nullable(),
        flagged: z.record(z.string(), z.object({ measuredAt: z.string(), label: z.string(), level: levelSchema })),
      }),
    ),
  }),
  // Stored before decision 052: read as a baseline by diffWater.
  z.object({ lastSampleAt: z.string(), alerted: z.boolean() }),
]);

export const WATER_TOPIC_SERVER = { key: WATER_TOPIC.key, stateSchema } satisfies AlertTopicServer<WaterAlertState | LegacyWaterAlertState>;
