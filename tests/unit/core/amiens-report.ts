// One address's report built by the real evaluate* functions (Amiens, the main scenario), for the
// tests of its presentation: the whole report's and a report still streaming in.
import { evaluateAirQuality } from "../../../src/sections/air/index.ts";
import { evaluateDrought } from "../../../src/sections/drought/index.ts";
import { deriveAddressInfo } from "../../../src/core/report/index.ts";
import type { Address, BathingSection, DroughtGravity, Report, WaterQualitySection, WaterResult } from "../../../src/core/types.ts";
import { evaluateWaterQuality } from "../../../src/sections/water/index.ts";
import { MAIN_SCENARIO } from "../../fixtures/scenarios.ts";
import { atmoIndex, camsEstimate, droughtZone, noBathing, NOW, waterResult } from "./builders.ts";
import { unreadSections } from "../../helpers/unread-sections.ts";
import { assembleNamed } from "../../helpers/assemble.ts";

export const AMIENS: Address = { ...MAIN_SCENARIO, context: "80, Somme, Hauts-de-France", type: "housenumber", score: 0.97 };
export const udi = { code: "080000512", name: "AMIENS CENTRE", quarter: null };

export const water = (data: WaterResult[]) => evaluateWaterQuality({ results: { ok: true, data }, udi, udis: [udi], now: NOW });
export const air = (input: Partial<Parameters<typeof evaluateAirQuality>[0]> = {}) =>
  evaluateAirQuality({ citycode: "80021", atmo: { ok: true, data: [atmoIndex()] }, cams: { ok: true, data: camsEstimate() }, now: NOW, ...input });
export const drought = (gravities: Array<DroughtGravity | null>) =>
  evaluateDrought({
    zones: { ok: true, data: gravities.map((gravity, index) => droughtZone({ id: index + 1, gravity, type: index === 0 ? "SUP" : "AEP" })) },
    now: NOW,
    citycode: "80021",
  });

/** Amiens' report: a compliant sample, ATMO « Moyen », drought « alerte », no bathing site — unless a part says otherwise. */
export function report(
  parts: {
    water?: WaterQualitySection;
    air?: Report["air_quality"];
    drought?: Report["drought"];
    bathing?: BathingSection;
    /** issue 26's sections (tests/unit/core/outdoor-builders.ts); unread unless given */
    outdoor?: Partial<ReturnType<typeof unreadSections>>;
    now?: Date;
  } = {},
): Report {
  const now = parts.now ?? NOW;
  return assembleNamed({
    ...unreadSections(now, "80021"),
    ...parts.outdoor,
    address: AMIENS,
    addressInfo: deriveAddressInfo(AMIENS),
    water: parts.water ?? water([waterResult()]),
    air: parts.air ?? air(),
    drought: parts.drought ?? drought(["alerte"]),
    bathing: parts.bathing ?? noBathing(now),
    now,
  });
}
