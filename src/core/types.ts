// Domain types shared by the pure core, the upstream adapters (src/sources/*/to-domain.ts),
// the server and the islands. Report field names are a public contract (see ARCHITECTURE.md):
// snake_case in the report, camelCase in the domain inputs.

export type Level = "excellent" | "good" | "acceptable" | "concerning" | "critical" | "unavailable";

/** Outcome of one upstream call, after validation and mapping. Never throws past the adapter. */
export type SourceResult<T> =
  | { ok: true; data: T }
  | { ok: false; reason: "timeout" | "http" | "invalid" | "network" | "not_found"; detail?: string; status?: number };

export interface SourceRef {
  /** Short French name shown on the card, e.g. « Contrôle sanitaire des ARS (Hub'Eau) ». */
  name: string;
  /** Public page of the data set or of the publisher. */
  url: string;
  /** Publisher, e.g. « Ministère chargé de la santé / ARS ». */
  publisher: string;
}

// ---------------------------------------------------------------- addresses (BAN)

export interface Address {
  label: string;
  latitude: number;
  longitude: number;
  /** INSEE code as given by the BAN (arrondissement code for Paris, Lyon, Marseille). */
  citycode: string;
  postcode: string;
  city: string;
  /** "30, Gard, Occitanie" */
  context: string;
  type: "housenumber" | "street" | "locality" | "municipality" | string;
  score: number;
}

export interface AddressInfo {
  commune_name: string;
  /** INSEE code of the commune (75056 for any Paris arrondissement). */
  commune_code: string;
  department_code: string;
  department_name: string;
}

// ---------------------------------------------------------------- drinking water (Hub'Eau)

export interface Udi {
  /** code_reseau, 9 characters */
  code: string;
  name: string;
  /** nom_quartier, when the commune is split by quarter */
  quarter: string | null;
}

export type ComplianceFlag = "C" | "D" | "N" | "S" | null;

/** One analysis result of the sanitary control, mapped from Hub'Eau resultats_dis. */
export interface WaterResult {
  sampleCode: string;
  /** SANDRE parameter code, as a string ("1340"). */
  parameterCode: string;
  parameterLabel: string;
  /** resultat_alphanumerique verbatim ("<0,05", "12,3", "Aucun changement anormal"). */
  rawValue: string;
  /** resultat_numerique; 0.0 below detection limit — never trust it alone. */
  numericValue: number | null;
  unit: string | null;
  /** limite_qualite_parametre verbatim ("<=50 mg/L") or null */
  qualityLimit: string | null;
  /** reference_qualite_parametre verbatim or null */
  qualityReference: string | null;
  /** ISO date-time (UTC) of the sample */
  sampledAt: string;
  sampleConclusion: string | null;
  limitsBacteriological: ComplianceFlag;
  limitsPhysicochemical: ComplianceFlag;
  referencesBacteriological: ComplianceFlag;
  referencesPhysicochemical: ComplianceFlag;
  distributor: string | null;
  /** UDIs (code_reseau) fed by this sampling point: lets one commune-wide query serve every UDI. */
  networks: Array<{ code: string; name: string }>;
}

export interface WaterParameterView {
  code: string;
  libelle_parametre: string;
  resultat_alphanumerique: string;
  /** parsed value in the unit below, null when not numeric */
  value: number | null;
  unite_mesure: string | null;
  /** upper threshold used, in the same unit as value; null when none is known */
  limit: number | null;
  /** lower bound of a range (pH 6,5–9, conductivity 200–1100 µS/cm); null otherwise */
  limit_min: number | null;
  /** value / limit (0..n), null when no limit */
  ratio: number | null;
  level: Exclude<Level, "unavailable">;
  /** French label: « Non détecté », « Conforme », « Limite atteinte », « Non conforme », « À surveiller »… */
  label: string;
  /** "limite" (health-based, can be non-compliant) | "reference" (indicator) | "confort" | null */
  limit_kind: "limite" | "reference" | "confort" | null;
  date_prelevement: string;
}

export interface WaterQualitySection {
  success: boolean;
  level: Level;
  udi: { code: string; name: string } | null;
  udis: Array<{ code: string; name: string; quarter: string | null }>;
  sampled_at: string | null;
  conclusion: string | null;
  parameters: WaterParameterView[];
  distributor: string | null;
  /** French message when success is false or no data */
  message: string | null;
  source: SourceRef;
}

