// The answer of the radon section (the IRSN's radon classification) and what it is read from. Its field in a report is
// added to core/types.ts's ReportSections from here, so that no shared file names the section.
import type { Level, SourceRef } from "../../core/types.ts";

/** A place of the radon classification (a former commune, an arrondissement) and its category. */
export interface RadonPart {
  code: string;
  name: string;
  category: 1 | 2 | 3;
}

export interface RadonSection {
  success: boolean;
  /** the section's data as read at this instant (ISO) when our budget refused a new read (decision 088): « Données du … »; absent when read now */
  data_as_of?: string;
  /** category 1 → good, 2 → acceptable, 3 → concerning; "unavailable" when the commune is not in the classification, or its parts differ */
  level: Level;
  /** the category under the arrêté du 27 juin 2018; null when absent, or when the commune's parts are classed differently */
  category: 1 | 2 | 3 | null;
  /** « Catégorie 1 »…, « Non classée », « Classement différent selon l'ancienne commune » */
  label: string;
  /** the place the arrêté classes: the commune, its former commune (Tremblay) or its arrondissement (Lyon 9e Arrondissement) */
  commune: { code: string; name: string } | null;
  /**
   * How the classification was read: the commune's own entry, its former commune's (a commune
   * nouvelle, from the BAN's `oldcitycode`), its arrondissement's, its parts' together, or none.
   * Absent from reports stored before issue 36.
   */
  basis?: "commune" | "former_commune" | "arrondissement" | "parts" | "absent" | undefined;
  /** the commune of today when `commune` is a former commune (Val-Couesnon for Tremblay) */
  current_commune?: { code: string; name: string } | null | undefined;
  /** when read from its parts (a commune nouvelle's former communes, the arrondissements of Paris, Lyon, Marseille): each one and its category */
  parts?: RadonPart[] | undefined;
  message: string | null;
  source: SourceRef;
}

declare module "../../core/types.ts" {
  interface AdviceCategories {
    radon: true;
  }
  interface ReportSections {
    radon: RadonSection;
  }
}
