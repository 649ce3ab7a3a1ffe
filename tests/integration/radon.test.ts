// The radon section through the public API (issue 26, item 4): the commune's category in the
// official classification (arrêté du 27 juin 2018), read from the data the app ships (on Node an
// import, no network; on Workers the static asset /donnees/radon.json), once per process.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Report } from "../../src/core/types.ts";
import { MAIN_SCENARIO, PORT_ADDRESSES, reportQueryOf } from "../fixtures/scenarios.ts";
import { useTestApp } from "../helpers/test-app.ts";

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

async function report(place: { latitude: number; longitude: number; citycode: string; label: string }): Promise<Report> {
  const response = await t.app.request(`/api/v1/report?${reportQueryOf(place)}`);
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
