// Reading the sanitary control's values, limits and units. Hub'Eau writes French decimals
// ("0,05"), qualifiers ("<0,05", ">80") and limits as text ("<=50 mg/L", ">=6,5 et <=9 unité pH").

export interface Measurement {
  /** "<": below the detection/quantification limit `value`; ">": at least `value` */
  qualifier: "<" | ">" | "=";
  value: number;
}

/**
 * The raw alphanumeric result is the truth: resultat_numerique is 0.0 below the detection limit,
 * so it is only used when the text is missing, and a bare 0.0 then reads as "not detected".
 * Null for qualitative results ("Aucun changement anormal").
 */
export function parseMeasurement(raw: string, numericValue: number | null): Measurement | null {
  const text = raw.trim();
  if (text === "") {
    if (numericValue === null || !Number.isFinite(numericValue)) return null;
    return numericValue === 0 ? { qualifier: "<", value: 0 } : { qualifier: "=", value: numericValue };
  }
  const match = /^(<=?|>=?|≤|≥)?\s*([+-]?\d+(?:[.,]\d+)?(?:[eE][+-]?\d+)?)$/.exec(text);
  if (!match) return null;
  const value = parseFrenchNumber(match[2] ?? "");
  if (value === null) return null;
  const sign = match[1] ?? "";
  const qualifier = sign.startsWith("<") || sign === "≤" ? "<" : sign.startsWith(">") || sign === "≥" ? ">" : "=";
  return { qualifier, value };
}

export function parseFrenchNumber(text: string): number | null {
  const value = Number(text.trim().replace(",", "."));
  return text.trim() !== "" && Number.isFinite(value) ? value : null;
}

export interface LimitSpec {
  min: number | null;
  max: number | null;
  /** unit as written after the number(s), "" when none */
  unit: string;
}

/** "<=50 mg/L" → max 50; ">=6,5 et <=9 unité pH" → 6.5..9; ">=200 et <=1100 µS/cm"; null if unreadable. */
export function parseLimitSpec(text: string | null | undefined): LimitSpec | null {
  if (!text) return null;
  const bounds = [...text.matchAll(/(<=?|>=?|≤|≥)\s*([+-]?\d+(?:[.,]\d+)?)/g)];
  if (bounds.length === 0) return null;
  let min: number | null = null;
  let max: number | null = null;
  for (const bound of bounds) {
    const value = parseFrenchNumber(bound[2] ?? "");
    if (value === null) return null;
    if ((bound[1] ?? "").startsWith("<") || bound[1] === "≤") max = value;
    else min = value;
  }
  const last = bounds[bounds.length - 1]!;
  const unit = text.slice((last.index ?? 0) + last[0].length).trim();
  return { min, max, unit };
}

// ---------------------------------------------------------------- units

type UnitFamily = { family: "mass"; factorToMicrograms: number; expressedAs: string | null } | { family: "count100ml" } | { family: "other"; key: string };

/**
 * Classifies a unit so that a limit in µg/L can be compared with a value in mg/L, etc. A chemical
 * qualifier says what the mass is counted as: the ARS writes nitrates « mg(NO3)/L » or
 * « mg/L NO3 », while a limit reads « <=50 mg/L ». It is kept apart (`expressedAs`) so that
 * « mg(NO3)/L » compares with « mg/L » but « mg(N)/L » (as nitrogen, 4,4 times smaller) does not:
 * such a value is first restated as the substance's mass (restateAsSubstance) when we know it.
 */
export function classifyUnit(unit: string): UnitFamily {
  const key = unit
    .normalize("NFKC")
    .toLowerCase()
    .replace(/\u03bc/g, "µ") // Greek mu → micro sign
    .replace(/\s+/g, "")
    .replace(/^ug/, "µg");
  const mass = /^(ng|µg|mg|g)(?:\(([a-z0-9]+)\))?\/l(?:([a-z][a-z0-9]*))?$/.exec(key);
  if (mass) {
    const factors: Record<string, number> = { ng: 0.001, µg: 1, mg: 1000, g: 1_000_000 };
    return { family: "mass", factorToMicrograms: factors[mass[1]!]!, expressedAs: mass[2] ?? mass[3] ?? null };
  }
  if (/^(n|nb|ufc|npp)?\/\(?100ml\)?$/.test(key)) return { family: "count100ml" };
  return { family: "other", key };
}

/** Molar masses (g/mol) of nitrogen and of the nitrogen compounds the sanitary control measures. */
const MOLAR_MASSES_G_PER_MOL: Record<string, number> = { n: 14.0067, no3: 62.0049, no2: 46.0055, nh4: 18.0385 };
const MASS_PREFIXES: Record<number, string> = { 0.001: "ng", 1: "µg", 1000: "mg", 1_000_000: "g" };

/**
 * A value published as the mass of the nitrogen it holds (« 14 mg(N)/L » of nitrates) restated as
 * the mass of the substance itself, in which its limit is written (« mg/L » of NO3): each
 * molecule holds one nitrogen atom, so × 62,0049 / 14,0067 for nitrates. Null when the unit is not
 * a mass counted as nitrogen or the substance is not one of ours (nothing to restate).
 */
export function restateAsSubstance(unit: string, substance: string): { factor: number; unit: string } | null {
  const classified = classifyUnit(unit);
  if (classified.family !== "mass" || classified.expressedAs !== "n") return null;
  const molarMass = MOLAR_MASSES_G_PER_MOL[substance.toLowerCase()];
  const prefix = MASS_PREFIXES[classified.factorToMicrograms];
  if (!molarMass || !prefix) return null;
  return { factor: molarMass / MOLAR_MASSES_G_PER_MOL.n!, unit: `${prefix}/L` };
}

/**
 * Two ways of counting a mass compare when they are the same, or when one side says nothing and
 * the other names a molecule (« no3 »): a bare limit is written for the substance itself. An
 * element alone (« n », « p ») counts only that element's mass and never compares with a bare unit.
 */
function sameExpression(a: string | null, b: string | null): boolean {
  if (a === b) return true;
  const named = a ?? b ?? "";
  return (a === null || b === null) && /\d/.test(named);
}

/**
 * The factor that converts a quantity written in `from` into `to`; null when the units cannot be
 * compared. An empty unit is assumed to match the other side (Hub'Eau omits it on some limits).
 */
export function conversionFactor(from: string, to: string): number | null {
  if (from.trim() === "" || to.trim() === "") return 1;
  const a = classifyUnit(from);
  const b = classifyUnit(to);
  if (a.family === "mass" && b.family === "mass") {
    return sameExpression(a.expressedAs, b.expressedAs) ? a.factorToMicrograms / b.factorToMicrograms : null;
  }
  if (a.family === "count100ml" && b.family === "count100ml") return 1;
  if (a.family === "other" && b.family === "other" && a.key === b.key) return 1;
  return null;
}
