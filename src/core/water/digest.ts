// A commune's drinking-water digest (decision 049): what the alert run keeps of twelve months of
// Hub'Eau results so that new results, read in bulk per département, can be judged without reading
// the commune's whole year again. It holds, per network and parameter, the date of the newest
// result and — only when that result is not compliant-and-calm — the result itself, plus the
// newest sample of each network (its ARS verdict and conclusion) and each network's samples (to
// pick the most-sampled network like the report does).
//
// evaluateWaterQuality over `digestResults` gives the same level, newest sample, verdict,
// conclusion and flagged parameters as over the full year (tests/unit/core/water-digest.test.ts):
// a network's level depends only on the latest result of each parameter that is « À surveiller »
// or worse and on its newest sample; a compliant result only matters by being newer.
import type { Udi, WaterResult } from "../types.ts";
import { evaluateParameter, WATER_WINDOW_DAYS } from "./evaluate.ts";

const DAY_MS = 24 * 3600 * 1000;
/** Results filed without a network list (old records, some ARS exports). */
const NO_NETWORK = "-";

export interface WaterDigest {
  version: 1;
  /** the commune's networks (communes_udi when read per commune, else the networks the results name) */
  udis: Udi[];
  /** true when `udis` is learnt from the results (bulk reads), false when communes_udi gave it */
  udisFromResults: boolean;
  /** `${network}|${parameterCode}` → date-time of the newest result known */
  latest: Record<string, string>;
  /** `${network}|${parameterCode}` → that newest result, when it is concerning or worse */
  flagged: Record<string, WaterResult>;
  /** network → one result of its newest sample (the sample's verdict, conclusion, distributor) */
  heads: Record<string, WaterResult>;
  /** network → sample code → date-time: the samples of the window, to rank the networks */
  samples: Record<string, Record<string, string>>;
}

/** A digest to fill: with the commune's networks from communes_udi, or learning them from the results. */
export function emptyWaterDigest(udis: readonly Udi[] | "from-results"): WaterDigest {
  const fromResults = udis === "from-results";
  return { version: 1, udis: fromResults ? [] : [...udis], udisFromResults: fromResults, latest: {}, flagged: {}, heads: {}, samples: {} };
}

const resultKey = (result: WaterResult) => `${result.sampleCode}|${result.parameterCode}`;

function networksOf(result: WaterResult): string[] {
  return result.networks.length > 0 ? [...new Set(result.networks.map((network) => network.code))] : [NO_NETWORK];
}

function isFlagged(result: WaterResult): boolean {
  const view = evaluateParameter(result);
  return view !== null && (view.level === "critical" || view.level === "concerning");
}

/**
 * Folds results (any order, any overlap with what the digest already knows) into the digest, then
 * drops what left the twelve-month window. A result only counts when it is newer than the newest
 * result known for its network and parameter, so reading the same rows twice changes nothing.
 * Returns true when a network got a newer sample.
 */
export function foldIntoWaterDigest(digest: WaterDigest, results: Iterable<WaterResult>, now: Date): boolean {
  let newSample = false;
  const since = windowStart(now);
  const knownUdis = new Set(digest.udis.map((udi) => udi.code));
  for (const result of results) {
    if (result.sampledAt < since) continue;
    for (const network of networksOf(result)) {
      if (digest.udisFromResults && network !== NO_NETWORK && !knownUdis.has(network)) {
        const named = result.networks.find((entry) => entry.code === network);
        digest.udis.push({ code: network, name: named?.name ?? network, quarter: null });
        knownUdis.add(network);
      }
      const samples = (digest.samples[network] ??= {});
      samples[result.sampleCode] = result.sampledAt;
      // The newest sample's verdict is the same on each of its results: which one stands for it
      // is fixed (smallest key), so the digest does not depend on the order of the rows.
      const head = digest.heads[network];
      if (!head || result.sampledAt > head.sampledAt) {
        digest.heads[network] = result;
        newSample = true;
      } else if (result.sampledAt === head.sampledAt && resultKey(result) < resultKey(head)) {
        digest.heads[network] = result;
      }
      const key = `${network}|${result.parameterCode}`;
      const known = digest.latest[key];
      if (known !== undefined && result.sampledAt <= known) continue;
      digest.latest[key] = result.sampledAt;
      if (isFlagged(result)) digest.flagged[key] = result;
      else delete digest.flagged[key];
    }
  }
  pruneWaterDigest(digest, now);
  return newSample;
}

const windowStart = (now: Date) => new Date(now.getTime() - WATER_WINDOW_DAYS * DAY_MS).toISOString();

/** Drops every date, result and sample older than the window of the report (12 months). */
export function pruneWaterDigest(digest: WaterDigest, now: Date): void {
  const since = windowStart(now);
  for (const [key, at] of Object.entries(digest.latest)) {
    if (at >= since) continue;
    delete digest.latest[key];
    delete digest.flagged[key];
  }
  for (const [network, head] of Object.entries(digest.heads)) if (head.sampledAt < since) delete digest.heads[network];
  for (const [network, samples] of Object.entries(digest.samples)) {
    for (const [code, at] of Object.entries(samples)) if (at < since) delete samples[code];
    if (Object.keys(samples).length === 0) delete digest.samples[network];
  }
}

/** The results the digest keeps: enough for evaluateWaterQuality to judge every network. */
export function digestResults(digest: WaterDigest): WaterResult[] {
  const unique = new Map<string, WaterResult>();
  for (const result of [...Object.values(digest.heads), ...Object.values(digest.flagged)]) {
    unique.set(`${result.sampleCode}|${result.parameterCode}|${result.sampledAt}`, result);
  }
  return [...unique.values()].sort((a, b) => b.sampledAt.localeCompare(a.sampledAt));
}

/** Network → how many samples of the window name it and its newest: the report's « most sampled » choice. */
export function digestSampleRanking(digest: WaterDigest): Map<string, { samples: number; newest: string }> {
  const ranking = new Map<string, { samples: number; newest: string }>();
  for (const [network, samples] of Object.entries(digest.samples)) {
    if (network === NO_NETWORK) continue;
    const dates = Object.values(samples);
    ranking.set(network, { samples: dates.length, newest: dates.reduce((newest, at) => (at > newest ? at : newest), "") });
  }
  return ranking;
}

/** The newest sample the digest knows, whatever the network (null: none in the window). */
export function digestNewestSample(digest: WaterDigest): string | null {
  let newest: string | null = null;
  for (const head of Object.values(digest.heads)) if (newest === null || head.sampledAt > newest) newest = head.sampledAt;
  return newest;
}
