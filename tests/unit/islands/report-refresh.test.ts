// Issue 23: « Failures are kept and spread. […] A failed section is never cached publicly, has a
// « Réessayer » on its own card; a failed refresh keeps what is on screen and says so next to the
// control that failed. » The rules a refresh of a report on screen keeps (src/islands/report/refresh.ts).
import { describe, expect, it } from "vitest";
import type { ReportAnswer } from "../../../src/core/types.ts";
import { ApiError } from "../../../src/islands/lib/api.ts";
import {
  failedSectionsOf,
  failureReasonOf,
  networkChangeFailure,
  OFFLINE_SUGGESTIONS,
  retryReplaces,
  STILL_UNAVAILABLE,
} from "../../../src/islands/report/refresh.ts";

type Flags = {
  water?: boolean;
  air?: boolean;
  drought?: boolean;
  bathing?: boolean;
  pollen?: boolean;
  uv?: boolean;
  weather?: boolean;
  radon?: boolean;
  /** the vigilance without a Météo-France key (success false, configured false) */
  weatherNotConfigured?: boolean;
  /** an overseas commune: pollen `not_covered`, the vigilance « Hors carte nationale » (both read successfully) */
  overseas?: boolean;
};

/** Only what a refresh looks at: whether each section's source could be read. */
function report({
  water = true,
  air = true,
  drought = true,
  bathing = true,
  pollen = true,
  uv = true,
  weather = true,
  radon = true,
  weatherNotConfigured = false,
  overseas = false,
}: Flags = {}): ReportAnswer {
  return {
    water_quality: { success: water },
    air_quality: { success: air },
    drought: { success: drought },
    bathing: { success: bathing },
    pollen: { success: pollen, not_covered: overseas },
    uv: { success: uv },
    weather_warnings: weatherNotConfigured ? { success: false, configured: false } : { success: weather, configured: true, days: overseas ? [] : [{}] },
    radon: { success: radon },
  } as unknown as ReportAnswer;
}

describe("« Réessayer » on a failed section", () => {
  it("each section whose source failed gets its own « Réessayer », and only those", () => {
    expect(failedSectionsOf(report())).toEqual([]);
    expect(failedSectionsOf(report({ air: false, bathing: false }))).toEqual(["air", "bathing"]);
  });

  it("a retry replaces the report on screen once the retried section came back", () => {
    expect(retryReplaces(report({ air: false }), report(), "air")).toBe(true);
    // Another section that was missing too may come back with it.
    expect(retryReplaces(report({ air: false, drought: false }), report({ drought: false }), "air")).toBe(true);
  });

  it("a retry whose section failed again keeps the report on screen (« Toujours indisponible »)", () => {
    expect(retryReplaces(report({ air: false }), report({ air: false }), "air")).toBe(false);
    expect(STILL_UNAVAILABLE).toBe("Toujours indisponible. Réessayez dans quelques minutes.");
  });

  it("a failure never erases what is on screen: a retry that loses a section shown with data is not taken", () => {
    // The air came back but the water, shown with its analyses, failed this time.
    expect(retryReplaces(report({ air: false }), report({ water: false }), "air")).toBe(false);
  });
});

// Issue 26 follow-up: the four new cards (pollen, UV, vigilance météo, radon) follow the same rule.
// A vigilance not configured (no METEOFRANCE_API_KEY) and an overseas commune (no official pollen
// index; not on Météo-France's national map) are not failures: asking again cannot change them.
describe("« Réessayer » on the pollen, UV, vigilance and radon cards", () => {
  it("a failed pollen, UV, vigilance or radon read gets its own « Réessayer », in the cards' order", () => {
    expect(failedSectionsOf(report({ pollen: false }))).toEqual(["pollen"]);
    expect(failedSectionsOf(report({ uv: false, radon: false }))).toEqual(["uv", "radon"]);
    expect(failedSectionsOf(report({ air: false, weather: false }))).toEqual(["air", "weather"]);
  });

  it("a vigilance not configured (no Météo-France key) is not a failure: no « Réessayer », retrying cannot change it", () => {
    expect(failedSectionsOf(report({ weatherNotConfigured: true }))).toEqual([]);
    // Nor does it keep a retry of another card from being taken: it stays « non configurée » in both.
    expect(retryReplaces(report({ pollen: false, weatherNotConfigured: true }), report({ weatherNotConfigured: true }), "pollen")).toBe(true);
  });

  it("an overseas commune (pollen « not covered », vigilance « Hors carte nationale ») is not a failure: no « Réessayer »", () => {
    expect(failedSectionsOf(report({ overseas: true }))).toEqual([]);
  });

  it("a retry of a new card replaces the report only once that section came back and no section shown with data failed", () => {
    expect(retryReplaces(report({ pollen: false }), report(), "pollen")).toBe(true);
    expect(retryReplaces(report({ pollen: false }), report({ pollen: false }), "pollen")).toBe(false);
    // The pollen came back but the UV, shown with its forecast, failed this time: the screen keeps its report.
    expect(retryReplaces(report({ pollen: false }), report({ uv: false }), "pollen")).toBe(false);
    // A water retry that loses the radon shown on screen is not taken either.
    expect(retryReplaces(report({ water: false }), report({ radon: false }), "water")).toBe(false);
  });

  it("a report stored before issue 26 (no pollen, UV, vigilance or radon at all) offers no « Réessayer » for them", () => {
    const old = {
      water_quality: { success: true },
      air_quality: { success: false },
      drought: { success: true },
      bathing: { success: true },
    } as unknown as ReportAnswer;
    expect(failedSectionsOf(old)).toEqual(["air"]);
  });
});

describe("a failed change of water network", () => {
  it("says under the chooser that it could not be loaded, why, and which network the report still shows", () => {
    expect(networkChangeFailure("connection", "AMIENS CENTRE")).toBe(
      "Le changement de réseau n'a pas pu être chargé (connexion interrompue). Le bilan affiché reste celui du réseau «\u00a0AMIENS CENTRE\u00a0».",
    );
    expect(networkChangeFailure("service", null)).toBe(
      "Le changement de réseau n'a pas pu être chargé (service momentanément indisponible). Le bilan affiché reste celui du réseau précédent.",
    );
  });

  it("a dropped connection is told apart from the service's own failure", () => {
    expect(failureReasonOf(new ApiError("Impossible de joindre le service.", 0))).toBe("connection");
    expect(failureReasonOf(new TypeError("Failed to fetch"))).toBe("connection");
    expect(failureReasonOf(new ApiError("Le service est momentanément indisponible.", 503))).toBe("service");
  });
});

it("offline, the address field says once, calmly, that suggestions will come back with the connection", () => {
  expect(OFFLINE_SUGGESTIONS).toBe("Pas de connexion\u00a0: les suggestions d'adresses reviendront dès que la connexion sera rétablie.");
});
