// The bathing topic's server half: its state's schema. Its reads (each nearby site's live page,
// once per run whichever addresses it is near) are made by the run's batch.
import * as z from "zod";
import type { AlertTopicServer } from "../../server/alerts/topic.ts";
import { BATHING_TOPIC, type BathingAlertState } from "./alert.ts";

const stateSchema: z.ZodType<BathingAlertState> = z.record(
  z.string(),
  z.object({ prohibited: z.boolean(), clearReads: z.number().int().min(0), lastPoorSample: z.string().nullable(), classement: z.string().nullable() }),
);

export const BATHING_TOPIC_SERVER = { key: BATHING_TOPIC.key, stateSchema } satisfies AlertTopicServer<BathingAlertState>;
