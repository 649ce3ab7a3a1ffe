// The downloadable report: one A4 PDF for one or several addresses. Pure (pdf-lib and Web APIs
// only) so that it runs the same on Node and on Cloudflare Workers; the standard Helvetica fonts
// avoid shipping a font file, at the price of WinAnsi-only text (see pdf-text.ts).
// The words come from the report's one presentation (core/report/present.ts): this file only lays
// them out, so the PDF says what the page and the emails say.
import { PDFDocument, PageSizes, StandardFonts, rgb, type PDFFont, type PDFPage, type RGB } from "pdf-lib";
import { formatDateFr, frenchTypography } from "../../core/shared/format.ts";
import { timeZoneOfCommune } from "../../core/shared/time.ts";
import {
  adviceInDisplayOrder,
  DISCLAIMER,
  presentReport,
  type AdvicePresentation,
  type AirPresentation,
  type Badge,
  type BathingPresentation,
  type DroughtPresentation,
  type Fact,
  type LevelTable,
  type SectionDocument,
  type ReportPresentation,
  type SectionPresentation,
  type SummaryLine,
  type Tone,
  type WaterHistoryPresentation,
  type WaterPresentation,
  type WaterRowPresentation,
} from "../../core/report/present.ts";
import { layoutWaterChart, placeLimitLabel } from "../../core/report/water-chart.ts";
import type { Recommendation, Report } from "../../core/types.ts";
import { toWinAnsi } from "./pdf-text.ts";

const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.A4;
const MARGIN_X = 50;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X;
const HEADER_HEIGHT = 46;
const CONTENT_TOP = PAGE_HEIGHT - HEADER_HEIGHT - 30;
const CONTENT_BOTTOM = 62;
const LINE_SPACING = 1.38;
const SITE_NAME = "Zone Santé";

/** The site's colours (tokens of src/styles/base.css), so that the paper looks like the page. */
const COLORS = {
  text: hexToRgb("#1b2428"), // --color-text
  muted: hexToRgb("#4f5b62"), // --color-muted
  accent: hexToRgb("#0b5e55"), // --color-primary
  band: hexToRgb("#e2f1ee"), // --color-primary-soft
  rule: hexToRgb("#c9d3d1"), // --color-border
};

interface TagColors {
  background: RGB;
  text: RGB;
}

/** Our tones: pale background and dark text of the same hue, readable in print and in grey scale. */
const TONE_COLORS: Record<Tone, TagColors> = {
  excellent: { background: rgb(0.86, 0.94, 0.88), text: rgb(0.09, 0.38, 0.2) },
  good: { background: rgb(0.89, 0.95, 0.89), text: rgb(0.15, 0.42, 0.2) },
  acceptable: { background: rgb(0.95, 0.94, 0.84), text: rgb(0.4, 0.37, 0.08) },
  concerning: { background: rgb(0.99, 0.91, 0.82), text: rgb(0.56, 0.29, 0.04) },
  critical: { background: rgb(0.98, 0.87, 0.86), text: rgb(0.62, 0.13, 0.11) },
  neutral: { background: rgb(0.92, 0.92, 0.93), text: rgb(0.35, 0.36, 0.39) },
};

/** Colours only: the severity's words are the presentation's `severityLabel`. */
const SEVERITY_TONES: Record<Recommendation["severity"], Tone> = {
  success: "good",
  info: "neutral",
  warning: "concerning",
  critical: "critical",
};

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Where the next line goes; pages are added as content flows. */
interface Cursor {
  doc: PDFDocument;
  fonts: Fonts;
  page: PDFPage;
  y: number;
  /** resolves the site's own relative links (« /sources ») so they mean something on paper */
  siteUrl: string | null;
}

function printableUrl(cursor: Cursor, url: string): string {
  return url.startsWith("/") && cursor.siteUrl ? `${cursor.siteUrl.replace(/\/+$/, "")}${url}` : url;
}

interface TextStyle {
  bold?: boolean;
  size?: number;
  color?: RGB;
  indent?: number;
  width?: number;
}

/** One address of the PDF: an account's carries the person's name for it (« Maison »). */
export interface NamedReport {
  report: Report;
  nickname: string | null;
}

/** « Maison – 8 Boulevard du Port 80000 Amiens » (as the emails word it), or the address alone. */
function titleOf(entry: NamedReport, presentation: ReportPresentation): string {
  const nickname = entry.nickname?.trim();
  return nickname && nickname !== presentation.title ? `${nickname} – ${presentation.title}` : presentation.title;
}

