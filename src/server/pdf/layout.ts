// The PDF's layout engine: a cursor that flows content down A4 pages, and the blocks it draws —
// paragraphs, « label : value » fields, tags (badges), bullets, rules, tables — with the measure
// and keep-together rules that decide where a page ends. Nothing here knows the report: its
// drawing (report-pdf.ts, section-document.ts) is written on top of these.
//
// Every drawer draws on a Canvas, so the same code runs dry (a blank canvas) to measure a block or
// to try a whole layout: the pagination (planLayout) lays the document out first, then draws it
// with the plan that leaves no near-empty last page.
import { PageSizes, rgb, type PDFFont, type PDFPage, type RGB } from "pdf-lib";
import type { Badge, Tone } from "../../core/report/badge.ts";
import { frenchTypography } from "../../core/shared/format.ts";
import { toWinAnsi } from "./pdf-text.ts";

const [A4_WIDTH, A4_HEIGHT] = PageSizes.A4;
export const PAGE_WIDTH = A4_WIDTH;
export const PAGE_HEIGHT = A4_HEIGHT;
export const MARGIN_X = 50;
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X;
export const HEADER_HEIGHT = 46;
export const CONTENT_TOP = PAGE_HEIGHT - HEADER_HEIGHT - 30;
export const CONTENT_BOTTOM = 62;
export const CONTENT_HEIGHT = CONTENT_TOP - CONTENT_BOTTOM;
const LINE_SPACING = 1.38;
/** Helvetica's capital height, as a share of the type size (718/1000 in its metrics). */
const CAP_HEIGHT = 0.718;

/** A last page (of the document, or of an address) holding less than this share of a page's content height reads as left over. */
export const NEAR_EMPTY_SHARE = 0.2;
/** A page the pagination ends early, to carry lines over to the last page, keeps at least this share. */
const BALANCED_PAGE_SHARE = 0.5;
/** Gap scales tried, mildest first, when tightening the gaps saves the near-empty last page. */
const TIGHTER_GAP_SCALES = [0.85, 0.7] as const;

/** The site's colours (tokens of src/styles/base.css), so that the paper looks like the page. */
export const COLORS = {
  text: hexToRgb("#1b2428"), // --color-text
  muted: hexToRgb("#4f5b62"), // --color-muted
  accent: hexToRgb("#0b5e55"), // --color-primary
  band: hexToRgb("#e2f1ee"), // --color-primary-soft
  rule: hexToRgb("#c9d3d1"), // --color-border
};

export interface TagColors {
  background: RGB;
  text: RGB;
}

/** Our tones: pale background and dark text of the same hue, readable in print and in grey scale. */
export const TONE_COLORS: Record<Tone, TagColors> = {
  excellent: { background: rgb(0.86, 0.94, 0.88), text: rgb(0.09, 0.38, 0.2) },
  good: { background: rgb(0.89, 0.95, 0.89), text: rgb(0.15, 0.42, 0.2) },
  acceptable: { background: rgb(0.95, 0.94, 0.84), text: rgb(0.4, 0.37, 0.08) },
  concerning: { background: rgb(0.99, 0.91, 0.82), text: rgb(0.56, 0.29, 0.04) },
  critical: { background: rgb(0.98, 0.87, 0.86), text: rgb(0.62, 0.13, 0.11) },
  neutral: { background: rgb(0.92, 0.92, 0.93), text: rgb(0.35, 0.36, 0.39) },
};

