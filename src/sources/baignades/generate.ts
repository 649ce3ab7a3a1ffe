// Combines the parsed season files into the dataset shipped with the app, and the compact JSON
// form it is shipped in (one array per site, one site per line so a new season reads as a diff).
import { z } from "zod";
import type { BathingClassement, BathingDataset, BathingSeasonRecord, BathingSite } from "../../core/bathing/types.ts";
import type { BathingLastSample, BathingSeasonInformation } from "./csv.ts";

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

// ---------------------------------------------------------------- compact file

const FORMAT_VERSION = 1;

const CLASSEMENTS = [
  "Excellente",
  "Bonne",
  "Suffisante",
  "Insuffisante",
  "Insuffisamment de prélèvements",
  "Site non classé",
] as const satisfies readonly BathingClassement[];

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const text = z.string().min(1);

const eventTuple = z.tuple([text, isoDate.nullable(), isoDate.nullable(), text.nullable()]);
const sampleTuple = z.tuple([isoDate, z.number().nonnegative().nullable(), z.number().nonnegative().nullable(), text.nullable()]);
const siteTuple = z.tuple([
  text, // id
  text, // name
  z.string().regex(/^(\d{5}|2[AB]\d{3})$/), // communeCode
  text, // communeName
  text, // department
  text, // waterType
  z.number().min(-90).max(90), // latitude
  z.number().min(-180).max(180), // longitude
  isoDate.nullable(), // seasonStart
  isoDate.nullable(), // seasonEnd
  z.enum(CLASSEMENTS).nullable(),
  z.array(eventTuple),
  sampleTuple.nullable(), // lastSample
]);

const bathingFileSchema = z.object({
  format: z.literal(FORMAT_VERSION),
  season: z.number().int().min(2000).max(2100),
  generatedAt: isoDate,
  sites: z.array(siteTuple),
});

type SiteTuple = z.infer<typeof siteTuple>;

/** About 1 m: more than enough to find the nearest beach, and a third shorter than the source. */
function roundCoordinate(value: number): number {
  return Math.round(value * 1e5) / 1e5;
}

export function serialiseBathingDataset(dataset: BathingDataset): string {
  const rows = dataset.sites.map((site) => {
    const record = dataset.records[site.id];
    if (!record) throw new Error(`Bathing dataset: site ${site.id} has no record`);
    const sample = record.lastSample;
    const row: SiteTuple = [
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
  const head = `{"format":${FORMAT_VERSION},"season":${JSON.stringify(dataset.season)},"generatedAt":${JSON.stringify(dataset.generatedAt)},"sites":[`;
  return `${head}\n${rows.join(",\n")}\n]}\n`;
}

/** Validates the shipped file: a hand edit or a half-written update fails at start-up, not in a report. */
export function readBathingDataset(json: unknown): BathingDataset {
  const parsed = bathingFileSchema.safeParse(json);
  if (!parsed.success) throw new Error(`Invalid bathing data file: ${z.prettifyError(parsed.error)}`);
  const { season, generatedAt } = parsed.data;
  const sites: BathingSite[] = [];
  const records: Record<string, BathingSeasonRecord> = {};
  for (const row of parsed.data.sites) {
    const [id, name, communeCode, communeName, department, waterType, latitude, longitude, seasonStart, seasonEnd, classement, events, sample] =
      row;
    if (records[id]) throw new Error(`Invalid bathing data file: site ${id} is listed twice`);
    sites.push({ id, name, communeCode, communeName, department, waterType, latitude, longitude });
    records[id] = {
      season,
      seasonStart,
      seasonEnd,
      events: events.map(([type, start, end, measures]) => ({ type, start, end, measures })),
      classement,
      lastSample: sample ? { date: sample[0], enterococci: sample[1], ecoli: sample[2], status: sample[3] } : null,
    };
  }
  return { season, generatedAt, sites, records };
}
