// The answer of the pollen section (the indice pollen) and what it is read from. Its field in a report is
// added to core/types.ts's ReportSections from here, so that no shared file names the section.
import type { Level, SourceRef } from "../../core/types.ts";

/** The six taxa of the official indice pollen, in the report's keys. */
export type PollenTaxon = "aulne" | "bouleau" | "olivier" | "armoise" | "graminees" | "ambroisie";

/** One zone's official pollen index for one day, as the regional agencies publish it through Atmo France. */
export interface PollenIndex {
  /** INSEE code of the commune (or the zone code the agency uses) */
  zoneCode: string;
  zoneName: string;
  /** YYYY-MM-DD: the zone's own calendar day the index is for */
  date: string;
  /** overall index: 0 indisponible, 1 très faible … 6 extrêmement élevé (as published) */
  code: number;
  /** the publisher's word for `code` (« Très faible »…) */
  label: string;
  color: string | null;
  /** per-taxon index code (same scale), null when the agency did not publish it */
  taxa: Record<PollenTaxon, number | null>;
  /** the taxa the agency names responsible for the overall level, verbatim (« BETULA GRAMINEE »), or null */
  responsible: string | null;
  /** regional agency (source field) */
  agency: string | null;
}

export interface PollenTaxonView {
  taxon: PollenTaxon;
  /** « Aulne », « Bouleau », « Olivier », « Armoise », « Graminées », « Ambroisie » */
  name: string;
  /** null: not published for that day */
  code: number | null;
  /** the official word of `code`, null when not published */
  label: string | null;
  level: Level;
}

export interface PollenDayView {
  /** YYYY-MM-DD */
  date: string;
  code: number;
  /** the official word (« Très faible » … « Extrêmement élevé », « Indisponible ») */
  label: string;
  /** the publisher's colour for `code`, or null */
  color: string | null;
  level: Level;
  taxa: PollenTaxonView[];
  /** the taxa at the day's overall level, by name (« Bouleau », « Graminées ») */
  responsible: string[];
}

export interface PollenSection {
  /** the section's data as read at this instant (ISO) when our budget refused a new read (decision 088): « Données du … »; absent when read now */
  data_as_of?: string;
  success: boolean;
  /** today's overall level, "unavailable" when unknown */
  level: Level;
  /** "atmo": the official index; null when there is none (never a model value here) */
  origin: "atmo" | null;
  zone: { code: string; name: string } | null;
  /** today, tomorrow, the day after: the days published, oldest first */
  days: PollenDayView[];
  /** the territory has no official pollen index (overseas): said, never a blank */
  not_covered: boolean;
  /** the commune's own calendar day (YYYY-MM-DD) the section is about */
  day: string;
  message: string | null;
  source: SourceRef;
}

declare module "../../core/types.ts" {
  interface AdviceCategories {
    pollen: true;
  }
  interface ReportSections {
    pollen: PollenSection;
  }
}
