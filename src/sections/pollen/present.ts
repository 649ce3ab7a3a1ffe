// The indice pollen's card for every channel: the source's word and colour as the headline, the
// taxa's grid by day, tomorrow said. Pure: dates come from the report.
import { badge, type Badge } from "../../core/report/badge.ts";
import { dayColumn, dayOffset, sentence } from "../../core/report/days.ts";
import { standardBlocks, type Fact, type LevelTable, type SectionDocument } from "../../core/report/document.ts";
import { formatDateFr, NBSP } from "../../core/shared/format.ts";
import type { PollenDayView, PollenSection } from "./types.ts";
import { POLLEN_COLORS, POLLEN_TAXA } from "./scale.ts";

export const TITLE = "Pollens";
export const ANCHOR = "pollens";

function pollenBadge(day: Pick<PollenDayView, "label" | "level" | "code">): Badge {
  return badge(day.label, day.level, POLLEN_COLORS[day.code] ?? null);
}

export function presentPollen(pollen: PollenSection): SectionDocument {
  const today = pollen.days.find((day) => day.date === pollen.day) ?? null;
  const tomorrow = pollen.days.find((day) => dayOffset(day.date, pollen.day) === 1) ?? null;
  const shown = pollen.days.filter((day) => dayOffset(day.date, pollen.day) >= 0);
  const headline = pollen.not_covered
    ? badge("Pas d'indice officiel", "unavailable")
    : today
      ? pollenBadge(today)
      : badge(pollen.success ? "Non publié" : "Indisponible", "unavailable");
  const facts: Fact[] = [];
  if (today && today.responsible.length > 0) facts.push({ term: "Pollens responsables", value: today.responsible.join(", ") });
  if (pollen.success && !pollen.not_covered) facts.push({ term: "Demain", value: tomorrow ? tomorrow.label : "Prévision non publiée" });
  if (pollen.zone) facts.push({ term: "Zone de l'indice", value: pollen.zone.name });
  const table: LevelTable | null =
    shown.length > 0
      ? {
          caption: "Indice pollen par taxon",
          columns: shown.map((day) => dayColumn(day.date, pollen.day)),
          rows: POLLEN_TAXA.map(({ taxon, name }) => ({
            label: name,
            cells: shown.map((day) => {
              const view = day.taxa.find((entry) => entry.taxon === taxon);
              return view && view.code !== null && view.label !== null ? pollenBadge({ label: view.label, level: view.level, code: view.code }) : null;
            }),
          })),
        }
      : null;
  const summary = pollen.not_covered
    ? sentence(TITLE, "pas d'indice pollen officiel pour ce territoire.")
    : today
      ? sentence(
          TITLE,
          `${today.label}${today.responsible.length > 0 ? ` (${today.responsible.join(", ")})` : ""}${tomorrow ? ` ; demain${NBSP}: ${tomorrow.label}` : ""}.`,
        )
      : sentence(TITLE, pollen.success ? "indice non publié aujourd'hui." : "données momentanément indisponibles.");
  return {
    key: "pollen",
    anchor: ANCHOR,
    title: TITLE,
    headline: headline,
    summary,
    blocks: standardBlocks({
      dateLine: today ? `Indice pollen officiel du ${formatDateFr(today.date)}` : null,
      message: pollen.message,
      facts,
      table: table,
      notes: [],
    }),
    source: pollen.source,
    attribution: null,
  };
}