export function hexToRgb(hex: string): RGB {
  const value = Number.parseInt(hex.replace(/^#/, ""), 16);
  return rgb(((value >> 16) & 0xff) / 255, ((value >> 8) & 0xff) / 255, (value & 0xff) / 255);
}

/** An official word keeps its publisher's colours (ATMO, VigiEau); the others take our tone's. */
export function colorsOf(badge: Badge): TagColors {
  return badge.colors ? { background: hexToRgb(badge.colors.background), text: hexToRgb(badge.colors.text) } : TONE_COLORS[badge.tone];
}

// ---------------------------------------------------------------- cursor, pages, pagination

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** What the drawers draw on: a pdf-lib page, or nothing at all when measuring. */
export type Canvas = Pick<PDFPage, "drawText" | "drawRectangle" | "drawLine" | "drawCircle">;

const BLANK_CANVAS: Canvas = {
  drawText: () => undefined,
  drawRectangle: () => undefined,
  drawLine: () => undefined,
  drawCircle: () => undefined,
};

/** How a layout differs from the plain one: its gaps' scale and the marks where a page must end. */
export interface LayoutPlan {
  gapScale: number;
  breakBefore: ReadonlySet<number>;
}

export const PLAIN_PLAN: LayoutPlan = { gapScale: 1, breakBefore: new Set() };

/** Why a page ended. */
export type PageEnd =
  /** the next block (or line) needed more height than the page had left */
  | { kind: "overflow"; neededHeight: number; leftHeight: number }
  /** the content asked for a new page (a new address) */
  | { kind: "forced" }
  /** ended early so that the last page carries more than a few lines */
  | { kind: "balanced" }
  | { kind: "end" };

export interface PageStats {
  /** from the content's top to the lowest point drawn on, in points */
  usedHeight: number;
  end: PageEnd;
}

export interface LayoutStats {
  contentHeight: number;
  pages: PageStats[];
  plan: LayoutPlan;
}

interface Mark {
  id: number;
  page: number;
  y: number;
}

interface Flow {
  plan: LayoutPlan;
  openPage: () => Canvas;
  top: number;
  bottom: number;
  pages: PageStats[];
  marks: Mark[];
  nextMark: number;
}

/** Where the next line goes; pages are added as content flows. */
export interface Cursor {
  fonts: Fonts;
  canvas: Canvas;
  y: number;
  /** resolves the site's own relative links (« /sources ») so they mean something on paper */
  siteUrl: string | null;
  /** wrapped lines by font, size, width and text: a render lays its text out several times */
  lineCache: Map<string, string[]>;
  flow: Flow;
}

/** What a layout needs besides its drawing: fonts, the site's address, a cache of wrapped lines shared by the runs of one render. */
export interface LayoutSetup {
  fonts: Fonts;
  siteUrl: string | null;
  lineCache: Map<string, string[]>;
}

/** Draws `draw` on pages from `openPage`, following `plan`; returns how full each page ended. */
export function runLayout(setup: LayoutSetup & { plan: LayoutPlan; openPage: () => Canvas }, draw: (cursor: Cursor) => void): LayoutStats & { marks: Mark[] } {
  const flow: Flow = { plan: setup.plan, openPage: setup.openPage, top: CONTENT_TOP, bottom: CONTENT_BOTTOM, pages: [], marks: [], nextMark: 0 };
  const cursor: Cursor = { fonts: setup.fonts, canvas: setup.openPage(), y: CONTENT_TOP, siteUrl: setup.siteUrl, lineCache: setup.lineCache, flow };
  draw(cursor);
  flow.pages.push({ usedHeight: usedHeightOf(cursor), end: { kind: "end" } });
  return { contentHeight: CONTENT_HEIGHT, pages: flow.pages, plan: setup.plan, marks: flow.marks };
}

/**
 * The plan that draws `draw` without a near-empty last page — the document's, and each address's
 * before the page its successor starts — found by dry runs: the plain layout when every such page
 * holds enough; else tighter gaps when they save the pages; else pages ended at earlier break
 * marks, so that each of those last pages carries what followed its mark.
 */
export function planLayout(setup: LayoutSetup, draw: (cursor: Cursor) => void): LayoutPlan {
  const dryRun = (plan: LayoutPlan) => runLayout({ ...setup, plan, openPage: () => BLANK_CANVAS }, draw);
  const plain = dryRun(PLAIN_PLAN);
  const leftOver = nearEmptyLastPages(plain).length;
  if (leftOver === 0) return PLAIN_PLAN;
  for (const gapScale of TIGHTER_GAP_SCALES) {
    const plan = { gapScale, breakBefore: new Set<number>() };
    const tighter = dryRun(plan);
    if (tighter.pages.length < plain.pages.length && nearEmptyLastPages(tighter).length === 0) return plan;
  }
  const balanced = balancedPlanOf(plain);
  const result = dryRun(balanced);
  return result.pages.length <= plain.pages.length && nearEmptyLastPages(result).length < leftOver ? balanced : PLAIN_PLAN;
}

/**
 * The pages that end a run of content (the document's last, or one followed by a forced page)
 * while holding less than NEAR_EMPTY_SHARE, when the run had a page before them.
 */
export function nearEmptyLastPages(stats: Pick<LayoutStats, "pages" | "contentHeight">): number[] {
  return stats.pages.flatMap((page, index) => {
    const endsRun = page.end.kind === "end" || page.end.kind === "forced";
    const previous = stats.pages[index - 1];
    const runGoesOn = previous !== undefined && previous.end.kind !== "forced";
    return endsRun && runGoesOn && page.usedHeight < NEAR_EMPTY_SHARE * stats.contentHeight ? [index] : [];
  });
}

/** For each near-empty last page, the latest mark of the page before it that leaves that page half full and fills the last one enough. */
function balancedPlanOf(stats: LayoutStats & { marks: Mark[] }): LayoutPlan {
  const breakBefore = new Set<number>();
  for (const lastIndex of nearEmptyLastPages(stats)) {
    const last = stats.pages[lastIndex];
    const previous = stats.pages[lastIndex - 1];
    if (!last || !previous) continue;
    const previousBottom = CONTENT_TOP - previous.usedHeight;
    const candidates = stats.marks.filter((mark) => mark.page === lastIndex - 1 && mark.y < CONTENT_TOP).sort((a, b) => a.y - b.y);
    for (const mark of candidates) {
      if (CONTENT_TOP - mark.y < BALANCED_PAGE_SHARE * CONTENT_HEIGHT) break;
      const lastHeight = last.usedHeight + (mark.y - previousBottom);
      if (lastHeight >= NEAR_EMPTY_SHARE * CONTENT_HEIGHT && lastHeight <= CONTENT_HEIGHT) {
        breakBefore.add(mark.id);
        break;
      }
    }
  }
  return { gapScale: 1, breakBefore };
}

function usedHeightOf(cursor: Cursor): number {
  return Math.min(CONTENT_HEIGHT, Math.max(0, cursor.flow.top - cursor.y));
}

function startPage(cursor: Cursor, end: PageEnd): void {
  cursor.flow.pages.push({ usedHeight: usedHeightOf(cursor), end });
  cursor.canvas = cursor.flow.openPage();
  cursor.y = cursor.flow.top;
}

/** A new page that the content asks for (each address starts one). */
export function startNewPage(cursor: Cursor): void {
  startPage(cursor, { kind: "forced" });
}

/** Moves to a new page when the next `height` points do not fit; returns whether it did. */
export function ensureSpace(cursor: Cursor, height: number): boolean {
  const left = cursor.y - cursor.flow.bottom;
  // At a page's top, a new page would only add a blank one.
  if (height <= left || cursor.y >= cursor.flow.top) return false;
  startPage(cursor, { kind: "overflow", neededHeight: height, leftHeight: left });
  return true;
}

/** The height left above the page's bottom margin. */
export function spaceLeft(cursor: Cursor): number {
  return cursor.y - cursor.flow.bottom;
}

/** Vertical space between blocks: the part of the layout the pagination may tighten. */
export function gap(cursor: Cursor, points: number): void {
  cursor.y -= points * cursor.flow.plan.gapScale;
}

/** A place where a page may end (before a section, an advice, an item of a list); the pagination ends a page at one when it balances the last page. */
export function markBreak(cursor: Cursor): void {
  const { flow } = cursor;
  const id = flow.nextMark++;
  if (flow.plan.breakBefore.has(id) && cursor.y < flow.top) startPage(cursor, { kind: "balanced" });
  flow.marks.push({ id, page: flow.pages.length, y: cursor.y });
}

/** The height `draw` would take from here, drawn on nothing and never broken across pages. */
export function measureHeight(cursor: Cursor, draw: (cursor: Cursor) => void): number {
  // The same gaps, none of the plan's page ends: the marks inside are not the flow's.
  const plan = { gapScale: cursor.flow.plan.gapScale, breakBefore: new Set<number>() };
  const flow: Flow = { plan, openPage: () => BLANK_CANVAS, top: 0, bottom: -Infinity, pages: [], marks: [], nextMark: 0 };
  const scratch: Cursor = { ...cursor, canvas: BLANK_CANVAS, y: 0, flow };
  draw(scratch);
  return -scratch.y;
}

/**
 * Draws `draw` on one page when it fits on one: a new page first when it does not fit here. A block
 * taller than `maxHeight` only keeps that much together (a long list may still break inside).
 */
export function keepTogether(cursor: Cursor, draw: (cursor: Cursor) => void, maxHeight = CONTENT_HEIGHT): void {
  ensureSpace(cursor, Math.min(measureHeight(cursor, draw), maxHeight));
  draw(cursor);
}

export function printableUrl(cursor: Cursor, url: string): string {
  return url.startsWith("/") && cursor.siteUrl ? `${cursor.siteUrl.replace(/\/+$/, "")}${url}` : url;
}

// ---------------------------------------------------------------- text

export interface TextStyle {
  bold?: boolean;
  size?: number;
  color?: RGB;
  indent?: number;
  width?: number;
}

/** Every drawn string goes through here: French spacing first, then what Helvetica can encode. */
export function prepare(text: string): string {
  return toWinAnsi(frenchTypography(text));
}

export function lineHeightOf(size: number): number {
  return size * LINE_SPACING;
}

/**
 * Greedy word wrap on ordinary spaces only, so the no-break spaces of French typography keep
 * « 12 mg/L » or « Alerte : » together; a word wider than the line (a URL) is cut anywhere.
 */
export function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const widthOf = (value: string) => font.widthOfTextAtSize(value, size);
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    for (const word of paragraph.split(" ").filter((part) => part !== "")) {
      const candidate = line === "" ? word : `${line} ${word}`;
      if (widthOf(candidate) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line !== "") lines.push(line);
      line = "";
      for (const char of word) {
        if (line !== "" && widthOf(line + char) > maxWidth) {
          lines.push(line);
          line = "";
        }
        line += char;
      }
    }
    lines.push(line);
  }
  return lines;
}

