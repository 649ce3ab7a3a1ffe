// Issue 23 (« Sign-up in silence »): the welcome e-mail promised an air alert « la veille d'une
// journée Dégradé » to a commune that has no ATMO index, which can never come. The confirmation
// page and the welcome e-mail list only the alerts this address can get (alertsAvailableFor).
//
// Arrêté du 10 juillet 2020 relatif à l'indice de la qualité de l'air ambiant, art. 3: the ATMO
// index is computed and published by the approved air-quality association (AASQA) for its
// territory; where none is published, the report shows a CAMS model estimate, which has no
// official forecast — and the alert run announces only « l'indice ATMO officiel » of tomorrow.
import { describe, expect, it } from "vitest";
import { evaluateAirQuality } from "../../../src/sections/air/index.ts";
import { alertsAvailableFor } from "../../../src/core/alerts/index.ts";
import type { AirQualitySection } from "../../../src/core/types.ts";
import { atmoIndex, camsEstimate, noBathing, NOW } from "./builders.ts";

const MODEL_DAY = camsEstimate({ pm2_5: 13.7, pm10: 19.8, no2: 38, o3: 48, so2: 3.5 });
const air = (atmo: Parameters<typeof evaluateAirQuality>[0]["atmo"]): AirQualitySection =>
  evaluateAirQuality({ citycode: "80021", atmo, cams: { ok: true, data: MODEL_DAY }, now: NOW });

describe("alertsAvailableFor", () => {
  it("a commune without an ATMO index (CAMS model) is never promised an air alert « la veille d'une journée Dégradé »", () => {
    const section = air({ ok: true, data: [] });
    expect(section.origin).toBe("cams");
    const { available, notAvailable } = alertsAvailableFor({ air_quality: section, bathing: noBathing() });
    expect(available.map((alert) => alert.source)).toEqual(["water", "drought"]);
    expect(available.map((alert) => alert.text).join(" ")).not.toMatch(/Dégradé|ATMO/);
    expect(notAvailable.find((alert) => alert.source === "air")?.text).toMatch(/aucun indice ATMO officiel n'est publié pour votre commune/);
  });

  it("a commune with an official ATMO index is promised the air alert, in French typography", () => {
    const { available } = alertsAvailableFor({ air_quality: air({ ok: true, data: [atmoIndex()] }), bathing: noBathing() });
    expect(available.map((alert) => alert.source)).toEqual(["water", "drought", "air"]);
    expect(available.find((alert) => alert.source === "air")?.text).toContain("«\u00a0Dégradé\u00a0»");
  });

  it("air that could not be read promises nothing: it says it could not be checked", () => {
    const failed = evaluateAirQuality({ citycode: "80021", atmo: { ok: false, reason: "network" }, cams: { ok: false, reason: "network" }, now: NOW });
    const { available, notAvailable } = alertsAvailableFor({ air_quality: failed, bathing: noBathing() });
    expect(available.map((alert) => alert.source)).not.toContain("air");
    expect(notAvailable.find((alert) => alert.source === "air")?.text).toMatch(/pas pu vérifier/);
  });

  it("no monitored bathing site nearby: no bathing alert is promised", () => {
    const { available, notAvailable } = alertsAvailableFor({ air_quality: air({ ok: true, data: [atmoIndex()] }), bathing: noBathing() });
    expect(available.map((alert) => alert.source)).not.toContain("bathing");
    expect(notAvailable.find((alert) => alert.source === "bathing")?.text).toMatch(/aucun site de baignade surveillé n'est proche/);
  });
});
