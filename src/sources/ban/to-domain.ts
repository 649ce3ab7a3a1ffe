import type { Address } from "../../core/types.ts";
import type { BanSearchRaw } from "./schema.ts";

/** GeoJSON features → addresses. Features without an INSEE code cannot be reported on: skipped. */
export function mapBanSearch(raw: BanSearchRaw): Address[] {
  const addresses: Address[] = [];
  for (const feature of raw.features) {
    const properties = feature.properties;
    if (!properties.citycode) continue;
    const [longitude, latitude] = feature.geometry.coordinates;
    addresses.push({
      label: properties.label,
      latitude,
      longitude,
      citycode: properties.citycode,
      postcode: properties.postcode ?? "",
      city: properties.city ?? "",
      context: properties.context ?? "",
      type: properties.type ?? "housenumber",
      score: properties.score ?? 0,
      // A commune nouvelle keeps its chef-lieu's code: the former commune is what some official
      // lists (the arrêté of 2018 classing communes) still name.
      ...(properties.oldcitycode ? { oldcitycode: properties.oldcitycode.toUpperCase(), oldcity: properties.oldcity } : {}),
      ...(properties.distance !== undefined ? { distance_m: properties.distance } : {}),
    });
  }
  return addresses;
}