/** `text` prepared and wrapped, each distinct paragraph wrapped once per render. */
export function linesOf(cursor: Cursor, text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const key = `${font.name}|${size}|${maxWidth}|${text}`;
  const cached = cursor.lineCache.get(key);
  if (cached) return cached;
  const lines = wrapText(prepare(text), font, size, maxWidth);
  cursor.lineCache.set(key, lines);
  return lines;
}

/** The height a paragraph will take, to size a column or a background. */
export function measureParagraph(cursor: Cursor, text: string, style: TextStyle & { width: number }): number {
  const font = style.bold ? cursor.fonts.bold : cursor.fonts.regular;
  const size = style.size ?? 10;
  return linesOf(cursor, text, font, size, style.width).length * lineHeightOf(size);
}

/** Wrapped lines, each moved to a new page when it does not fit. */
export function drawParagraph(cursor: Cursor, text: string, style: TextStyle = {}, gapAfter = 4): void {
  const { size = 10, color = COLORS.text, indent = 0 } = style;
  const font = style.bold ? cursor.fonts.bold : cursor.fonts.regular;
  for (const line of linesOf(cursor, text, font, size, style.width ?? CONTENT_WIDTH - indent)) {
    ensureSpace(cursor, lineHeightOf(size));
    cursor.canvas.drawText(line, { x: MARGIN_X + indent, y: cursor.y - size, size, font, color });
    cursor.y -= lineHeightOf(size);
  }
  gap(cursor, gapAfter);
}

