// Our own table of drinking-water thresholds, used only when Hub'Eau gives no limit or reference
// with a result. Sources: arrêté du 11 janvier 2007 as amended on 30 December 2022 (limits and
// references of quality), and the specification's comfort threshold for chlorine.
import { PFAS_OF_THE_SUM, PFAS_SUM_LIMIT, type PfasOfTheSum } from "./pfas.ts";

export { PFAS_SUM_LIMIT };

/**
 * limite: limite de qualité (health-based, can make a result « Non conforme »);
 * reference: référence de qualité (an indicator of how the plant works, at most « À surveiller »);
 * indicative: the 0,9 µg/L indicative value of a pesticide metabolite classed non-relevant;
 * confort: no regulatory value at all (chlorine), a comfort threshold.
 */
export type ThresholdKind = "limite" | "reference" | "indicative" | "confort";

export interface ParameterRule {
  /** SANDRE codes, when verified in real data */
  codes: readonly string[];
  /** matches libelle_parametre when the code is unknown or unverified */
  label?: RegExp;
  /** readable French name for every channel (page, PDF, emails); the laboratory's label is a technical detail */
  name: string;
  kind: ThresholdKind;
  /** built-in threshold (when Hub'Eau gives none); null for "no regulatory value" */
  threshold: { min: number | null; max: number | null; unit: string } | null;
  /** the threshold applies to samples taken from this day on (PFAS: 1 January 2026) */
  appliesFrom?: string;
  /** the kind is ours whatever Hub'Eau says (chlorine has no regulatory limit) */
  forceKind?: boolean;
  /**
   * The substance a bare limit is written for (« 50 mg/L » of nitrates, NO3): a value published as
   * the mass of its nitrogen (« mg(N)/L ») is restated in it before being compared or drawn.
   */
  substance?: "NO3" | "NO2" | "NH4";
  /**
   * PFAS (arrêté du 11 janvier 2007 as amended, annexe I, I: « Somme des PFAS » 0,1 µg/L from
   * 1 January 2026): "sum" for the sum of 20, "one-of-the-sum" for each of the 20 — one of them
   * alone above 0,1 µg/L puts the sum above its limit.
   */
  pfas?: "sum" | "one-of-the-sum";
  /**
   * Measured at one building's tap, after its own pipes (arrêté du 11 janvier 2007, annexe I:
   * lead, copper and nickel are sampled « au robinet normalement utilisé pour la consommation »):
   * an exceedance says more about that building than about the network.
   */
  atTheTap?: boolean;
}

const max = (value: number, unit: string) => ({ min: null, max: value, unit });

/**
 * How the laboratory labels of the 20 PFAS of the sum (pfas.ts) are recognised. SANDRE codes
 * verified for PFOA and PFOS only; the others by their acronym or French name.
 */
const PFAS_RECOGNITION: Record<PfasOfTheSum, { codes: readonly string[]; acronyms: string; chain: string; acid: "carboxylic" | "sulfonic" }> = {
  PFBA: { codes: [], acronyms: "PFBA", chain: "butan", acid: "carboxylic" },
  PFPeA: { codes: [], acronyms: "PFPeA", chain: "pentan", acid: "carboxylic" },
  PFHxA: { codes: [], acronyms: "PFHxA", chain: "hexan", acid: "carboxylic" },
  PFHpA: { codes: [], acronyms: "PFHpA", chain: "heptan", acid: "carboxylic" },
  PFOA: { codes: ["5347"], acronyms: "PFOA", chain: "octan", acid: "carboxylic" },
  PFNA: { codes: [], acronyms: "PFNA", chain: "nonan", acid: "carboxylic" },
  PFDA: { codes: [], acronyms: "PFDA", chain: "d[ée]can", acid: "carboxylic" },
  PFUnDA: { codes: [], acronyms: "PFUnDA|PFUnA|PFUdA", chain: "und[ée]can", acid: "carboxylic" },
  PFDoDA: { codes: [], acronyms: "PFDoDA|PFDoA", chain: "dod[ée]can", acid: "carboxylic" },
  PFTrDA: { codes: [], acronyms: "PFTrDA|PFTrA", chain: "trid[ée]can", acid: "carboxylic" },
  PFBS: { codes: [], acronyms: "PFBS", chain: "butan", acid: "sulfonic" },
  PFPeS: { codes: [], acronyms: "PFPeS", chain: "pentan", acid: "sulfonic" },
  PFHxS: { codes: [], acronyms: "PFHxS", chain: "hexan", acid: "sulfonic" },
  PFHpS: { codes: [], acronyms: "PFHpS", chain: "heptan", acid: "sulfonic" },
  PFOS: { codes: ["6561"], acronyms: "PFOS", chain: "octan", acid: "sulfonic" },
  PFNS: { codes: [], acronyms: "PFNS", chain: "nonan", acid: "sulfonic" },
  PFDS: { codes: [], acronyms: "PFDS", chain: "d[ée]can", acid: "sulfonic" },
  PFUnDS: { codes: [], acronyms: "PFUnDS|PFUnS|PFUdS", chain: "und[ée]can", acid: "sulfonic" },
  PFDoDS: { codes: [], acronyms: "PFDoDS|PFDoS", chain: "dod[ée]can", acid: "sulfonic" },
  PFTrDS: { codes: [], acronyms: "PFTrDS|PFTrS", chain: "trid[ée]can", acid: "sulfonic" },
};

