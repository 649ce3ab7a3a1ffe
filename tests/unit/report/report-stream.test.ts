// Issue 25, « Progressive report » (decision 067), the island's side: the streamed answer is read
// line by line, each line handed on as it comes; the page shows each card when its section is in,
// the others busy and saying only that they are being read.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { deriveAddressInfo, presentDocuments, presentPartialReport, presentSentReport } from "../../../src/core/report/index.ts";
import type { Address, ReportAnswer } from "../../../src/core/types.ts";
import { evaluateAirQuality } from "../../../src/sections/air/index.ts";
import { evaluateDrought } from "../../../src/sections/drought/index.ts";
import { evaluateWaterQuality } from "../../../src/sections/water/index.ts";
import ReportView from "../../../src/islands/report/ReportView.tsx";
import { streamReport, type PartialReportAnswer } from "../../../src/islands/report/report-request.ts";
import { ApiError } from "../../../src/islands/lib/api.ts";
import { MAIN_SCENARIO } from "../../fixtures/scenarios.ts";
import { atmoIndex, camsEstimate, noBathing, NOW, waterResult } from "../core/builders.ts";
import { outdoorSections } from "../core/outdoor-builders.ts";
import { assembleNamed } from "../../helpers/assemble.ts";
import { asSent } from "../../helpers/site-report.ts";

const AMIENS: Address = { ...MAIN_SCENARIO, context: "80, Somme, Hauts-de-France", type: "housenumber", score: 0.97 };
const udi = { code: "080000512", name: "AMIENS CENTRE", quarter: null };

function wholeReport(): ReportAnswer {
  const report = assembleNamed({
    ...outdoorSections(),
    address: AMIENS,
    addressInfo: deriveAddressInfo(AMIENS),
    water: evaluateWaterQuality({ results: { ok: true, data: [waterResult()] }, udi, udis: [udi], now: NOW }),
    air: evaluateAirQuality({ citycode: "80021", atmo: { ok: true, data: [atmoIndex()] }, cams: { ok: true, data: camsEstimate() }, now: NOW }),
    drought: evaluateDrought({ zones: { ok: true, data: [] }, now: NOW, citycode: "80021" }),
    bathing: noBathing(NOW),
    now: NOW,
  });
  return { ...report, address: { ...report.address, signature: "sig" } };
}

/** The server's NDJSON lines for a report: head, the sections in `order` (each with its document, decision 095), the recommendations. */
type SectionField = "water_quality" | "air_quality" | "drought" | "bathing" | "pollen" | "uv" | "weather_warnings" | "radon";

function linesOf(report: ReportAnswer, order: SectionField[]): string[] {
  const head = { address: report.address, address_info: report.address_info, generated_at: report.generated_at };
  const sectionLine = (field: SectionField) => ({ [field]: report[field], documents: presentDocuments(report, { [field]: report[field] }) });
  return [head, ...order.map(sectionLine), { recommendations: report.recommendations }].map((part) => `${JSON.stringify(part)}\n`);
}

/** A streamed answer whose chunks split lines anywhere, as a network does. */
function ndjsonResponse(chunks: string[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { "Content-Type": "application/x-ndjson; charset=utf-8" } });
}

afterEach(() => vi.unstubAllGlobals());

const REQUEST = { lat: 49.8985, lon: 2.2952, citycode: "80021", label: MAIN_SCENARIO.label };

