// Météo-France « Données Publiques Vigilance », the national map (cartevigilance/encours): the
// recorded answer of 2026-08-26 (tests/fixtures/meteofrance/, provenance in its README), the
// coastal domains kept apart (decision 078), a changed shape, and the key.
import { describe, expect, it } from "vitest";
import { fetchVigilanceBulletin } from "../../../src/sections/weather/meteofrance-client.server.ts";
import { vigilanceMapSchema } from "../../../src/sections/weather/meteofrance-schema.server.ts";
import { mapVigilanceBulletin, placeOfDomain } from "../../../src/sections/weather/meteofrance-to-domain.server.ts";
import { FAKE_METEOFRANCE_API_KEY } from "../../fakes/upstream-server.ts";
import { useFakeUpstreams } from "../../helpers/fake-upstreams.ts";
import { readFixture } from "./fixtures.ts";

const RECORDED = "meteofrance/cartevigilance-encours-2026-08-26.json";
const GIRONDE_COAST = "meteofrance/cartevigilance-derived-gironde-coast.json";
const NOW = new Date("2026-08-26T10:00:00Z");
const bulletinOf = (payload: unknown) => mapVigilanceBulletin(vigilanceMapSchema.parse(payload));

describe("Météo-France's national vigilance map → VigilanceBulletin", () => {
  it("reads the recorded map: « J » and « J1 » as Paris days, phenomenon ids as Météo-France's phenomena (3 orages, 1 vent, 6 canicule…), colours 1 vert … 4 rouge", () => {
    const bulletin = bulletinOf(readFixture(RECORDED));
    expect(bulletin.updatedAt).toBe("2026-08-26T04:00:28Z");
    // J begins 2026-08-26T04:00Z, J1 at 22:00Z, which is midnight of the 27th in Paris.
    expect(bulletin.days.map((day) => day.date)).toEqual(["2026-08-26", "2026-08-27"]);
    const [today, tomorrow] = bulletin.days;
    expect(today?.departments["35"]).toEqual([
      { phenomenon: "orages", color: 3 },
      { phenomenon: "vent", color: 1 },
      { phenomenon: "pluie_inondation", color: 1 },
      { phenomenon: "canicule", color: 1 },
      { phenomenon: "neige_verglas", color: 1 },
      { phenomenon: "crues", color: 1 },
    ]);
    expect(today?.departments["2A"]?.find((entry) => entry.phenomenon === "canicule")).toEqual({ phenomenon: "canicule", color: 2 });
    expect(tomorrow?.departments["17"]?.[0]).toEqual({ phenomenon: "orages", color: 3 });
    // The national roll-up is no département.
    expect(Object.keys(today?.departments ?? {})).not.toContain("FRA");
  });

  it("keeps a coastal domain (« 3010 », vagues-submersion) apart from its département, under the département's code", () => {
    expect(placeOfDomain("3010")).toEqual({ department: "30", coast: true });
    expect(placeOfDomain("2A10")).toEqual({ department: "2A", coast: true });
    expect(placeOfDomain("35")).toEqual({ department: "35", coast: false });
    expect(placeOfDomain("FRA")).toBeNull();
    const bulletin = bulletinOf(readFixture(RECORDED));
    expect(bulletin.days[0]?.coasts["30"]).toEqual([{ phenomenon: "vagues_submersion", color: 1 }]);
    // The recording lists the Gard's strip without the Gard: no département is made of its coast.
    expect(bulletin.days[0]?.departments["30"]).toBeUndefined();
    expect(bulletin.days[0]?.departments["3010"]).toBeUndefined();
    expect(bulletin.days[0]?.coasts["3010"]).toBeUndefined();
  });

  it("never merges the strip into the département: the derived Gironde map (green « 33 », orange vagues-submersion on « 3310 »)", () => {
    const bulletin = bulletinOf(readFixture(GIRONDE_COAST));
    for (const day of bulletin.days) {
      expect(day.departments["33"]?.some((entry) => entry.phenomenon === "vagues_submersion")).toBe(false);
      expect(Math.max(...(day.departments["33"] ?? []).map((entry) => entry.color))).toBe(1);
    }
    expect(bulletin.days.map((day) => day.coasts["33"])).toEqual([
      [{ phenomenon: "vagues_submersion", color: 3 }],
      [{ phenomenon: "vagues_submersion", color: 3 }],
    ]);
  });

  it("keeps each place's highest colour of a phenomenon when one domain is listed twice", () => {
    const payload = {
      product: {
        update_time: "2026-11-20T15:00:00Z",
        periods: [
          {
            echeance: "J",
            begin_validity_time: "2026-11-20T15:00:00Z",
            timelaps: {
              domain_ids: [
                { domain_id: "35", phenomenon_items: [{ phenomenon_id: "1", phenomenon_max_color_id: 2 }] },
                { domain_id: "3510", phenomenon_items: [{ phenomenon_id: "9", phenomenon_max_color_id: 2 }] },
                { domain_id: "3510", phenomenon_items: [{ phenomenon_id: "9", phenomenon_max_color_id: 3 }] },
              ],
            },
          },
        ],
      },
    };
    const [day] = bulletinOf(payload).days;
    expect(day?.departments["35"]).toEqual([{ phenomenon: "vent", color: 2 }]);
    expect(day?.coasts["35"]).toEqual([{ phenomenon: "vagues_submersion", color: 3 }]);
  });

  it("rejects a changed shape: a colour as a word, a colour outside 1…4, no periods", () => {
    const recorded = readFixture(RECORDED) as {
      product: { periods: Array<{ timelaps: { domain_ids: Array<{ phenomenon_items: Array<Record<string, unknown>> }> } }> };
    };
    const asWord = structuredClone(recorded);
    asWord.product.periods[0]!.timelaps.domain_ids[1]!.phenomenon_items[0]!.phenomenon_max_color_id = "orange";
    expect(vigilanceMapSchema.safeParse(asWord).success).toBe(false);
    const outOfScale = structuredClone(recorded);
    outOfScale.product.periods[0]!.timelaps.domain_ids[1]!.phenomenon_items[0]!.phenomenon_max_color_id = 5;
    expect(vigilanceMapSchema.safeParse(outOfScale).success).toBe(false);
    expect(vigilanceMapSchema.safeParse({ product: { periods: [] } }).success).toBe(false);
    expect(vigilanceMapSchema.safeParse({ periods: recorded.product.periods }).success).toBe(false);
  });
});

