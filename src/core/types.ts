// Domain types shared by the pure core, the upstream adapters (src/sources/*/to-domain.ts),
// the server and the islands. Report field names are a public contract (decision 051):
// snake_case in the report, camelCase in the domain inputs.

export type Level = "excellent" | "good" | "acceptable" | "concerning" | "critical" | "unavailable";

/**
 * Outcome of one upstream call, after validation and mapping. Never throws past the adapter.
 * `budget`: not asked, the service's budget for that upstream was spent (server/services/upstream-budget.ts).
 * `not_configured`: not asked, the upstream needs a key this installation lacks (METEOFRANCE_API_KEY).
 */
export type SourceResult<T> =
  /**
   * `asOf`: not read now — our budget refused a new call, and this is the last good answer, read at
   * that instant (ISO); the section says « Données du … » (decision 088). Absent: read now or fresh.
   */
  | { ok: true; data: T; asOf?: string }
  | { ok: false; reason: "timeout" | "http" | "invalid" | "network" | "not_found" | "budget" | "not_configured"; detail?: string; status?: number };

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
  /** the former commune of a commune nouvelle, when the BAN names it (its `oldcitycode`, `oldcity`) */
  oldcitycode?: string | undefined;
  oldcity?: string | undefined;
  /** reverse geocoding only: metres from the point asked */
  distance_m?: number | undefined;
}

/**
 * An address once picked: what an alert sign-up or a monitored address stores, what a report and
 * an alert name. (The geocoder's context, type and score are left behind.)
 */
export type PickedAddress = Pick<Address, "label" | "latitude" | "longitude" | "citycode" | "postcode" | "city">;

/**
 * An address the server read from the BAN, with its signature (decision 055): sent back
 * unchanged, it is taken as is; any other label, postcode or city is never shown.
 */
export interface SignedAddress extends PickedAddress {
  signature: string;
}

/** A suggestion of /api/geocode: the BAN's answer, signed. */
export interface SignedSuggestion extends Address {
  signature: string;
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
  /** readable French name (« Nitrates », « Escherichia coli (E. coli) »); the laboratory's label is libelle_parametre */
  name: string;
  libelle_parametre: string;
  resultat_alphanumerique: string;
  /** parsed value in the unit below, null when not numeric */
  value: number | null;
  unite_mesure: string | null;
  /**
   * the unit the laboratory published when the value was restated in its substance's mass
   * (« mg(N)/L » of nitrates, shown in mg/L of nitrates); absent otherwise
   */
  unite_publiee?: string | null;
  /** upper threshold used, in the same unit as value; null when none is known */
  limit: number | null;
  /** lower bound of a range (pH 6,5–9, conductivity 200–1100 µS/cm); null otherwise */
  limit_min: number | null;
  /** value / limit (0..n), null when no limit */
  ratio: number | null;
  level: Exclude<Level, "unavailable">;
  /**
   * French label, compliance first: « Non détecté », « Conforme », « Conforme, proche de la
   * limite », « Conforme sous dérogation », « Non conforme », « À surveiller », « Non évalué »…
   */
  label: string;
  /**
   * "limite" (health-based, can be non-compliant) | "reference" (indicator) | "indicative" (0,9 µg/L
   * of a pesticide metabolite classed non-relevant) | "confort" (no regulatory value) | null
   */
  limit_kind: "limite" | "reference" | "indicative" | "confort" | null;
  /** why the label is not the plain reading of value against threshold (words: WATER_NOTE_TEXTS) */
  note: WaterParameterNote | null;
  /** measured at one building's tap (lead, copper, nickel): reflects that building's pipes */
  at_the_tap: boolean;
  date_prelevement: string;
  /** the latest result of this parameter is more than a year old (shown with « mesure de plus d'un an », never dropped) */
  older_than_a_year: boolean;
}

export type WaterParameterNote =
  /** above the threshold on the row, but the ARS declared the sample compliant */
  | "ars-compliant"
  /** above a limit, within a prefectoral derogation (flag D) */
  | "derogation"
  /** a pesticide metabolite classed non-relevant by ANSES: 0,9 µg/L indicative value */
  | "non-relevant-metabolite"
  /** a unit that cannot be compared with the limit: never called compliant */
  | "uncomparable-unit"
  /** a PFAS measured before 1 January 2026, when no limit applied: a fact, no verdict */
  | "pfas-before-2026";

export interface WaterNetworkSummary {
  code: string;
  name: string;
  quarter: string | null;
  /** overall level of that network's latest results; "unavailable" when none in 12 months */
  level: Level;
  sampled_at: string | null;
}

