import { ATMO_COLORS } from "../air/atmo-scale.ts";
import type { Level } from "../../core/types.ts";
import type { PollenTaxon } from "./types.ts";

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

/**
 * The index's colours, text for contrast (WCAG AA): Atmo France gave the indice pollen the ATMO
 * index's palette, rank for rank (1 to 6), so they are the same values, from one place.
 */
export const POLLEN_COLORS: Record<number, { background: string; text: string }> = /* @__PURE__ */ Object.fromEntries(
  /* @__PURE__ */ [1, 2, 3, 4, 5, 6].map((code) => [code, ATMO_COLORS[code]!]),
);

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
