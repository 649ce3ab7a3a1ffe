// The drought topic's server half: its state's schema. Its reads (the day's VigiEau fingerprints
// per département, and the per-commune path) are shared with water per commune: the run's ingest
// (src/server/alerts/ingest.ts) and batch (process.ts) make them.
import * as z from "zod";
import type { AlertTopicServer } from "../../server/alerts/topic.ts";
import { DROUGHT_TOPIC, type DroughtAlertState, type LegacyDroughtAlertState } from "./alert.ts";

const gravitySchema = z.enum(["vigilance", "alerte", "alerte_renforcee", "crise"]);

const stateSchema: z.ZodType<DroughtAlertState | LegacyDroughtAlertState> = z.union([
  z.object({ version: z.literal(2), zones: z.record(z.string(), gravitySchema.nullable()) }),
  // Stored before issue 20: read as a baseline by diffDrought.
  z.object({ gravity: gravitySchema.nullable() }),
]);

export const DROUGHT_TOPIC_SERVER = { key: DROUGHT_TOPIC.key, stateSchema } satisfies AlertTopicServer<DroughtAlertState | LegacyDroughtAlertState>;