export interface WaterQualitySection {
  success: boolean;
  /** the section's data as read at this instant (ISO) when our budget refused a new read (decision 088): « Données du … »; absent when read now */
  data_as_of?: string;
  level: Level;
  udi: { code: string; name: string } | null;
  udis: Array<{ code: string; name: string; quarter: string | null }>;
  /** how the network shown was chosen when the address did not pick one */
  udi_choice: "requested" | "most-sampled" | "only" | "first-listed" | null;
  /** the commune's other networks whose latest results are concerning or critical */
  other_networks_with_issues: WaterNetworkSummary[];
  sampled_at: string | null;
  conclusion: string | null;
  /**
   * The ARS verdict on the limits of quality for the newest sample (flags C, N, D of Hub'Eau):
   * the section's official word. null when the sample carries no verdict.
   */
  official_verdict: "conforme" | "non_conforme" | "derogation" | null;
  /** the newest sample exceeds a référence de qualité (an indicator, flag N on the references) */
  references_exceeded: boolean;
  parameters: WaterParameterView[];
  /**
   * The most recent sample of the 12-month window that the ARS declared non-compliant with a
   * limit (flag N), even when later samples are compliant; null when there was none.
   */
  last_non_compliance: { sampled_at: string; conclusion: string | null; parameters: string[] } | null;
  /** the only limits exceeded are lead, copper or nickel at one tap: the network is not critical */
  tap_only_exceedance: boolean;
  /**
   * When the ARS declared the newest sample non-compliant: that sample's results the laboratory
   * gave as a word of presence (« Présence », « Positif ») rather than a number — facts we cannot
   * compare with a limit, shown as written; [] otherwise.
   */
  qualitative_findings: Array<{ code: string; name: string; result: string }>;
  distributor: string | null;
  /** French message when success is false or no data */
  message: string | null;
  source: SourceRef;
  /**
   * Twelve months of the key parameters of the network shown (nitrates, total pesticides, sum of
   * 20 PFAS, E. coli, enterococci, lead when measured), from the results the report already read;
   * [] when there is none. Drawn on the report and in the PDF (issue 15).
   */
  history: WaterHistorySeries[];
}

/** One key parameter over the twelve-month window, for the chart and its table. */
export interface WaterHistorySeries {
  /** SANDRE code ("1340") */
  code: string;
  /** readable French name (« Nitrates », « Escherichia coli (E. coli) ») */
  name: string;
  /** the unit of the values and of the limit (« mg/L », « n/(100mL) ») */
  unit: string | null;
  /** the limite de qualité in `unit`, drawn as a line; null when none applies */
  limit: number | null;
  /** oldest first */
  points: WaterHistoryPoint[];
}

export interface WaterHistoryPoint {
  /** ISO date-time (UTC) of the sample */
  sampled_at: string;
  /** the measured value in the series' unit; null when not detected or not quantified */
  value: number | null;
  /** for a result « <x »: x, the laboratory's limit, in the series' unit (the value lies under it); null otherwise */
  below: number | null;
  /**
   * « <x » with x above the limit (« Non quantifié »): the analysis cannot say whether the value
   * respects it, so it is never drawn as « non détecté » on the baseline
   */
  not_quantified: boolean;
  /** resultat_alphanumerique verbatim ("<0,05", "12,3") */
  raw: string;
  /** the result's label as the report gives it: « Conforme », « Non conforme », « Non détecté »… */
  label: string;
  level: Exclude<Level, "unavailable">;
}

// ---------------------------------------------------------------- air (ATMO + CAMS)

export interface AtmoIndex {
  /** 0 unavailable, 1 Bon … 6 Extrêmement mauvais, 7 event */
  code: number;
  label: string;
  color: string | null;
  /** date_ech as YYYY-MM-DD (the zone's own calendar day the index is for) */
  date: string;
  zoneCode: string;
  zoneName: string;
  zoneType: string;
  /** regional agency (source field) */
  agency: string | null;
  subIndices: { no2: number | null; o3: number | null; pm10: number | null; pm25: number | null; so2: number | null };
}

/**
 * The CAMS model's day, on the basis of the ATMO daily sub-indices (arrêté du 10 juillet 2020):
 * particles as the mean of the day's hourly values, gases as the highest hourly value of the day.
 * µg/m³; null when the model gave too few hours of that day for the aggregate.
 */
export interface CamsEstimate {
  /** the commune's own calendar day (YYYY-MM-DD) the aggregates are for (overseas, the territory's) */
  day: string;
  /** daily means */
  pm2_5: number | null;
  pm10: number | null;
  /** daily maxima of the hourly values */
  no2: number | null;
  o3: number | null;
  so2: number | null;
}

