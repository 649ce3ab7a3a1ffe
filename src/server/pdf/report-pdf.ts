// The downloadable report: one A4 PDF for one or several addresses. Pure (pdf-lib and Web APIs
// only) so that it runs the same on Node and on Cloudflare Workers; the standard Helvetica fonts
// avoid shipping a font file, at the price of WinAnsi-only text (see pdf-text.ts).
import { PDFDocument, PageSizes, StandardFonts, rgb, type PDFFont, type PDFPage, type RGB } from "pdf-lib";
import { formatDateFr, formatNumberFr, frenchTypography } from "../../core/shared/format.ts";
import { LEVEL_LABELS } from "../../core/shared/levels.ts";
import type { AirQualitySection, BathingSection, DroughtSection, Level, Recommendation, Report, SourceRef, WaterParameterView, WaterQualitySection } from "../../core/types.ts";
import { toWinAnsi } from "./pdf-text.ts";
import { AT_THE_TAP_TEXT, describeLastNonCompliance, describeOtherNetworks, LIMIT_KIND_TEXTS, TAP_ONLY_TEXT, WATER_NOTE_TEXTS } from "../../core/water/notes.ts";
import { describeBathingSeason, describeBathingSources, describeLiveRead, describeProhibition, describeProhibitionDetail, prohibitionTerm } from "../../core/bathing/notes.ts";

const NBSP = "\u00A0";
const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.A4;
const MARGIN_X = 50;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X;
const HEADER_HEIGHT = 46;
const CONTENT_TOP = PAGE_HEIGHT - HEADER_HEIGHT - 30;
const CONTENT_BOTTOM = 62;
const LINE_SPACING = 1.38;
const SITE_NAME = "Zone Santé";

const COLORS = {
  text: rgb(0.13, 0.15, 0.19),
  muted: rgb(0.37, 0.4, 0.45),
  accent: rgb(0.11, 0.24, 0.43),
  band: rgb(0.92, 0.94, 0.97),
  rule: rgb(0.8, 0.83, 0.87),
};

/** Pale background and dark text of the same hue: readable in print and in grey scale. */
const LEVEL_COLORS: Record<Level, { background: RGB; text: RGB }> = {
  excellent: { background: rgb(0.86, 0.94, 0.88), text: rgb(0.09, 0.38, 0.2) },
  good: { background: rgb(0.89, 0.95, 0.89), text: rgb(0.15, 0.42, 0.2) },
  acceptable: { background: rgb(0.95, 0.94, 0.84), text: rgb(0.4, 0.37, 0.08) },
  concerning: { background: rgb(0.99, 0.91, 0.82), text: rgb(0.56, 0.29, 0.04) },
  critical: { background: rgb(0.98, 0.87, 0.86), text: rgb(0.62, 0.13, 0.11) },
  unavailable: { background: rgb(0.92, 0.92, 0.93), text: rgb(0.35, 0.36, 0.39) },
};

const SEVERITY_LEVELS: Record<Recommendation["severity"], Level> = {
  success: "good",
  info: "unavailable",
  warning: "concerning",
  critical: "critical",
};

const LIMIT_KIND_LABELS: Record<NonNullable<WaterParameterView["limit_kind"]>, string> = LIMIT_KIND_TEXTS;

const DISCLAIMER =
  "Ces informations proviennent de données publiques officielles et donnent des conseils généraux. Elles ne remplacent pas l'avis d'un professionnel de santé ni les consignes de votre mairie, de l'Agence régionale de santé ou de la préfecture.";

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