/** « Label : value » with the label in bold and the value wrapped under itself. */
export function drawField(cursor: Cursor, label: string, value: string, options: { indent?: number; size?: number; color?: RGB } = {}): void {
  const { indent = 0, size = 10, color = COLORS.text } = options;
  const labelText = prepare(`${label} : `);
  const labelWidth = cursor.fonts.bold.widthOfTextAtSize(labelText, size);
  ensureSpace(cursor, lineHeightOf(size));
  cursor.canvas.drawText(labelText, { x: MARGIN_X + indent, y: cursor.y - size, size, font: cursor.fonts.bold, color });
  drawParagraph(cursor, value, { indent: indent + labelWidth, size, color }, 2);
}

export function drawBullets(cursor: Cursor, items: readonly string[], style: TextStyle = {}): void {
  const indent = style.indent ?? 0;
  const size = style.size ?? 10;
  for (const item of items) {
    ensureSpace(cursor, lineHeightOf(size));
    drawBulletMark(cursor, indent + 4, size);
    drawParagraph(cursor, item, { ...style, indent: indent + 14 }, 2);
  }
}

/** The « • » of a list item, on the current line. */
export function drawBulletMark(cursor: Cursor, indent: number, size = 10): void {
  cursor.canvas.drawText(prepare("•"), { x: MARGIN_X + indent, y: cursor.y - size, size, font: cursor.fonts.regular, color: COLORS.muted });
}