describe("fetchVigilanceBulletin against the fake portal", () => {
  const upstreams = useFakeUpstreams({ now: NOW });

  it("asks `cartevigilance/encours` once with the `apikey` header", async () => {
    const result = await fetchVigilanceBulletin({ baseUrl: upstreams.config.METEOFRANCE_VIGILANCE_URL, timeoutMs: 10_000, apiKey: FAKE_METEOFRANCE_API_KEY });
    expect(result.ok && result.data.days).toHaveLength(2);
    expect(upstreams.requests).toEqual([{ source: "meteofrance", path: "/cartevigilance/encours", query: {} }]);
  });

  it("without METEOFRANCE_API_KEY asks nothing and answers « not_configured »", async () => {
    const result = await fetchVigilanceBulletin({ baseUrl: upstreams.config.METEOFRANCE_VIGILANCE_URL, timeoutMs: 10_000, apiKey: undefined });
    expect(result).toMatchObject({ ok: false, reason: "not_configured" });
    expect(upstreams.requests).toEqual([]);
  });

  it("a wrong key is an HTTP failure, not a map", async () => {
    const result = await fetchVigilanceBulletin({ baseUrl: upstreams.config.METEOFRANCE_VIGILANCE_URL, timeoutMs: 10_000, apiKey: "wrong" });
    expect(result).toMatchObject({ ok: false, reason: "http", status: 401 });
  });
});
