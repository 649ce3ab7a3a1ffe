// A report as the site's stream brings it to the page (decision 095): its answers and each
// section's document, presented by the server's own function and sent as JSON.
import { presentDocuments, type PartialReport, type SectionDocuments } from "../../src/core/report/present.ts";

/** The report with the documents the server sends with its sections, through JSON as on the wire. */
export function asSent<Report extends PartialReport>(report: Report): Report & { documents: SectionDocuments } {
  return JSON.parse(JSON.stringify({ ...report, documents: presentDocuments(report) })) as Report & { documents: SectionDocuments };
}
