import type { Level } from "../types.ts";

/** Order from best to worst; "unavailable" is outside the scale. */
export const LEVEL_ORDER: readonly Exclude<Level, "unavailable">[] = ["excellent", "good", "acceptable", "concerning", "critical"];

/** Badge texts shown to the public. */
export const LEVEL_LABELS: Record<Level, string> = {
  excellent: "Excellent",
  good: "Bon",
  acceptable: "Acceptable",
  concerning: "À surveiller",
  critical: "Critique",
  unavailable: "Non disponible",
};

export function levelRank(level: Level): number {
  return level === "unavailable" ? -1 : LEVEL_ORDER.indexOf(level);
}

/** The worst of the given levels, ignoring "unavailable"; "unavailable" when none is rated. */
export function worstLevel(levels: readonly Level[]): Level {
  let worst: Level = "unavailable";
  for (const level of levels) {
    if (levelRank(level) > levelRank(worst)) worst = level;
  }
  return worst;
}
