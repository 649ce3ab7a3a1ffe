// Bathing water for an address: the 3 nearest official sites within 20 km, their official season
// record (shipped with the app), and what the ministry's live page said. The live page is slow:
// reports use the last good snapshot and refresh it in the background; the alert run reads it now.
import { readShippedBathingDataset } from "#bathing-dataset";
import { bathingDatasetUnavailable, currentBathingSeason, evaluateBathing, findNearestSites, type NearbySite } from "../../sections/bathing/index.ts";
import type { BathingDataset, BathingLiveStatus, BathingSite } from "../../sections/bathing/types.ts";
import type { BathingSection } from "../../core/types.ts";
import { todayInParis } from "../../core/shared/time.ts";
import { buildConsultSiteUrl } from "../../sources/baignades/client.ts";
import { matchPortalSite } from "../../sources/baignades/to-domain.ts";
import type { Cache } from "../cache/types.ts";
import type { AppDeps } from "../deps.ts";
import { describeError } from "../logger.ts";

type Deps = Pick<AppDeps, "sources" | "cache" | "config" | "clock" | "log">;

/** A snapshot younger than this is not refreshed; older ones are still shown, with their date. */
export const BATHING_SNAPSHOT_FRESH_MS = 6 * 3600 * 1000;
/** The last good snapshot is kept this long, so an outage of the portal does not blank the card. */
const SNAPSHOT_KEEP_SECONDS = 30 * 24 * 3600;
/**
 * A report starts at most one background read of a site in this time: a refresh that is still
 * running, or one that failed, is not started again by every report that passes by.
 */
const REFRESH_ATTEMPT_SECONDS = 15 * 60;
const PORTAL_HOME = "https://baignades.sante.gouv.fr/";

interface Snapshot {
  status: BathingLiveStatus;
  url: string;
}

let dataset: Promise<BathingDataset> | undefined;
/**
 * Loaded on first use and kept for the process or isolate: 0.7 MB of data that requests without a
 * report never need. Node imports it; the Worker fetches its static asset (`#bathing-dataset`,
 * decision 065). A failed read is not kept: the next report tries again.
 */
export function loadBathingDataset(): Promise<BathingDataset> {
  dataset ??= readShippedBathingDataset().catch((error: unknown) => {
    dataset = undefined;
    throw error;
  });
  return dataset;
}

const snapshotKey = (siteId: string) => `baignades:snapshot:${siteId}`;
const attemptKey = (siteId: string) => `baignades:attempt:${siteId}`;

async function readSnapshot(cache: Cache, siteId: string): Promise<Snapshot | null> {
  const snapshot = await cache.get<Snapshot>(snapshotKey(siteId));
  if (!snapshot) return null;
  // A snapshot kept from before pages carried their season was asked for the Paris calendar year.
  const season = (snapshot.status as Partial<BathingLiveStatus>).season ?? Number(todayInParis(new Date(snapshot.status.fetchedAt)).slice(0, 4));
  return { ...snapshot, status: { ...snapshot.status, season } };
}

/**
 * Reads a site's live page now: finds its portal id among its commune's sites, then the page.
 * Returns null on any failure (the last good snapshot stays in the cache, untouched).
 */
export async function refreshBathingSite(deps: Deps, site: BathingSite): Promise<Snapshot | null> {
  const portalSites = await deps.sources.fetchBathingPortalSites({ communeCode: site.communeCode, department: site.department });
  if (!portalSites.ok) return null;
  const portalId = matchPortalSite(portalSites.data, site.name);
  if (!portalId) return null;
  // The season under way at the site, as the ministry numbers it: from October overseas, the
  // next year's (the calendar year's page would show the season that has just ended).
  const year = currentBathingSeason(deps.clock(), site);
  const page = await deps.sources.fetchBathingSitePage({ department: site.department, portalId, year });
  if (!page.ok) {
    deps.log({ level: "warn", message: "bathing page unreadable", fields: { reason: page.reason, detail: page.detail ?? null } });
    return null;
  }
  const snapshot: Snapshot = { status: page.data, url: buildConsultSiteUrl(deps.config.BAIGNADES_URL, site.department, portalId, year) };
  await deps.cache.set(snapshotKey(site.id), snapshot, SNAPSHOT_KEEP_SECONDS);
  return snapshot;
}

/** A report's background refresh: skipped while an earlier attempt is recent, whatever its outcome. */
async function refreshOnce(deps: Deps, site: BathingSite): Promise<void> {
  if (await deps.cache.get<boolean>(attemptKey(site.id))) return;
  await deps.cache.set(attemptKey(site.id), true, REFRESH_ATTEMPT_SECONDS);
  await refreshBathingSite(deps, site);
}

export async function buildBathingSection(
  deps: Deps,
  input: {
    latitude: number;
    longitude: number;
    /** "report": snapshots, refreshed in the background; "fresh": read every page now (alert run) */
    mode: "report" | "fresh";
    defer?: ((task: Promise<unknown>) => void) | undefined;
    readSite?: (site: BathingSite) => Promise<Snapshot | null>;
  },
): Promise<BathingSection> {
  let data: BathingDataset;
  try {
    data = await loadBathingDataset();
  } catch (error) {
    // The alert run's batch fails and is delivered again: no day's bathing alerts are skipped in silence.
    if (input.mode === "fresh") throw error;
    // A report's other sections do not wait on it: the bathing card says it is unavailable.
    deps.log({ level: "error", message: "bathing data set unreadable", fields: describeError(error) });
    return bathingDatasetUnavailable();
  }
  const now = deps.clock();
  const nearest = findNearestSites(data.sites, { latitude: input.latitude, longitude: input.longitude });
  const nearby: NearbySite[] = await Promise.all(
    nearest.map(async ({ site, distanceKm }) => {
      let snapshot: Snapshot | null;
      if (input.mode === "fresh") {
        snapshot = await (input.readSite ?? ((target: BathingSite) => refreshBathingSite(deps, target)))(site);
      } else {
        snapshot = await readSnapshot(deps.cache, site.id);
        const stale = !snapshot || now.getTime() - Date.parse(snapshot.status.fetchedAt) > BATHING_SNAPSHOT_FRESH_MS;
        if (stale && input.defer) input.defer(refreshOnce(deps, site));
      }
      return { site, distanceKm, record: data.records[site.id] ?? null, live: snapshot?.status ?? null, officialUrl: snapshot?.url ?? PORTAL_HOME };
    }),
  );
  return evaluateBathing({ nearby, recordSeason: data.season, now });
}
