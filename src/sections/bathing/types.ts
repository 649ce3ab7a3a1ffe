// Bathing water: the official sites (data.gouv.fr « Données de rapportage de la saison
// balnéaire »), their season record, and the live status of the ministry's site page.

export type BathingClassement = "Excellente" | "Bonne" | "Suffisante" | "Insuffisante" | "Insuffisamment de prélèvements" | "Site non classé";

export interface BathingSite {
  /** EU bathing-water code, e.g. "FRK2101010D001530" */
  id: string;
  name: string;
  /** INSEE code, always 5 characters ("01010", "2A004") */
  communeCode: string;
  communeName: string;
  /** department as the ministry writes it, 3 characters ("001", "02A", "971") */
  department: string;
  /** « Mer », « Lac », « Rivière »… as in the official list */
  waterType: string;
  latitude: number;
  longitude: number;
}

export interface BathingEvent {
  /** « Interdiction sanitaire », « Interdiction non sanitaire », « Prolifération de cyanobactéries », « Pollution à court terme »… */
  type: string;
  /** YYYY-MM-DD */
  start: string | null;
  end: string | null;
  measures: string | null;
}

/** The official record of one site for the latest published season. */
export interface BathingSeasonRecord {
  season: number;
  seasonStart: string | null;
  seasonEnd: string | null;
  /** every event but the season itself, in date order */
  events: BathingEvent[];
  classement: BathingClassement | null;
  /** latest sample of the season, values in UFC or NPP per 100 mL */
  lastSample: { date: string; enterococci: number | null; ecoli: number | null; status: string | null } | null;
}

export interface BathingDataset {
  /** the season the files describe (e.g. 2024, published around June 2025) */
  season: number;
  /** when the data file was generated, YYYY-MM-DD */
  generatedAt: string;
  sites: BathingSite[];
  records: Record<string, BathingSeasonRecord>;
}

/** What the ministry's live page says about a site (consultSite.do), read strictly. */
export interface BathingLiveStatus {
  /** ISO date-time of the read */
  fetchedAt: string;
  /**
   * The season the page was asked for (`annee=`), as the ministry numbers it: the calendar year in
   * metropolitan France, the year the 1 October → 30 September season ends overseas.
   */
  season: number;
  seasonStart: string | null;
  seasonEnd: string | null;
  lastSample: { date: string; verdict: "Bon" | "Moyen" | "Mauvais" } | null;
  prohibition: { title: string; kind: string | null; reason: "sanitaire" | "non sanitaire" | null } | null;
  classement: { year: number; label: BathingClassement } | null;
}
