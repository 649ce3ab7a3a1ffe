// One report, three channels: the page (the island rendered on the server), the PDF (read back
// with poppler's pdftotext) and the report email (HTML and text) must say the same summary, the
// same official headline words and the same prominent advice, all taken from presentReport.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { presentReport, sectionOf, type ReportPresentation } from "../../../src/core/report/present.ts";
import type { ReportAnswer } from "../../../src/core/types.ts";
import ReportView from "../../../src/islands/report/ReportView.tsx";
import { renderLatestReportEmail } from "../../../src/server/email/templates.ts";
import { toWinAnsi } from "../../../src/server/pdf/pdf-text.ts";
import { renderReportPdf } from "../../../src/server/pdf/report-pdf.ts";
import { CRISIS_SCENARIO, MAIN_SCENARIO, reportQueryOf } from "../../fixtures/scenarios.ts";
import { createTestApp, type TestApp } from "../../helpers/test-app.ts";
import { asSent } from "../../helpers/site-report.ts";

// November: out of the bathing season, no ozone season; the fake upstreams answer for this day.
const NOW = new Date("2026-11-22T10:00:00Z");
// Our scale's words: never a section's word on any channel.
const OUR_SCALE_HEADLINES = ["À surveiller", "Critique"];

/** Whitespace, NBSP and narrow NBSP as one ordinary space: channels differ only in these. */
const normalise = (text: string) => text.replace(/[\s\u00A0\u202F]+/g, " ").trim();

function visibleText(html: string): string {
  return html
    .replace(/<head>[\s\S]*?<\/head>/, "")
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

interface Channel {
  name: string;
  text: string;
  /** what the channel can print of a string (the PDF's standard fonts are WinAnsi only) */
  expected(text: string): string;
}

let t: TestApp;
let workDir = "";

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  workDir = mkdtempSync(join(tmpdir(), "zone-sante-channels-"));
});

