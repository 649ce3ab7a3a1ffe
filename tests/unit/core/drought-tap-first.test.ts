// The tap's zone first (decision 086), over generated zone combinations: whatever the rivers' and
// the groundwater's levels, the drought headline, its summary line, the card's verdict and the
// drought advice (its severity and its title, « À retenir » when it ranks first) follow the
// drinking-water zone (AEP) — or say calmly that the tap is not restricted when there is none.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { selectAdvice, selectRecommendations } from "../../../src/core/recommendations/index.ts";
import type { DroughtGravity, DroughtZone } from "../../../src/core/types.ts";
import { evaluateAirQuality } from "../../../src/sections/air/index.ts";
import { evaluateDrought, GRAVITY_LABELS, GRAVITY_ORDER } from "../../../src/sections/drought/index.ts";
import { TAP_NOT_RESTRICTED, VIGIEAU_COLORS } from "../../../src/sections/drought/notes.ts";
import { droughtHeadline, presentDrought, summarizeDrought } from "../../../src/sections/drought/present.ts";
import { evaluateWaterQuality } from "../../../src/sections/water/index.ts";
import { atmoIndex, camsEstimate, droughtZone, noBathing, NOW, waterResult } from "./builders.ts";

const TYPES = ["AEP", "SUP", "SOU"] as const;
const ADVICE_SEVERITY: Record<DroughtGravity, string> = { vigilance: "info", alerte: "warning", alerte_renforcee: "critical", crise: "critical" };
const severityRank = (gravity: DroughtGravity) => GRAVITY_ORDER.indexOf(gravity);

/** One to four zones of any type (two of one type: a split commune), each at any level VigiEau sends, or one we do not know. */
const zonesArb = fc
  .array(
    fc.record({
      type: fc.constantFrom(...TYPES),
      gravity: fc.option(fc.constantFrom(...GRAVITY_ORDER), { nil: null, freq: 6 }),
      restrictions: fc.nat({ max: 3 }),
    }),
    { minLength: 1, maxLength: 4 },
  )
  .map((zones) =>
    zones.map(({ type, gravity, restrictions }, index): DroughtZone => {
      const usages = Array.from({ length: restrictions }, (_, n) => ({
        name: `Usage ${type} ${index}-${n}`,
        theme: "Arroser",
        description: "Interdit.",
        concernsIndividuals: true,
      }));
      return droughtZone({ id: index, code: `34_${type}_${index}`, type, gravity, name: `Zone ${type} ${index}`, usages });
    }),
  );

/** The tap's level as the rules must read it: the worst known level of the drinking-water zones; undefined: none in force. */
function expectedTapGravity(zones: readonly DroughtZone[]): DroughtGravity | null | undefined {
  const tap = zones.filter((zone) => zone.type === "AEP");
  if (tap.length === 0) return undefined;
  const known = tap.map((zone) => zone.gravity).filter((gravity): gravity is DroughtGravity => gravity !== null);
  return known.length === 0 ? null : known.reduce((worst, gravity) => (severityRank(gravity) > severityRank(worst) ? gravity : worst));
}

const evaluate = (zones: DroughtZone[]) => evaluateDrought({ zones: { ok: true, data: zones }, now: NOW, citycode: "34148" });
const water = () => evaluateWaterQuality({ results: { ok: true, data: [waterResult()] }, udi: null, udis: [], now: NOW });
const air = () =>
  evaluateAirQuality({
    atmo: { ok: true, data: [atmoIndex({ code: 1, label: "Bon" })] },
    cams: { ok: true, data: camsEstimate() },
    now: NOW,
    citycode: "34148",
  });
// VigiEau's level names as whole words (« Alerte renforcée » before « Alerte »).
const LEVEL_WORDS = new RegExp(`(?<!\\p{L})(${[...Object.values(GRAVITY_LABELS)].sort((a, b) => b.length - a.length).join("|")})(?!\\p{L})`, "gu");

