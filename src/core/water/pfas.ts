// The 20 PFAS of the sum and its limite de qualité, apart from the parameter table (parameters.ts,
// which builds its PFAS rules from them): the report's page needs these few words, not the table.

/**
 * The limite de qualité of the sum of 20 PFAS (arrêté du 11 janvier 2007 as amended on
 * 30 December 2022, annexe I, I, B; directive (UE) 2020/2184), for samples taken from 1 January
 * 2026. Before that day no limit applied: a value is a fact, never a verdict nor a « référence ».
 */
export const PFAS_SUM_LIMIT = { microgramsPerL: 0.1, from: "2026-01-01" } as const;

/**
 * The 20 PFAS of the sum (directive (UE) 2020/2184, annexe III, partie B, point 3): the
 * perfluoroalkyl carboxylic acids and sulfonic acids of 4 to 13 carbons. SANDRE codes verified
 * for PFOA and PFOS only (../shared/DATA-SOURCES.md); the others by their acronym or French name.
 */
export const PFAS_OF_THE_SUM: ReadonlyArray<{ name: string; codes: readonly string[]; acronyms: string; chain: string; acid: "carboxylic" | "sulfonic" }> = [
  { name: "PFBA", codes: [], acronyms: "PFBA", chain: "butan", acid: "carboxylic" },
  { name: "PFPeA", codes: [], acronyms: "PFPeA", chain: "pentan", acid: "carboxylic" },
  { name: "PFHxA", codes: [], acronyms: "PFHxA", chain: "hexan", acid: "carboxylic" },
  { name: "PFHpA", codes: [], acronyms: "PFHpA", chain: "heptan", acid: "carboxylic" },
  { name: "PFOA", codes: ["5347"], acronyms: "PFOA", chain: "octan", acid: "carboxylic" },
  { name: "PFNA", codes: [], acronyms: "PFNA", chain: "nonan", acid: "carboxylic" },
  { name: "PFDA", codes: [], acronyms: "PFDA", chain: "d[ée]can", acid: "carboxylic" },
  { name: "PFUnDA", codes: [], acronyms: "PFUnDA|PFUnA|PFUdA", chain: "und[ée]can", acid: "carboxylic" },
  { name: "PFDoDA", codes: [], acronyms: "PFDoDA|PFDoA", chain: "dod[ée]can", acid: "carboxylic" },
  { name: "PFTrDA", codes: [], acronyms: "PFTrDA|PFTrA", chain: "trid[ée]can", acid: "carboxylic" },
  { name: "PFBS", codes: [], acronyms: "PFBS", chain: "butan", acid: "sulfonic" },
  { name: "PFPeS", codes: [], acronyms: "PFPeS", chain: "pentan", acid: "sulfonic" },
  { name: "PFHxS", codes: [], acronyms: "PFHxS", chain: "hexan", acid: "sulfonic" },
  { name: "PFHpS", codes: [], acronyms: "PFHpS", chain: "heptan", acid: "sulfonic" },
  { name: "PFOS", codes: ["6561"], acronyms: "PFOS", chain: "octan", acid: "sulfonic" },
  { name: "PFNS", codes: [], acronyms: "PFNS", chain: "nonan", acid: "sulfonic" },
  { name: "PFDS", codes: [], acronyms: "PFDS", chain: "d[ée]can", acid: "sulfonic" },
  { name: "PFUnDS", codes: [], acronyms: "PFUnDS|PFUnS|PFUdS", chain: "und[ée]can", acid: "sulfonic" },
  { name: "PFDoDS", codes: [], acronyms: "PFDoDS|PFDoS", chain: "dod[ée]can", acid: "sulfonic" },
  { name: "PFTrDS", codes: [], acronyms: "PFTrDS|PFTrS", chain: "trid[ée]can", acid: "sulfonic" },
];

/**
 * Whether a row of the report is one of the 20 PFAS of the sum, judged alone against the sum's
 * limit: its readable name is the one the table gives that PFAS (evaluateParameter names a row after
 * the rule it matched, and only these rules carry these names).
 */
export function isOneOfThePfasSum(name: string): boolean {
  return PFAS_OF_THE_SUM.some((substance) => substance.name === name);
}