afterAll(async () => {
  await t.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

async function fetchReport(scenario: typeof MAIN_SCENARIO | typeof CRISIS_SCENARIO): Promise<ReportAnswer> {
  const response = await t.app.request(`/api/report?${reportQueryOf(scenario)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as ReportAnswer;
}

async function renderChannels(report: ReportAnswer, name: string): Promise<Channel[]> {
  const pdfPath = join(workDir, `${name}.pdf`);
  writeFileSync(pdfPath, await renderReportPdf({ reports: [report], generatedAt: NOW }));
  const pdfText = execFileSync("pdftotext", ["-layout", pdfPath, "-"], { encoding: "utf8" });
  const email = renderLatestReportEmail({
    firstName: null,
    reports: [report],
    accountUrl: "https://zone-sante.fr/compte",
    reportUrlFor: () => "https://zone-sante.fr/?src=email",
  });
  const page = renderToStaticMarkup(createElement(ReportView, { report: asSent(report), pendingUdi: null, updating: false, onChooseUdi: () => {} }));
  const same = (text: string) => normalise(text);
  return [
    { name: "page", text: normalise(visibleText(page)), expected: same },
    { name: "PDF", text: normalise(pdfText), expected: (text) => normalise(toWinAnsi(text)) },
    { name: "email (HTML)", text: normalise(visibleText(email.html)), expected: same },
    { name: "email (text)", text: normalise(email.text), expected: same },
  ];
}

function headlineWords(presentation: ReportPresentation): string[] {
  return [presentation.water, presentation.air, presentation.drought, ...(presentation.bathing ? [presentation.bathing] : [])].map(
    (section) => section.headline.word,
  );
}

describe.each([
  // VigiEau's word for the tap's zone (decision 086): Maraussan's drinking water in alerte (its
  // river's crise behind the question), Amiens' only zone a river's.
  ["Maraussan (crisis)", CRISIS_SCENARIO, { water: "Non conforme", air: "Dégradé (estimation)", drought: "Alerte", bathing: "Hors saison" }],
  ["Amiens", MAIN_SCENARIO, { water: "Conforme", air: "Moyen", drought: "Pas de restrictions", bathing: "Aucun site proche" }],
] as const)("one report in every channel: %s", (name, scenario, words) => {
  let presentation: ReportPresentation;
  let channels: Channel[];

  beforeAll(async () => {
    const report = await fetchReport(scenario);
    presentation = presentReport(report);
    channels = await renderChannels(report, name.replace(/\W+/g, "-"));
  });

  it("presents the sources' own words", () => {
    expect(headlineWords(presentation)).toEqual([words.water, words.air, words.drought, words.bathing]);
    // Every section named by « L'essentiel »: in its sentence when it needs attention, else on the calm line (issue 38).
    const named = presentation.summary.flatMap((line) => (line.calm ? line.calm.map((entry) => entry.anchor) : line.key === "advice" ? [] : [line.anchor]));
    expect(named.sort()).toEqual(presentation.sections.map((section) => section.anchor).sort());
    // Amiens' only drought zone is a river's: its advice informs, in no prominent box (decision 086).
    expect(presentation.advice.some((advice) => advice.prominent)).toBe(name !== "Amiens");
  });

  it.each(["page", "PDF", "email (HTML)", "email (text)"])("%s: every summary line", (channelName) => {
    const channel = channels.find((candidate) => candidate.name === channelName)!;
    for (const line of presentation.summary) expect(channel.text).toContain(channel.expected(line.text));
  });

  it.each(["page", "PDF", "email (HTML)", "email (text)"])("%s: every section's headline word and every prominent advice", (channelName) => {
    const channel = channels.find((candidate) => candidate.name === channelName)!;
    for (const word of headlineWords(presentation)) expect(channel.text).toContain(channel.expected(word));
    for (const advice of presentation.advice.filter((item) => item.prominent)) expect(channel.text).toContain(channel.expected(advice.title));
  });

  it.each(["page", "PDF", "email (HTML)", "email (text)"])(
    "%s: the drought section says the tap's restrictions first, the rivers' and groundwater's zones after the card's question",
    (channelName) => {
      const channel = channels.find((candidate) => candidate.name === channelName)!;
      const { verdict, zones, notes } = presentation.drought;
      const tap = zones.filter((zone) => zone.tap);
      // Amiens has only a river zone: VigiEau's own conclusion for the tap is said in every channel.
      if (name === "Amiens") expect([verdict, tap]).toEqual(["Pas de restriction d'usage de l'eau du réseau à votre adresse.", []]);
      if (tap.length === 0) expect(channel.text).toContain(channel.expected(verdict ?? "?"));
      else expect(channel.text).toContain(channel.expected("Restrictions d'usage de l'eau du réseau"));
      // « Alerte (eau potable) » read as a warning about drinking the water: never written.
      expect(channel.text).not.toContain(channel.expected("(eau potable)"));
      const question = channel.text.indexOf(channel.expected("Vous utilisez un puits, un forage ou l'eau d'une rivière ?"));
      for (const zone of zones) {
        // A zone by its name (the page, the PDF), or by its line « Eau superficielle : Crise – … » (the e-mails).
        const at = [zone.facts.find((fact) => fact.term === "Zone")?.value ?? "?", `${zone.title} : ${zone.badge.word} –`]
          .map((text) => channel.text.indexOf(channel.expected(text)))
          .find((index) => index > -1);
        expect(at).toBeDefined();
        if (zone.tap) expect(at).toBeLessThan(question === -1 ? Infinity : question);
        else expect(at).toBeGreaterThan(question);
      }
      expect(question > -1).toBe(zones.some((zone) => !zone.tap));
      for (const note of notes) expect(channel.text).toContain(channel.expected(note));
    },
  );

  it.each(["page", "PDF"])("%s: each bathing site in readable case with its own calm line, never a technical failure (issue 23)", (channelName) => {
    const channel = channels.find((candidate) => candidate.name === channelName)!;
    for (const site of presentation.bathing.sites) {
      expect(channel.text).toContain(channel.expected(site.name));
      if (site.line) expect(channel.text).toContain(channel.expected(site.line));
    }
    if (name.startsWith("Maraussan"))
      expect(presentation.bathing.sites.map((site) => site.line)).toEqual(
        presentation.bathing.sites.map(() =>
          expect.stringMatching(/^Saison terminée\s;\s(?:dernier classement\s:\s\S+ \(\d{4}\)|classement\s:\svoir la fiche officielle)$/u),
        ),
      );
    expect(channel.text).not.toMatch(/n'a pas pu être lu|LE CASINO|ORB-REALS/);
  });

  it.each(["page", "PDF", "email (HTML)", "email (text)"])("%s: the ministry's live read, said once (issue 23)", (channelName) => {
    const channel = channels.find((candidate) => candidate.name === channelName)!;
    const read = presentation.bathing.liveRead;
    if (read) expect(channel.text.split(channel.expected(read)).length - 1).toBe(1);
    else expect(channel.text).not.toContain("Lu sur le site du ministère");
  });

  it.each(["page", "PDF"])("%s: each drought zone in the report's order (the tap's first), its own name above its own rules", (channelName) => {
    const found = channels.find((candidate) => candidate.name === channelName)!;
    // A PDF page break may fall inside a rule: its footer and the next page's header are not the rule's words.
    const channel = { ...found, text: found.text.replace(/ Zone Santé Page \d+ sur \d+ Zone Santé Bilan santé-environnement/g, "") };
    const zones = presentation.drought.zones;
    expect(zones.length).toBeGreaterThan(0);
    // Where each zone's block starts: its name, unique on the page; a block ends where the next starts.
    const starts = zones.map((zone) => channel.text.indexOf(channel.expected(zone.facts.find((fact) => fact.term === "Zone")?.value ?? "?")));
    expect(starts.every((start) => start > -1)).toBe(true);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    zones.forEach((zone, index) => {
      const block = channel.text.slice(starts[index], starts[index + 1] ?? channel.text.indexOf(channel.expected("Source"), starts[index]));
      if (zone.period) expect(block).toContain(channel.expected(zone.period));
      expect(block).toContain(channel.expected(zone.restrictionsSummary));
      for (const restriction of zone.groups.flatMap((group) => group.restrictions)) {
        expect(block).toContain(channel.expected(restriction.usage));
        expect(block).toContain(channel.expected(restriction.description));
      }
    });
  });

  it.each(["page", "PDF", "email (HTML)", "email (text)"])("%s: none of our scale's words as a headline", (channelName) => {
    const channel = channels.find((candidate) => candidate.name === channelName)!;
    for (const word of OUR_SCALE_HEADLINES) expect(channel.text).not.toContain(word);
  });
});

describe("the crisis report's words", () => {
  it("puts the advice for infants and pregnant women first, prominent, and never bans bathing out of season", async () => {
    const presentation = presentReport(await fetchReport(CRISIS_SCENARIO));
    const [first] = presentation.advice;
    expect(first).toMatchObject({ id: "water-nitrates", prominent: true });
    expect(first?.title).toMatch(/femmes enceintes et les nourrissons/);
    expect(presentation.summary[0]?.text).toContain(first?.title);
    expect(presentation.bathing?.headline.word).not.toBe("Baignade interdite");
    expect(presentation.advice.map((advice) => advice.title).join(" ")).not.toMatch(/Baignade interdite/i);
  });
});

// The data rules (decision 054): « « Bonne nouvelle » only when water, air and drought were all read
// and clear; otherwise say what could not be checked. » Observed (issue 21): Les Abymes
// (Guadeloupe) with Hub'Eau failing read « Bonne nouvelle ! … aucune précaution particulière ».
describe("an overseas commune with Hub'Eau failing: no « Bonne nouvelle » on any channel, the water named as not checked", () => {
  let channels: Channel[];
  let report: ReportAnswer;

  beforeAll(async () => {
    t.upstreams.setMode("hubeau", "error500");
    try {
      const response = await t.rebuild().request("/api/report?lat=16.2691&lon=-61.4917&citycode=97101&label=Les%20Abymes");
      expect(response.status).toBe(200);
      report = (await response.json()) as ReportAnswer;
    } finally {
      t.upstreams.reset();
    }
    channels = await renderChannels(report, "les-abymes-hubeau-down");
  });

  it("API: the water section is unavailable and the advice says so", () => {
    expect(report.water_quality).toMatchObject({ success: false, level: "unavailable" });
    expect(report.recommendations.map((advice) => advice.id)).not.toContain("all-clear");
    // The tap water unread is its own advice, first, said plainly (issue 38).
    expect(report.recommendations[0]).toMatchObject({
      id: "water-unchecked",
      basis: "unread",
      title: "Nous n'avons pas pu vérifier l'eau du robinet aujourd'hui",
    });
    expect(report.recommendations[0]?.text).toContain("Les résultats du contrôle sanitaire (Hub'Eau) n'ont pas répondu");
  });

  it.each(["page", "PDF", "email (HTML)", "email (text)"])("%s", (channelName) => {
    const channel = channels.find((candidate) => candidate.name === channelName)!;
    expect(channel.text).not.toMatch(/Bonne nouvelle|aucune précaution particulière/i);
    expect(channel.text).toContain(channel.expected("Nous n'avons pas pu vérifier l'eau du robinet aujourd'hui"));
    expect(channel.text).toContain(channel.expected("À retenir : Nous n'avons pas pu vérifier l'eau du robinet aujourd'hui"));
  });

  // Decision 085: the card that says « Indisponible » sends the reader to Hub'Eau's row on /etat,
  // from the document, so that every channel gives the same link; no section that was read has one.
  it("the water's document links to Hub'Eau's row on /etat, and only the water's", () => {
    const presentation = presentReport(report);
    expect(sectionOf(presentation, "water").statusLink).toEqual({ text: "État des sources", href: "/etat#source-hubeau" });
    expect(presentation.water.statusLink).toEqual(sectionOf(presentation, "water").statusLink);
    expect(presentation.sections.filter((section) => section.statusLink).map((section) => section.key)).toEqual(["water"]);
  });

  it("page: « État des sources » on the water's card, to /etat#source-hubeau", () => {
    const page = renderToStaticMarkup(createElement(ReportView, { report: asSent(report), pendingUdi: null, updating: false, onChooseUdi: () => {} }));
    const waterCard = page.slice(page.indexOf('id="eau"'), page.indexOf("</article>", page.indexOf('id="eau"')));
    expect(waterCard).toContain('<a href="/etat#source-hubeau">État des sources</a>');
    expect(page.match(/État des sources/g)).toHaveLength(1);
  });

  it.each([
    ["PDF", "État des sources : /etat#source-hubeau"],
    ["email (HTML)", "État des sources"],
    ["email (text)", "État des sources : https://zone-sante.fr/etat#source-hubeau"],
  ])("%s: « État des sources » with its link", (channelName, expected) => {
    const channel = channels.find((candidate) => candidate.name === channelName)!;
    expect(channel.text).toContain(channel.expected(expected));
  });
});
