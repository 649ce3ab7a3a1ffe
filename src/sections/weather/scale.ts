import type { Level } from "../../core/types.ts";
import type { VigilanceColor, VigilancePhenomenon } from "./types.ts";

/** Météo-France's colour ids (1 vert … 4 rouge) in words. */
export const VIGILANCE_COLOR_OF_ID: Record<1 | 2 | 3 | 4, VigilanceColor> = { 1: "vert", 2: "jaune", 3: "orange", 4: "rouge" };

/** « Vigilance verte » … « Vigilance rouge »: Météo-France's words. */
export const VIGILANCE_LABELS: Record<VigilanceColor, string> = {
  vert: "Vigilance verte",
  jaune: "Vigilance jaune",
  orange: "Vigilance orange",
  rouge: "Vigilance rouge",
};

/** The map's colours (vigilance.meteofrance.fr), text for contrast (WCAG AA). */
export const VIGILANCE_COLORS: Record<VigilanceColor, { background: string; text: string }> = {
  vert: { background: "#31AA35", text: "#0b1f0b" },
  jaune: { background: "#FFF600", text: "#2b2800" },
  orange: { background: "#FFB82B", text: "#2b1d00" },
  rouge: { background: "#CC0000", text: "#ffffff" },
};

/** vert → good, jaune → acceptable, orange → concerning, rouge → critical. */
export const VIGILANCE_LEVELS: Record<VigilanceColor, Level> = { vert: "good", jaune: "acceptable", orange: "concerning", rouge: "critical" };

/** Météo-France's phenomenon ids (1…9) and their names on the vigilance map. */
export const VIGILANCE_PHENOMENA: ReadonlyArray<{ id: number; phenomenon: VigilancePhenomenon; name: string }> = [
  { id: 1, phenomenon: "vent", name: "Vent violent" },
  { id: 2, phenomenon: "pluie_inondation", name: "Pluie-inondation" },
  { id: 3, phenomenon: "orages", name: "Orages" },
  { id: 4, phenomenon: "crues", name: "Crues" },
  { id: 5, phenomenon: "neige_verglas", name: "Neige-verglas" },
  { id: 6, phenomenon: "canicule", name: "Canicule" },
  { id: 7, phenomenon: "grand_froid", name: "Grand froid" },
  { id: 8, phenomenon: "avalanches", name: "Avalanches" },
  { id: 9, phenomenon: "vagues_submersion", name: "Vagues-submersion" },
];

export const VIGILANCE_PHENOMENON_NAMES: Record<VigilancePhenomenon, string> = /* @__PURE__ */ Object.fromEntries(
  /* @__PURE__ */ VIGILANCE_PHENOMENA.map((entry) => [entry.phenomenon, entry.name]),
) as Record<VigilancePhenomenon, string>;
