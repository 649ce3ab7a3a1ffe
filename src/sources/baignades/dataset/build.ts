// Combines the parsed season files into the dataset shipped with the app, and writes it in the
// compact form read back at run time by readBathingDataset (../to-domain.ts; shape in ../schema.ts).
import type { BathingClassement, BathingDataset, BathingSeasonRecord, BathingSite } from "../../../sections/bathing/types.ts";
import { BATHING_FILE_FORMAT, type BathingSiteTupleRaw } from "../schema.ts";
import type { BathingLastSample } from "./results.ts";
import type { BathingSeasonInformation } from "./season-information.ts";

export interface BathingDatasetInput {
  season: number;
  /** YYYY-MM-DD */
  generatedAt: string;
  siteList: BathingSite[];
  seasonInformation: Map<string, BathingSeasonInformation>;
  results?: Map<string, BathingLastSample>;
  classement?: Map<string, BathingClassement>;
}

/**
 * Every listed site gets a record, even one absent from the season information: « no event » is
 * information too. Rows of the other files about sites not in the list are left out, since a
 * record without a place cannot be found by an address.
 */
export function buildBathingDataset(input: BathingDatasetInput): BathingDataset {
  const sites = [...input.siteList].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const records: Record<string, BathingSeasonRecord> = {};
  for (const site of sites) {
    const info = input.seasonInformation.get(site.id);
    records[site.id] = {
      season: input.season,
      seasonStart: info?.seasonStart ?? null,
      seasonEnd: info?.seasonEnd ?? null,
      events: info ? info.events.map((event) => ({ ...event })) : [],
      classement: input.classement?.get(site.id) ?? null,
      lastSample: input.results?.get(site.id) ?? null,
    };
  }
  return { season: input.season, generatedAt: input.generatedAt, sites, records };
}

/** About 1 m: more than enough to find the nearest beach, and a third shorter than the source. */
function roundCoordinate(value: number): number {
  return Math.round(value * 1e5) / 1e5;
}

export function serialiseBathingDataset(dataset: BathingDataset): string {
  const rows = dataset.sites.map((site) => {
    const record = dataset.records[site.id];
    if (!record) throw new Error(`Bathing dataset: site ${site.id} has no record`);
    const sample = record.lastSample;
    const row: BathingSiteTupleRaw = [
      site.id,
      site.name,
      site.communeCode,
      site.communeName,
      site.department,
      site.waterType,
      roundCoordinate(site.latitude),
      roundCoordinate(site.longitude),
      record.seasonStart,
      record.seasonEnd,
      record.classement,
      record.events.map((event) => [event.type, event.start, event.end, event.measures]),
      sample ? [sample.date, sample.enterococci, sample.ecoli, sample.status] : null,
    ];
    return JSON.stringify(row);
  });
  const head = `{"format":${BATHING_FILE_FORMAT},"season":${JSON.stringify(dataset.season)},"generatedAt":${JSON.stringify(dataset.generatedAt)},"sites":[`;
  return `${head}\n${rows.join(",\n")}\n]}\n`;
}