describe("streamReport (the island reads the report line by line)", () => {
  it("hands on the report after each line, in the order the sections came, and resolves to the whole answer", async () => {
    const report = wholeReport();
    // Issue 26's four sections come as their own lines, in any order among the others.
    const text = linesOf(report, ["radon", "air_quality", "pollen", "drought", "uv", "bathing", "weather_warnings", "water_quality"]).join("");
    // Cut in the middle of lines: a line is read only once it is whole.
    const chunks = [text.slice(0, 37), text.slice(37, 900), text.slice(900)];
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => ndjsonResponse(chunks));
    vi.stubGlobal("fetch", fetchMock);
    const seen: PartialReportAnswer[] = [];
    const whole = await streamReport(REQUEST, (partial) => seen.push(partial));
    expect(new Headers(fetchMock.mock.calls[0]![1].headers).get("Accept")).toMatch(/^application\/x-ndjson/);
    // The whole answer, and every section's document gathered from the lines, as the server presents them.
    expect(whole).toEqual(asSent(report));
    // The head, its documents none yet; then one field more a line.
    expect(seen.map((partial) => Object.keys(partial).length)).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(seen.map((partial) => Object.keys(partial.documents ?? {}).length)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 8]);
    expect(seen[1]!.radon).toEqual(report.radon);
    expect(Object.keys(seen[1]!.documents!)).toEqual(["radon"]);
    expect(seen[2]!.air_quality).toEqual(report.air_quality);
    expect(seen[2]!.water_quality).toBeUndefined();
    expect(seen[2]!.documents!.water).toBeUndefined();
  });

  it("takes an error answer's French message before any line, as for the whole answer", async () => {
    vi.stubGlobal("fetch", async () => Response.json({ error: "Adresse introuvable.", code: "address_not_found" }, { status: 404 }));
    await expect(streamReport(REQUEST, () => {})).rejects.toMatchObject({ status: 404, message: "Adresse introuvable.", code: "address_not_found" });
  });

  it("takes a whole JSON answer as is (something on the way dropped the Accept header)", async () => {
    const report = asSent(wholeReport());
    vi.stubGlobal("fetch", async () => Response.json(report));
    await expect(streamReport(REQUEST, () => {})).resolves.toEqual(report);
  });

  it("says a report cut short of a whole JSON answer without the sections' documents (the public form: the page cannot lay it out)", async () => {
    vi.stubGlobal("fetch", async () => Response.json(wholeReport()));
    await expect(streamReport(REQUEST, () => {})).rejects.toMatchObject({
      status: 502,
      message: "Le bilan n'a pas pu être lu jusqu'au bout. Veuillez réessayer.",
    });
  });

  it("fails when the stream ends before the whole report (issue 26's four sections are part of it), or says it failed", async () => {
    // Every section of the old report and the recommendations, but not issue 26's four: still cut short.
    const withoutOutdoor = linesOf(wholeReport(), ["water_quality", "air_quality", "drought", "bathing"]);
    vi.stubGlobal("fetch", async () => ndjsonResponse(withoutOutdoor));
    await expect(streamReport(REQUEST, () => {})).rejects.toBeInstanceOf(ApiError);
    const lines = linesOf(wholeReport(), ["air_quality"]);
    vi.stubGlobal("fetch", async () => ndjsonResponse(lines.slice(0, 2)));
    await expect(streamReport(REQUEST, () => {})).rejects.toBeInstanceOf(ApiError);
    vi.stubGlobal("fetch", async () =>
      ndjsonResponse([lines[0]!, `${JSON.stringify({ error: "Une erreur inattendue s'est produite.", code: "internal_error" })}\n`]),
    );
    await expect(streamReport(REQUEST, () => {})).rejects.toMatchObject({ code: "internal_error" });
  });
});

describe("the report page while the sections stream in", () => {
  it("shows each arrived card with its content, the others busy, « en cours de lecture » and no advice yet", () => {
    const report = wholeReport();
    const partial: PartialReportAnswer = {
      address: report.address,
      address_info: report.address_info,
      generated_at: report.generated_at,
      air_quality: report.air_quality,
    };
    const html = renderToStaticMarkup(createElement(ReportView, { report: asSent(partial), pendingUdi: null, updating: false, onChooseUdi: () => {} }));
    const busyCards = [...html.matchAll(/<article id="(\w+)"[^>]*aria-busy="true"/g)].map((match) => match[1]);
    expect(busyCards).toEqual(["eau", "secheresse", "baignade", "vigilance", "pollens", "uv", "radon", "conseils"]);
    expect(html).toMatch(/<article id="air"(?![^>]*aria-busy)/);
    expect(html).toContain("Eau du robinet</a>\u00a0: en cours de lecture…");
    expect(html).toContain("Pollens</a>\u00a0: en cours de lecture…");
    expect(html).not.toContain("Bonne nouvelle");
    // The PDF and the alerts are for the whole report.
    expect(html).not.toContain("Télécharger le rapport PDF");

    const whole = renderToStaticMarkup(createElement(ReportView, { report: asSent(report), pendingUdi: null, updating: false, onChooseUdi: () => {} }));
    expect(whole).not.toContain("aria-busy");
    expect(whole).not.toContain("en cours de lecture");
    expect(whole).toContain("Télécharger le rapport PDF");
  });
});

describe("the page's presentation from the documents the server sends (decision 095)", () => {
  it("is the server's own presentation of the report, whole or on its way, through JSON", () => {
    const report = wholeReport();
    const onItsWay = {
      address: report.address,
      address_info: report.address_info,
      generated_at: report.generated_at,
      air_quality: report.air_quality,
      radon: report.radon,
    };
    for (const sent of [report, onItsWay]) {
      expect(presentSentReport(asSent(sent))).toEqual(JSON.parse(JSON.stringify(presentPartialReport(sent))));
    }
  });
});
