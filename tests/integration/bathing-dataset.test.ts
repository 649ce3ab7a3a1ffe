// The shipped bathing data set is read once per process or isolate (on Workers, from the static
// assets: decision 065); when it cannot be read, the bathing card says so and the report stands.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Report } from "../../src/core/types.ts";
import { buildBathingSection } from "../../src/server/services/bathing.ts";
import { CRISIS_SCENARIO, reportQueryOf } from "../fixtures/scenarios.ts";
import { useTestApp } from "../helpers/test-app.ts";

const read = vi.hoisted(() => ({ failures: 0, calls: 0 }));

// The runtime's reader (`#bathing-dataset`: the import on Node, the ASSETS fetch on Workers) fails as many times as asked.
vi.mock("../../src/server/services/bathing-dataset.ts", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../src/server/services/bathing-dataset.ts")>();
  return {
    readShippedBathingDataset: async () => {
      read.calls += 1;
      if (read.failures > 0) {
        read.failures -= 1;
        throw new Error("asset unreadable");
      }
      return original.readShippedBathingDataset();
    },
  };
});

const NOW = new Date("2026-11-22T10:00:00Z");
const t = useTestApp({ now: NOW }, { resetUpstreams: true });

async function report(): Promise<Report> {
  const response = await t.app.request(`/api/report?${reportQueryOf(CRISIS_SCENARIO)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Report;
}

afterEach(() => {
  read.failures = 0;
  read.calls = 0;
});

describe("the shipped bathing data set", () => {
  it("an alert run's read (« fresh ») fails instead, so that its batch is delivered again rather than skipping the bathing alerts", async () => {
    // First in the file: the data set is kept once read, so no earlier test may have read it.
    read.failures = 1;
    // Maraussan, the crisis scenario's point: three official sites within 20 km.
    const point = { latitude: CRISIS_SCENARIO.latitude, longitude: CRISIS_SCENARIO.longitude };
    await expect(buildBathingSection(t.deps(), { ...point, mode: "fresh", readSite: async () => null })).rejects.toThrow("asset unreadable");
    // A failed read is not kept (the next test reads the data set again).
  });

  it("fails soft: an unreadable data set makes the bathing card « indisponible », names no site, and the other sections still answer", async () => {
    read.failures = 1;
    const answer = await report();
    expect(answer.bathing).toMatchObject({
      success: false,
      level: "unavailable",
      sites: [],
      message: "Les sites de baignade sont momentanément indisponibles. Réessayez dans quelques minutes.",
    });
    expect(answer.water_quality.success).toBe(true);
    expect(answer.drought.success).toBe(true);
    expect(t.logs).toContainEqual(expect.objectContaining({ level: "error", message: "bathing data set unreadable" }));
    // A failed read is not kept: the next report reads it again, and finds the sites.
    const again = await report();
    expect(again.bathing.success).toBe(true);
    expect(again.bathing.sites.length).toBe(3);
  });

  it("is read once per process or isolate, not once per report", async () => {
    const before = read.calls;
    await report();
    await report();
    expect(read.calls - before).toBeLessThanOrEqual(1);
  });
});
