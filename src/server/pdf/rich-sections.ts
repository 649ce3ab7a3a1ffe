// The four sections that still have a drawing of their own — water (its table of parameters and
// its twelve-month charts), air (the official sub-indices beside the model's values), drought (the
// tap's zone, then the others under their question, each with its restrictions by theme) and
// bathing (one block per site). The other sections are drawn from their document
// (section-document.ts).
import { rgb } from "pdf-lib";
import { standardBlocks } from "../../core/report/document.ts";
import type {
  AirPresentation,
  Badge,
  BathingPresentation,
  DroughtPresentation,
  DroughtZonePresentation,
  Fact,
  SectionPresentation,
  WaterHistoryPresentation,
  WaterPresentation,
  WaterRowPresentation,
} from "../../core/report/present.ts";
import { layoutWaterChart, placeLimitLabel } from "../../core/report/water-chart.ts";
import { OTHER_WATERS_QUESTION } from "../../sections/drought/notes.ts";
import {
  colorsOf,
  COLORS,
  CONTENT_HEIGHT,
  CONTENT_WIDTH,
  drawBulletMark,
  drawBullets,
  drawField,
  drawHeadingWithTag,
  drawParagraph,
  drawTable,
  ensureSpace,
  gap,
  keepTogether,
  lineHeightOf,
  markBreak,
  MARGIN_X,
  measureHeight,
  measureParagraph,
  prepare,
  printableUrl,
  TONE_COLORS,
  type CellText,
  type Cursor,
} from "./layout.ts";
import { drawBlock, drawSectionFoot, drawSectionHead, drawStatusLink } from "./section-document.ts";

/** What every section's head and foot show. */
type SectionFrame = Pick<SectionPresentation, "title" | "headline" | "dateLine" | "message" | "facts" | "notes" | "source" | "attribution" | "statusLink">;

/** The heading with the section's message, facts and notes, kept together (at most half a page). */
function drawSectionStart(cursor: Cursor, section: SectionFrame): void {
  markBreak(cursor);
  keepTogether(
    cursor,
    (target) => {
      drawSectionHead(target, section);
      for (const block of standardBlocks({ message: section.message, facts: section.facts, notes: section.notes })) drawBlock(target, block);
      drawStatusLink(target, section.statusLink);
    },
    CONTENT_HEIGHT / 2,
  );
}

export function drawWater(cursor: Cursor, water: WaterPresentation): void {
  drawSectionStart(cursor, water);
  if (water.networks.hint) drawParagraph(cursor, water.networks.hint, { size: 9, color: COLORS.muted }, 4);
  if (water.rows.length > 0) {
    gap(cursor, 4);
    drawWaterTable(cursor, water.rows);
    for (const row of water.rows) {
      for (const note of row.notes) drawParagraph(cursor, `${row.name} : ${note}`, { size: 8.5, color: COLORS.muted }, 3);
    }
  }
  drawWaterHistory(cursor, water.history);
  drawSectionFoot(cursor, water);
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
  gap(cursor, 4);
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
  gap(cursor, 4);
}

