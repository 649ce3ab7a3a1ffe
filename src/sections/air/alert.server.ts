// The air topic's server half: its state's schema. Its read (the day's national ATMO read, and a
// commune's own without the run's snapshots) is made by the run's ingest and batch with the others'.
import * as z from "zod";
import type { AlertTopicServer } from "../../server/alerts/topic.ts";
import { AIR_TOPIC, type AirAlertState } from "./alert.ts";

// States stored before issue 21 lack eventLastDay.
const stateSchema: z.ZodType<AirAlertState> = z.object({ episodeLastDay: z.string().nullable(), eventLastDay: z.string().nullable().optional() });

export const AIR_TOPIC_SERVER = { key: AIR_TOPIC.key, stateSchema } satisfies AlertTopicServer<AirAlertState>;