/** A commune's intercommunality (EPCI à fiscalité propre), per the API Géo; null outside any. */
export interface CommuneEpci {
  communeCode: string;
  communeName: string;
  /** code = the EPCI's SIREN (9 digits), the `code_zone` of its ATMO index */
  epci: { code: string; name: string } | null;
}

/** The five pollutants of the ATMO index, with the report's keys. */
export type AirPollutantCode = "pm2_5" | "pm10" | "no2" | "o3" | "so2";

export interface AirQualitySection {
  success: boolean;
  /** the section's data as read at this instant (ISO) when our budget refused a new read (decision 088): « Données du … »; absent when read now */
  data_as_of?: string;
  level: Level;
  /**
   * zone_type: the commune's own official index, its intercommunality's (EPCI) when the commune
   * has none, or the model's estimate; `zone` names the commune or the EPCI.
   */
  index: { code: number; label: string; date: string; zone: string; zone_type: "commune" | "epci" | "model" } | null;
  /** "atmo" = official index, "cams" = model estimate, null when unavailable */
  origin: "atmo" | "cams" | null;
  /** the pollutant that sets the level (worst sub-index); null on a « Bon » day or when unknown */
  responsible_pollutant: { code: AirPollutantCode; label: string } | null;
  /**
   * the official index's sub-indices (the ATMO record's code_no2, code_o3, code_pm10, code_pm25,
   * code_so2), pollutant by pollutant: the facts behind an official index; empty for the model
   */
  sub_indices: Array<{ code: AirPollutantCode; label: string; index_code: number; index_label: string }>;
  /** model estimates (CAMS) of today: `basis` says whether the value is the day's mean or maximum */
  pollutants: Record<string, { value: number; unit: string; basis: "daily_mean" | "daily_max"; label: string }>;
  tomorrow: { code: number; label: string; date: string } | null;
  /** the day's official record says code 0 « Indisponible » (and no other official index stands in for it) */
  official_unavailable: { date: string; zone: string; zone_type: "commune" | "epci" } | null;
  /** the commune's own calendar day (YYYY-MM-DD) the section is about: overseas, the territory's */
  day: string;
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
  /** null when VigiEau sends a level we do not know: shown as unknown, never as « Aucune restriction » */
  gravity: DroughtGravity | null;
  department: string;
  decree: { start: string | null; end: string | null; url: string | null; frameworkUrl: string | null } | null;
  usages: Array<{ name: string; theme: string; description: string; concernsIndividuals: boolean }>;
}

export interface DroughtSection {
  success: boolean;
  /** the section's data as read at this instant (ISO) when our budget refused a new read (decision 088): « Données du … »; absent when read now */
  data_as_of?: string;
  level: Level;
  gravity: DroughtGravity | null;
  /** « Aucune restriction », « Vigilance », « Alerte », « Alerte renforcée », « Crise » */
  label: string;
  /** the worst zone's restrictions first, then the other zones' not already listed */
  restrictions: DroughtRestriction[];
  /** the worst zone's decree */
  decree: DroughtDecree | null;
  zone: { name: string; type: string } | null;
  /**
   * every zone in force at the address (one per water type, as VigiEau answers), in VigiEau's order
   * of types: AEP, SUP, SOU. A zone counts only while its decree is in force (start ≤ the commune's
   * day ≤ end); the level, label and restrictions above come from these zones only.
   */
  zones: DroughtZoneView[];
  /** zones VigiEau answered whose decree has ended or has not started on the commune's day: facts, never a restriction */
  zones_not_in_force: DroughtZoneNotInForce[];
  message: string | null;
  source: SourceRef;
}

export interface DroughtRestriction {
  usage: string;
  thematique: string;
  description: string;
}

export interface DroughtDecree {
  start: string | null;
  end: string | null;
  url: string | null;
}

/** A zone VigiEau answered whose decree is not in force on the commune's day. */
export interface DroughtZoneNotInForce {
  type: string;
  /** « Eau potable », « Eau superficielle », « Eau souterraine » */
  type_label: string;
  name: string;
  gravity: DroughtGravity | null;
  /** the decree's official word (« Crise »…), or « Niveau non reconnu : consultez l'arrêté » */
  label: string;
  decree: DroughtDecree;
  /** « ended »: its last day has passed; « not_started »: its first day is still to come */
  status: "ended" | "not_started";
}

