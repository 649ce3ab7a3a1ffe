import type { Level } from "../types.ts";

/** Our scale, for ordering and the colour of our own elements; "neutral" when nothing is rated. */
export type Tone = Exclude<Level, "unavailable"> | "neutral";

/** An official word, with the colours its publisher uses when it has some (ATMO, VigiEau). */
export interface Badge {
  word: string;
  tone: Tone;
  /** the publisher's colour and a text colour chosen for contrast (WCAG AA); null: our tone's */
  colors: { background: string; text: string } | null;
}

export const toneOf = (level: Level): Tone => (level === "unavailable" ? "neutral" : level);
export const badge = (word: string, level: Level, colors: Badge["colors"] = null): Badge => ({ word, tone: toneOf(level), colors });
