// The season's site list: where each official bathing site is. Sites that cannot be placed
// (removed, no valid INSEE code, coordinates off France or shared with another commune) are
// returned apart with the reason, for the update's log.
import type { BathingSite } from "../../../sections/bathing/types.ts";
import { isInFrance } from "../../../core/shared/geo.ts";
import { normaliseHeader } from "../../text/csv.ts";
import { type CsvInput, SITE_CODE, cleanText, padInseeCode, parseDecimal, readBathingTable } from "./columns.ts";

export interface SkippedSite {
  id: string;
  name: string;
  reason: "removed" | "invalid-coordinates" | "ambiguous-coordinates" | "invalid-commune-code";
}

export function parseSiteList(input: CsvInput): { sites: BathingSite[]; skipped: SkippedSite[] } {
  const table = readBathingTable(input, "site list", {
    id: SITE_CODE,
    name: { label: "Nom du site de baignade", matches: (h) => h.startsWith("nom du site"), required: true },
    communeCode: { label: "Code INSEE de la commune", matches: (h) => h.includes("insee"), required: true },
    communeName: { label: "Nom de la commune", matches: (h) => h.startsWith("nom de la commune"), required: true },
    department: { label: "Département", matches: (h) => h === "departement" || h === "code departement", required: true },
    waterType: { label: "Type d'eau", matches: (h) => h.startsWith("type d eau"), required: true },
    longitude: { label: "Longitude (ETRS 89)", matches: (h) => h.startsWith("longitude"), required: true },
    latitude: { label: "Latitude (ETRS 89)", matches: (h) => h.startsWith("latitude"), required: true },
    evolution: { label: "Evolution 2024 vs. 2023", matches: (h) => h.startsWith("evolution"), required: false },
  });

  const skipped: SkippedSite[] = [];
  const candidates: BathingSite[] = [];
  for (const row of table.rows) {
    const id = row.get("id");
    if (id === "") throw new Error(`Bathing site list, line ${row.line}: no site code`);
    const name = cleanText(row.get("name"));
    // A site « définitivement supprimé » is no longer a bathing site: it has no season, and
    // showing it as the nearest place to swim would mislead.
    if (normaliseHeader(row.get("evolution")).includes("supprime")) {
      skipped.push({ id, name, reason: "removed" });
      continue;
    }
    const communeCode = padInseeCode(row.get("communeCode"));
    if (!communeCode) {
      skipped.push({ id, name, reason: "invalid-commune-code" });
      continue;
    }
    const latitude = parseDecimal(row.get("latitude"));
    const longitude = parseDecimal(row.get("longitude"));
    if (latitude === null || longitude === null || !isInFrance(latitude, longitude)) {
      skipped.push({ id, name, reason: "invalid-coordinates" });
      continue;
    }
    candidates.push({
      id,
      name,
      communeCode,
      communeName: cleanText(row.get("communeName")),
      department: row.get("department").toUpperCase(),
      waterType: cleanText(row.get("waterType")),
      latitude,
      longitude,
    });
  }

  // Two sites of different communes at the very same point: one position was copied onto the
  // other (2024: a Givet lake placed on the Étang de Berre), and the file cannot tell which one
  // is right, so neither is placed.
  const communesAt = new Map<string, Set<string>>();
  const pointOf = (site: BathingSite) => `${site.latitude},${site.longitude}`;
  for (const site of candidates) {
    const communes = communesAt.get(pointOf(site)) ?? new Set<string>();
    communes.add(site.communeCode);
    communesAt.set(pointOf(site), communes);
  }
  const sites: BathingSite[] = [];
  const seen = new Set<string>();
  for (const site of candidates) {
    if ((communesAt.get(pointOf(site))?.size ?? 0) > 1) {
      skipped.push({ id: site.id, name: site.name, reason: "ambiguous-coordinates" });
      continue;
    }
    if (seen.has(site.id)) throw new Error(`Bathing site list: site ${site.id} is listed twice`);
    seen.add(site.id);
    sites.push(site);
  }
  return { sites, skipped };
}
