// The radon section through the public API (issue 26, item 4): the commune's category in the
// official classification (arrêté du 27 juin 2018), read from the data the app ships (on Node an
// import, no network; on Workers the static asset /donnees/radon.json), once per process.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Report } from "../../src/core/types.ts";
import { MAIN_SCENARIO, PORT_ADDRESSES, reportQueryOf } from "../fixtures/scenarios.ts";
import { useTestApp } from "../helpers/test-app.ts";
import { pdfText } from "../helpers/pdf-text.ts";
import { signAddress } from "../../src/server/services/geocoded-address.ts";

const read = vi.hoisted(() => ({ failures: 0, calls: 0 }));

// The runtime's reader (`#radon-dataset`) fails as many times as asked.
vi.mock("../../src/server/services/radon-dataset.ts", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../src/server/services/radon-dataset.ts")>();
  return {
    readShippedRadonDataset: async () => {
      read.calls += 1;
      if (read.failures > 0) {
        read.failures -= 1;
        throw new Error("asset unreadable");
      }
      return original.readShippedRadonDataset();
    },
  };
});

const NOW = new Date("2026-11-22T10:00:00Z");
const t = useTestApp({ now: NOW }, { now: NOW, resetUpstreams: true });

/** The app secret of the test app (tests/helpers/test-app.ts): a pick signed with it is taken as is. */
const TEST_APP_SECRET = "test-secret-test-secret-test-secret";