describe("the drought headline, summary and advice follow the drinking-water zone", () => {
  it("the headline's level is always the AEP zone's, or none when no AEP zone is in force", () => {
    fc.assert(
      fc.property(zonesArb, (zones) => {
        const headline = droughtHeadline(evaluate(zones));
        const tap = expectedTapGravity(zones);
        if (tap === undefined) expect(headline).toEqual({ word: "Pas de restrictions", tone: "good", colors: VIGIEAU_COLORS.none });
        else if (tap === null) expect(headline).toMatchObject({ word: "Niveau non reconnu", tone: "neutral" });
        else expect(headline).toEqual({ word: GRAVITY_LABELS[tap], tone: expect.any(String), colors: VIGIEAU_COLORS[tap] });
      }),
      { numRuns: 500 },
    );
  });

  it("the summary line and the card's verdict name the tap's level only, never a river's or a groundwater zone's", () => {
    fc.assert(
      fc.property(zonesArb, (zones) => {
        const section = evaluate(zones);
        const summary = summarizeDrought(section);
        const { verdict } = presentDrought(section, NOW.toISOString());
        const tap = expectedTapGravity(zones);
        const levels = (text: string) => [...text.matchAll(LEVEL_WORDS)].map((match) => match[0]);
        if (tap === undefined) {
          expect(summary).toContain("pas de restriction d'usage de l'eau du réseau à votre adresse");
          expect(verdict).toBe(`${TAP_NOT_RESTRICTED}.`);
          expect(levels(summary)).toEqual([]);
        } else {
          expect(summary).toContain(`restrictions d'usage de l'eau du réseau, niveau ${tap ? GRAVITY_LABELS[tap] : "non reconnu"}`);
          // The tap zone's level is the headline (and its advice the card's line): no verdict beside it.
          expect(verdict).toBeNull();
          expect(levels(summary)).toEqual(tap ? [GRAVITY_LABELS[tap]] : []);
        }
        // Without a tap zone, the rivers' and the groundwater's zones are pointed at, never hidden (with
        // one, they are in its advice and behind the card's question).
        expect(summary.includes("règles à part pour les puits, forages et rivières")).toBe(tap === undefined);
      }),
      { numRuns: 500 },
    );
  });

  it("the drought advice's severity and title come from the AEP level; rivers' and groundwater's zones only inform", () => {
    fc.assert(
      fc.property(zonesArb, (zones) => {
        const drought = evaluate(zones);
        const input = { water: water(), air: air(), drought, bathing: noBathing(), now: NOW };
        const chosen = selectAdvice(input).filter((advice) => advice.category === "drought");
        const words = selectRecommendations(input).filter((advice) => advice.category === "drought");
        const tap = expectedTapGravity(zones);
        const others = zones.filter((zone) => zone.type !== "AEP" && zone.gravity !== null);
        const worst = others.length > 0 ? others.map((zone) => zone.gravity!).reduce((a, b) => (severityRank(b) > severityRank(a) ? b : a)) : null;
        const tapAdvice = words.filter((advice) => advice.id !== "drought-own-supply");
        const own = words.find((advice) => advice.id === "drought-own-supply");
        if (tap) {
          // One drought advice, the tap's: its severity and title from its level; the rivers' and the
          // groundwater's zones, if any, in one sentence of it.
          expect(words).toHaveLength(1);
          expect(tapAdvice[0]?.severity).toBe(ADVICE_SEVERITY[tap]);
          expect(tapAdvice[0]?.title).toContain(GRAVITY_LABELS[tap]);
          if (worst)
            expect(tapAdvice[0]?.text).toMatch(
              new RegExp(
                `Si vous utilisez un puits, un forage ou l'eau d'une rivière, d'autres règles s'appliquent à cette eau \\([^)]*\u00a0: niveau ${GRAVITY_LABELS[worst]}\\)\\.$`,
              ),
            );
          else expect(tapAdvice[0]?.text).not.toContain("puits");
        } else {
          expect(tapAdvice).toEqual([]);
          // Without the tap's advice, the rivers' and groundwater's zones have an information of their own.
          if (worst) expect(own?.title).toBe(`Si vous utilisez un puits, un forage ou l'eau d'une rivière\u00a0: niveau ${GRAVITY_LABELS[worst]}`);
          else expect(own).toBeUndefined();
        }
        // Only the tap's advice can be « À retenir », a warning or critical, or a prominent box: the
        // rivers' and groundwater's one is information, calm (nothing changes for whoever uses the network).
        for (const advice of chosen.filter((item) => item.id === "drought-own-supply"))
          expect(advice).toMatchObject({ severity: "info", prominent: false, calm: true });
      }),
      { numRuns: 300 },
    );
  });
});
