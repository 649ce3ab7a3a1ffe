// Text normalisation for pdf-lib's standard fonts (Helvetica), which only encode WinAnsi
// (Windows-1252): drawing any other character throws, and French data is full of them
// (Intl.NumberFormat's narrow no-break space, « ≤ 50 mg/L », NO₂, PM₂.₅).
import { NBSP } from "../../core/shared/format.ts";

/** The non-Latin-1 characters WinAnsi places in 0x80–0x9F; the rest of it is printable Latin-1. */
const WINANSI_EXTRAS = "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ";

/** Code points the standard fonts can draw (checked against pdf-lib's character set in the tests). */
export const WINANSI_CODE_POINTS: ReadonlySet<number> = new Set([
  ...rangeOf(0x20, 0x7e),
  ...rangeOf(0xa0, 0xff),
  ...Array.from(WINANSI_EXTRAS, (char) => char.codePointAt(0) ?? 0),
]);

const REPLACEMENTS: Readonly<Record<string, string>> = {
  // Keep French typography: these spaces must not break a line either.
  "\u202F": NBSP,
  "\u2009": NBSP,
  "\u2007": NBSP,
  "\u2060": NBSP,
  "≤": "<=",
  "≥": ">=",
  "≠": "!=",
  "≈": "~",
  "→": "->",
  "←": "<-",
  "⇒": "=>",
  "✓": "oui",
  "✔": "oui",
  "✗": "non",
  "✘": "non",
  "−": "-",
  "‐": "-",
  "‑": "-",
  "‒": "-",
  "―": "—",
  "′": "'",
  // Greek mu, which some sources type for the micro sign (« μg/L »).
  "\u03BC": "µ",
  "″": '"',
  // No Unicode decomposition, so NFKD cannot help with these letters.
  ł: "l",
  Ł: "L",
  đ: "d",
  Đ: "D",
  ı: "i",
  ŉ: "'n",
};

/**
 * The text with every character the standard fonts cannot encode replaced: special spaces by a
 * no-break space, symbols by an ASCII spelling (≤ → <=), subscripts and foreign accented letters
 * by their base characters (NO₂ → NO2, ő → o), anything else by « ? ». Line feeds are kept for
 * the caller to lay out (the fonts cannot draw them either).
 */
export function toWinAnsi(text: string): string {
  let output = "";
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0;
    if (WINANSI_CODE_POINTS.has(codePoint) || char === "\n") output += char;
    else output += replacementOf(char);
  }
  return output;
}

function replacementOf(char: string): string {
  const explicit = REPLACEMENTS[char];
  if (explicit !== undefined) return explicit;
  if (/\s/u.test(char)) return " ";
  // Zero-width, formatting and control characters would otherwise show up as « ? ».
  if (/[\p{Cf}\p{Cc}]/u.test(char)) return "";
  // Compatibility decomposition: subscript/superscript digits, ligatures, accented letters (㎍ → μg → µg).
  const parts = Array.from(char.normalize("NFKD").replace(/\p{M}/gu, ""), (part) =>
    WINANSI_CODE_POINTS.has(part.codePointAt(0) ?? 0) ? part : REPLACEMENTS[part],
  );
  if (parts.length === 0 || parts.some((part) => part === undefined)) return "?";
  return parts.join("");
}

function rangeOf(first: number, last: number): number[] {
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}
