// The downloadable report: one A4 PDF for one or several addresses. Pure (pdf-lib and Web APIs
// only) so that it runs the same on Node and on Cloudflare Workers; the standard Helvetica fonts
// avoid shipping a font file, at the price of WinAnsi-only text (see pdf-text.ts).
// The words come from the report's one presentation (core/report/present.ts): this file and the
// drawers it calls only lay them out (layout.ts), so the PDF says what the page and the emails say.
import { PDFDocument, StandardFonts, type PDFPage } from "pdf-lib";
import { formatDateFr, frenchTypography } from "../../core/shared/format.ts";
import { timeZoneOfCommune } from "../../core/shared/time.ts";
import { DISCLAIMER, presentReport, type AdvicePresentation, type ReportPresentation, type SummaryLine, type Tone } from "../../core/report/present.ts";
import type { Recommendation, Report } from "../../core/types.ts";
import {
  COLORS,
  CONTENT_HEIGHT,
  CONTENT_WIDTH,
  drawParagraph,
  drawRule,
  ensureSpace,
  gap,
  HEADER_HEIGHT,
  hexToRgb,
  keepTogether,
  lineHeightOf,
  markBreak,
  MARGIN_X,
  measureHeight,
  measureParagraph,
  PAGE_HEIGHT,
  PAGE_WIDTH,
  planLayout,
  prepare,
  printableUrl,
  runLayout,
  spaceLeft,
  startNewPage,
  TONE_COLORS,
  type Cursor,
  type Fonts,
  type LayoutStats,
} from "./layout.ts";
import { drawAir, drawBathing, drawDrought, drawWater } from "./rich-sections.ts";
import { drawSectionDocument } from "./section-document.ts";

const SITE_NAME = "Zone Santé";

/** Colours only: the severity's words are the presentation's `severityLabel`. */
const SEVERITY_TONES: Record<Recommendation["severity"], Tone> = {
  success: "good",
  info: "neutral",
  warning: "concerning",
  critical: "critical",
};

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

export interface PdfInput {
  reports: ReadonlyArray<Report | NamedReport>;
  generatedAt: Date;
  recipientName?: string | null;
  siteUrl?: string;
  /**
   * "account": the addresses an account follows (the PDF says how many, in /compte's order);
   * "one-off" (default): a report asked from the page, which nobody follows — nothing said of it.
   */
  origin?: "account" | "one-off";
}

export async function renderReportPdf(input: PdfInput): Promise<Uint8Array> {
  return (await renderReportPdfWithLayout(input)).bytes;
}

/** The PDF and how full each of its pages is (the pagination's outcome, for the tests). */
export async function renderReportPdfWithLayout(input: PdfInput): Promise<{ bytes: Uint8Array; layout: LayoutStats }> {
  if (input.reports.length === 0) throw new RangeError("renderReportPdf needs at least one report");
  const entries = input.reports.map((item): NamedReport => ("report" in item ? item : { report: item, nickname: null }));
  const presented = entries.map((entry) => ({ entry, presentation: presentReport(entry.report) }));
  const doc = await PDFDocument.create();
  const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };

  // The day the PDF was made, on its addresses' calendar: a territory's own when they all share one
  // (a Réunion report made at 21:30 UTC is dated the next day there), Paris's for a mixed list.
  const zones = new Set(entries.map((entry) => timeZoneOfCommune(entry.report.address.citycode)));
  const generatedOn = formatDateFr(input.generatedAt.toISOString(), zones.size === 1 ? [...zones][0] : undefined);
  const drawDocument = (cursor: Cursor) => {
    drawIntro(cursor, { ...input, generatedOn, titles: presented.map(({ entry, presentation }) => titleOf(entry, presentation)) });
    presented.forEach(({ entry, presentation }, index) => {
      if (index > 0) startNewPage(cursor);
      drawReport(cursor, entry.report, { ...presentation, title: titleOf(entry, presentation) });
    });
    drawDisclaimer(cursor, DISCLAIMER);
  };
  const setup = { fonts, siteUrl: input.siteUrl ?? null, lineCache: new Map<string, string[]>() };
  const { marks: _marks, ...layout } = runLayout({ ...setup, plan: planLayout(setup, drawDocument), openPage: () => addPage(doc, fonts) }, drawDocument);
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
  return { bytes: await doc.save(), layout };
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
  gap(cursor, 12);
}

