// Where the PDF's pages end: the layout engine's pagination (no near-empty last page, tighter gaps
// only when they save a page, a page ended early only at a break mark and still half full), the
// generic drawer of a section's document, and the pages of real reports from the recorded upstreams.
import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { badge } from "../../../src/core/report/badge.ts";
import type { SectionDocument } from "../../../src/core/report/document.ts";
import type { ReportAnswer } from "../../../src/core/types.ts";
import {
  CONTENT_HEIGHT,
  gap,
  keepTogether,
  markBreak,
  PAGE_HEIGHT,
  PAGE_WIDTH,
  planLayout,
  PLAIN_PLAN,
  runLayout,
  type Cursor,
  type Fonts,
} from "../../../src/server/pdf/layout.ts";
import { renderReportPdfWithLayout } from "../../../src/server/pdf/report-pdf.ts";
import { drawSectionDocument } from "../../../src/server/pdf/section-document.ts";
import { CRISIS_SCENARIO, MAIN_SCENARIO, OVERSEAS_SCENARIO, PORT_ADDRESSES, reportQueryOf } from "../../fixtures/scenarios.ts";
import { pdfText } from "../../helpers/pdf-text.ts";
import { createTestApp, type TestApp } from "../../helpers/test-app.ts";
import { expectWellFilledPages, LAST_PAGE_MIN_SHARE } from "./page-fill.ts";

const NOW = new Date("2026-11-22T10:00:00Z");

async function embedFonts(doc: PDFDocument): Promise<Fonts> {
  return { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
}

const setupOf = (fonts: Fonts) => ({ fonts, siteUrl: null, lineCache: new Map<string, string[]>() });

/** Blocks of the given heights, each kept on one page, `gapPoints` apart, a break mark before each. */
const solidBlocks = (heights: readonly number[], gapPoints: number) => (cursor: Cursor) => {
  for (const height of heights) {
    markBreak(cursor);
    keepTogether(cursor, (target) => {
      target.y -= height;
    });
    gap(cursor, gapPoints);
  }
};

describe("the layout engine's pagination", () => {
  let fonts: Fonts;
  beforeAll(async () => {
    fonts = await embedFonts(await PDFDocument.create());
  });
  const layOut = (draw: (cursor: Cursor) => void, plan = planLayout(setupOf(fonts), draw)) =>
    runLayout({ ...setupOf(fonts), plan, openPage: () => ({ drawText() {}, drawRectangle() {}, drawLine() {}, drawCircle() {} }) }, draw);

  it("keeps the plain layout when the last page holds enough", () => {
    const draw = solidBlocks([400, 250, 200], 10);
    expect(planLayout(setupOf(fonts), draw)).toBe(PLAIN_PLAN);
    expect(layOut(draw).pages).toHaveLength(2);
  });

  it("ends the page before a last block left alone earlier, at a break mark, so that the last page is not near-empty", () => {
    const draw = solidBlocks([400, 250, 60], 10);
    const plain = layOut(draw, PLAIN_PLAN);
    expect(plain.pages).toHaveLength(2);
    expect(plain.pages[1]!.usedHeight).toBeLessThan(LAST_PAGE_MIN_SHARE * CONTENT_HEIGHT);

    const planned = layOut(draw);
    expect(planned.plan.breakBefore.size).toBe(1);
    expect(planned.pages).toHaveLength(2);
    expect(planned.pages[0]).toMatchObject({ end: { kind: "balanced" } });
    expect(planned.pages[0]!.usedHeight).toBeGreaterThanOrEqual(CONTENT_HEIGHT / 2);
    expectWellFilledPages(planned, "balanced blocks");
  });

  it("tightens the gaps when that saves the page a few lines would take", () => {
    const draw = solidBlocks([300, 300, 60], 30);
    expect(layOut(draw, PLAIN_PLAN).pages).toHaveLength(2);
    const planned = layOut(draw);
    expect(planned.plan.gapScale).toBeLessThan(1);
    expect(planned.pages).toHaveLength(1);
  });
});

describe("drawSectionDocument", () => {
  it("draws any section from its document: heading, badge, each block in order, source and attribution", async () => {
    const document: SectionDocument = {
      key: "test-only",
      anchor: "essai",
      title: "Section d'essai",
      headline: badge("Mot officiel", "concerning"),
      summary: "Section d'essai : Mot officiel.",
      blocks: [
        { kind: "date", text: "Publication du 22 novembre 2026" },
        { kind: "message", text: "Un message dit simplement." },
        { kind: "facts", facts: [{ term: "Demain", value: "Autre mot" }] },
        {
          kind: "table",
          table: {
            caption: "Grille d'essai",
            columns: ["Aujourd'hui (22 novembre)", "Demain (23 novembre)"],
            rows: [{ label: "Rangée", cells: [badge("Faible", "good"), null] }],
          },
        },
        { kind: "notes", notes: ["Une note qui nuance le reste."] },
      ],
      source: { name: "Source d'essai", url: "https://example.org/essai", publisher: "Éditeur d'essai" },
      attribution: "Licence d'essai (CC BY 4.0)",
    };
    const doc = await PDFDocument.create();
    const fonts = await embedFonts(doc);
    runLayout({ ...setupOf(fonts), plan: PLAIN_PLAN, openPage: () => doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]) }, (cursor) =>
      drawSectionDocument(cursor, document),
    );
    const text = pdfText(await doc.save());
    const expected = [
      "Section d'essai",
      "Mot officiel",
      "Publication du 22 novembre 2026",
      "Un message dit simplement.",
      "Demain : Autre mot",
      "Grille d'essai",
      "Aujourd'hui (22 novembre) Demain (23 novembre)",
      "Rangée Faible Non publié",
      "Une note qui nuance le reste.",
      "Source : Source d'essai (https://example.org/essai)",
      "Licence d'essai (CC BY 4.0)",
    ];
    const at = expected.map((words) => text.indexOf(words));
    expect(
      at.every((index) => index >= 0),
      `${text}`,
    ).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
  });
});

describe("the pages of real reports (recorded upstreams)", { timeout: 60_000 }, () => {
  let t: TestApp;
  const reports = new Map<string, ReportAnswer>();
  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const places = { Amiens: MAIN_SCENARIO, Maraussan: CRISIS_SCENARIO, "Les Abymes": OVERSEAS_SCENARIO, Concarneau: PORT_ADDRESSES[5] };
    for (const [name, place] of Object.entries(places)) {
      const response = await t.app.request(`/api/report?${reportQueryOf(place)}`);
      expect(response.status).toBe(200);
      reports.set(name, (await response.json()) as ReportAnswer);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    [["Amiens"]],
    [["Maraussan"]],
    [["Les Abymes"]],
    [["Concarneau"]],
    [["Maraussan", "Amiens"]],
    [["Les Abymes", "Maraussan"]],
    [["Maraussan", "Concarneau"]],
    [["Amiens", "Maraussan", "Les Abymes", "Concarneau"]],
  ])("%j: no address ends on a near-empty page, no page ends half empty but before a block that could not fit", async (names) => {
    const selected = names.map((name) => reports.get(name)!);
    for (const recipientName of [null, "Camille Dubois"]) {
      const { bytes, layout } = await renderReportPdfWithLayout({ reports: selected, generatedAt: NOW, recipientName, origin: "account" });
      expectWellFilledPages(layout, names.join(" + "));
      // The layout's pages are the document's.
      expect((await PDFDocument.load(bytes)).getPageCount()).toBe(layout.pages.length);
    }
  });
});
