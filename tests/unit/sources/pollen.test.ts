// The indice pollen adapter (issue 26, item 1): Atmo France's national WFS, layer
// ind_pol:ind_national_pol, read without an account (decision 070). The recorded answer is
// Airparif's index for Paris on 26 April 2025 (tests/fixtures/pollen/ind-national-pol-75056.json).
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { fetchPollenIndices, fetchPollenIndicesForDays, POLLEN_LAYER } from "../../../src/sources/pollen/client.ts";
import { pollenCollectionSchema } from "../../../src/sources/pollen/schema.ts";
import { mapPollenIndices, type PublishedPollenIndex } from "../../../src/sources/pollen/to-domain.ts";
import { useFakeUpstreams } from "../../helpers/fake-upstreams.ts";

const NOW = new Date("2026-11-22T15:00:00Z");
const upstreams = useFakeUpstreams({ now: NOW });
const opts = (baseUrl: string) => ({ baseUrl, timeoutMs: 10_000 });

async function recorded(): Promise<unknown> {
  return JSON.parse(await readFile(new URL("../../fixtures/pollen/ind-national-pol-75056.json", import.meta.url), "utf8"));
}

describe("the recorded answer of the national pollen layer", () => {
  it("maps to Paris's index of 26 April 2025: « Faible », graminées 2, the agency Airparif, the scale's colour (the layer has no coul_qual)", async () => {
    const parsed = pollenCollectionSchema.parse(await recorded());
    expect(mapPollenIndices(parsed)).toEqual([
      {
        zoneCode: "75056",
        zoneName: "Paris",
        date: "2025-04-26",
        code: 2,
        label: "Faible",
        color: "#50CCAA",
        taxa: { aulne: 1, bouleau: 1, olivier: 1, armoise: 1, graminees: 2, ambroisie: 1 },
        responsible: "GRAMINEE",
        agency: "Airparif",
      },
    ]);
  });

  it("the schema rejects a changed shape (a renamed overall code, a day that is not a string)", async () => {
    const renamed = (await recorded()) as { features: Array<{ properties: Record<string, unknown> }> };
    const properties = renamed.features[0]!.properties;
    properties.indice = properties.code_qual;
    delete properties.code_qual;
    expect(pollenCollectionSchema.safeParse(renamed).success).toBe(false);
    const dated = (await recorded()) as { features: Array<{ properties: Record<string, unknown> }> };
    dated.features[0]!.properties.date_ech = 20250426;
    expect(pollenCollectionSchema.safeParse(dated).success).toBe(false);
  });
});

describe("fetchPollenIndices", () => {
  it("sends a WFS GetFeature of the national layer for the commune from its day on, without the polygons", async () => {
    const indices = await fetchPollenIndices(opts(upstreams.config.POLLEN_WFS_URL), { zoneCode: "80021", fromDate: "2026-11-22" });
    expect(indices.ok && indices.data.map((index) => [index.date, index.label, index.responsible])).toEqual([
      ["2026-11-22", "Faible", "GRAMINEE"],
      ["2026-11-23", "Modéré", "GRAMINEE"],
      ["2026-11-24", "Modéré", "GRAMINEE"],
    ]);
    expect(upstreams.requests).toHaveLength(1);
    expect(upstreams.requests[0]).toMatchObject({
      source: "pollen",
      path: "/ows",
      query: {
        service: "WFS",
        version: "2.0.0",
        request: "GetFeature",
        typeNames: POLLEN_LAYER,
        outputFormat: "application/json",
        CQL_FILTER: "code_zone='80021' AND date_ech>='2026-11-22'",
      },
    });
    expect(upstreams.requests[0]?.query.propertyName?.split(",")).toEqual(expect.arrayContaining(["code_qual", "code_boul", "pollen_resp", "date_ech"]));
    expect(upstreams.requests[0]?.query.propertyName).not.toContain("the_geom");
  });

  it("a changed shape upstream is a failure (invalid), never « no index »", async () => {
    upstreams.setData("pollen", "80021", {
      type: "FeatureCollection",
      features: [{ type: "Feature", properties: { code_zone: "80021", date_ech: "2026-11-22", indice: 2 } }],
    });
    const indices = await fetchPollenIndices(opts(upstreams.config.POLLEN_WFS_URL), { zoneCode: "80021", fromDate: "2026-11-22" });
    expect(indices).toMatchObject({ ok: false, reason: "invalid" });
  });

  it("a commune without an index is an empty list; an upstream 500 is a failure", async () => {
    expect(await fetchPollenIndices(opts(upstreams.config.POLLEN_WFS_URL), { zoneCode: "34148", fromDate: "2026-11-22" })).toEqual({ ok: true, data: [] });
    upstreams.setMode("pollen", "error500");
    expect(await fetchPollenIndices(opts(upstreams.config.POLLEN_WFS_URL), { zoneCode: "80021", fromDate: "2026-11-22" })).toEqual({
      ok: false,
      reason: "http",
      detail: "HTTP 500",
      status: 500,
    });
  });
});

describe("fetchPollenIndicesForDays (the alert run's bulk read)", () => {
  it("reads every zone's days page by page, sorted by zone and day, each page to onPage", async () => {
    upstreams.setData("pollen", "02691", {
      type: "FeatureCollection",
      features: [
        {
          type: "Feature",
          properties: { code_zone: "02691", lib_zone: "Saint-Quentin", date_ech: "{{DATE:+1}}", code_qual: 4, lib_qual: "Élevé", code_gram: 4 },
        },
      ],
    });
    const pages: PublishedPollenIndex[][] = [];
    const read = await fetchPollenIndicesForDays(opts(upstreams.config.POLLEN_WFS_URL), {
      fromDay: "2026-11-22",
      toDay: "2026-11-23",
      pageSize: 2,
      onPage: (page) => pages.push(page),
    });
    expect(read).toEqual({ result: { ok: true, data: null }, requests: 2 });
    expect(pages.map((page) => page.map(({ index }) => `${index.zoneCode} ${index.date} ${index.label}`))).toEqual([
      ["02691 2026-11-23 Élevé", "80021 2026-11-22 Faible"],
      ["80021 2026-11-23 Modéré"],
    ]);
    expect(upstreams.requests.map((request) => [request.query.CQL_FILTER, request.query.startIndex, request.query.count])).toEqual([
      ["date_ech>='2026-11-22' AND date_ech<'2026-11-24'", "0", "2"],
      ["date_ech>='2026-11-22' AND date_ech<'2026-11-24'", "2", "2"],
    ]);
  });

  it("a failed page fails the whole read", async () => {
    upstreams.failNextRequests("pollen", 1, (request) => request.query.startIndex === "1");
    const read = await fetchPollenIndicesForDays(opts(upstreams.config.POLLEN_WFS_URL), {
      fromDay: "2026-11-22",
      toDay: "2026-11-24",
      pageSize: 1,
      onPage: () => {},
    });
    expect(read).toMatchObject({ result: { ok: false, reason: "http" }, requests: 2 });
  });
});