export interface DroughtZoneView {
  /** VigiEau's code: SUP, SOU or AEP */
  type: string;
  /** « Eau potable », « Eau superficielle », « Eau souterraine » (VigiEau's public site) */
  type_label: string;
  /** which water it is for a household: « l'eau du robinet »… */
  type_hint: string;
  name: string;
  /** null when the level is not recognised (level "unavailable") */
  gravity: DroughtGravity | null;
  /** the official word (« Alerte »…), or « Niveau non reconnu : consultez l'arrêté » */
  label: string;
  level: Level;
  /** restrictions for private individuals, households' everyday themes first */
  restrictions: DroughtRestriction[];
  decree: DroughtDecree | null;
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
  /**
   * latest sample verdict read on the ministry's page; `current`: taken this season and the site is
   * in season, so it speaks for today (otherwise a dated fact of an earlier season)
   */
  latest_sample: { date: string; verdict: "Bon" | "Moyen" | "Mauvais"; current: boolean } | null;
  /** latest sample of the official season record (values per 100 mL) */
  record_sample: { date: string; enterococci: number | null; ecoli: number | null } | null;
  /**
   * `state`: « in_force » (`current`) when read on this season's page less than a day ago, in
   * season or permanent, or open in the current season's official record; « unconfirmed » when
   * such a read is older (told as « signalée le … », to be checked); else « information » about
   * `season`, which sets no level.
   */
  prohibition: {
    title: string;
    reason: "sanitaire" | "non sanitaire" | null;
    /** YYYY-MM-DD; for a live read, the date printed in the banner when there is one */
    since: string | null;
    current: boolean;
    state: "in_force" | "unconfirmed" | "information";
    /** a permanent ban in the source's words: a ban whatever the season */
    permanent: boolean;
    /** the season the ban was reported in (overseas: the year the October–September season ends) */
    season: number | null;
    /** the site's local day the ministry's page showing it was read (null: from the season record) */
    read_on: string | null;
  } | null;
  /** events of the record that concern health (cyanobacteria, short-term pollution) */
  health_events: Array<{ type: string; start: string | null; end: string | null; active: boolean }>;
  in_season: boolean | null;
  /**
   * the season the dates belong to, with only dates a source printed (the page's, else the record's);
   * `current`: this season's, not an earlier one's
   */
  season: { start: string | null; end: string | null; year: number; current: boolean } | null;
  classement: { year: number; label: string } | null;
  /** when the ministry's page was read (null: only the season record is known) */
  live_read_at: string | null;
  official_url: string;
}

export interface BathingSection {
  success: boolean;
  /** the section's data as read at this instant (ISO) when our budget refused a new read (decision 088): « Données du … »; absent when read now */
  data_as_of?: string;
  level: Level;
  sites: BathingSiteView[];
  /** the season of the official record used */
  record_season: number | null;
  message: string | null;
  source: SourceRef;
}

// ---------------------------------------------------------------- recommendations & report

/**
 * The domains an advice belongs to: each section's key, and « general » for advice across sections.
 * A section whose types live in its own folder adds its key here itself (`declare module`).
 */
export interface AdviceCategories {
  water: true;
  air: true;
  drought: true;
  bathing: true;
  general: true;
}

export interface Recommendation {
  id: string;
  category: keyof AdviceCategories;
  severity: "info" | "warning" | "critical" | "success";
  title: string;
  text: string;
  /** link to our blog article */
  link: string;
  /** public source of the advice */
  source: { name: string; url: string };
  /** addressed to vulnerable people (nitrates above 50 mg/L, air Dégradé or worse): listed first */
  vulnerable: boolean;
  /**
   * the one prominent box of its domain: true for the first critical or warning advice of each
   * category, false for the others, which the page and the PDF show compactly
   */
  prominent: boolean;
  /** what it stands on (decision 084): an official reading (absent: so), an official source unread, a model's estimate */
  basis?: "reading" | "unread" | "estimate";
  /** its words say nothing changes for most people: never « À retenir » */
  calm?: boolean;
}

/**
 * Each section's answer, by its field in a report. A section whose types live in its own folder adds
 * its field here itself (`declare module` in src/sections/<key>/types.ts).
 */
export interface ReportSections {
  water_quality: WaterQualitySection;
  air_quality: AirQualitySection;
  drought: DroughtSection;
  bathing: BathingSection;
}

export interface Report extends ReportSections {
  address: PickedAddress;
  address_info: AddressInfo;
  recommendations: Recommendation[];
  generated_at: string;
}

/** A report as /api/report answers it: its address signed, so that a shared link names it again. */
export interface ReportAnswer extends Omit<Report, "address"> {
  address: SignedAddress;
}