/**
 * « PFOA », « Acide perfluorooctanoïque », « Perfluorooctanoate »; « Acide perfluorooctane
 * sulfonique (PFOS) », « Sulfonate de perfluorooctane ». Never a sum of several (« Somme de PFOA,
 * PFOS… »), a fluorotelomer (« 6:2 FTS », « 1H,1H,2H,2H-perfluorooctane sulfonique ») nor an
 * amide (PFOSA), which are not among the 20.
 */
function pfasLabel({ acronyms, chain, acid }: (typeof PFAS_RECOGNITION)[PfasOfTheSum]): RegExp {
  const name =
    acid === "carboxylic"
      ? `perfluoro[\\s-]*(?:n[\\s-]*)?${chain}o(?:[iï]que|ate)`
      : `(?:perfluoro[\\s-]*(?:n[\\s-]*)?${chain}e[\\s-]*sulfon(?:ique|ate)|sulfonate\\s+de\\s+perfluoro[\\s-]*${chain}e)`;
  return new RegExp(`^(?!.*(?:^\\s*(?:somme|total)|\\d\\s*:\\s*\\d|\\d+H\\b|FTS|t[ée]lom[èe]r|amide))(?:.*\\b(?:${acronyms})\\b|.*${name}\\b)`, "i");
}

/**
 * In display priority order: after any parameter at « À surveiller » or worse, the first six of
 * these that have a result are shown.
 */
