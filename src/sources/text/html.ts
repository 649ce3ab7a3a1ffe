// Just enough HTML reading for pages without an API contract, pure and without a DOM library
// (runs in Node and on Workers): elements by class, and entity decoding.
import { decodeWindows1252 } from "./encoding.ts";

export interface HtmlElement {
  /** offset of the opening tag in the page */
  start: number;
  classes: string[];
  inner: string;
}

/** Elements carrying `className` among their classes, with their inner HTML (nesting-aware). */
export function findElementsByClass(html: string, className: string): HtmlElement[] {
  const found: HtmlElement[] = [];
  for (const match of html.matchAll(/<([a-zA-Z][a-zA-Z0-9]*)(\s[^>]*)?>/g)) {
    const classes = readClassAttribute(match[2] ?? "");
    if (!classes.includes(className) || match[1] === undefined) continue;
    const contentStart = match.index + match[0].length;
    found.push({ start: match.index, classes, inner: html.slice(contentStart, findClosingTag(html, match[1], contentStart)) });
  }
  return found;
}

function readClassAttribute(attributes: string): string[] {
  const match = /(?:^|\s)class\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(attributes);
  const value = match?.[1] ?? match?.[2] ?? match?.[3] ?? "";
  return value.split(/\s+/).filter(Boolean);
}

/** Offset of the tag closing the element whose content starts at `from`; tolerant of a missing close. */
export function findClosingTag(html: string, tag: string, from: number): number {
  const tags = new RegExp(`<(/?)${tag}\\b[^>]*>`, "gi");
  tags.lastIndex = from;
  let depth = 1;
  let firstSiblingOpen: number | null = null;
  for (let match = tags.exec(html); match; match = tags.exec(html)) {
    if (match[1]) depth -= 1;
    else {
      depth += 1;
      firstSiblingOpen ??= match.index;
    }
    if (depth === 0) return match.index;
  }
  // Old JSP markup may omit `</td>`: end at the next element of the same name rather than swallow the page.
  return firstSiblingOpen ?? html.length;
}

const ACCENT_MARKS: Record<string, string> = { acute: "\u0301", grave: "\u0300", circ: "\u0302", uml: "\u0308", cedil: "\u0327", tilde: "\u0303" };

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  laquo: "«",
  raquo: "»",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  hellip: "…",
  ndash: "–",
  mdash: "—",
  deg: "°",
  euro: "€",
  middot: "·",
  bull: "•",
  copy: "©",
  reg: "®",
  trade: "™",
  sup2: "²",
  times: "×",
  aelig: "æ",
  AElig: "Æ",
  oelig: "œ",
  OElig: "Œ",
  szlig: "ß",
  ...Object.fromEntries(
    [..."aeiouycnAEIOUYCN"].flatMap((letter) =>
      Object.entries(ACCENT_MARKS)
        .map(([name, mark]): [string, string] => [`${letter}${name}`, `${letter}${mark}`.normalize("NFC")])
        .filter(([, composed]) => composed.length === 1),
    ),
  ),
};

/**
 * Decodes named (with `;`) and numeric entities in one pass. Numeric references 128–159 are
 * Windows-1252 characters (`&#146;` is ’), as browsers read them on such pages.
 */
export function decodeHtmlEntities(text: string): string {
  return text.replace(
    /&(?:#(\d{1,7});?|#[xX]([0-9a-fA-F]{1,6});?|([A-Za-z][A-Za-z0-9]{1,31});)/g,
    (entity, decimal: string | undefined, hex: string | undefined, name: string | undefined) => {
      if (name !== undefined) return NAMED_ENTITIES[name] ?? entity;
      const code = decimal !== undefined ? Number.parseInt(decimal, 10) : Number.parseInt(hex ?? "", 16);
      if (code >= 0x80 && code <= 0x9f) return decodeWindows1252(Uint8Array.of(code));
      if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return "\ufffd";
      return String.fromCodePoint(code);
    },
  );
}
