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
 * perfluoroalkyl carboxylic acids and sulfonic acids of 4 to 13 carbons, by the name every channel
 * gives them (how their laboratory labels are recognised: parameters.ts).
 */
export const PFAS_OF_THE_SUM = [
  "PFBA",
  "PFPeA",
  "PFHxA",
  "PFHpA",
  "PFOA",
  "PFNA",
  "PFDA",
  "PFUnDA",
  "PFDoDA",
  "PFTrDA",
  "PFBS",
  "PFPeS",
  "PFHxS",
  "PFHpS",
  "PFOS",
  "PFNS",
  "PFDS",
  "PFUnDS",
  "PFDoDS",
  "PFTrDS",
] as const;

export type PfasOfTheSum = (typeof PFAS_OF_THE_SUM)[number];

/**
 * Whether a row of the report is one of the 20 PFAS of the sum, judged alone against the sum's
 * limit: its readable name is the one the table gives that PFAS (evaluateParameter names a row after
 * the rule it matched, and only these rules carry these names).
 */
export function isOneOfThePfasSum(name: string): boolean {
  return (PFAS_OF_THE_SUM as readonly string[]).includes(name);
}