// ---------------------------------------------------------------- air (ATMO + CAMS)

export interface AtmoIndex {
  /** 0 unavailable, 1 Bon … 6 Extrêmement mauvais, 7 event */
  code: number;
  label: string;
  color: string | null;
  /** date_ech as YYYY-MM-DD (Paris day the index is for) */
  date: string;
  zoneCode: string;
  zoneName: string;
  zoneType: string;
  /** regional agency (source field) */
  agency: string | null;
  subIndices: { no2: number | null; o3: number | null; pm10: number | null; pm25: number | null; so2: number | null };
}

export interface CamsEstimate {
  /** local time "YYYY-MM-DDTHH:mm" in Europe/Paris */
  time: string;
  pm2_5: number | null;
  pm10: number | null;
  no2: number | null;
  o3: number | null;
  europeanAqi: number | null;
}

export interface AirQualitySection {
  success: boolean;
  level: Level;
  index: { code: number; label: string; date: string; zone: string } | null;
  /** "atmo" = official index, "cams" = model estimate, null when unavailable */
  origin: "atmo" | "cams" | null;
  pollutants: Record<string, { value: number; unit: string }>;
  tomorrow: { code: number; label: string; date: string } | null;
  message: string | null;
  source: SourceRef;
}

// ---------------------------------------------------------------- drought (VigiEau)

export type DroughtGravity = "vigilance" | "alerte" | "alerte_renforcee" | "crise";

export interface DroughtZone {
  id: number;
  code: string;
  name: string;
  /** SUP surface, SOU groundwater, AEP drinking water */
  type: string;
  gravity: DroughtGravity;
  department: string;
  decree: { start: string | null; end: string | null; url: string | null; frameworkUrl: string | null } | null;
  usages: Array<{ name: string; theme: string; description: string; concernsIndividuals: boolean }>;
}

export interface DroughtSection {
  success: boolean;
  level: Level;
  gravity: DroughtGravity | null;
  /** « Aucune restriction », « Vigilance », « Alerte », « Alerte renforcée », « Crise » */
  label: string;
  restrictions: Array<{ usage: string; thematique: string; description: string }>;
  decree: { start: string | null; end: string | null; url: string | null } | null;
  zone: { name: string; type: string } | null;
  message: string | null;
  source: SourceRef;
}

// ---------------------------------------------------------------- bathing water

export interface BathingSiteView {
  id: string;
  name: string;
  commune: string;
  water_type: string;
  distance_km: number;
  level: Level;
  /** « Baignade interdite », « Bon », « Hors saison »… */
  status_label: string;
  /** latest sample verdict read on the ministry's page */
  latest_sample: { date: string; verdict: "Bon" | "Moyen" | "Mauvais" } | null;
  /** latest sample of the official season record (values per 100 mL) */
  record_sample: { date: string; enterococci: number | null; ecoli: number | null } | null;
  prohibition: { title: string; reason: "sanitaire" | "non sanitaire" | null; since: string | null } | null;
  /** events of the record that concern health (cyanobacteria, short-term pollution) */
  health_events: Array<{ type: string; start: string | null; end: string | null; active: boolean }>;
  in_season: boolean | null;
  season: { start: string | null; end: string | null; year: number } | null;
  classement: { year: number; label: string } | null;
  /** when the ministry's page was read (null: only the season record is known) */
  live_read_at: string | null;
  official_url: string;
}

export interface BathingSection {
  success: boolean;
  level: Level;
  sites: BathingSiteView[];
  /** the season of the official record used */
  record_season: number | null;
  message: string | null;
  source: SourceRef;
}

// ---------------------------------------------------------------- recommendations & report

export interface Recommendation {
  id: string;
  category: "water" | "air" | "drought" | "bathing" | "general";
  severity: "info" | "warning" | "critical" | "success";
  title: string;
  text: string;
  /** link to our blog article */
  link: string;
  /** public source of the advice */
  source: { name: string; url: string };
}

export interface Report {
  address: Pick<Address, "label" | "latitude" | "longitude" | "citycode" | "postcode" | "city">;
  address_info: AddressInfo;
  water_quality: WaterQualitySection;
  air_quality: AirQualitySection;
  drought: DroughtSection;
  bathing: BathingSection;
  recommendations: Recommendation[];
  generated_at: string;
}
