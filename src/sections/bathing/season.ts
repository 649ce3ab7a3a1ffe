// Which bathing season a day belongs to, as the ministry numbers it, on the site's own clock.
import { todayForCommune } from "../../core/shared/time.ts";
import type { BathingSite } from "./types.ts";

/**
 * Overseas departments whose season runs 1 October → 30 September and is named after the year it
 * ends in: the official 2024 record (« Saison balnéaire » rows of the season information file)
 * gives all 248 sites of 971, 972, 973, 974 and 976 the season 01/10/2023 → 30/09/2024.
 * Elsewhere a season runs within one summer and is named after its calendar year.
 */
const OCTOBER_TO_SEPTEMBER = new Set(["971", "972", "973", "974", "976"]);
const OVERSEAS_SEASON_STARTS = "10-01";

function normaliseDepartment(department: string): string {
  return department.trim().toUpperCase().padStart(3, "0");
}

/** The season (as the source numbers it) of a local day YYYY-MM-DD at a site of `department`. */
export function bathingSeasonOfDay(day: string, department: string): number {
  const year = Number(day.slice(0, 4));
  return OCTOBER_TO_SEPTEMBER.has(normaliseDepartment(department)) && day.slice(5, 10) >= OVERSEAS_SEASON_STARTS ? year + 1 : year;
}

/** The site's local calendar day (its territory's clock overseas) of an instant. */
export function localDayOfSite(instant: Date, site: Pick<BathingSite, "communeCode">): string {
  return todayForCommune(instant, site.communeCode);
}

/**
 * The season under way (or still to come) at a site: what the ministry's page is asked for. From
 * October to December overseas that is the next year's: the calendar year's season has ended.
 */
export function currentBathingSeason(now: Date, site: Pick<BathingSite, "communeCode" | "department">): number {
  return bathingSeasonOfDay(localDayOfSite(now, site), site.department);
}
