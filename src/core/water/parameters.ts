// Our own table of drinking-water thresholds, used only when Hub'Eau gives no limit or reference
// with a result. Sources: arrêté du 11 janvier 2007 as amended on 30 December 2022 (limits and
// references of quality), and the specification's comfort threshold for chlorine.

export type ThresholdKind = "limite" | "reference" | "confort";

export interface ParameterRule {
  /** SANDRE codes, when verified in real data */
  codes: readonly string[];
  /** matches libelle_parametre when the code is unknown or unverified */
  label?: RegExp;
  /** short French name for the UI */
  name: string;
  kind: ThresholdKind;
  /** built-in threshold (when Hub'Eau gives none); null for "no regulatory value" */
  threshold: { min: number | null; max: number | null; unit: string } | null;
  /** the threshold applies to samples taken from this day on (PFAS: 1 January 2026) */
  appliesFrom?: string;
  /** the kind is ours whatever Hub'Eau says (chlorine has no regulatory limit) */
  forceKind?: boolean;
}

const max = (value: number, unit: string) => ({ min: null, max: value, unit });

/**
 * In display priority order: after any parameter at « À surveiller » or worse, the first six of
 * these that have a result are shown.
 */
export const PARAMETER_RULES: readonly ParameterRule[] = [
  { codes: ["1340"], name: "Nitrates", kind: "limite", threshold: max(50, "mg/L") },
  // The total carries the 0.5 µg/L limit; each substance 0.1 µg/L (given by Hub'Eau with the result).
  { codes: ["6276"], name: "Pesticides (total)", kind: "limite", threshold: max(0.5, "µg/L") },
  { codes: ["8847"], name: "PFAS (somme de 20)", kind: "limite", threshold: max(0.1, "µg/L"), appliesFrom: "2026-01-01" },
  { codes: ["1382"], name: "Plomb", kind: "limite", threshold: max(10, "µg/L") },
  { codes: ["1449"], name: "Escherichia coli", kind: "limite", threshold: max(0, "n/(100mL)") },
  { codes: ["6455"], name: "Entérocoques", kind: "limite", threshold: max(0, "n/(100mL)") },
  { codes: ["1339"], name: "Nitrites", kind: "limite", threshold: max(0.5, "mg/L") },
  { codes: ["1369"], name: "Arsenic", kind: "limite", threshold: max(10, "µg/L") },
  { codes: ["1386"], name: "Nickel", kind: "limite", threshold: max(20, "µg/L") },
  { codes: ["1753"], name: "Chlorure de vinyle", kind: "limite", threshold: max(0.5, "µg/L") },
  { codes: [], label: /^cuivre\b/i, name: "Cuivre", kind: "limite", threshold: max(2, "mg/L") },
  { codes: [], label: /^chrome\b/i, name: "Chrome", kind: "limite", threshold: max(50, "µg/L") },
  { codes: [], label: /benzo\s*\(\s*a\s*\)\s*pyr[èe]ne/i, name: "Benzo(a)pyrène", kind: "limite", threshold: max(0.01, "µg/L") },
  // PFOA and PFOS have no individual limit; the HCSP value concerns the sum of four PFAS.
  { codes: ["5347"], name: "PFOA", kind: "limite", threshold: null },
  { codes: ["6561"], name: "PFOS", kind: "limite", threshold: null },
  // Chlorine has no regulatory limit: 0.6 mg/L is the specification's comfort threshold.
  { codes: ["1398"], name: "Chlore libre", kind: "confort", threshold: max(0.6, "mg/L"), forceKind: true },
  { codes: ["1399"], name: "Chlore total", kind: "confort", threshold: max(0.6, "mg/L"), forceKind: true },
  // The specification's 0.5 mg/L, used only without Hub'Eau's reference (0.1 mg/L).
  { codes: ["1335"], name: "Ammonium", kind: "reference", threshold: max(0.5, "mg/L") },
  { codes: ["1447"], name: "Bactéries coliformes", kind: "reference", threshold: max(0, "n/(100mL)") },
  { codes: ["1042"], name: "Spores de bactéries sulfito-réductrices", kind: "reference", threshold: max(0, "n/(100mL)") },
  { codes: ["1295"], name: "Turbidité", kind: "reference", threshold: max(2, "NFU") },
  { codes: ["1303"], name: "Conductivité", kind: "reference", threshold: { min: 200, max: 1100, unit: "µS/cm" } },
  { codes: ["1302"], name: "pH", kind: "reference", threshold: { min: 6.5, max: 9, unit: "unité pH" } },
];

/** The SANDRE codes fetched for display (label-matched rules come with the latest samples). */
export const KEY_PARAMETER_CODES: readonly string[] = PARAMETER_RULES.flatMap((rule) => rule.codes);

export function findParameterRule(code: string, label: string): ParameterRule | undefined {
  return (
    PARAMETER_RULES.find((rule) => rule.codes.includes(code)) ??
    PARAMETER_RULES.find((rule) => rule.codes.length === 0 && rule.label?.test(label.trim()))
  );
}

export function displayPriority(code: string, label: string): number {
  const rule = findParameterRule(code, label);
  return rule ? PARAMETER_RULES.indexOf(rule) : Number.POSITIVE_INFINITY;
}
