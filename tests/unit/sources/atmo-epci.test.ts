// One WFS request for a commune and its intercommunality (EPCI): the ECQL filter sent, and both
// zones' indices kept apart by the mapper.
import { describe, expect, it } from "vitest";
import { fetchAtmoIndex } from "../../../src/sources/atmo/client.ts";
import { atmoFeatureCollectionSchema } from "../../../src/sources/atmo/schema.ts";
import { mapAtmoIndices } from "../../../src/sources/atmo/to-domain.ts";
import { readFixture } from "./fixtures.ts";
import { useFakeUpstreams } from "../../helpers/fake-upstreams.ts";

const NOW = new Date("2026-11-22T15:00:00Z");

describe("ATMO indices of a commune and its EPCI", () => {
  it("keeps one index per zone and day (the EPCI's does not overwrite the commune's)", () => {
    const commune = atmoFeatureCollectionSchema.parse(readFixture("atmo/ind-atmo-derived-80021.json", NOW));
    const epci = atmoFeatureCollectionSchema.parse(readFixture("atmo/ind-atmo-derived-epci-248000531.json", NOW));
    const indices = mapAtmoIndices({ ...commune, features: [...commune.features, ...epci.features] });
    expect(indices.filter((index) => index.date === "2026-11-22").map((index) => [index.zoneCode, index.zoneType, index.zoneName, index.label])).toEqual([
      ["80021", "commune", "Amiens", "Moyen"],
      ["248000531", "epci", "CA Amiens Métropole", "Dégradé"],
    ]);
  });

  describe("fetchAtmoIndex with an EPCI", () => {
    const upstreams = useFakeUpstreams({ now: NOW });

    it("asks both zones at once with ECQL's IN", async () => {
      const result = await fetchAtmoIndex(
        { baseUrl: upstreams.config.ATMO_WFS_URL, timeoutMs: 10_000 },
        { zoneCode: "80021", epciCode: "248000531", fromDate: "2026-11-22" },
      );
      expect(result.ok && result.data.map((index) => `${index.zoneCode} ${index.date}`)).toEqual([
        "80021 2026-11-22",
        "248000531 2026-11-22",
        "80021 2026-11-23",
        "248000531 2026-11-23",
      ]);
      expect(upstreams.requests.map((request) => request.query.CQL_FILTER)).toEqual(["code_zone IN ('80021','248000531') AND date_ech>='2026-11-22'"]);
    });
  });
});