type RichDrawer = (cursor: Cursor, presentation: ReportPresentation) => void;

/** The sections that still have a drawing of their own; every other section is drawn from its document. */
const RICH_DRAWERS: ReadonlyMap<string, RichDrawer> = new Map<string, RichDrawer>([
  ["water", (cursor, presentation) => drawWater(cursor, presentation.water)],
  ["air", (cursor, presentation) => drawAir(cursor, presentation.air)],
  ["drought", (cursor, presentation) => drawDrought(cursor, presentation.drought)],
  ["bathing", (cursor, presentation) => drawBathing(cursor, presentation.bathing)],
]);

function drawReport(cursor: Cursor, report: Report, presentation: ReportPresentation): void {
  const info = report.address_info;
  // A report asked without the city's name still names its commune (the address carries it).
  const commune = info.commune_name || report.address.city;
  const place = [commune ? `${commune} (${info.commune_code})` : "", info.department_name ? `${info.department_name} (${info.department_code})` : ""];
  markBreak(cursor);
  // The address stays with its « L'essentiel ».
  keepTogether(cursor, (target) => {
    drawParagraph(target, presentation.title, { bold: true, size: 15, color: COLORS.accent }, 1);
    drawParagraph(target, place.filter(Boolean).join(", "), { color: COLORS.muted }, 1);
    drawParagraph(target, `Données consultées le ${presentation.consultedOn}`, { size: 9, color: COLORS.muted }, 10);
    drawSummary(target, presentation.summary);
  });
  for (const document of presentation.sections) {
    const drawRich = RICH_DRAWERS.get(document.key);
    if (drawRich) drawRich(cursor, presentation);
    else drawSectionDocument(cursor, document);
  }
  // The one ranking every channel shows (rank.ts).
  drawAdvice(cursor, presentation.advice);
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
  cursor.canvas.drawRectangle({ x: MARGIN_X, y: cursor.y - height, width: CONTENT_WIDTH, height, color: COLORS.band });
  cursor.canvas.drawRectangle({ x: MARGIN_X, y: cursor.y - height, width: 3, height, color: COLORS.accent });
  cursor.y -= padding;
  drawParagraph(cursor, "L'essentiel", { bold: true, size: 11, color: COLORS.accent, indent: padding }, 0);
  cursor.y -= 4;
  entries.forEach((entry, index) => {
    const top = cursor.y;
    // A strong marker: the publisher's colour, else our tone's dark one (its pale background
    // would vanish on the band); a thin dark edge keeps ATMO's light colours visible.
    const badge = entry.line.badge;
    const fill = badge ? (badge.colors ? hexToRgb(badge.colors.background) : TONE_COLORS[badge.tone].text) : COLORS.accent;
    cursor.canvas.drawRectangle({
      x: MARGIN_X + padding,
      y: top - size + 0.5,
      width: marker,
      height: marker,
      color: fill,
      borderColor: COLORS.text,
      borderWidth: 0.3,
    });
    if (entry.label)
      cursor.canvas.drawText(prepare(entry.label), { x: MARGIN_X + padding + marker + 8, y: top - size, size, font: cursor.fonts.bold, color: COLORS.text });
    drawParagraph(cursor, entry.value, { size, indent: valueX, width: valueWidth }, 0);
    cursor.y = top - (heights[index] ?? 0);
  });
  cursor.y -= padding - 3;
  gap(cursor, 8);
}

