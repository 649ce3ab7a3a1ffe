// The registry is the one place a section is added (src/sections/registry.ts and
// registry.server.ts): a section that exists only in this test, registered here and nowhere else,
// reaches the page, the streamed lines, the PDF, the report e-mail and the public API (its answer
// and its OpenAPI document) with no other change. Its answer is made up by the test (DERIVED):
// no upstream is read for it.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import * as z from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { badge } from "../../src/core/report/badge.ts";
import { standardBlocks } from "../../src/core/report/document.ts";
import type { SectionModule } from "../../src/core/report/section-module.ts";
import type { ReportAnswer } from "../../src/core/types.ts";
import ReportView from "../../src/islands/report/ReportView.tsx";
import { registerSection } from "../../src/sections/registry.ts";
import { registerServerSection } from "../../src/sections/registry.server.ts";
import { renderLatestReportEmail } from "../../src/server/email/templates.ts";
import { defineServerSection } from "../../src/server/services/section-loader.ts";
import { MAIN_SCENARIO, reportQueryOf } from "../fixtures/scenarios.ts";
import { pdfText } from "../helpers/pdf-text.ts";
import { useTestApp } from "../helpers/test-app.ts";
import { asSent } from "../helpers/site-report.ts";

const NOW = new Date("2026-06-10T10:00:00Z");
const t = useTestApp({ now: NOW }, { resetUpstreams: true, onlyKnownUpstreams: true });

interface TrialAnswer {
  success: boolean;
  word: string;
  day: string;
}

const TRIAL_SOURCE = { name: "Observatoire d'essai", url: "https://example.org/observatoire-essai", publisher: "Observatoire d'essai" };

const trialSection: SectionModule<TrialAnswer> = {
  key: "trial",
  field: "trial_section",
  title: "Section d'essai",
  anchor: "essai",
  label: "Essai",
  present: (answer) => ({
    key: "trial",
    anchor: "essai",
    title: "Section d'essai",
    headline: badge(answer.word, "acceptable"),
    summary: `Essai\u00a0: ${answer.word} (relevé d'essai).`,
    blocks: standardBlocks({
      dateLine: `Relevé d'essai du ${answer.day}`,
      facts: [{ term: "Demain", value: "Relevé d'essai non publié" }],
      table: { caption: "Grille d'essai", columns: ["Aujourd'hui"], rows: [{ label: "Mesure d'essai", cells: [badge(answer.word, "acceptable")] }] },
      notes: ["Une estimation d'essai, pas une mesure."],
    }),
    source: TRIAL_SOURCE,
    attribution: null,
  }),
};

const trialServerSection = defineServerSection({
  key: "trial",
  field: "trial_section",
  schema: z.object({ success: z.boolean(), word: z.string(), day: z.string() }).meta({ description: "Une section d'essai." }),
  load: async (_deps, { now }) => ({ success: true, word: "Modéré", day: now.toISOString().slice(0, 10) }),
});

const unregister: Array<() => void> = [];
beforeAll(() => {
  unregister.push(registerSection(trialSection as SectionModule<never>), registerServerSection(trialServerSection as never));
});
afterAll(() => {
  for (const undo of unregister) undo();
});

const NDJSON = "application/x-ndjson";
/** The trial section's presentation reads nothing of its context. */
const PRESENT_CONTEXT = { generatedAt: NOW.toISOString(), timeZone: "Europe/Paris", today: "2026-06-10" };

