import { ATMO_LABELS } from "../../core/air/atmo-scale.ts";
import { localDateParis } from "../../core/shared/time.ts";
import type { AtmoIndex } from "../../core/types.ts";
import type { AtmoFeatureCollectionRaw, AtmoPropertiesRaw } from "./schema.ts";

/**
 * Indices sorted by day, one per zone and day (an answer can hold a commune's and its EPCI's).
 * When an agency republishes a day (correction), the feed can hold two features for it: the
 * latest publication wins.
 */
export function mapAtmoIndices(raw: AtmoFeatureCollectionRaw): AtmoIndex[] {
  const byZoneDay = new Map<string, { index: AtmoIndex; publishedAt: string }>();
  for (const feature of raw.features) {
    const index = mapAtmoIndex(feature.properties);
    if (!index) continue;
    const publishedAt = feature.properties.date_dif ?? "";
    const key = `${index.zoneCode}|${index.date}`;
    const previous = byZoneDay.get(key);
    if (!previous || publishedAt > previous.publishedAt) byZoneDay.set(key, { index, publishedAt });
  }
  return [...byZoneDay.values()].map((entry) => entry.index).sort((a, b) => a.date.localeCompare(b.date));
}

/** null when the day or the code cannot be read: a wrong day would mislabel today's air. */
export function mapAtmoIndex(properties: AtmoPropertiesRaw): AtmoIndex | null {
  const date = normaliseAtmoDate(properties.date_ech);
  const code = toInteger(properties.code_qual);
  if (!date || code === null || code < 0 || code > 7) return null;
  return {
    code,
    label: properties.lib_qual?.trim() || ATMO_LABELS[code] || String(code),
    color: properties.coul_qual?.trim() || null,
    date,
    zoneCode: String(properties.code_zone),
    zoneName: properties.lib_zone?.trim() ?? "",
    zoneType: properties.type_zone?.trim().toLowerCase() ?? "",
    agency: properties.source?.trim() || null,
    subIndices: {
      no2: toInteger(properties.code_no2),
      o3: toInteger(properties.code_o3),
      pm10: toInteger(properties.code_pm10),
      pm25: toInteger(properties.code_pm25),
      so2: toInteger(properties.code_so2),
    },
  };
}

/**
 * date_ech → the Paris day it designates. Seen forms: "2026-11-22", "2026-11-22Z" (GeoServer's
 * xsd:date with a zone), "2026-11-22T00:00:00Z" and "2026-11-21T23:00:00Z" (a Paris midnight
 * stored as UTC). A bare day, with or without a zone suffix, is taken as is.
 */
export function normaliseAtmoDate(value: string): string | null {
  const trimmed = value.trim();
  const dayOnly = /^(\d{4}-\d{2}-\d{2})(?:Z|[+-]\d{2}:?\d{2})?$/.exec(trimmed);
  if (dayOnly) return dayOnly[1] ?? null;
  return localDateParis(trimmed);
}

function toInteger(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === "") return null;
  const number = typeof value === "number" ? value : Number(value.trim());
  return Number.isInteger(number) ? number : null;
}