/** A thin line across the content width, then `gapAfter`. */
export function drawRule(cursor: Cursor, gapAfter = 10): void {
  drawHorizontalLine(cursor, 0.5);
  gap(cursor, gapAfter);
}

function drawHorizontalLine(cursor: Cursor, thickness: number): void {
  cursor.canvas.drawLine({ start: { x: MARGIN_X, y: cursor.y }, end: { x: PAGE_WIDTH - MARGIN_X, y: cursor.y }, thickness, color: COLORS.rule });
}

// ---------------------------------------------------------------- tags

const TAG_SIZE = 9;
export const TAG_HEIGHT = 16;
const TAG_PADDING = 7;

export function tagWidthOf(font: PDFFont, word: string): number {
  return font.widthOfTextAtSize(prepare(word), TAG_SIZE) + 2 * TAG_PADDING;
}

/** A badge with its word, its left edge at `x` and its top at `topY`; returns its width. */
export function drawTag(canvas: Canvas, font: PDFFont, badge: Badge, x: number, topY: number): number {
  const text = prepare(badge.word);
  const width = tagWidthOf(font, badge.word);
  const { background, text: color } = colorsOf(badge);
  canvas.drawRectangle({ x, y: topY - TAG_HEIGHT, width, height: TAG_HEIGHT, color: background, borderColor: color, borderWidth: 0.6 });
  canvas.drawText(text, { x: x + TAG_PADDING, y: topY - TAG_HEIGHT + 5, size: TAG_SIZE, font, color });
  return width;
}

/** A bold heading followed by its badge on the same line (a drought zone, a bathing site). */
export function drawHeadingWithTag(cursor: Cursor, heading: string, badge: Badge, options: { size?: number; indent?: number } = {}): void {
  const { size = 11, indent = 0 } = options;
  const font = cursor.fonts.bold;
  const tagWidth = tagWidthOf(font, badge.word);
  const lines = linesOf(cursor, heading, font, size, CONTENT_WIDTH - indent - tagWidth - 8);
  const lineHeight = Math.max(lineHeightOf(size), TAG_HEIGHT + 3);
  ensureSpace(cursor, lines.length * lineHeight);
  lines.forEach((line, index) => {
    const baseline = cursor.y - (lineHeight + size) / 2 + 1;
    cursor.canvas.drawText(line, { x: MARGIN_X + indent, y: baseline, size, font, color: COLORS.text });
    if (index === lines.length - 1) {
      const x = MARGIN_X + indent + font.widthOfTextAtSize(line, size) + 8;
      drawTag(cursor.canvas, font, badge, x, cursor.y - (lineHeight - TAG_HEIGHT) / 2);
    }
    cursor.y -= lineHeight;
  });
  gap(cursor, 2);
}