async function report(place: {
  latitude: number;
  longitude: number;
  citycode: string;
  label: string;
  postcode?: string;
  city?: string;
  signature?: string;
}): Promise<Report> {
  const query = reportQueryOf(place);
  for (const key of ["postcode", "city", "signature"] as const) if (place[key] !== undefined) query.set(key, place[key]);
  const response = await t.app.request(`/api/v1/report?${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Report;
}

afterEach(() => {
  read.failures = 0;
});

const CONCARNEAU = PORT_ADDRESSES[5];

describe("GET /api/v1/report: the radon section is the commune's official category (arrêté du 27 juin 2018)", () => {
  it("fails soft: an unreadable classification makes the radon section « Indisponible », logged without the address, and is read again next time", async () => {
    // First in the file: the classification is kept once read.
    read.failures = 1;
    const failed = await report(MAIN_SCENARIO);
    expect(failed.radon).toMatchObject({ success: false, level: "unavailable", category: null });
    expect(failed.water_quality.success).toBe(true);
    const line = t.logs.find((entry) => entry.message === "radon data set unreadable");
    expect(line).toMatchObject({ level: "error" });
    expect(JSON.stringify(line)).not.toMatch(/80021|Amiens|Boulevard/);
    expect((await report(MAIN_SCENARIO)).radon).toMatchObject({ success: true, category: 1 });
  });

  it("Amiens (the demo's address) is in category 1: « Catégorie 1 », no radon advice", async () => {
    const answer = await report(MAIN_SCENARIO);
    expect(answer.radon).toMatchObject({ success: true, level: "good", category: 1, label: "Catégorie 1", commune: { code: "80021" }, message: null });
    expect(answer.radon.source.url).toBe("https://www.data.gouv.fr/fr/datasets/connaitre-le-potentiel-radon-de-ma-commune/");
    expect(answer.recommendations.map((recommendation) => recommendation.category)).not.toContain("radon");
  });

  it("Concarneau is in category 3, and the report advises measuring (300 Bq/m³ reference level)", async () => {
    const answer = await report(CONCARNEAU);
    expect(answer.radon).toMatchObject({ success: true, level: "concerning", category: 3, commune: { code: "29039" } });
    const advice = answer.recommendations.find((recommendation) => recommendation.category === "radon");
    expect(advice).toMatchObject({ id: "radon", severity: "warning" });
    expect(advice?.text).toContain("300\u00a0Bq/m³");
  });

  it("is read once per process or isolate, not once per report", async () => {
    const before = read.calls;
    await report(MAIN_SCENARIO);
    await report(CONCARNEAU);
    expect(read.calls - before).toBe(0);
    // …and it was read: by the first reports of this file
    expect(read.calls).toBeGreaterThan(0);
  });
});

// Issue 36: radon by the commune as the arrêté lists it, through the API, the fake BAN answering
// with derived fixtures (tests/fixtures/ban/*-derived-*: Tremblay in Val-Couesnon with its
// `oldcitycode`, Paris and Lyon as municipalities, Lyon 9e, Saint-Pierre, Saint-Martin).
describe("GET /api/v1/report: radon by the commune as the arrêté lists it (issue 36)", () => {
  const TREMBLAY = {
    label: "1 Rue de la Mairie 35560 Val-Couesnon",
    latitude: 48.421766,
    longitude: -1.471873,
    citycode: "35004",
    postcode: "35560",
    city: "Val-Couesnon",
  };

  it("1 Rue de la Mairie 35560 Val-Couesnon, in the former commune of Tremblay, reads Tremblay's category 3 (the BAN's oldcitycode), not Antrain's 1", async () => {
    const answer = await report(TREMBLAY);
    expect(answer.radon).toMatchObject({
      category: 3,
      basis: "former_commune",
      commune: { code: "35341", name: "Tremblay" },
      current_commune: { code: "35004", name: "Val-Couesnon" },
    });
    expect(answer.recommendations.find((recommendation) => recommendation.category === "radon")).toMatchObject({ severity: "warning" });
  });

  it("the suggestion carries the former commune; picked (signed, without it), the report asks the BAN at the point and still reads Tremblay", async () => {
    const response = await t.app.request(`/api/v1/geocode?${new URLSearchParams({ q: TREMBLAY.label })}`);
    const { results } = (await response.json()) as { results: Array<Record<string, unknown>> };
    expect(results[0]).toMatchObject({ citycode: "35004", oldcitycode: "35341", oldcity: "Tremblay" });
    const signed = signAddress(TEST_APP_SECRET, TREMBLAY);
    const answer = await report({ ...TREMBLAY, signature: signed.signature });
    expect(answer.radon).toMatchObject({ category: 3, commune: { code: "35341" } });
  });

  it("Val-Couesnon as a municipality (no former commune at its point) reads « Classement différent selon l'ancienne commune », each part named", async () => {
    const municipality = { label: "Val-Couesnon", latitude: 48.450187, longitude: -1.487912, citycode: "35004", postcode: "35560", city: "Val-Couesnon" };
    const answer = await report({ ...municipality, signature: signAddress(TEST_APP_SECRET, municipality).signature });
    expect(answer.radon).toMatchObject({ category: null, level: "unavailable", label: "Classement différent selon l'ancienne commune", basis: "parts" });
    expect(answer.radon.message).toContain("Tremblay");
    expect(answer.radon.message).toContain("Antrain");
    // a point 220 m from the nearest address is not taken as that address's former commune
    const near = { ...municipality, latitude: TREMBLAY.latitude + 0.002, longitude: TREMBLAY.longitude, label: "Rue de la Mairie 35560 Val-Couesnon" };
    expect((await report({ ...near, signature: signAddress(TEST_APP_SECRET, near).signature })).radon).toMatchObject({ category: null, basis: "parts" });
  });

  it("Paris (75056, a municipality) reads category 1, and Lyon (69123) « Classement différent selon l'arrondissement »", async () => {
    const paris = await t.app.request(`/api/v1/report?${new URLSearchParams({ q: "Paris" })}`);
    expect(((await paris.json()) as Report).radon).toMatchObject({ category: 1, basis: "parts", commune: { code: "75056", name: "Paris" } });
    const lyon = await t.app.request(`/api/v1/report?${new URLSearchParams({ q: "Lyon" })}`);
    expect(((await lyon.json()) as Report).radon).toMatchObject({ category: null, label: "Classement différent selon l'arrondissement" });
  });

  it("Lyon 9e is named as such (« Lyon 9e Arrondissement », category 3), and its advice says « Votre arrondissement »", async () => {
    const answer = await report({ label: "12 Quai Arloing 69009 Lyon", latitude: 45.774083, longitude: 4.806431, citycode: "69389" });
    expect(answer.radon).toMatchObject({ category: 3, basis: "arrondissement", commune: { code: "69389", name: "Lyon 9e Arrondissement" } });
    const advice = answer.recommendations.find((recommendation) => recommendation.category === "radon");
    expect(advice?.text).toMatch(/^Votre arrondissement \(Lyon 9e Arrondissement\) est en catégorie 3/);
    expect(advice?.text).not.toContain("Votre commune");
  });

  it("Saint-Pierre (97502) reads the file's 97500, category 3; Saint-Martin (97801) its old code 97127, category 1", async () => {
    const saintPierre = await report({ label: "3 Rue du Maréchal Foch 97500 Saint-Pierre", latitude: 46.780521, longitude: -56.176383, citycode: "97502" });
    expect(saintPierre.radon).toMatchObject({ category: 3, label: "Catégorie 3", commune: { code: "97502" } });
    const saintMartin = await report({ label: "5 Rue de la République 97150 Saint-Martin", latitude: 18.067519, longitude: -63.085211, citycode: "97801" });
    expect(saintMartin.radon).toMatchObject({ category: 1, label: "Catégorie 1", commune: { code: "97801" } });
  });

  it("the PDF of the Tremblay address names Tremblay and its category 3", async () => {
    const response = await t.app.request(`/api/report/pdf?${reportQueryOf(TREMBLAY)}`);
    expect(response.status).toBe(200);
    const text = pdfText(await response.arrayBuffer());
    expect(text).toContain("Tremblay (ancienne commune, aujourd'hui Val-Couesnon)");
    expect(text).toContain("Catégorie 3");
  });
});