export const PARAMETER_RULES: readonly ParameterRule[] = [
  { codes: ["1340"], name: "Nitrates", kind: "limite", threshold: max(50, "mg/L"), substance: "NO3" },
  // The total carries the 0.5 µg/L limit; each substance 0.1 µg/L (given by Hub'Eau with the result).
  { codes: ["6276"], name: "Pesticides (total)", kind: "limite", threshold: max(0.5, "µg/L") },
  {
    codes: ["8847"],
    name: "PFAS (somme de 20)",
    kind: "limite",
    threshold: max(PFAS_SUM_LIMIT.microgramsPerL, "µg/L"),
    appliesFrom: PFAS_SUM_LIMIT.from,
    pfas: "sum",
  },
  { codes: ["1382"], name: "Plomb", kind: "limite", threshold: max(10, "µg/L"), atTheTap: true },
  // Readable names, never the laboratory's label (« Escherichia coli /100ml - MF », « Entérocoques /100ml-MS »):
  // the method suffix means nothing to a reader; the label stays only as a technical detail of the row.
  { codes: ["1449"], name: "Escherichia coli (E. coli)", kind: "limite", threshold: max(0, "n/(100mL)") },
  { codes: ["6455"], name: "Entérocoques intestinaux", kind: "limite", threshold: max(0, "n/(100mL)") },
  { codes: ["1339"], name: "Nitrites", kind: "limite", threshold: max(0.5, "mg/L"), substance: "NO2" },
  { codes: ["1369"], name: "Arsenic", kind: "limite", threshold: max(10, "µg/L") },
  { codes: ["1386"], name: "Nickel", kind: "limite", threshold: max(20, "µg/L"), atTheTap: true },
  { codes: ["1753"], name: "Chlorure de vinyle", kind: "limite", threshold: max(0.5, "µg/L") },
  { codes: [], label: /^cuivre\b/i, name: "Cuivre", kind: "limite", threshold: max(2, "mg/L"), atTheTap: true },
  { codes: [], label: /^chrome\b/i, name: "Chrome", kind: "limite", threshold: max(50, "µg/L") },
  { codes: [], label: /benzo\s*\(\s*a\s*\)\s*pyr[èe]ne/i, name: "Benzo(a)pyrène", kind: "limite", threshold: max(0.01, "µg/L") },
  // Each of the 20 PFAS has no limit of its own, but the sum's: one of them alone above 0,1 µg/L
  // puts the sum above its limite de qualité (from 1 January 2026).
  ...PFAS_OF_THE_SUM.map((name): ParameterRule => ({
    codes: PFAS_RECOGNITION[name].codes,
    label: pfasLabel(PFAS_RECOGNITION[name]),
    name,
    kind: "limite",
    threshold: max(PFAS_SUM_LIMIT.microgramsPerL, "µg/L"),
    appliesFrom: PFAS_SUM_LIMIT.from,
    pfas: "one-of-the-sum",
  })),
  // Chlorine has no regulatory value (neither a limit nor a reference of quality, arrêté du
  // 11 janvier 2007): 0.6 mg/L is the specification's comfort threshold, above which it may taste —
  // a fact on its row, never a level above « acceptable », never an alert.
  { codes: ["1398"], name: "Chlore libre", kind: "confort", threshold: max(0.6, "mg/L"), forceKind: true },
  { codes: ["1399"], name: "Chlore total", kind: "confort", threshold: max(0.6, "mg/L"), forceKind: true },
  // Référence de qualité 0,1 mg/L (arrêté du 11 janvier 2007, annexe I, II), as Hub'Eau gives it.
  { codes: ["1335"], name: "Ammonium", kind: "reference", threshold: max(0.1, "mg/L"), substance: "NH4" },
  { codes: ["1447"], name: "Bactéries coliformes", kind: "reference", threshold: max(0, "n/(100mL)") },
  { codes: ["1042"], name: "Spores de bactéries sulfito-réductrices", kind: "reference", threshold: max(0, "n/(100mL)") },
  // Référence de qualité 0/100 mL (arrêté du 11 janvier 2007 as amended, annexe I, II, « Clostridium
  // perfringens (spores comprises) »). Its SANDRE code is not verified in real data: by its label.
  { codes: [], label: /clostridium\s*perfringens/i, name: "Clostridium perfringens", kind: "reference", threshold: max(0, "n/(100mL)") },
  { codes: ["1295"], name: "Turbidité", kind: "reference", threshold: max(2, "NFU") },
  { codes: ["1303"], name: "Conductivité", kind: "reference", threshold: { min: 200, max: 1100, unit: "µS/cm" } },
  { codes: ["1302"], name: "pH", kind: "reference", threshold: { min: 6.5, max: 9, unit: "unité pH" } },
];

/**
 * Pesticide metabolites that ANSES classes « non pertinents » for drinking water. For them the
 * rule is not the 0,1 µg/L limit of a pesticide but an indicative value of 0,9 µg/L (ANSES opinion
 * of 11 April 2019 on the relevance of metabolites, applied by the DGS), although Hub'Eau rows may
 * still carry « <=0,1 µg/L ». Table as of 2026-11-23, from the list of metabolites classed
 * non-relevant with the year of their classification (ANSES, relayed by the ministry of health
 * and crop-protection guides). `since`: the day the class applies to samples — the opinion's day
 * when known (2019 batch; ESA-métolachlore 30 September 2022), otherwise, to stay on the safe
 * side, the last day of the year of classification. OXA-alachlore was classed *relevant* (2019):
 * it keeps the 0,1 µg/L limit. Whatever this table says, the ARS verdict of the sample wins.
 */
