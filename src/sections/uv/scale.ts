import type { Level } from "../../core/types.ts";
import type { UvCategory } from "./types.ts";

/**
 * The WHO's categories of the UV index (Global Solar UV Index: A Practical Guide, WHO 2002), with
 * the guide's colours, text for contrast: 0–2 faible, 3–5 modéré, 6–7 élevé, 8–10 très élevé, 11+ extrême.
 */
export const UV_CATEGORIES: ReadonlyArray<{ category: UvCategory; min: number; label: string; level: Level; colors: { background: string; text: string } }> = [
  { category: "faible", min: 0, label: "Faible", level: "good", colors: { background: "#289500", text: "#000000" } },
  { category: "modere", min: 3, label: "Modéré", level: "acceptable", colors: { background: "#F7E400", text: "#2b2800" } },
  { category: "eleve", min: 6, label: "Élevé", level: "concerning", colors: { background: "#F85900", text: "#1f0b00" } },
  { category: "tres_eleve", min: 8, label: "Très élevé", level: "critical", colors: { background: "#D8001D", text: "#ffffff" } },
  { category: "extreme", min: 11, label: "Extrême", level: "critical", colors: { background: "#6B49C8", text: "#ffffff" } },
];

/** The WHO category of a UV index, read as the WHO scale does: rounded to the nearest integer. */
export function uvCategoryOf(uvIndex: number) {
  const rounded = Math.max(0, Math.round(uvIndex));
  return [...UV_CATEGORIES].reverse().find((entry) => rounded >= entry.min) ?? UV_CATEGORIES[0]!;
}

export const UV_COLORS: Record<UvCategory, { background: string; text: string }> = /* @__PURE__ */ Object.fromEntries(
  /* @__PURE__ */ UV_CATEGORIES.map((entry) => [entry.category, entry.colors]),
) as Record<UvCategory, { background: string; text: string }>;
