// One département's part of Météo-France's vigilance map as the run stores it (source_snapshots,
// source `vigilance`): written by the plan's bulk read and by the 17:00 re-read (decision 079).
import * as z from "zod";
import type { VigilanceBulletin, VigilancePhenomenonColor } from "./types.ts";
import { saveSnapshots, type NewSnapshot } from "../../server/db/repositories/source-snapshots.ts";
import type { TopicIngestDeps } from "../../server/alerts/topic.ts";

/**
 * One département's part of Météo-France's national vigilance map: its own phenomena and its
 * coastal strip's apart (`coast`, null when the map draws none), each day the map lists it.
 */
export interface VigilanceSnapshot {
  updatedAt: string | null;
  days: Array<{ date: string; phenomena: VigilancePhenomenonColor[]; coast: VigilancePhenomenonColor[] | null }>;
}

/** The bulk read's line in the ingest's summary. */
export interface VigilanceIngestSummary {
  ok: boolean;
  requests: number;
}

/** The vigilance map's snapshot source (source_snapshots.source). */
export const VIGILANCE_SNAPSHOT_SOURCE = "vigilance";

const vigilancePhenomenonSchema = z.object({
  phenomenon: z.enum(["vent", "pluie_inondation", "orages", "crues", "neige_verglas", "canicule", "grand_froid", "avalanches", "vagues_submersion"]),
  color: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
});

// `coast` is required: a row written before decision 078 has the strip merged into the
// département's phenomena and cannot be split again; unreadable, it is not judged (no alert that
// would call the coast's orange the département's).
export const vigilanceSnapshotSchema: z.ZodType<VigilanceSnapshot> = z.object({
  updatedAt: z.string().nullable(),
  days: z.array(z.object({ date: z.string(), phenomena: z.array(vigilancePhenomenonSchema), coast: z.array(vigilancePhenomenonSchema).nullable() })),
});

/** Each département's part of the national map, as the day's `vigilance` snapshots (the plan's read, and the 17:00 re-read of decision 079). */
export async function saveVigilanceSnapshots(
  deps: Pick<TopicIngestDeps, "db">,
  params: { day: string; departments: readonly string[]; bulletin: VigilanceBulletin; nowMs: number },
): Promise<void> {
  const rows: NewSnapshot[] = params.departments.map((department) => {
    const snapshot: VigilanceSnapshot = {
      updatedAt: params.bulletin.updatedAt,
      // A day the map does not list the département is left out (never a green we did not read);
      // its coastal strip is kept apart, as the report shows it (decision 078).
      days: params.bulletin.days.flatMap((entry) => {
        const phenomena = entry.departments[department];
        return phenomena ? [{ date: entry.date, phenomena, coast: entry.coasts[department] ?? null }] : [];
      }),
    };
    return { department, payloadJson: JSON.stringify(snapshot) };
  });
  await saveSnapshots(deps.db, { day: params.day, source: VIGILANCE_SNAPSHOT_SOURCE, rows, nowMs: params.nowMs });
}