export interface NonRelevantMetabolite {
  codes: readonly string[];
  label: RegExp;
  name: string;
  since: string;
}

/** « ESA-métolachlore », « Métolachlore ESA », « metolachlor ESA »: both orders, any accents. */
const metabolite = (parent: string, suffix: string) =>
  new RegExp(`^(?:${suffix}[\\s-]*(?:de\\s+l[’']|du\\s+)?(?:s-)?${parent}|(?:s-)?${parent}[\\s-]*${suffix})\\b`, "i");

export const NON_RELEVANT_METABOLITES: readonly NonRelevantMetabolite[] = [
  { codes: [], label: metabolite("ac[ée]tochlor[e]?", "ESA"), name: "ESA-acétochlore", since: "2019-04-11" },
  { codes: [], label: metabolite("ac[ée]tochlor[e]?", "OXA"), name: "OXA-acétochlore", since: "2019-04-11" },
  { codes: [], label: metabolite("alachlor[e]?", "ESA"), name: "ESA-alachlore", since: "2019-04-11" },
  { codes: [], label: metabolite("m[ée]tazachlor[e]?", "ESA"), name: "ESA-métazachlore", since: "2019-04-11" },
  { codes: [], label: metabolite("m[ée]tazachlor[e]?", "OXA"), name: "OXA-métazachlore", since: "2019-04-11" },
  { codes: [], label: /^dim[ée]thachlor[e]?\s*(?:m[ée]tabolite\s*)?CGA\s*354742\b/i, name: "Diméthachlore CGA 354742", since: "2019-12-31" },
  { codes: [], label: /^dim[ée]thachlor[e]?\s*(?:m[ée]tabolite\s*)?CGA\s*369873\b/i, name: "Diméthachlore CGA 369873", since: "2020-12-31" },
  { codes: [], label: metabolite("m[ée]tolachlor[e]?", "OXA"), name: "OXA-métolachlore", since: "2021-12-31" },
  { codes: ["6854"], label: metabolite("m[ée]tolachlor[e]?", "ESA"), name: "ESA-métolachlore", since: "2022-09-30" },
  { codes: [], label: /^(?:s-)?m[ée]tolachlor[e]?\s*NOA\s*413173\b/i, name: "Métolachlore NOA 413173", since: "2022-12-31" },
  { codes: [], label: metabolite("dim[ée]th[ée]namide", "ESA"), name: "ESA-diméthénamide", since: "2022-12-31" },
  { codes: [], label: metabolite("dim[ée]th[ée]namide", "OXA"), name: "OXA-diméthénamide", since: "2022-12-31" },
  { codes: [], label: /^chlorothalonil\s*(?:m[ée]tabolite\s*)?R\s*471811\b/i, name: "Chlorothalonil R471811", since: "2024-12-31" },
];

/** The indicative value of a non-relevant metabolite, µg/L. */
export const NON_RELEVANT_METABOLITE_VALUE = { min: null, max: 0.9, unit: "µg/L" } as const;

export function findNonRelevantMetabolite(code: string, label: string, sampledAt: string): NonRelevantMetabolite | undefined {
  const day = sampledAt.slice(0, 10);
  return NON_RELEVANT_METABOLITES.find((metabolite) => (metabolite.codes.includes(code) || metabolite.label.test(label.trim())) && day >= metabolite.since);
}

/** The SANDRE codes fetched for display (label-matched rules come with the latest samples). */
export const KEY_PARAMETER_CODES: readonly string[] = PARAMETER_RULES.flatMap((rule) => rule.codes);

export function findParameterRule(code: string, label: string): ParameterRule | undefined {
  return PARAMETER_RULES.find((rule) => rule.codes.includes(code)) ?? PARAMETER_RULES.find((rule) => rule.label?.test(label.trim()));
}

/** Whether a result is the sum of 20 PFAS, one of the 20, or no PFAS of the sum. */
export function pfasRoleOf(code: string, label: string): ParameterRule["pfas"] | null {
  return findParameterRule(code, label)?.pfas ?? null;
}

export function displayPriority(code: string, label: string): number {
  const rule = findParameterRule(code, label);
  return rule ? PARAMETER_RULES.indexOf(rule) : Number.POSITIVE_INFINITY;
}