export async function renderReportPdf(input: {
  reports: ReadonlyArray<Report | NamedReport>;
  generatedAt: Date;
  recipientName?: string | null;
  siteUrl?: string;
  /**
   * "account": the addresses an account follows (the PDF says how many, in /compte's order);
   * "one-off" (default): a report asked from the page, which nobody follows — nothing said of it.
   */
  origin?: "account" | "one-off";
}): Promise<Uint8Array> {
  if (input.reports.length === 0) throw new RangeError("renderReportPdf needs at least one report");
  const entries = input.reports.map((item): NamedReport => ("report" in item ? item : { report: item, nickname: null }));
  const presented = entries.map((entry) => ({ entry, presentation: presentReport(entry.report) }));
  const doc = await PDFDocument.create();
  const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  const cursor: Cursor = { doc, fonts, page: addPage(doc, fonts), y: CONTENT_TOP, siteUrl: input.siteUrl ?? null };

  // The day the PDF was made, on its addresses' calendar: a territory's own when they all share one
  // (a Réunion report made at 21:30 UTC is dated the next day there), Paris's for a mixed list.
  const zones = new Set(entries.map((entry) => timeZoneOfCommune(entry.report.address.citycode)));
  const generatedOn = formatDateFr(input.generatedAt.toISOString(), zones.size === 1 ? [...zones][0] : undefined);
  drawIntro(cursor, { ...input, generatedOn, titles: presented.map(({ entry, presentation }) => titleOf(entry, presentation)) });
  presented.forEach(({ entry, presentation }, index) => {
    if (index > 0) startNewPage(cursor);
    drawReport(cursor, entry.report, { ...presentation, title: titleOf(entry, presentation) });
  });
  drawDisclaimer(cursor, DISCLAIMER);
  drawFooters(doc, fonts);

  // Metadata are PDF text strings (UTF-16), not drawn: no WinAnsi restriction. A reader shows the
  // title rather than the file name (DisplayDocTitle) and reads the text in French (/Lang). The
  // content is not tagged: pdf-lib 1.17 writes no structure tree, marked-content ids nor parent
  // tree, and a hand-made one that missed a single line would mislead screen readers.
  doc.setTitle("Bilan santé-environnement — Zone Santé", { showInWindowTitleBar: true });
  doc.setAuthor(SITE_NAME);
  doc.setCreator(SITE_NAME);
  doc.setProducer(SITE_NAME);
  doc.setLanguage("fr-FR");
  doc.setCreationDate(input.generatedAt);
  doc.setModificationDate(input.generatedAt);
  return doc.save();
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

// ---------------------------------------------------------------- pages

function addPage(doc: PDFDocument, fonts: Fonts): PDFPage {
  const page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  page.drawRectangle({ x: 0, y: PAGE_HEIGHT - HEADER_HEIGHT, width: PAGE_WIDTH, height: HEADER_HEIGHT, color: COLORS.band });
  const baseline = PAGE_HEIGHT - HEADER_HEIGHT / 2 - 4;
  page.drawText(prepare(SITE_NAME), { x: MARGIN_X, y: baseline, size: 13, font: fonts.bold, color: COLORS.accent });
  const subtitle = prepare("Bilan santé-environnement");
  const subtitleWidth = fonts.regular.widthOfTextAtSize(subtitle, 10);
  page.drawText(subtitle, { x: PAGE_WIDTH - MARGIN_X - subtitleWidth, y: baseline, size: 10, font: fonts.regular, color: COLORS.muted });
  return page;
}

function startNewPage(cursor: Cursor): void {
  cursor.page = addPage(cursor.doc, cursor.fonts);
  cursor.y = CONTENT_TOP;
}

/** Moves to a new page when the next `height` points do not fit; returns whether it did. */
function ensureSpace(cursor: Cursor, height: number): boolean {
  if (cursor.y - height >= CONTENT_BOTTOM) return false;
  startNewPage(cursor);
  return true;
}

function drawFooters(doc: PDFDocument, fonts: Fonts): void {
  const pages = doc.getPages();
  pages.forEach((page, index) => {
    page.drawLine({ start: { x: MARGIN_X, y: 44 }, end: { x: PAGE_WIDTH - MARGIN_X, y: 44 }, thickness: 0.5, color: COLORS.rule });
    page.drawText(prepare(SITE_NAME), { x: MARGIN_X, y: 30, size: 8.5, font: fonts.regular, color: COLORS.muted });
    const pageLabel = prepare(`Page ${index + 1} sur ${pages.length}`);
    const width = fonts.regular.widthOfTextAtSize(pageLabel, 8.5);
    page.drawText(pageLabel, { x: PAGE_WIDTH - MARGIN_X - width, y: 30, size: 8.5, font: fonts.regular, color: COLORS.muted });
  });
}

// ---------------------------------------------------------------- text primitives

/** Every drawn string goes through here: French spacing first, then what Helvetica can encode. */
function prepare(text: string): string {
  return toWinAnsi(frenchTypography(text));
}

function lineHeightOf(size: number): number {
  return size * LINE_SPACING;
}

/** The height a paragraph will take, to keep a block on one page or size its background. */
function measureParagraph(cursor: Cursor, text: string, style: TextStyle & { width: number }): number {
  const font = style.bold ? cursor.fonts.bold : cursor.fonts.regular;
  const size = style.size ?? 10;
  return wrapText(prepare(text), font, size, style.width).length * lineHeightOf(size);
}

function drawParagraph(cursor: Cursor, text: string, style: TextStyle = {}, gapAfter = 4): void {
  const { size = 10, color = COLORS.text, indent = 0 } = style;
  const font = style.bold ? cursor.fonts.bold : cursor.fonts.regular;
  for (const line of wrapText(prepare(text), font, size, style.width ?? CONTENT_WIDTH - indent)) {
    ensureSpace(cursor, lineHeightOf(size));
    cursor.page.drawText(line, { x: MARGIN_X + indent, y: cursor.y - size, size, font, color });
    cursor.y -= lineHeightOf(size);
  }
  cursor.y -= gapAfter;
}

/** « Label : value » with the label in bold and the value wrapped under itself. */
function drawField(cursor: Cursor, label: string, value: string, options: { indent?: number; size?: number; color?: RGB } = {}): void {
  const { indent = 0, size = 10, color = COLORS.text } = options;
  const labelText = prepare(`${label} : `);
  const labelWidth = cursor.fonts.bold.widthOfTextAtSize(labelText, size);
  ensureSpace(cursor, lineHeightOf(size));
  cursor.page.drawText(labelText, { x: MARGIN_X + indent, y: cursor.y - size, size, font: cursor.fonts.bold, color });
  drawParagraph(cursor, value, { indent: indent + labelWidth, size, color }, 2);
}

/** An official word keeps its publisher's colours (ATMO, VigiEau); the others take our tone's. */
function colorsOf(badge: Badge): TagColors {
  return badge.colors ? { background: hexToRgb(badge.colors.background), text: hexToRgb(badge.colors.text) } : TONE_COLORS[badge.tone];
}

function hexToRgb(hex: string): RGB {
  const value = Number.parseInt(hex.replace(/^#/, ""), 16);
  return rgb(((value >> 16) & 0xff) / 255, ((value >> 8) & 0xff) / 255, (value & 0xff) / 255);
}

const TAG_SIZE = 9;
const TAG_HEIGHT = 16;
const TAG_PADDING = 7;

function tagWidthOf(font: PDFFont, word: string): number {
  return font.widthOfTextAtSize(prepare(word), TAG_SIZE) + 2 * TAG_PADDING;
}

/** A badge with its word, its left edge at `x` and its top at `topY`; returns its width. */
function drawTag(page: PDFPage, font: PDFFont, badge: Badge, x: number, topY: number): number {
  const text = prepare(badge.word);
  const width = tagWidthOf(font, badge.word);
  const { background, text: color } = colorsOf(badge);
  page.drawRectangle({ x, y: topY - TAG_HEIGHT, width, height: TAG_HEIGHT, color: background, borderColor: color, borderWidth: 0.6 });
  page.drawText(text, { x: x + TAG_PADDING, y: topY - TAG_HEIGHT + 5, size: TAG_SIZE, font, color });
  return width;
}

/** A bold heading followed by its badge on the same line (a drought zone, a bathing site). */
function drawHeadingWithTag(cursor: Cursor, heading: string, badge: Badge, options: { size?: number; indent?: number } = {}): void {
  const { size = 11, indent = 0 } = options;
  const font = cursor.fonts.bold;
  const tagWidth = tagWidthOf(font, badge.word);
  const lines = wrapText(prepare(heading), font, size, CONTENT_WIDTH - indent - tagWidth - 8);
  const lineHeight = Math.max(lineHeightOf(size), TAG_HEIGHT + 3);
  ensureSpace(cursor, lines.length * lineHeight);
  lines.forEach((line, index) => {
    const baseline = cursor.y - (lineHeight + size) / 2 + 1;
    cursor.page.drawText(line, { x: MARGIN_X + indent, y: baseline, size, font, color: COLORS.text });
    if (index === lines.length - 1) {
      const x = MARGIN_X + indent + font.widthOfTextAtSize(line, size) + 8;
      drawTag(cursor.page, font, badge, x, cursor.y - (lineHeight - TAG_HEIGHT) / 2);
    }
    cursor.y -= lineHeight;
  });
  cursor.y -= 2;
}

function drawBullets(cursor: Cursor, items: readonly string[], style: TextStyle = {}): void {
  const indent = style.indent ?? 0;
  const size = style.size ?? 10;
  for (const item of items) {
    ensureSpace(cursor, lineHeightOf(size));
    cursor.page.drawText(prepare("•"), { x: MARGIN_X + indent + 4, y: cursor.y - size, size, font: cursor.fonts.regular, color: COLORS.muted });
    drawParagraph(cursor, item, { ...style, indent: indent + 14 }, 2);
  }
}

function drawRule(cursor: Cursor, gap = 10): void {
  cursor.page.drawLine({ start: { x: MARGIN_X, y: cursor.y }, end: { x: PAGE_WIDTH - MARGIN_X, y: cursor.y }, thickness: 0.5, color: COLORS.rule });
  cursor.y -= gap;
}

// ---------------------------------------------------------------- content

function drawIntro(
  cursor: Cursor,
  input: { titles: readonly string[]; generatedOn: string; recipientName?: string | null; origin?: "account" | "one-off" },
): void {
  drawParagraph(cursor, "Votre bilan santé-environnement", { bold: true, size: 21, color: COLORS.accent }, 6);
  drawParagraph(cursor, `Généré le ${input.generatedOn}`, { color: COLORS.muted }, 2);
  if (input.recipientName) drawParagraph(cursor, `Établi pour ${input.recipientName}`, { color: COLORS.muted }, 2);
  const count = input.titles.length;
  // Only an account's addresses are followed: a report asked from the page says nothing of it.
  if (input.origin === "account") {
    drawParagraph(cursor, `${count} adresse${count > 1 ? "s" : ""} suivie${count > 1 ? "s" : ""}`, { color: COLORS.muted }, 6);
  }
  if (count > 1) {
    input.titles.forEach((title, index) => drawParagraph(cursor, `${index + 1}. ${title}`, { indent: 10 }, 1));
  }
  cursor.y -= 12;
}

function drawReport(cursor: Cursor, report: Report, presentation: ReportPresentation): void {
  const info = report.address_info;
  ensureSpace(cursor, 160);
  drawParagraph(cursor, presentation.title, { bold: true, size: 15, color: COLORS.accent }, 1);
  // A report asked without the city's name still names its commune (the address carries it).
  const commune = info.commune_name || report.address.city;
  const place = [commune ? `${commune} (${info.commune_code})` : "", info.department_name ? `${info.department_name} (${info.department_code})` : ""];
  drawParagraph(cursor, place.filter(Boolean).join(", "), { color: COLORS.muted }, 1);
  drawParagraph(cursor, `Données consultées le ${presentation.consultedOn}`, { size: 9, color: COLORS.muted }, 10);

  drawSummary(cursor, presentation.summary);

  // The registry's order, as on the page: the first four sections' richer drawings, every other section's document.
  const rich: Record<string, () => void> = {
    water: () => drawWater(cursor, presentation.water),
    air: () => drawAir(cursor, presentation.air),
    drought: () => drawDrought(cursor, presentation.drought),
    bathing: () => drawBathing(cursor, presentation.bathing),
  };
  for (const section of presentation.sections) (rich[section.key] ?? (() => drawDocument(cursor, section)))();
  // The page's order: the prominent advice first (present.ts), never the rules' raw order.
  drawAdvice(cursor, adviceInDisplayOrder(presentation.advice));
}

/** « L'essentiel »: one line per domain in the official words, the most important advice first. */
function drawSummary(cursor: Cursor, summary: readonly SummaryLine[]): void {
  const size = 9.5;
  const padding = 10;
  const marker = 7;
  const entries = summary.map((line) => {
    // The sentence starts with its label: set it in a column so the values align.
    const prefix = frenchTypography(`${line.label} : `);
    return line.text.startsWith(prefix) ? { line, label: prefix.trimEnd(), value: line.text.slice(prefix.length) } : { line, label: "", value: line.text };
  });
  const labelWidth = Math.max(0, ...entries.map((entry) => cursor.fonts.bold.widthOfTextAtSize(prepare(entry.label), size))) + 8;
  const valueX = padding + marker + 8 + labelWidth;
  const valueWidth = CONTENT_WIDTH - valueX - padding;
  const heights = entries.map((entry) => Math.max(measureParagraph(cursor, entry.value, { size, width: valueWidth }), lineHeightOf(size)) + 3);
  const titleHeight = lineHeightOf(11) + 4;
  const height = titleHeight + heights.reduce((sum, value) => sum + value, 0) + 2 * padding - 3;
  ensureSpace(cursor, height + 8);
  cursor.page.drawRectangle({ x: MARGIN_X, y: cursor.y - height, width: CONTENT_WIDTH, height, color: COLORS.band });
  cursor.page.drawRectangle({ x: MARGIN_X, y: cursor.y - height, width: 3, height, color: COLORS.accent });
  cursor.y -= padding;
  drawParagraph(cursor, "L'essentiel", { bold: true, size: 11, color: COLORS.accent, indent: padding }, 4);
  entries.forEach((entry, index) => {
    const top = cursor.y;
    // A strong marker: the publisher's colour, else our tone's dark one (its pale background
    // would vanish on the band); a thin dark edge keeps ATMO's light colours visible.
    const badge = entry.line.badge;
    const fill = badge ? (badge.colors ? hexToRgb(badge.colors.background) : TONE_COLORS[badge.tone].text) : COLORS.accent;
    cursor.page.drawRectangle({
      x: MARGIN_X + padding,
      y: top - size + 0.5,
      width: marker,
      height: marker,
      color: fill,
      borderColor: COLORS.text,
      borderWidth: 0.3,
    });
    if (entry.label)
      cursor.page.drawText(prepare(entry.label), { x: MARGIN_X + padding + marker + 8, y: top - size, size, font: cursor.fonts.bold, color: COLORS.text });
    drawParagraph(cursor, entry.value, { size, indent: valueX, width: valueWidth }, 0);
    cursor.y = top - (heights[index] ?? 0);
  });
  cursor.y -= padding - 3 + 8;
}

/** What every section's head and foot show: the older four's presentation and issue 26's alike. */
type SectionFrame = Pick<SectionPresentation, "title" | "headline" | "dateLine" | "message" | "facts" | "notes" | "source" | "attribution">;

function drawSectionStart(cursor: Cursor, section: SectionFrame): void {
  // Keep a heading with at least a few lines of its content.
  ensureSpace(cursor, 90);
  drawRule(cursor, 12);
  const tagWidth = tagWidthOf(cursor.fonts.bold, section.headline.word);
  drawTag(cursor.page, cursor.fonts.bold, section.headline, PAGE_WIDTH - MARGIN_X - tagWidth, cursor.y + 1);
  drawParagraph(cursor, section.title, { bold: true, size: 13, color: COLORS.accent, width: CONTENT_WIDTH - tagWidth - 12 }, 1);
  if (section.dateLine) drawParagraph(cursor, section.dateLine, { size: 9, color: COLORS.muted, width: CONTENT_WIDTH - tagWidth - 12 }, 0);
  cursor.y -= 6;
  if (section.message) drawParagraph(cursor, section.message, { color: COLORS.muted }, 4);
  for (const fact of section.facts) drawField(cursor, fact.term, fact.value);
  if (section.facts.length > 0) cursor.y -= 2;
  for (const note of section.notes) drawParagraph(cursor, note, { size: 9.5 }, 4);
}

function drawSectionEnd(cursor: Cursor, section: Pick<SectionFrame, "source" | "attribution">): void {
  cursor.y -= 4;
  drawParagraph(
    cursor,
    `Source : ${section.source.name} (${printableUrl(cursor, section.source.url)})`,
    { size: 8.5, color: COLORS.muted },
    section.attribution ? 1 : 12,
  );
  if (section.attribution) drawParagraph(cursor, section.attribution, { size: 8.5, color: COLORS.muted }, 12);
}

function drawWater(cursor: Cursor, water: WaterPresentation): void {
  drawSectionStart(cursor, water);
  if (water.networks.hint) drawParagraph(cursor, water.networks.hint, { size: 9, color: COLORS.muted }, 4);
  if (water.rows.length > 0) {
    cursor.y -= 4;
    drawWaterTable(cursor, water.rows);
    for (const row of water.rows) {
      for (const note of row.notes) drawParagraph(cursor, `${row.name} : ${note}`, { size: 8.5, color: COLORS.muted }, 3);
    }
  }
  drawWaterHistory(cursor, water.history);
  drawSectionEnd(cursor, water);
}

/** The charts' box, in points: the same geometry as the page's SVG (core/report/water-chart.ts). */
const HISTORY_CHART = { width: 180, height: 66, margin: { top: 7, right: 8, bottom: 12, left: 26 }, minMonthLabelSpacing: 22, maxValueTicks: 3 } as const;
const HISTORY_GAP = 14;
const HISTORY_MARKER_RADIUS = 2.4;
const HISTORY_TEXT_SIZE = 8.5;

/** « Historique sur 12 mois »: per key parameter, its small chart with its line of text beside it. */
function drawWaterHistory(cursor: Cursor, history: readonly WaterHistoryPresentation[]): void {
  if (history.length === 0) return;
  const textX = HISTORY_CHART.width + HISTORY_GAP;
  const textWidth = CONTENT_WIDTH - textX;
  const rowHeight = (item: WaterHistoryPresentation) =>
    Math.max(HISTORY_CHART.height, lineHeightOf(9.5) + measureParagraph(cursor, item.line, { size: HISTORY_TEXT_SIZE, width: textWidth })) + 6;
  // Keep the heading with the first chart.
  ensureSpace(cursor, lineHeightOf(10.5) + 6 + rowHeight(history[0]!));
  cursor.y -= 4;
  drawParagraph(cursor, "Historique sur 12 mois (eau du robinet)", { bold: true, size: 10.5, color: COLORS.accent }, 2);
  drawParagraph(
    cursor,
    "Un point par prélèvement ; tirets : limite de qualité ; cercle vide sur l'axe : non détecté ; cercle vide relié à l'axe par un pointillé : non quantifié (sous le seuil du laboratoire, sans savoir s'il respecte la limite).",
    { size: 8, color: COLORS.muted },
    6,
  );
  for (const item of history) {
    const height = rowHeight(item);
    ensureSpace(cursor, height);
    const top = cursor.y;
    drawHistoryChart(cursor, item, MARGIN_X, top);
    drawParagraph(cursor, item.name, { bold: true, size: 9.5, indent: textX, width: textWidth }, 0);
    drawParagraph(cursor, item.line, { size: HISTORY_TEXT_SIZE, color: COLORS.muted, indent: textX, width: textWidth }, 0);
    cursor.y = top - height;
  }
  cursor.y -= 4;
}

/** One chart with its top-left corner at (left, top); y grows downwards in the geometry. */
function drawHistoryChart(cursor: Cursor, item: WaterHistoryPresentation, left: number, top: number): void {
  const { page, fonts } = cursor;
  const chart = layoutWaterChart(item.series, { ...HISTORY_CHART, windowEnd: item.windowEnd });
  const at = (x: number, y: number) => ({ x: left + x, y: top - y });
  const { plot } = chart;
  const tickSize = 6;
  for (const tick of chart.valueTicks) {
    if (tick.value !== 0) page.drawLine({ start: at(plot.left, tick.y), end: at(plot.right, tick.y), thickness: 0.3, color: COLORS.rule });
    const label = prepare(tick.label);
    const width = fonts.regular.widthOfTextAtSize(label, tickSize);
    page.drawText(label, { ...at(plot.left - 3 - width, tick.y + tickSize / 3), size: tickSize, font: fonts.regular, color: COLORS.muted });
  }
  for (const tick of chart.monthTicks) {
    page.drawLine({ start: at(tick.x, plot.bottom), end: at(tick.x, plot.bottom + (tick.label ? 2.5 : 1.5)), thickness: 0.5, color: COLORS.muted });
    if (!tick.label) continue;
    const label = prepare(tick.label);
    const width = fonts.regular.widthOfTextAtSize(label, tickSize);
    page.drawText(label, { ...at(tick.x - width / 2, plot.bottom + 3 + tickSize), size: tickSize, font: fonts.regular, color: COLORS.muted });
  }
  page.drawLine({ start: at(plot.left, plot.bottom), end: at(plot.right, plot.bottom), thickness: 0.6, color: COLORS.muted });
  page.drawLine({ start: at(plot.left, plot.top), end: at(plot.left, plot.bottom), thickness: 0.6, color: COLORS.muted });
  const limitColor = TONE_COLORS.critical.text;
  if (chart.limit) {
    page.drawLine({ start: at(plot.left, chart.limit.y), end: at(plot.right, chart.limit.y), thickness: 0.9, color: limitColor, dashArray: [3, 2] });
    if (item.limitLabel) {
      const label = prepare(item.limitLabel);
      const width = fonts.regular.widthOfTextAtSize(label, tickSize);
      const place = placeLimitLabel(chart, { width, height: tickSize * 0.75 }, HISTORY_MARKER_RADIUS);
      if (place)
        page.drawText(label, { ...at(place.anchor === "end" ? place.x - width : place.x, place.y), size: tickSize, font: fonts.regular, color: limitColor });
    }
  }
  for (const point of chart.points) {
    const center = at(point.x, point.y);
    if (point.marker === "not-detected") {
      // « Non détecté »: a hollow ring on the baseline, never a filled point at 0.
      page.drawCircle({ ...center, size: HISTORY_MARKER_RADIUS - 0.2, color: rgb(1, 1, 1), borderColor: COLORS.accent, borderWidth: 0.8 });
    } else if (point.marker === "not-quantified") {
      // « Non quantifié »: a hollow ring at the laboratory's limit, a dotted range down to the axis.
      page.drawLine({
        start: at(point.x, point.y + HISTORY_MARKER_RADIUS),
        end: at(point.x, plot.bottom),
        thickness: 0.6,
        color: COLORS.accent,
        dashArray: [1, 1.5],
      });
      page.drawCircle({ ...center, size: HISTORY_MARKER_RADIUS - 0.2, color: rgb(1, 1, 1), borderColor: COLORS.accent, borderWidth: 0.8 });
    } else {
      const tone = item.points[point.index]?.tone ?? "neutral";
      const fill = tone === "critical" || tone === "concerning" ? TONE_COLORS[tone].text : COLORS.accent;
      page.drawCircle({ ...center, size: HISTORY_MARKER_RADIUS, color: fill, borderColor: rgb(1, 1, 1), borderWidth: 0.4 });
    }
  }
}

interface CellText {
  text: string;
  size: number;
  bold?: boolean;
  color?: RGB;
}

const TABLE_COLUMNS = [
  { title: "Paramètre", share: 0.27 },
  { title: "Résultat", share: 0.16 },
  { title: "Par rapport à la limite", share: 0.37 },
  { title: "Appréciation", share: 0.2 },
] as const;

function drawWaterTable(cursor: Cursor, rows: readonly WaterRowPresentation[]): void {
  const size = 8.5;
  const padding = 4;
  const widths = TABLE_COLUMNS.map((column) => column.share * CONTENT_WIDTH);
  const drawRow = (cells: ReadonlyArray<readonly CellText[]>, background: RGB | null, isHeader: boolean) => {
    const wrapped = cells.map((parts, index) =>
      parts.flatMap((part) =>
        wrapText(prepare(part.text), part.bold ? cursor.fonts.bold : cursor.fonts.regular, part.size, (widths[index] ?? 0) - 2 * padding).map((line) => ({
          ...part,
          text: line,
        })),
      ),
    );
    const height = Math.max(...wrapped.map((lines) => lines.reduce((sum, line) => sum + lineHeightOf(line.size), 0))) + 2 * padding;
    if (ensureSpace(cursor, height) && !isHeader) drawHeader();
    if (background) cursor.page.drawRectangle({ x: MARGIN_X, y: cursor.y - height, width: CONTENT_WIDTH, height, color: background });
    let x = MARGIN_X;
    wrapped.forEach((lines, index) => {
      let y = cursor.y - padding;
      for (const line of lines) {
        cursor.page.drawText(line.text, {
          x: x + padding,
          y: y - line.size + 1,
          size: line.size,
          font: line.bold ? cursor.fonts.bold : cursor.fonts.regular,
          color: line.color ?? COLORS.text,
        });
        y -= lineHeightOf(line.size);
      }
      x += widths[index] ?? 0;
    });
    cursor.y -= height;
    cursor.page.drawLine({ start: { x: MARGIN_X, y: cursor.y }, end: { x: PAGE_WIDTH - MARGIN_X, y: cursor.y }, thickness: 0.4, color: COLORS.rule });
  };
  const drawHeader = () =>
    drawRow(
      TABLE_COLUMNS.map((column) => [{ text: column.title, size, bold: true }]),
      COLORS.band,
      true,
    );
  drawHeader();
  for (const row of rows) {
    const name: CellText[] = [{ text: row.name, size, bold: true }];
    // The laboratory's own label stays as a detail, for whoever compares with the ARS sheet.
    if (row.labLabel) name.push({ text: row.labLabel, size: 7, color: COLORS.muted });
    if (row.dateLine) name.push({ text: row.dateLine, size: 7, color: COLORS.muted });
    drawRow(
      [
        name,
        [{ text: row.value, size }],
        [{ text: row.comparison || "—", size }],
        [{ text: row.badge.word, size, bold: true, color: colorsOf(row.badge).text }],
      ],
      null,
      false,
    );
  }
  cursor.y -= 8;
}

function drawAir(cursor: Cursor, air: AirPresentation): void {
  // The notes introduce the model's values: drawn with them, after the official sub-indices.
  drawSectionStart(cursor, { ...air, notes: [] });
  // The official sub-indices in ATMO's words and colours, before the model's values (each with
  // its daily basis, never read as measurements).
  if (air.subIndices.length > 0) {
    drawParagraph(cursor, "Sous-indices officiels, polluant par polluant (indice ATMO) :", { size: 9.5 }, 2);
    for (const sub of air.subIndices) drawHeadingWithTag(cursor, sub.name, sub.badge, { size: 9.5, indent: 14 });
    cursor.y -= 4;
  }
  for (const note of air.notes) drawParagraph(cursor, note, { size: 9.5 }, 4);
  if (air.modelValues.length > 0) drawBullets(cursor, air.modelValues, { size: 9.5 });
  drawSectionEnd(cursor, air);
}

/** The head of one item of a section (a drought zone, a bathing site): its title with its badge, a muted note, its facts. */
function drawItemHead(
  cursor: Cursor,
  item: { title: string; badge: Badge; note: string | null; facts: Fact[] },
  layout: { gapBefore: number; titleSize?: number; factIndent?: number },
): void {
  cursor.y -= layout.gapBefore;
  ensureSpace(cursor, 6 * lineHeightOf(10));
  drawHeadingWithTag(cursor, item.title, item.badge, layout.titleSize === undefined ? {} : { size: layout.titleSize });
  if (item.note !== null) drawParagraph(cursor, item.note, { size: 9, color: COLORS.muted }, 2);
  for (const fact of item.facts) drawField(cursor, fact.term, fact.value, layout.factIndent === undefined ? {} : { indent: layout.factIndent });
}

function drawDrought(cursor: Cursor, drought: DroughtPresentation): void {
  drawSectionStart(cursor, drought);
  // One block per water type, in VigiEau's order (drinking water, rivers, groundwater), each with
  // its own rules: the drinking-water zone's must not disappear behind a river's crise.
  for (const zone of drought.zones) {
    drawItemHead(cursor, { title: zone.title, badge: zone.badge, note: zone.hint, facts: zone.facts }, { gapBefore: 4 });
    cursor.y -= 2;
    // Keep the count with the first group.
    ensureSpace(cursor, 4 * lineHeightOf(10));
    drawParagraph(cursor, zone.restrictionsSummary, { bold: true }, 3);
    for (const group of zone.groups) {
      ensureSpace(cursor, 3 * lineHeightOf(10));
      drawParagraph(cursor, group.theme, { bold: true, size: 9.5, color: COLORS.accent, indent: 6 }, 2);
      for (const restriction of group.restrictions) {
        ensureSpace(cursor, 2 * lineHeightOf(10));
        cursor.page.drawText(prepare("•"), { x: MARGIN_X + 10, y: cursor.y - 10, size: 10, font: cursor.fonts.regular, color: COLORS.muted });
        drawParagraph(cursor, restriction.usage, { bold: true, indent: 20 }, 0);
        drawParagraph(cursor, restriction.description, { indent: 20 }, 4);
      }
    }
    if (zone.decreeUrl) drawField(cursor, "Texte de l'arrêté", zone.decreeUrl, { size: 9, color: COLORS.muted });
  }
  drawSectionEnd(cursor, drought);
}

function drawBathing(cursor: Cursor, bathing: BathingPresentation): void {
  drawSectionStart(cursor, bathing);
  for (const site of bathing.sites) {
    drawItemHead(cursor, { title: site.name, badge: site.badge, note: site.place, facts: site.facts }, { gapBefore: 2, titleSize: 10.5, factIndent: 8 });
    if (site.line) drawParagraph(cursor, site.line, { size: 9.5, indent: 8 }, 2);
    drawField(cursor, "Fiche officielle", printableUrl(cursor, site.url), { indent: 8, size: 9, color: COLORS.muted });
    cursor.y -= 4;
  }
  // Once for the section, under its sites, as on the page.
  if (bathing.liveRead) drawParagraph(cursor, bathing.liveRead, { color: COLORS.muted, size: 9 }, 2);
  drawSectionEnd(cursor, bathing);
}

/** Any section's document: head, its blocks in order (a grid of official words kept with its heading), source. */
function drawDocument(cursor: Cursor, section: SectionDocument): void {
  const table = section.blocks.find((block) => block.kind === "table");
  // A short grid stays with its heading (the head alone at the foot of a page, its grid overleaf, reads as a blank).
  if (table) ensureSpace(cursor, Math.min(90 + levelTableLayout(cursor, table.table).height, (CONTENT_TOP - CONTENT_BOTTOM) / 2));
  const dateLine = section.blocks.find((block) => block.kind === "date")?.text ?? null;
  drawSectionStart(cursor, {
    title: section.title,
    headline: section.headline,
    dateLine,
    message: null,
    facts: [],
    notes: [],
    source: section.source,
    attribution: section.attribution,
  });
  for (const block of section.blocks) {
    if (block.kind === "message") drawParagraph(cursor, block.text, { color: COLORS.muted }, 4);
    else if (block.kind === "facts") {
      for (const fact of block.facts) drawField(cursor, fact.term, fact.value);
      cursor.y -= 2;
    } else if (block.kind === "table") drawLevelTable(cursor, block.table);
    else if (block.kind === "notes") for (const note of block.notes) drawParagraph(cursor, note, { size: 9.5 }, 4);
  }
  drawSectionEnd(cursor, section);
}

/** The grid as rows: a row per taxon or phenomenon, its official word per day in the publisher's colours. */
function levelTableLayout(cursor: Cursor, table: LevelTable) {
  const size = 8.5;
  const padding = 3;
  const labelWidth = CONTENT_WIDTH * 0.28;
  const columnWidth = (CONTENT_WIDTH - labelWidth) / Math.max(1, table.columns.length);
  const headerLines = table.columns.map((column) => wrapText(prepare(column), cursor.fonts.bold, size, columnWidth - 2 * padding));
  const headerHeight = Math.max(1, ...headerLines.map((lines) => lines.length)) * lineHeightOf(size) + 2 * padding;
  const rowHeight = TAG_HEIGHT + 2 * padding;
  const height = 2 + lineHeightOf(9.5) + 3 + headerHeight + table.rows.length * rowHeight + 8;
  return { size, padding, labelWidth, columnWidth, headerLines, headerHeight, rowHeight, height };
}

function drawLevelTable(cursor: Cursor, table: LevelTable): void {
  const { size, padding, labelWidth, columnWidth, headerLines, headerHeight, rowHeight, height } = levelTableLayout(cursor, table);
  const drawHeader = () => {
    cursor.page.drawRectangle({ x: MARGIN_X, y: cursor.y - headerHeight, width: CONTENT_WIDTH, height: headerHeight, color: COLORS.band });
    headerLines.forEach((lines, index) => {
      lines.forEach((line, lineIndex) => {
        cursor.page.drawText(line, {
          x: MARGIN_X + labelWidth + index * columnWidth + padding,
          y: cursor.y - padding - size - lineIndex * lineHeightOf(size) + 1,
          size,
          font: cursor.fonts.bold,
          color: COLORS.text,
        });
      });
    });
    cursor.y -= headerHeight;
  };
  // The whole grid on one page (six rows at most for pollen, nine for vigilance): at worst, the caption, the header and the first row together.
  ensureSpace(cursor, Math.min(height, (CONTENT_TOP - CONTENT_BOTTOM) / 2));
  cursor.y -= 2;
  drawParagraph(cursor, table.caption, { bold: true, size: 9.5, color: COLORS.accent }, 3);
  drawHeader();
  for (const row of table.rows) {
    if (ensureSpace(cursor, rowHeight)) drawHeader();
    const labelLines = wrapText(prepare(row.label), cursor.fonts.bold, size, labelWidth - 2 * padding);
    cursor.page.drawText(labelLines[0] ?? "", {
      x: MARGIN_X + padding,
      y: cursor.y - rowHeight / 2 - size / 3,
      size,
      font: cursor.fonts.bold,
      color: COLORS.text,
    });
    row.cells.forEach((cell, index) => {
      const x = MARGIN_X + labelWidth + index * columnWidth + padding;
      if (cell) drawTag(cursor.page, cursor.fonts.bold, cell, x, cursor.y - padding);
      else cursor.page.drawText(prepare("Non publié"), { x, y: cursor.y - rowHeight / 2 - size / 3, size, font: cursor.fonts.regular, color: COLORS.muted });
    });
    cursor.y -= rowHeight;
    cursor.page.drawLine({ start: { x: MARGIN_X, y: cursor.y }, end: { x: PAGE_WIDTH - MARGIN_X, y: cursor.y }, thickness: 0.4, color: COLORS.rule });
  }
  cursor.y -= 8;
}

function drawAdvice(cursor: Cursor, advice: readonly AdvicePresentation[]): void {
  const first = advice[0];
  if (!first) return;
  // Keep the heading with the first advice.
  const firstHeight = first.prominent ? measureProminentAdvice(cursor, first) : measureCompactAdvice(cursor, first);
  ensureSpace(cursor, Math.min(firstHeight, CONTENT_TOP - CONTENT_BOTTOM - 60) + 50);
  drawRule(cursor, 12);
  drawParagraph(cursor, "Recommandations", { bold: true, size: 13, color: COLORS.accent }, 6);
  for (const item of advice) {
    if (item.prominent) drawProminentAdvice(cursor, item);
    else drawCompactAdvice(cursor, item);
  }
}

const ADVICE_PADDING = 8;
const ADVICE_INDENT = 3 + ADVICE_PADDING;
const ADVICE_WIDTH = CONTENT_WIDTH - ADVICE_INDENT - ADVICE_PADDING;
const COMPACT_INDENT = 11;

const prominentSourceOf = (cursor: Cursor, item: AdvicePresentation) => `Source : ${item.source.name} (${printableUrl(cursor, item.source.url)})`;

function measureProminentAdvice(cursor: Cursor, item: AdvicePresentation): number {
  const width = ADVICE_WIDTH;
  return (
    2 * ADVICE_PADDING +
    lineHeightOf(8.5) +
    2 +
    measureParagraph(cursor, item.title, { bold: true, size: 10.5, width }) +
    2 +
    measureParagraph(cursor, item.text, { size: 9.5, width }) +
    3 +
    measureParagraph(cursor, prominentSourceOf(cursor, item), { size: 8.5, width })
  );
}

function measureCompactAdvice(cursor: Cursor, item: AdvicePresentation): number {
  const width = CONTENT_WIDTH - COMPACT_INDENT;
  return (
    measureParagraph(cursor, item.title, { bold: true, size: 9.5, width }) +
    measureParagraph(cursor, item.text, { size: 9, width }) +
    measureParagraph(cursor, `Source : ${item.source.name}`, { size: 8, width }) +
    2
  );
}

/** The one box of its domain: tinted, with its severity word, the whole text and its source. */
function drawProminentAdvice(cursor: Cursor, item: AdvicePresentation): void {
  const padding = ADVICE_PADDING;
  const indent = ADVICE_INDENT;
  const width = ADVICE_WIDTH;
  const colors = TONE_COLORS[SEVERITY_TONES[item.severity]];
  const source = prominentSourceOf(cursor, item);
  const height = measureProminentAdvice(cursor, item);
  // Measure first so the box stays on one page and its background spans it.
  ensureSpace(cursor, Math.min(height, CONTENT_TOP - CONTENT_BOTTOM) + 8);
  const boxHeight = Math.min(height, cursor.y - CONTENT_BOTTOM);
  cursor.page.drawRectangle({ x: MARGIN_X, y: cursor.y - boxHeight, width: CONTENT_WIDTH, height: boxHeight, color: colors.background });
  cursor.page.drawRectangle({ x: MARGIN_X, y: cursor.y - boxHeight, width: 3, height: boxHeight, color: colors.text });
  cursor.y -= padding;
  drawParagraph(cursor, item.severityLabel.toUpperCase(), { bold: true, size: 8.5, color: colors.text, indent }, 2);
  drawParagraph(cursor, item.title, { bold: true, size: 10.5, indent, width }, 2);
  drawParagraph(cursor, item.text, { size: 9.5, indent, width }, 3);
  drawParagraph(cursor, source, { size: 8.5, color: COLORS.muted, indent, width }, 0);
  cursor.y -= padding + 8;
}

/** The other advice: title and text in a smaller type, under a thin bar of its colour. */
function drawCompactAdvice(cursor: Cursor, item: AdvicePresentation): void {
  const indent = COMPACT_INDENT;
  const source = `Source : ${item.source.name}`;
  const height = measureCompactAdvice(cursor, item);
  ensureSpace(cursor, Math.min(height, CONTENT_TOP - CONTENT_BOTTOM));
  const barHeight = Math.min(height, cursor.y - CONTENT_BOTTOM);
  cursor.page.drawRectangle({
    x: MARGIN_X + 2,
    y: cursor.y - barHeight,
    width: 1.5,
    height: barHeight - 2,
    color: TONE_COLORS[SEVERITY_TONES[item.severity]].text,
  });
  drawParagraph(cursor, item.title, { bold: true, size: 9.5, indent }, 0);
  drawParagraph(cursor, item.text, { size: 9, indent }, 1);
  drawParagraph(cursor, source, { size: 8, color: COLORS.muted, indent }, 10);
}

function drawDisclaimer(cursor: Cursor, disclaimer: string): void {
  const size = 9;
  const lines = wrapText(prepare(disclaimer), cursor.fonts.regular, size, CONTENT_WIDTH);
  ensureSpace(cursor, lines.length * lineHeightOf(size) + 20);
  cursor.y -= 4;
  drawRule(cursor, 10);
  drawParagraph(cursor, disclaimer, { size, color: COLORS.muted }, 0);
}