function drawAdvice(cursor: Cursor, advice: readonly AdvicePresentation[]): void {
  const [first, ...others] = advice;
  if (!first) return;
  markBreak(cursor);
  // The heading stays with the first advice.
  keepTogether(cursor, (target) => {
    drawRule(target, 12);
    drawParagraph(target, "Recommandations", { bold: true, size: 13, color: COLORS.accent }, 6);
    drawOneAdvice(target, first);
  });
  for (const item of others) {
    markBreak(cursor);
    drawOneAdvice(cursor, item);
  }
}

function drawOneAdvice(cursor: Cursor, item: AdvicePresentation): void {
  if (item.prominent) drawProminentAdvice(cursor, item);
  else drawCompactAdvice(cursor, item);
}

const ADVICE_PADDING = 8;
const ADVICE_INDENT = 3 + ADVICE_PADDING;
const ADVICE_WIDTH = CONTENT_WIDTH - ADVICE_INDENT - ADVICE_PADDING;
const COMPACT_INDENT = 11;

/** The one box of its domain: tinted, with its severity word, the whole text and its source. */
function drawProminentAdvice(cursor: Cursor, item: AdvicePresentation): void {
  const colors = TONE_COLORS[SEVERITY_TONES[item.severity]];
  const style = { indent: ADVICE_INDENT, width: ADVICE_WIDTH };
  const drawContent = (target: Cursor) => {
    drawParagraph(target, item.severityLabel.toUpperCase(), { ...style, bold: true, size: 8.5, color: colors.text }, 2);
    drawParagraph(target, item.title, { ...style, bold: true, size: 10.5 }, 2);
    drawParagraph(target, item.text, { ...style, size: 9.5 }, 3);
    drawParagraph(target, `Source : ${item.source.name} (${printableUrl(target, item.source.url)})`, { ...style, size: 8.5, color: COLORS.muted }, 0);
  };
  // Measured first so the box stays on one page and its background spans it.
  const height = 2 * ADVICE_PADDING + measureHeight(cursor, drawContent);
  ensureSpace(cursor, Math.min(height, CONTENT_HEIGHT));
  const boxHeight = Math.min(height, spaceLeft(cursor));
  cursor.canvas.drawRectangle({ x: MARGIN_X, y: cursor.y - boxHeight, width: CONTENT_WIDTH, height: boxHeight, color: colors.background });
  cursor.canvas.drawRectangle({ x: MARGIN_X, y: cursor.y - boxHeight, width: 3, height: boxHeight, color: colors.text });
  cursor.y -= ADVICE_PADDING;
  drawContent(cursor);
  cursor.y -= ADVICE_PADDING;
  gap(cursor, 8);
}

/** The other advice: title and text in a smaller type, beside a thin bar of its colour. */
function drawCompactAdvice(cursor: Cursor, item: AdvicePresentation): void {
  const indent = COMPACT_INDENT;
  const drawContent = (target: Cursor) => {
    drawParagraph(target, item.title, { bold: true, size: 9.5, indent }, 0);
    drawParagraph(target, item.text, { size: 9, indent }, 1);
    drawParagraph(target, `Source : ${item.source.name}`, { size: 8, color: COLORS.muted, indent }, 0);
  };
  const height = measureHeight(cursor, drawContent);
  ensureSpace(cursor, Math.min(height, CONTENT_HEIGHT));
  const barHeight = Math.min(height, spaceLeft(cursor));
  cursor.canvas.drawRectangle({
    x: MARGIN_X + 2,
    y: cursor.y - barHeight,
    width: 1.5,
    height: barHeight,
    color: TONE_COLORS[SEVERITY_TONES[item.severity]].text,
  });
  drawContent(cursor);
  gap(cursor, 10);
}

function drawDisclaimer(cursor: Cursor, disclaimer: string): void {
  markBreak(cursor);
  keepTogether(cursor, (target) => {
    gap(target, 4);
    drawRule(target, 10);
    drawParagraph(target, disclaimer, { size: 9, color: COLORS.muted }, 0);
  });
}
