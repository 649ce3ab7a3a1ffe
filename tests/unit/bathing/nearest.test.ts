import { describe, expect, it } from "vitest";
import { computeHaversineKm, findNearestSites } from "../../../src/sections/bathing/nearest.ts";
import type { BathingSite } from "../../../src/sections/bathing/types.ts";
import { BATHING_DATASET } from "../../../src/sources/baignades/data.ts";

const SITES = BATHING_DATASET.sites;
const ANNECY_LAKESIDE = { latitude: 45.8992, longitude: 6.1294 };
const PARIS_CENTRE = { latitude: 48.8566, longitude: 2.3522 };

const describeNearby = (found: ReturnType<typeof findNearestSites>) =>
  found.map(({ site, distanceKm }) => ({ name: site.name, commune: site.communeName, km: Math.round(distanceKm * 10) / 10 }));

const site = (id: string, latitude: number, longitude: number): BathingSite => ({
  id,
  name: id,
  communeCode: "74010",
  communeName: "ANNECY",
  department: "074",
  waterType: "Lac",
  latitude,
  longitude,
});

describe("findNearestSites on the shipped 2024 sites", () => {
  it("finds the Lac d'Annecy beaches of Annecy from a lakeside address", () => {
    expect(describeNearby(findNearestSites(SITES, ANNECY_LAKESIDE))).toEqual([
      { name: "ANNECY LES MARQUISATS", commune: "ANNECY", km: 0.9 },
      { name: "ANNECY IMPERIAL", commune: "ANNECY", km: 1.1 },
      { name: "ANNECY-LE-VIEUX ALBIGNY", commune: "ANNECY", km: 1.5 },
    ]);
    const tenNearest = findNearestSites(SITES, ANNECY_LAKESIDE, { limit: 10 });
    expect(tenNearest).toHaveLength(10);
    expect(tenNearest.every(({ site: found }) => found.waterType === "Lac" && found.department === "074")).toBe(true);
    expect(tenNearest.map(({ site: found }) => found.communeName)).toEqual(expect.arrayContaining(["VEYRIER-DU-LAC", "SEVRIER", "MENTHON-SAINT-BERNARD"]));
  });

  it("finds the four Île-de-France sites within 20 km of central Paris, the two Paris basins first", () => {
    expect(describeNearby(findNearestSites(SITES, PARIS_CENTRE, { limit: 10 }))).toEqual([
      { name: "CANAL SAINT-MARTIN", commune: "PARIS", km: 2.4 },
      { name: "BASSIN DE LA VILLETTE", commune: "PARIS", km: 3.6 },
      { name: "BASSIN PLAINE SUD DU PARC DE CHOISY", commune: "CHOISY-LE-ROI", km: 12.1 },
      { name: "CHAMPS-SUR-MARNE - BASE DE LOISIRS - GB", commune: "CHAMPS-SUR-MARNE", km: 18.2 },
    ]);
  });

  it("honours the limit and the maximum distance", () => {
    expect(findNearestSites(SITES, PARIS_CENTRE)).toHaveLength(3);
    expect(findNearestSites(SITES, PARIS_CENTRE, { limit: 1 }).map(({ site: found }) => found.name)).toEqual(["CANAL SAINT-MARTIN"]);
    expect(findNearestSites(SITES, PARIS_CENTRE, { maxKm: 5 }).map(({ site: found }) => found.name)).toEqual(["CANAL SAINT-MARTIN", "BASSIN DE LA VILLETTE"]);
    expect(findNearestSites(SITES, PARIS_CENTRE, { maxKm: 1 })).toEqual([]);
    expect(findNearestSites(SITES, PARIS_CENTRE, { limit: 0 })).toEqual([]);
  });

  it("finds nothing from the open Atlantic, 400 km from the nearest beach", () => {
    expect(findNearestSites(SITES, { latitude: 45, longitude: -8 })).toEqual([]);
    expect(findNearestSites(SITES, { latitude: 45, longitude: -8 }, { maxKm: 420 }).map(({ site: found }) => found.communeName)).toContain("ILE-DE-SEIN");
  });
});

describe("findNearestSites rules", () => {
  it("computes great-circle distances (1° of latitude is 111.2 km; Paris–Annecy about 440 km)", () => {
    expect(computeHaversineKm({ latitude: 45, longitude: 6 }, { latitude: 46, longitude: 6 })).toBeCloseTo(111.19, 1);
    expect(computeHaversineKm(PARIS_CENTRE, ANNECY_LAKESIDE)).toBeGreaterThan(430);
    expect(computeHaversineKm(PARIS_CENTRE, ANNECY_LAKESIDE)).toBeLessThan(450);
  });

  it("orders equal distances by site id and keeps a site exactly at the limit", () => {
    const point = { latitude: 45.9, longitude: 6.13 };
    const sites = [site("B", 45.91, 6.13), site("A", 45.91, 6.13), site("C", 45.9, 6.13)];
    expect(findNearestSites(sites, point).map(({ site: found }) => found.id)).toEqual(["C", "A", "B"]);
    const tenthOfADegreeKm = computeHaversineKm(point, { latitude: 46, longitude: 6.13 });
    expect(findNearestSites([site("EDGE", 46, 6.13)], point, { maxKm: tenthOfADegreeKm })).toHaveLength(1);
  });

  it("does not lose sites to the box east–west, where meridians converge, nor across the antimeridian", () => {
    const north = { latitude: 70, longitude: 0 };
    // 0.5° of longitude at 70° N is about 19 km: inside 20 km although 0.5° is far more than 20 km of latitude.
    expect(findNearestSites([site("N", 70, 0.5)], north)).toHaveLength(1);
    expect(findNearestSites([site("W", -17.5, -179.95)], { latitude: -17.5, longitude: 179.95 })).toHaveLength(1);
  });
});
