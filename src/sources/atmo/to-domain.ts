import { ATMO_LABELS } from "../../sections/air/atmo-scale.ts";
import { timeZoneOfCommune, todayInZone } from "../../core/shared/time.ts";
import type { AtmoIndex } from "../../core/types.ts";
import type { AtmoFeatureCollectionRaw, AtmoPropertiesRaw } from "./schema.ts";

/** An index with when it was published (`date_dif`), to pick between two publications of one zone and day. */
export interface PublishedAtmoIndex {
  index: AtmoIndex;
  publishedAt: string;
}

/**
 * When an agency republishes a day (correction), the feed can hold two features for it: the
 * latest publication wins. The one rule for picking between two features of one zone and day
 * (Atmo France's other layers too).
 */
export function isLaterPublication<T extends { publishedAt: string }>(candidate: T, previous: T | undefined): boolean {
  return !previous || candidate.publishedAt > previous.publishedAt;
}

/** Every feature that maps to an index, with its publication time, in the order of the answer (duplicates kept). */
export function mapPublishedAtmoIndices(raw: AtmoFeatureCollectionRaw, timeZone?: string): PublishedAtmoIndex[] {
  const mapped: PublishedAtmoIndex[] = [];
  for (const feature of raw.features) {
    const index = mapAtmoIndex(feature.properties, timeZone);
    if (index) mapped.push({ index, publishedAt: feature.properties.date_dif ?? "" });
  }
  return mapped;
}

/**
 * Indices sorted by day, one per zone and day (an answer can hold a commune's and its EPCI's; of
 * two publications of a day, the latest). `timeZone`: the territory all the features belong to (a
 * commune and its EPCI); without it, each feature's own commune code says it (an EPCI's SIREN does
 * not: Paris).
 */
export function mapAtmoIndices(raw: AtmoFeatureCollectionRaw, timeZone?: string): AtmoIndex[] {
  const byZoneDay = new Map<string, PublishedAtmoIndex>();
  for (const entry of mapPublishedAtmoIndices(raw, timeZone)) {
    const key = `${entry.index.zoneCode}|${entry.index.date}`;
    if (isLaterPublication(entry, byZoneDay.get(key))) byZoneDay.set(key, entry);
  }
  return [...byZoneDay.values()].map((entry) => entry.index).sort((a, b) => a.date.localeCompare(b.date));
}

/** null when the day or the code cannot be read: a wrong day would mislabel today's air. */
export function mapAtmoIndex(properties: AtmoPropertiesRaw, timeZone: string = timeZoneOfCommune(String(properties.code_zone))): AtmoIndex | null {
  const date = normaliseAtmoDate(properties.date_ech, timeZone);
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
 * date_ech → the day it designates in the zone's territory. Seen forms: "2026-11-22",
 * "2026-11-22Z" (GeoServer's xsd:date with a zone), "2026-11-22T00:00:00Z" (a day stored at UTC
 * midnight), "2026-11-21T23:00:00Z" (a Paris midnight stored as UTC) and, overseas, the
 * territory's own midnight (Gwad'Air: "2025-11-08T04:00:00Z" for the 8th in Guadeloupe; a Réunion
 * midnight is 20:00Z the day before, which Paris would read as the wrong day). A bare day, with
 * or without a zone suffix, and a UTC midnight are taken as they are written.
 */
export function normaliseAtmoDate(value: string, timeZone = "Europe/Paris"): string | null {
  const trimmed = value.trim();
  const dayOnly = /^(\d{4}-\d{2}-\d{2})(?:Z|[+-]\d{2}:?\d{2})?$/.exec(trimmed);
  if (dayOnly) return dayOnly[1] ?? null;
  const utcMidnight = /^(\d{4}-\d{2}-\d{2})T00:00(?::00(?:\.0+)?)?(?:Z|[+-]00:?00)$/.exec(trimmed);
  if (utcMidnight) return utcMidnight[1] ?? null;
  const time = Date.parse(trimmed);
  return Number.isNaN(time) ? null : todayInZone(new Date(time), timeZone);
}

function toInteger(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === "") return null;
  const number = typeof value === "number" ? value : Number(value.trim());
  return Number.isInteger(number) ? number : null;
}