async function wholeReport(): Promise<ReportAnswer & { trial_section?: TrialAnswer }> {
  const response = await t.rebuild().request(`/api/report?${reportQueryOf(MAIN_SCENARIO)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as ReportAnswer & { trial_section?: TrialAnswer };
}

describe("a section registered only in a test reaches every channel", () => {
  it("the report's answer carries it, read by its own loader", async () => {
    const report = await wholeReport();
    expect(report.trial_section).toEqual({ success: true, word: "Modéré", day: "2026-06-10" });
  });

  it("the streamed lines: a line of its own, between the head and the recommendations", async () => {
    const response = await t.rebuild().request(`/api/report?${reportQueryOf(MAIN_SCENARIO)}`, { headers: { Accept: NDJSON } });
    const parts = (await response.text())
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const keys = parts.map((part) => Object.keys(part).join(","));
    // The head, the eight shipped sections, the test's, the recommendations.
    expect(parts).toHaveLength(11);
    expect(keys.indexOf("trial_section,documents")).toBeGreaterThan(0);
    expect(keys.at(-1)).toBe("recommendations");
    // Its answer, and its document as its module presents it, which the page lays out (decision 095).
    expect(parts.find((part) => "trial_section" in part)).toEqual({
      trial_section: { success: true, word: "Modéré", day: "2026-06-10" },
      documents: { trial: JSON.parse(JSON.stringify(trialSection.present({ success: true, word: "Modéré", day: "2026-06-10" }, PRESENT_CONTEXT))) },
    });
  });

  it("the page: its card after the radon card, its headline, blocks and source, and its line in « L'essentiel »", async () => {
    const report = await wholeReport();
    const html = renderToStaticMarkup(createElement(ReportView, { report: asSent(report), pendingUdi: null, updating: false, onChooseUdi: () => {} }));
    const card = html.match(/<article id="essai"[\s\S]*?<\/article>/)?.[0];
    expect(card).toBeDefined();
    expect(card).toContain("Section d&#x27;essai");
    expect(card).toMatch(/card__badge"[^>]*>Modéré<\/span>/);
    expect(card).toContain("Relevé d&#x27;essai du 2026-06-10");
    expect(card).toContain("<caption>Grille d&#x27;essai</caption>");
    expect(card).toContain("Une estimation d&#x27;essai, pas une mesure.");
    expect(card).toContain("Observatoire d&#x27;essai");
    expect(html.indexOf('id="radon"')).toBeLessThan(html.indexOf('id="essai"'));
    expect(html).toContain('href="#essai"');
  });

  it("the PDF: its title, headline word, blocks and source", async () => {
    const response = await t.rebuild().request(`/api/report/pdf?${reportQueryOf(MAIN_SCENARIO)}`);
    expect(response.status).toBe(200);
    const text = pdfText(new Uint8Array(await response.arrayBuffer()));
    expect(text).toContain("Section d'essai");
    expect(text).toContain("Relevé d'essai du 2026-06-10");
    expect(text).toContain("Mesure d'essai");
    expect(text).toContain("Une estimation d'essai, pas une mesure.");
    expect(text).toContain("Observatoire d'essai");
    // Calm, on « L'essentiel »'s calm line with its word (decision 084).
    expect(text).toContain("Essai – Modéré");
  });

  it("the report e-mail: its summary line and its detail, in both parts", async () => {
    const report = await wholeReport();
    const email = renderLatestReportEmail({
      firstName: null,
      reports: [report],
      accountUrl: "https://zone-sante.fr/compte",
      reportUrlFor: () => "https://zone-sante.fr/",
    });
    // The HTML read as words: tags dropped, entities decoded.
    const htmlWords = email.html
      .replace(/<[^>]+>/g, "")
      .replaceAll("&nbsp;", "\u00a0")
      .replace(/&#(x27|39);/g, "'")
      .replaceAll("&amp;", "&");
    for (const part of [email.text, htmlWords]) {
      // French typography: a no-break space before each colon.
      expect(part).toMatch(/Rien à signaler\u00a0: .*Essai – Modéré/);
      expect(part).toMatch(/Section d'essai\u00a0: Modéré/);
      expect(part).toMatch(/Demain\u00a0: Relevé d/);
      expect(part).toMatch(/Source\u00a0: Observatoire d/);
    }
  });

  it("the public API: /api/v1/report answers it, valid against the OpenAPI document, which describes it", async () => {
    const app = t.rebuild();
    // The app under test checks every /api/v1 answer against the document it serves (test-app.ts).
    const response = await app.request(`/api/v1/report?${reportQueryOf(MAIN_SCENARIO)}`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { trial_section?: unknown }).trial_section).toEqual({ success: true, word: "Modéré", day: "2026-06-10" });
    const document = (await (await app.request("/api/v1/openapi.json")).json()) as {
      components: { schemas: { Report: { properties: Record<string, { description?: string }>; required: string[] } } };
    };
    const reportSchema = document.components.schemas.Report;
    expect(reportSchema.properties.trial_section?.description).toBe("Une section d'essai.");
    expect(reportSchema.required).toContain("trial_section");
  });
});