/** One chart with its top-left corner at (left, top); y grows downwards in the geometry. */
function drawHistoryChart(cursor: Cursor, item: WaterHistoryPresentation, left: number, top: number): void {
  const { canvas: page, fonts } = cursor;
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

const WATER_TABLE_SIZE = 8.5;
const WATER_TABLE_COLUMNS = [
  { title: "Paramètre", share: 0.27 },
  { title: "Résultat", share: 0.16 },
  { title: "Par rapport à la limite", share: 0.37 },
  { title: "Appréciation", share: 0.2 },
] as const;

function drawWaterTable(cursor: Cursor, rows: readonly WaterRowPresentation[]): void {
  const size = WATER_TABLE_SIZE;
  drawTable(cursor, {
    columns: WATER_TABLE_COLUMNS,
    rows: rows.map((row) => {
      const name: CellText[] = [{ text: row.name, size, bold: true }];
      // The laboratory's own label stays as a detail, for whoever compares with the ARS sheet.
      if (row.labLabel) name.push({ text: row.labLabel, size: 7, color: COLORS.muted });
      if (row.dateLine) name.push({ text: row.dateLine, size: 7, color: COLORS.muted });
      return [
        { kind: "text", parts: name },
        { kind: "text", parts: [{ text: row.value, size }] },
        { kind: "text", parts: [{ text: row.comparison || "—", size }] },
        { kind: "text", parts: [{ text: row.badge.word, size, bold: true, color: colorsOf(row.badge).text }] },
      ];
    }),
    size,
    padding: 4,
  });
  gap(cursor, 8);
}

export function drawAir(cursor: Cursor, air: AirPresentation): void {
  // The notes introduce the model's values: drawn with them, after the official sub-indices.
  drawSectionStart(cursor, { ...air, notes: [] });
  // The official sub-indices in ATMO's words and colours, before the model's values (each with
  // its daily basis, never read as measurements).
  if (air.subIndices.length > 0) {
    drawParagraph(cursor, "Sous-indices officiels, polluant par polluant (indice ATMO) :", { size: 9.5 }, 2);
    for (const sub of air.subIndices) drawHeadingWithTag(cursor, sub.name, sub.badge, { size: 9.5, indent: 14 });
    gap(cursor, 4);
  }
  for (const note of air.notes) drawParagraph(cursor, note, { size: 9.5 }, 4);
  if (air.modelValues.length > 0) drawBullets(cursor, air.modelValues, { size: 9.5 });
  drawSectionFoot(cursor, air);
}

/** The head of one item of a section (a drought zone, a bathing site): its title with its badge, a muted note, its facts. */
function drawItemHead(
  cursor: Cursor,
  item: { title: string; badge: Badge; note: string | null; facts: Fact[] },
  layout: { gapBefore: number; titleSize?: number; factIndent?: number },
): void {
  gap(cursor, layout.gapBefore);
  markBreak(cursor);
  ensureSpace(cursor, 6 * lineHeightOf(10));
  drawHeadingWithTag(cursor, item.title, item.badge, layout.titleSize === undefined ? {} : { size: layout.titleSize });
  if (item.note !== null) drawParagraph(cursor, item.note, { size: 9, color: COLORS.muted }, 2);
  for (const fact of item.facts) drawField(cursor, fact.term, fact.value, layout.factIndent === undefined ? {} : { indent: layout.factIndent });
}

export function drawDrought(cursor: Cursor, drought: DroughtPresentation): void {
  drawSectionStart(cursor, drought);
  // The tap's zone first (its heading is the card's verdict: « Restrictions d'usage de l'eau du
  // réseau  Alerte »), or the verdict that the tap is not restricted; then the rivers' and the
  // groundwater's zones under the card's question (decision 086), each with its own rules.
  const tap = drought.zones.filter((zone) => zone.tap);
  const others = drought.zones.filter((zone) => !zone.tap);
  if (drought.verdict) drawParagraph(cursor, drought.verdict, { bold: true }, 4);
  for (const zone of tap) drawDroughtZone(cursor, zone, { breakable: true });
  const [first] = others;
  if (first) {
    gap(cursor, 6);
    markBreak(cursor);
    const question = (target: Cursor) => drawParagraph(target, OTHER_WATERS_QUESTION, { bold: true, size: 10.5, color: COLORS.accent }, 2);
    // The question never ends a page: it stays with its first zone's head and first rules.
    const questionWithHead = (target: Cursor) => {
      question(target);
      drawDroughtZoneHead(target, first);
    };
    ensureSpace(cursor, measureHeight(cursor, questionWithHead) + 4 * lineHeightOf(10));
    question(cursor);
    others.forEach((zone, index) => drawDroughtZone(cursor, zone, { breakable: index > 0 }));
  }
  drawSectionFoot(cursor, drought);
}

/** A zone's title with VigiEau's word, its hint and its facts. */
function drawDroughtZoneHead(cursor: Cursor, zone: DroughtZonePresentation): void {
  drawHeadingWithTag(cursor, zone.title, zone.badge);
  if (zone.hint !== null) drawParagraph(cursor, zone.hint, { size: 9, color: COLORS.muted }, 2);
  for (const fact of zone.facts) drawField(cursor, fact.term, fact.value);
}

/** One zone: its head, its household restrictions by theme, its decree's link; `breakable`: a page may end before it. */
function drawDroughtZone(cursor: Cursor, zone: DroughtZonePresentation, { breakable }: { breakable: boolean }): void {
  gap(cursor, 4);
  if (breakable) {
    markBreak(cursor);
    ensureSpace(cursor, 6 * lineHeightOf(10));
  }
  drawDroughtZoneHead(cursor, zone);
  gap(cursor, 2);
  // Keep the count with the first group.
  ensureSpace(cursor, 4 * lineHeightOf(10));
  drawParagraph(cursor, zone.restrictionsSummary, { bold: true }, 3);
  for (const group of zone.groups) {
    markBreak(cursor);
    ensureSpace(cursor, 3 * lineHeightOf(10));
    drawParagraph(cursor, group.theme, { bold: true, size: 9.5, color: COLORS.accent, indent: 6 }, 2);
    for (const restriction of group.restrictions) {
      ensureSpace(cursor, 2 * lineHeightOf(10));
      drawBulletMark(cursor, 10);
      drawParagraph(cursor, restriction.usage, { bold: true, indent: 20 }, 0);
      drawParagraph(cursor, restriction.description, { indent: 20 }, 4);
    }
  }
  if (zone.decreeUrl) drawField(cursor, "Texte de l'arrêté", zone.decreeUrl, { size: 9, color: COLORS.muted });
}

export function drawBathing(cursor: Cursor, bathing: BathingPresentation): void {
  drawSectionStart(cursor, bathing);
  for (const site of bathing.sites) {
    drawItemHead(cursor, { title: site.name, badge: site.badge, note: site.place, facts: site.facts }, { gapBefore: 2, titleSize: 10.5, factIndent: 8 });
    if (site.line) drawParagraph(cursor, site.line, { size: 9.5, indent: 8 }, 2);
    drawField(cursor, "Fiche officielle", printableUrl(cursor, site.url), { indent: 8, size: 9, color: COLORS.muted });
    gap(cursor, 4);
  }
  // Once for the section, under its sites, as on the page.
  if (bathing.liveRead) drawParagraph(cursor, bathing.liveRead, { color: COLORS.muted, size: 9 }, 2);
  drawSectionFoot(cursor, bathing);
}
