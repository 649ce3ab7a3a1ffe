// The report's sections as the documents the e-mail draws (core/report/document.ts), built from
// today's presentation: each section's date, its message, its facts and notes as the e-mail has
// always given them — a drought zone as one fact (« Eau potable : Alerte – 2 restrictions… »),
// bathing's line on when the ministry's page was read as a note — in the report's order.
import { standardBlocks, type SectionDocument } from "../../../core/report/document.ts";
import type { ReportPresentation, SectionPresentation } from "../../../core/report/present.ts";

export function reportSectionDocuments(presentation: ReportPresentation): SectionDocument[] {
  const summaryOf = (key: string) => presentation.summary.find((line) => line.key === key)?.text ?? "";
  const rated = (section: SectionPresentation, pieces: Pick<Parameters<typeof standardBlocks>[0], "facts" | "notes">): SectionDocument => ({
    key: section.key,
    anchor: section.anchor,
    title: section.title,
    headline: section.headline,
    summary: summaryOf(section.key),
    blocks: standardBlocks({ dateLine: section.dateLine, message: section.message, ...pieces }),
    source: section.source,
    attribution: section.attribution,
  });
  const { water, air, drought, bathing } = presentation;
  const zones = drought.zones.map((zone) => ({
    term: zone.title,
    value: `${zone.badge.word} – ${zone.restrictionsSummary}${zone.period ? `, arrêté ${zone.period}` : ""}`,
  }));
  const outdoor = [presentation.weather, presentation.pollen, presentation.uv, presentation.radon].map((section): SectionDocument => ({
    key: section.key,
    anchor: section.anchor,
    title: section.title,
    headline: section.headline,
    summary: section.summary,
    blocks: standardBlocks(section),
    source: section.source,
    attribution: section.attribution,
  }));
  return [
    rated(water, {}),
    rated(air, {}),
    rated(drought, { facts: zones, notes: drought.notes }),
    rated(bathing, { notes: bathing.liveRead ? [bathing.liveRead] : [] }),
    ...outdoor,
  ];
}
