// The answer of the weather section (Météo-France's vigilance) and what it is read from. Its field in a report is
// added to core/types.ts's ReportSections from here, so that no shared file names the section.
import type { Level, SourceRef } from "../../core/types.ts";

export type VigilanceColor = "vert" | "jaune" | "orange" | "rouge";

export type VigilancePhenomenon =
  "vent" | "pluie_inondation" | "orages" | "crues" | "neige_verglas" | "canicule" | "grand_froid" | "avalanches" | "vagues_submersion";

export type VigilancePhenomenonColor = { phenomenon: VigilancePhenomenon; color: 1 | 2 | 3 | 4 };

/**
 * Météo-France's national vigilance map as read: per day, per département, the colour of each
 * phenomenon; the coastal strips apart (decision 078).
 */
export interface VigilanceBulletin {
  /** when Météo-France produced it (ISO), or null */
  updatedAt: string | null;
  days: Array<{
    /** YYYY-MM-DD (Paris) the period covers */
    date: string;
    /** the departments' phenomena (codes "01"…"95", "2A", "2B", "99"…): colour 1 vert … 4 rouge */
    departments: Record<string, VigilancePhenomenonColor[]>;
    /**
     * the coastal strips (map domain "3310", which carries vagues-submersion), keyed by their
     * département's code ("33"): the coast's colour, never the département's
     */
    coasts: Record<string, VigilancePhenomenonColor[]>;
  }>;
}

export interface VigilancePhenomenonView {
  phenomenon: VigilancePhenomenon;
  /** « Canicule », « Orages », « Pluie-inondation »… (Météo-France's words) */
  name: string;
  color: VigilanceColor;
  /** « Vigilance verte » … « Vigilance rouge » */
  label: string;
  level: Level;
}

export interface VigilanceDayView {
  date: string;
  /** the highest colour of the day for the département */
  color: VigilanceColor;
  label: string;
  level: Level;
  /** phenomena above green first, the highest colour first */
  phenomena: VigilancePhenomenonView[];
  /**
   * the département's coastal strip that day, when the map draws one: its own colour, shown as the
   * coast's; it never sets the day's colour nor the section's level (decision 078)
   */
  coast: VigilanceCoastView | null;
}

/** A coastal strip of the vigilance map (« littoral de la Gironde »), apart from its département. */
export interface VigilanceCoastView {
  /** « Littoral de la Gironde » */
  name: string;
  /** the strip's highest colour that day */
  color: VigilanceColor;
  label: string;
  /** the strip's phenomena (vagues-submersion), the highest colour first */
  phenomena: VigilancePhenomenonView[];
}

export interface WeatherWarningsSection {
  /** the section's data as read at this instant (ISO) when our budget refused a new read (decision 088): « Données du … »; absent when read now */
  data_as_of?: string;
  success: boolean;
  /** today's level, "unavailable" when unknown */
  level: Level;
  /** false: METEOFRANCE_API_KEY is not set, the section says so */
  configured: boolean;
  department: { code: string; name: string } | null;
  /** today and tomorrow as published */
  days: VigilanceDayView[];
  /** when Météo-France produced the map (ISO) */
  updated_at: string | null;
  day: string;
  message: string | null;
  source: SourceRef;
}

declare module "../../core/types.ts" {
  interface AdviceCategories {
    weather: true;
  }
  interface ReportSections {
    weather_warnings: WeatherWarningsSection;
  }
}
