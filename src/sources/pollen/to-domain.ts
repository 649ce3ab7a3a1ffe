import { POLLEN_COLORS, POLLEN_LABELS } from "../../sections/pollen/scale.ts";
import { timeZoneOfCommune } from "../../core/shared/time.ts";
import type { PollenIndex, PollenTaxon } from "../../sections/pollen/types.ts";
import { isLaterPublication, normaliseAtmoDate } from "../atmo/to-domain.ts";
import type { PollenCollectionRaw, PollenPropertiesRaw } from "./schema.ts";

/** An index with when it was published (`date_dif`), to pick between two publications of one zone and day. */
export interface PublishedPollenIndex {
  index: PollenIndex;
  publishedAt: string;
}

/** The layer's field of each taxon of the index. */
const TAXON_FIELDS: ReadonlyArray<[PollenTaxon, keyof PollenPropertiesRaw]> = [
  ["aulne", "code_aul"],
  ["bouleau", "code_boul"],
  ["olivier", "code_oliv"],
  ["armoise", "code_arm"],
  ["graminees", "code_gram"],
  ["ambroisie", "code_ambr"],
];

/** Every feature that maps to an index, with its publication time, in the order of the answer (duplicates kept). */
export function mapPublishedPollenIndices(raw: PollenCollectionRaw, timeZone?: string): PublishedPollenIndex[] {
  const mapped: PublishedPollenIndex[] = [];
  for (const feature of raw.features) {
    const index = mapPollenIndex(feature.properties, timeZone);
    if (index) mapped.push({ index, publishedAt: feature.properties.date_dif ?? "" });
  }
  return mapped;
}

/** Indices sorted by day, one per zone and day (of two publications of a day, the latest). */
export function mapPollenIndices(raw: PollenCollectionRaw, timeZone?: string): PollenIndex[] {
  const byZoneDay = new Map<string, PublishedPollenIndex>();
  for (const entry of mapPublishedPollenIndices(raw, timeZone)) {
    const key = `${entry.index.zoneCode}|${entry.index.date}`;
    if (isLaterPublication(entry, byZoneDay.get(key))) byZoneDay.set(key, entry);
  }
  return [...byZoneDay.values()].map((entry) => entry.index).sort((a, b) => a.date.localeCompare(b.date));
}

/** null when the day or the overall code cannot be read: a wrong day would mislabel today's index. */
export function mapPollenIndex(properties: PollenPropertiesRaw, timeZone: string = timeZoneOfCommune(String(properties.code_zone))): PollenIndex | null {
  const date = normaliseAtmoDate(properties.date_ech, timeZone);
  const code = toInteger(properties.code_qual);
  if (!date || code === null || code < 0 || code > 6) return null;
  const taxa = Object.fromEntries(
    TAXON_FIELDS.map(([taxon, field]) => {
      const value = toInteger(properties[field] as number | string | null | undefined);
      return [taxon, value !== null && value >= 0 && value <= 6 ? value : null];
    }),
  ) as Record<PollenTaxon, number | null>;
  return {
    zoneCode: String(properties.code_zone).trim(),
    zoneName: properties.lib_zone?.trim() ?? "",
    date,
    code,
    label: properties.lib_qual?.trim() || POLLEN_LABELS[code] || String(code),
    color: properties.coul_qual?.trim() || POLLEN_COLORS[code]?.background || null,
    taxa,
    responsible: properties.pollen_resp?.trim() || null,
    agency: properties.source?.trim() || null,
  };
}

function toInteger(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === "") return null;
  const number = typeof value === "number" ? value : Number(value.trim());
  return Number.isInteger(number) ? number : null;
}
