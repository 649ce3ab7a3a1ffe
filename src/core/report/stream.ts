// A report streamed to the site's island (decision 067): its pieces and their media type, in a
// module of their own so that the island's request code imports no report logic with them.
import type { Report } from "../types.ts";

/**
 * One piece of a report as a streamed answer carries it: the head (address, commune, date), then one
 * section at a time, then the recommendations. Put together, they are the report.
 */
export type ReportPart = Partial<Report>;

/** The media type of a streamed report: one JSON object a line (NDJSON). */
export const REPORT_STREAM_TYPE = "application/x-ndjson";