export async function renderReportPdf(input: { reports: Report[]; generatedAt: Date; recipientName?: string | null; siteUrl?: string }): Promise<Uint8Array> {
  if (input.reports.length === 0) throw new RangeError("renderReportPdf needs at least one report");
  const doc = await PDFDocument.create();
  const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  const cursor: Cursor = { doc, fonts, page: addPage(doc, fonts), y: CONTENT_TOP, siteUrl: input.siteUrl ?? null };

  drawIntro(cursor, input);
  input.reports.forEach((report, index) => {
    if (index > 0) startNewPage(cursor);
    drawReport(cursor, report);
  });
  drawDisclaimer(cursor);
  drawFooters(doc, fonts);

  // Metadata are PDF text strings (UTF-16), not drawn: no WinAnsi restriction.
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
function drawField(cursor: Cursor, label: string, value: string, indent = 0): void {
  const size = 10;
  const labelText = prepare(`${label} : `);
  const labelWidth = cursor.fonts.bold.widthOfTextAtSize(labelText, size);
  ensureSpace(cursor, lineHeightOf(size));
  cursor.page.drawText(labelText, { x: MARGIN_X + indent, y: cursor.y - size, size, font: cursor.fonts.bold, color: COLORS.text });
  drawParagraph(cursor, value, { indent: indent + labelWidth, size }, 2);
}

function drawTag(page: PDFPage, font: PDFFont, level: Level, rightX: number, topY: number): void {
  const text = prepare(LEVEL_LABELS[level]);
  const size = 9;
  const width = font.widthOfTextAtSize(text, size) + 14;
  const { background, text: color } = LEVEL_COLORS[level];
  page.drawRectangle({ x: rightX - width, y: topY - 17, width, height: 17, color: background, borderColor: color, borderWidth: 0.6 });
  page.drawText(text, { x: rightX - width + 7, y: topY - 12, size, font, color });
}

function drawRule(cursor: Cursor, gap = 10): void {
  cursor.page.drawLine({ start: { x: MARGIN_X, y: cursor.y }, end: { x: PAGE_WIDTH - MARGIN_X, y: cursor.y }, thickness: 0.5, color: COLORS.rule });
  cursor.y -= gap;
}

// ---------------------------------------------------------------- content

function drawIntro(cursor: Cursor, input: { reports: Report[]; generatedAt: Date; recipientName?: string | null }): void {
  drawParagraph(cursor, "Votre bilan santé-environnement", { bold: true, size: 21, color: COLORS.accent }, 6);
  drawParagraph(cursor, `Généré le ${formatDateFr(input.generatedAt.toISOString())}`, { color: COLORS.muted }, 2);
  if (input.recipientName) drawParagraph(cursor, `Établi pour ${input.recipientName}`, { color: COLORS.muted }, 2);
  const count = input.reports.length;
  drawParagraph(cursor, `${count} adresse${count > 1 ? "s" : ""} suivie${count > 1 ? "s" : ""}`, { color: COLORS.muted }, 6);
  if (count > 1) {
    input.reports.forEach((report, index) => drawParagraph(cursor, `${index + 1}. ${report.address.label}`, { indent: 10 }, 1));
  }
  cursor.y -= 12;
}

function drawReport(cursor: Cursor, report: Report): void {
  const info = report.address_info;
  ensureSpace(cursor, 120);
  drawParagraph(cursor, report.address.label, { bold: true, size: 15, color: COLORS.accent }, 1);
  drawParagraph(cursor, `${info.commune_name} (${info.commune_code}), ${info.department_name} (${info.department_code})`, { color: COLORS.muted }, 1);
  drawParagraph(cursor, `Données consultées le ${formatDateFr(report.generated_at)}`, { size: 9, color: COLORS.muted }, 10);

  const water = report.water_quality;
  drawSectionStart(cursor, "Eau du robinet", water.level, water.sampled_at ? `Prélèvement du ${formatDateFr(water.sampled_at)}` : null, water.message);
  drawWater(cursor, water);
  drawSource(cursor, water.source);

  const air = report.air_quality;
  const airDate = air.index ? `${air.origin === "cams" ? "Estimation" : "Indice"} du ${formatDateFr(air.index.date)}` : null;
  drawSectionStart(cursor, "Qualité de l'air", air.level, airDate, air.message);
  drawAir(cursor, air);
  drawSource(cursor, air.source);

  const drought = report.drought;
  // Each zone carries its own decree dates: the heading has them only when no zone does.
  drawSectionStart(cursor, "Sécheresse", drought.level, drought.zones.length > 0 ? null : describeDecreePeriod(drought.decree), drought.message);
  drawDrought(cursor, drought);
  drawSource(cursor, drought.source);

  // Reports built before bathing water existed have no section.
  if (report.bathing) {
    const bathing = report.bathing;
    // Without any live read the message already names the record's season.
    drawSectionStart(cursor, "Baignade", bathing.sites.length === 0 ? "unavailable" : bathing.level, describeBathingSources(bathing), bathing.message);
    drawBathing(cursor, bathing);
    drawSource(cursor, bathing.source);
  }

  drawRecommendations(cursor, report.recommendations);
}

function drawSectionStart(cursor: Cursor, title: string, level: Level, dateLine: string | null, message: string | null): void {
  // Keep a heading with at least a few lines of its content.
  ensureSpace(cursor, 90);
  drawRule(cursor, 12);
  drawTag(cursor.page, cursor.fonts.bold, level, PAGE_WIDTH - MARGIN_X, cursor.y + 1);
  drawParagraph(cursor, title, { bold: true, size: 13, color: COLORS.accent, width: CONTENT_WIDTH - 110 }, 1);
  if (dateLine) drawParagraph(cursor, dateLine, { size: 9, color: COLORS.muted }, 0);
  cursor.y -= 6;
  if (message) drawParagraph(cursor, message, { color: COLORS.muted }, 4);
}

function drawSource(cursor: Cursor, source: SourceRef): void {
  drawParagraph(cursor, `Source : ${source.name} (${printableUrl(cursor, source.url)})`, { size: 8.5, color: COLORS.muted }, 12);
}

function drawWater(cursor: Cursor, water: WaterQualitySection): void {
  if (water.udi) drawField(cursor, "Réseau", water.udi.name);
  if (water.distributor) drawField(cursor, "Distributeur", water.distributor);
  if (water.conclusion) drawField(cursor, "Conclusion officielle", water.conclusion);
  for (const line of [describeOtherNetworks(water), water.tap_only_exceedance ? TAP_ONLY_TEXT : null, describeLastNonCompliance(water)]) {
    if (line) drawParagraph(cursor, line, { size: 9.5 }, 4);
  }
  if (water.parameters.length > 0) {
    cursor.y -= 4;
    drawParameterTable(cursor, water.parameters);
    for (const parameter of water.parameters) {
      const notes = [
        parameter.note ? WATER_NOTE_TEXTS[parameter.note] : null,
        parameter.at_the_tap && (parameter.level === "critical" || parameter.level === "concerning") ? AT_THE_TAP_TEXT : null,
      ].filter((note): note is string => note !== null);
      for (const note of notes) drawParagraph(cursor, `${parameter.libelle_parametre} : ${note}`, { size: 8.5, color: COLORS.muted }, 3);
    }
  }
  cursor.y -= 4;
}

const TABLE_COLUMNS = [
  { title: "Paramètre", share: 0.29 },
  { title: "Résultat", share: 0.16 },
  { title: "Seuil", share: 0.26 },
  { title: "Part du seuil", share: 0.12 },
  { title: "Appréciation", share: 0.17 },
] as const;

function drawParameterTable(cursor: Cursor, parameters: readonly WaterParameterView[]): void {
  const size = 8.5;
  const padding = 4;
  const widths = TABLE_COLUMNS.map((column) => column.share * CONTENT_WIDTH);
  const drawRow = (cells: readonly string[], bold: boolean, background: RGB | null, colors: readonly RGB[]) => {
    const font = bold ? cursor.fonts.bold : cursor.fonts.regular;
    const wrapped = cells.map((cell, index) => wrapText(prepare(cell), font, size, (widths[index] ?? 0) - 2 * padding));
    const height = Math.max(...wrapped.map((lines) => lines.length)) * lineHeightOf(size) + 2 * padding;
    const movedToNewPage = ensureSpace(cursor, height);
    if (movedToNewPage && !bold) drawRow(TABLE_COLUMNS.map((column) => column.title), true, COLORS.band, []);
    if (background) cursor.page.drawRectangle({ x: MARGIN_X, y: cursor.y - height, width: CONTENT_WIDTH, height, color: background });
    let x = MARGIN_X;
    wrapped.forEach((lines, index) => {
      lines.forEach((line, lineIndex) => {
        const y = cursor.y - padding - size - lineIndex * lineHeightOf(size) + 1;
        cursor.page.drawText(line, { x: x + padding, y, size, font, color: colors[index] ?? COLORS.text });
      });
      x += widths[index] ?? 0;
    });
    cursor.y -= height;
    cursor.page.drawLine({ start: { x: MARGIN_X, y: cursor.y }, end: { x: PAGE_WIDTH - MARGIN_X, y: cursor.y }, thickness: 0.4, color: COLORS.rule });
  };
  drawRow(TABLE_COLUMNS.map((column) => column.title), true, COLORS.band, []);
  for (const parameter of parameters) {
    const levelColor = LEVEL_COLORS[parameter.level].text;
    drawRow(
      [parameter.libelle_parametre, formatResult(parameter), formatThreshold(parameter), parameter.ratio === null ? "—" : `${formatNumberFr(parameter.ratio * 100, 0)}${NBSP}%`, parameter.label],
      false,
      null,
      [COLORS.text, COLORS.text, COLORS.text, COLORS.text, levelColor],
    );
  }
  cursor.y -= 8;
}

/** The measured value with its unit, keeping the laboratory's « < » (below detection limit). */
function formatResult(parameter: WaterParameterView): string {
  if (parameter.value === null) return parameter.resultat_alphanumerique;
  const qualifier = /^\s*([<>]=?)/.exec(parameter.resultat_alphanumerique)?.[1];
  return `${qualifier ? `${qualifier}${NBSP}` : ""}${formatNumberFr(parameter.value, 3)}${withUnit(parameter.unite_mesure)}`;
}

function formatThreshold(parameter: WaterParameterView): string {
  const { limit, limit_min: min, limit_kind: kind } = parameter;
  const unit = withUnit(parameter.unite_mesure);
  let value: string;
  if (min !== null && limit !== null) value = `${formatNumberFr(min, 3)} à ${formatNumberFr(limit, 3)}${unit}`;
  else if (min !== null) value = `au moins ${formatNumberFr(min, 3)}${unit}`;
  else if (limit !== null) value = `${formatNumberFr(limit, 3)}${unit}`;
  else return "—";
  return kind ? `${value} (${LIMIT_KIND_LABELS[kind]})` : value;
}

const withUnit = (unit: string | null) => (unit ? `${NBSP}${unit}` : "");

function drawAir(cursor: Cursor, air: AirQualitySection): void {
  if (air.index) {
    drawField(cursor, air.origin === "cams" ? "Niveau estimé" : "Indice ATMO", air.index.label);
    if (air.origin === "atmo") drawField(cursor, air.index.zone_type === "epci" ? "Zone (intercommunalité)" : "Zone", air.index.zone);
    if (air.responsible_pollutant) drawField(cursor, "Polluant déterminant", air.responsible_pollutant.label);
    drawField(cursor, "Demain", air.tomorrow?.label ?? "Prévision non publiée");
  }
  if (air.origin === "cams") {
    // The model's values, each with its daily basis: never read as measurements.
    for (const pollutant of Object.values(air.pollutants)) {
      const basis = pollutant.basis === "daily_mean" ? "moyenne du jour" : "maximum horaire du jour";
      drawField(cursor, pollutant.label, `${formatNumberFr(pollutant.value, 1)}${withUnit(pollutant.unit)} (${basis}, estimation CAMS)`);
    }
  } else {
    const pm25 = air.pollutants["pm2_5"];
    if (pm25) drawField(cursor, "Particules fines PM2,5", `${formatNumberFr(pm25.value, 1)}${withUnit(pm25.unit)} (moyenne du jour, estimation CAMS)`);
  }
  cursor.y -= 4;
}

function describeDecreePeriod(decree: DroughtSection["decree"]): string | null {
  if (decree?.start && decree.end) return `Arrêté en vigueur du ${formatDateFr(decree.start)} au ${formatDateFr(decree.end)}`;
  if (decree?.start) return `Arrêté en vigueur depuis le ${formatDateFr(decree.start)}`;
  if (decree?.end) return `Arrêté en vigueur jusqu'au ${formatDateFr(decree.end)}`;
  return null;
}

function drawDrought(cursor: Cursor, drought: DroughtSection): void {
  if (drought.success && drought.zones.length === 0) drawField(cursor, "Niveau", drought.label);
  // One block per water type (drinking water, rivers, groundwater), worst first: the drinking-water
  // zone's rules must not disappear behind a river's crise.
  for (const zone of drought.zones) {
    cursor.y -= 4;
    ensureSpace(cursor, 5 * lineHeightOf(10));
    drawParagraph(cursor, `${zone.type_label} : ${zone.label}`, { bold: true, size: 11 }, 1);
    if (zone.type_hint) drawParagraph(cursor, `Pour ${zone.type_hint}`, { size: 9, color: COLORS.muted }, 2);
    drawField(cursor, "Zone", zone.name);
    const period = describeDecreePeriod(zone.decree);
    if (period) drawParagraph(cursor, period, {}, 2);
    if (zone.restrictions.length > 0) {
      cursor.y -= 2;
      // Keep the list title with its first item.
      ensureSpace(cursor, 4 * lineHeightOf(10));
      drawParagraph(cursor, "Restrictions pour les particuliers :", { bold: true }, 3);
      for (const restriction of zone.restrictions) {
        ensureSpace(cursor, 2 * lineHeightOf(10));
        cursor.page.drawText(prepare("•"), { x: MARGIN_X + 6, y: cursor.y - 10, size: 10, font: cursor.fonts.regular, color: COLORS.muted });
        drawParagraph(cursor, restriction.usage, { bold: true, indent: 16 }, 0);
        drawParagraph(cursor, restriction.description, { indent: 16 }, 4);
      }
    } else if (zone.gravity) {
      drawParagraph(cursor, "Aucune restriction ne concerne les particuliers dans cette zone.", {}, 2);
    }
    if (zone.decree?.url) drawField(cursor, "Arrêté", zone.decree.url);
  }
  cursor.y -= 4;
}

function drawBathing(cursor: Cursor, bathing: BathingSection): void {
  for (const site of bathing.sites) {
    ensureSpace(cursor, 5 * lineHeightOf(10));
    drawParagraph(cursor, `${site.name} – ${site.status_label}`, { bold: true }, 1);
    drawParagraph(cursor, `${site.commune}, ${site.water_type.toLowerCase()}, à ${formatNumberFr(site.distance_km, 1)} km`, { color: COLORS.muted, size: 9 }, 2);
    if (site.prohibition) {
      // A ban of an earlier season is information with its season, like on the page.
      const detail = describeProhibitionDetail(site.prohibition);
      drawField(cursor, prohibitionTerm(site.prohibition), `${describeProhibition(site.prohibition)}${detail ? ` – ${detail}` : ""}`, 8);
    }
    const sample = site.latest_sample
      ? `${site.latest_sample.verdict}, le ${formatDateFr(site.latest_sample.date)}`
      : site.record_sample
        ? `le ${formatDateFr(site.record_sample.date)} (bilan officiel)`
        : "non communiqué";
    drawField(cursor, "Dernier prélèvement", sample, 8);
    drawField(cursor, "Saison", describeBathingSeason(site), 8);
    drawField(cursor, "Classement", site.classement ? `${site.classement.label} (${site.classement.year})` : "non communiqué", 8);
    drawField(cursor, "Fiche officielle", site.official_url, 8);
    if (site.live_read_at) drawParagraph(cursor, describeLiveRead(site.live_read_at), { color: COLORS.muted, size: 9, indent: 8 }, 2);
    cursor.y -= 4;
  }
}

function drawRecommendations(cursor: Cursor, recommendations: readonly Recommendation[]): void {
  if (recommendations.length === 0) return;
  ensureSpace(cursor, 90);
  drawRule(cursor, 12);
  drawParagraph(cursor, "Recommandations", { bold: true, size: 13, color: COLORS.accent }, 6);
  const indent = 12;
  const width = CONTENT_WIDTH - indent;
  for (const recommendation of recommendations) {
    const source = `Source : ${recommendation.source.name} (${printableUrl(cursor, recommendation.source.url)})`;
    // Measure first so the block stays on one page and its severity bar spans it.
    const height =
      wrapText(prepare(recommendation.title), cursor.fonts.bold, 10.5, width).length * lineHeightOf(10.5) +
      wrapText(prepare(recommendation.text), cursor.fonts.regular, 9.5, width).length * lineHeightOf(9.5) +
      wrapText(prepare(source), cursor.fonts.regular, 8.5, width).length * lineHeightOf(8.5) +
      2;
    ensureSpace(cursor, Math.min(height, CONTENT_TOP - CONTENT_BOTTOM));
    const barColor = LEVEL_COLORS[SEVERITY_LEVELS[recommendation.severity]].text;
    const barHeight = Math.min(height, cursor.y - CONTENT_BOTTOM);
    cursor.page.drawRectangle({ x: MARGIN_X, y: cursor.y - barHeight, width: 3, height: barHeight - 2, color: barColor });
    drawParagraph(cursor, recommendation.title, { bold: true, size: 10.5, indent }, 0);
    drawParagraph(cursor, recommendation.text, { size: 9.5, indent }, 2);
    drawParagraph(cursor, source, { size: 8.5, color: COLORS.muted, indent }, 12);
  }
}

function drawDisclaimer(cursor: Cursor): void {
  const size = 9;
  const lines = wrapText(prepare(DISCLAIMER), cursor.fonts.regular, size, CONTENT_WIDTH);
  ensureSpace(cursor, lines.length * lineHeightOf(size) + 20);
  cursor.y -= 4;
  drawRule(cursor, 10);
  drawParagraph(cursor, DISCLAIMER, { size, color: COLORS.muted }, 0);
}