// ---------------------------------------------------------------- tables

export interface CellText {
  text: string;
  size: number;
  bold?: boolean;
  color?: RGB;
}

/** A cell: lines of text, top-aligned, or a badge. */
export type TableCell = { kind: "text"; parts: readonly CellText[] } | { kind: "badge"; badge: Badge };

export interface Table {
  /** each column's header text and its share of the content width */
  columns: ReadonlyArray<{ title: string; share: number }>;
  rows: ReadonlyArray<readonly TableCell[]>;
  size: number;
  padding: number;
  /** "middle": a row's cells centred on its height (a grid of badges) */
  align?: "top" | "middle";
}

/** A grid with a tinted header row, repeated on each page it spans; a rule under every row. */
export function drawTable(cursor: Cursor, table: Table): void {
  const { size, padding } = table;
  const widths = table.columns.map((column) => column.share * CONTENT_WIDTH);
  const header: TableCell[] = table.columns.map((column) => ({ kind: "text", parts: [{ text: column.title, size, bold: true }] }));
  const layoutRow = (cells: readonly TableCell[]) => {
    const laidOut = cells.map((cell, index) => {
      if (cell.kind === "badge") return { kind: "badge" as const, badge: cell.badge, height: TAG_HEIGHT };
      const lines = cell.parts.flatMap((part) =>
        linesOf(cursor, part.text, part.bold ? cursor.fonts.bold : cursor.fonts.regular, part.size, (widths[index] ?? 0) - 2 * padding).map((line) => ({
          ...part,
          text: line,
        })),
      );
      return { kind: "text" as const, lines, height: lines.reduce((sum, line) => sum + lineHeightOf(line.size), 0) };
    });
    return { cells: laidOut, height: Math.max(0, ...laidOut.map((cell) => cell.height)) + 2 * padding };
  };
  const drawRow = (cells: readonly TableCell[], background: RGB | null) => {
    const row = layoutRow(cells);
    if (background) cursor.canvas.drawRectangle({ x: MARGIN_X, y: cursor.y - row.height, width: CONTENT_WIDTH, height: row.height, color: background });
    let x = MARGIN_X;
    row.cells.forEach((cell, index) => {
      const offset = table.align === "middle" ? (row.height - 2 * padding - cell.height) / 2 : 0;
      let y = cursor.y - padding - offset;
      if (cell.kind === "badge") drawTag(cursor.canvas, cursor.fonts.bold, cell.badge, x + padding, y);
      else {
        for (const line of cell.lines) {
          const font = line.bold ? cursor.fonts.bold : cursor.fonts.regular;
          // Centred, a line's capitals sit in the middle of its line box (beside a badge's word).
          const baseline = table.align === "middle" ? y - (lineHeightOf(line.size) + CAP_HEIGHT * line.size) / 2 : y - line.size + 1;
          cursor.canvas.drawText(line.text, { x: x + padding, y: baseline, size: line.size, font, color: line.color ?? COLORS.text });
          y -= lineHeightOf(line.size);
        }
      }
      x += widths[index] ?? 0;
    });
    cursor.y -= row.height;
    drawHorizontalLine(cursor, 0.4);
  };
  // The header never stands alone at a page's foot: it keeps its first row.
  const firstRow = table.rows[0];
  ensureSpace(cursor, layoutRow(header).height + (firstRow ? layoutRow(firstRow).height : 0));
  drawRow(header, COLORS.band);
  for (const cells of table.rows) {
    if (ensureSpace(cursor, layoutRow(cells).height)) drawRow(header, COLORS.band);
    drawRow(cells, null);
  }
}
