// Raw shapes of the bathing sources: the portal's per-commune site list (`siteList.do?…&f=json`)
// and the compact data file shipped with the app (written by dataset/build.ts). The portal's
// site page is HTML, read by page.ts.
import * as z from "zod";
import type { BathingClassement } from "../../sections/bathing/types.ts";

// ---------------------------------------------------------------- portal site list

/** Only `isite` and `nom` are read by the scrapers of the structure notes; other keys are unknown. */
export const portalSiteSchema = z.looseObject({
  isite: z.union([z.string(), z.number()]),
  nom: z.string().nullish(),
});

/** `sites` is [] when the commune has no site (structure notes); a missing array is a broken answer. */
export const siteListSchema = z.looseObject({ sites: z.array(portalSiteSchema) });

export type PortalSiteRaw = z.infer<typeof portalSiteSchema>;
export type SiteListRaw = z.infer<typeof siteListSchema>;

// ---------------------------------------------------------------- shipped data file

export const BATHING_FILE_FORMAT = 1;

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

/** One array per site, so that the file stays small and a new season reads as a diff. */
export const bathingFileSchema = z.object({
  format: z.literal(BATHING_FILE_FORMAT),
  season: z.number().int().min(2000).max(2100),
  generatedAt: isoDate,
  sites: z.array(siteTuple),
});

export type BathingSiteTupleRaw = z.infer<typeof siteTuple>;
