// The answer of the uv section (the UV forecast) and what it is read from. Its field in a report is
// added to core/types.ts's ReportSections from here, so that no shared file names the section.
import type { Level, SourceRef } from "../../core/types.ts";

export interface UvDayForecast {
  /** YYYY-MM-DD, the place's own day */
  date: string;
  /** the day's maximum UV index as forecast, null when the forecast gave none */
  uvIndexMax: number | null;
}

/** A UV forecast for a point: a model's (Open-Meteo), never measured. */
export interface UvForecast {
  days: UvDayForecast[];
}

/** The WHO categories of the UV index (Global Solar UV Index, 2002). */
export type UvCategory = "faible" | "modere" | "eleve" | "tres_eleve" | "extreme";

export interface UvDayView {
  date: string;
  /** the day's maximum, rounded as the WHO scale reads it (an integer) */
  uv_index_max: number;
  category: UvCategory;
  /** « Faible », « Modéré », « Élevé », « Très élevé », « Extrême » */
  label: string;
  level: Level;
}

export interface UvSection {
  /** the section's data as read at this instant (ISO) when our budget refused a new read (decision 088): « Données du … »; absent when read now */
  data_as_of?: string;
  success: boolean;
  /** today's level, "unavailable" when unknown */
  level: Level;
  /** "model": a model forecast, labelled as such everywhere; null when unavailable */
  origin: "model" | null;
  today: UvDayView | null;
  tomorrow: UvDayView | null;
  day: string;
  message: string | null;
  source: SourceRef;
}

declare module "../../core/types.ts" {
  interface AdviceCategories {
    uv: true;
  }
  interface ReportSections {
    uv: UvSection;
  }
}
