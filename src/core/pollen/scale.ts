import type { Level, PollenTaxon } from "../types.ts";

/** The official words of the indice pollen (Atmo France, 2024), as `lib_qual` publishes them. */
export const POLLEN_LABELS: Record<number, string> = {
  0: "Indisponible",
  1: "Très faible",
  2: "Faible",
  3: "Modéré",
  4: "Élevé",
  5: "Très élevé",
  6: "Extrêmement élevé",
};

/** The index's colours, as `coul_qual` publishes them, text for contrast (WCAG AA). */
export const POLLEN_COLORS: Record<number, { background: string; text: string }> = {
  1: { background: "#50F0E6", text: "#10302e" },
  2: { background: "#50CCAA", text: "#10302a" },
  3: { background: "#F0E641", text: "#302e0d" },
  4: { background: "#FF5050", text: "#2b0707" },
  5: { background: "#960032", text: "#ffffff" },
  6: { background: "#872181", text: "#ffffff" },
};

/** The six taxa in the order the agencies list them, with the names shown to people. */
export const POLLEN_TAXA: ReadonlyArray<{ taxon: PollenTaxon; name: string }> = [
  { taxon: "aulne", name: "Aulne" },
  { taxon: "bouleau", name: "Bouleau" },
  { taxon: "olivier", name: "Olivier" },
  { taxon: "graminees", name: "Graminées" },
  { taxon: "armoise", name: "Armoise" },
  { taxon: "ambroisie", name: "Ambroisie" },
];

/** Très faible and Faible → good, Modéré → acceptable, Élevé → concerning, Très élevé and worse → critical; 0 or unknown → unavailable. */
export function levelOfPollenCode(code: number | null): Level {
  if (code === 1 || code === 2) return "good";
  if (code === 3) return "acceptable";
  if (code === 4) return "concerning";
  if (code === 5 || code === 6) return "critical";
  return "unavailable";
}
