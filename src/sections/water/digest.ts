// A commune's drinking-water digest (decisions 049 and 052): what the alert run keeps of a
// commune's Hub'Eau results so that new results, read in bulk per département, can be judged
// without reading the commune's whole history again. It holds, per network and parameter, the
// newest instant measured and, per sample taken then, its worst row (the row alone: the sample's
// conclusion and distributor stay on its head row); per network, one row of each sample taken at
// its newest instant (the ARS verdict and conclusion); and the samples of the last twelve months
// (to pick the most-sampled network like the report does).
//
// judgeNetwork over `digestResults` equals judgeNetwork over every result read so far, whatever the
// order the rows came in, late samples, republished samples and ties of date included
// (tests/unit/core/water-digest-equivalence.test.ts, property-based): a network's judgement
// depends only on the latest rows of each parameter — the worst wins a tie — and on its newest
// sample. Nothing is dropped for its age (decision 052): the latest result of a parameter counts
// however old it is. The alert run also names, from these rows, a parameter that recovered.
import type { Udi, WaterResult } from "../../core/types.ts";
import { compareResultsNewestWorstFirst, compareSamplesNewestWorstFirst } from "./evaluate.ts";
import { waterWindowStart } from "./window.ts";

/** Results filed without a network list (old records, some ARS exports). */
const NO_NETWORK = "-";

/** The rows of one instant: sample code → a row (or null: that sample's row was compliant-and-calm). */
export interface DigestInstant<Row> {
  at: string;
  samples: Record<string, Row>;
}

/** Digests stored with another version (before decision 052) are built again. */
export const WATER_DIGEST_VERSION = 2;

export interface WaterDigest {
  version: typeof WATER_DIGEST_VERSION;
  /** the commune's networks (communes_udi when read per commune, else the networks the results name) */
  udis: Udi[];
  /** true when `udis` is learnt from the results (bulk reads), false when communes_udi gave it */
  udisFromResults: boolean;
  /**
   * `${network}|${parameterCode}` → its newest instant, with each sample's worst row then (without
   * the sample's conclusion and distributor, which its head row carries)
   */
  latest: Record<string, DigestInstant<WaterResult>>;
  /** network → its newest instant, with one row of each sample taken then */
  heads: Record<string, DigestInstant<WaterResult>>;
  /** network → sample code → date-time: the samples of the last twelve months, to rank the networks */
  samples: Record<string, Record<string, string>>;
}

/** A digest to fill: with the commune's networks from communes_udi, or learning them from the results. */
export function emptyWaterDigest(udis: readonly Udi[] | "from-results"): WaterDigest {
  const fromResults = udis === "from-results";
  return { version: WATER_DIGEST_VERSION, udis: fromResults ? [] : [...udis], udisFromResults: fromResults, latest: {}, heads: {}, samples: {} };
}

function networksOf(result: WaterResult): string[] {
  return result.networks.length > 0 ? [...new Set(result.networks.map((network) => network.code))] : [NO_NETWORK];
}

/** Puts a sample's row at `key`: a newer instant replaces the entry, the same instant adds or replaces that sample. */
function place<Row>(entries: Record<string, DigestInstant<Row>>, key: string, at: string, sampleCode: string, row: Row): boolean {
  const entry = entries[key];
  if (!entry || at > entry.at) {
    entries[key] = { at, samples: { [sampleCode]: row } };
    return true;
  }
  if (at === entry.at) entry.samples[sampleCode] = row;
  return false;
}

/**
 * Folds results (any order, any overlap with what the digest already knows) into the digest. The
 * rows of one sample in `results` are one publication of it: a sample read again (republished
 * with another flag or value) replaces what the digest kept of it. A sample dated before the
 * newest one known (published late) still counts for the parameters it is the latest of. Returns
 * true when a network got a newer sample.
 */
export function foldIntoWaterDigest(digest: WaterDigest, results: Iterable<WaterResult>, now: Date): boolean {
  let newSample = false;
  const since = waterWindowStart(now);
  const knownUdis = new Set(digest.udis.map((udi) => udi.code));
  const bySample = new Map<string, WaterResult[]>();
  for (const result of results) {
    const rows = bySample.get(result.sampleCode);
    if (rows) rows.push(result);
    else bySample.set(result.sampleCode, [result]);
  }
  for (const [sampleCode, rows] of bySample) {
    // Per network: the row standing for the sample, and per parameter its worst row.
    const heads = new Map<string, WaterResult>();
    const worst = new Map<string, WaterResult>();
    for (const result of rows) {
      for (const network of networksOf(result)) {
        if (digest.udisFromResults && network !== NO_NETWORK && !knownUdis.has(network)) {
          const named = result.networks.find((entry) => entry.code === network);
          digest.udis.push({ code: network, name: named?.name ?? network, quarter: null });
          knownUdis.add(network);
        }
        if (result.sampledAt >= since) (digest.samples[network] ??= {})[sampleCode] = result.sampledAt;
        const head = heads.get(network);
        if (!head || compareSamplesNewestWorstFirst(result, head) < 0) heads.set(network, result);
        const key = `${network}|${result.parameterCode}`;
        const known = worst.get(key);
        if (!known || compareResultsNewestWorstFirst(result, known) < 0) worst.set(key, result);
      }
    }
    for (const [network, head] of heads) {
      if (place(digest.heads, network, head.sampledAt, sampleCode, head)) newSample = true;
    }
    for (const [key, result] of worst) place(digest.latest, key, result.sampledAt, sampleCode, { ...result, sampleConclusion: null, distributor: null });
  }
  pruneWaterDigest(digest, now);
  return newSample;
}

/** Drops the samples older than twelve months from the ranking; the latest results stay, whatever their age. */
export function pruneWaterDigest(digest: WaterDigest, now: Date): void {
  const since = waterWindowStart(now);
  for (const [network, samples] of Object.entries(digest.samples)) {
    for (const [code, at] of Object.entries(samples)) if (at < since) delete samples[code];
    if (Object.keys(samples).length === 0) delete digest.samples[network];
  }
}

/**
 * The results the digest keeps: enough for judgeNetwork to judge every network as over every
 * result. A row kept for one network only (a sample that named two networks, the other of which
 * has a newer result since) names only the networks it is kept for, so that it never stands for a
 * result it is not the latest of.
 */
export function digestResults(digest: WaterDigest): WaterResult[] {
  const kept = new Map<string, { row: WaterResult; networks: Set<string> }>();
  const keep = (network: string, row: WaterResult) => {
    const id = `${row.sampleCode}|${row.parameterCode}|${row.rawValue}|${row.unit ?? ""}`;
    const entry = kept.get(id) ?? { row, networks: new Set<string>() };
    entry.networks.add(network);
    kept.set(id, entry);
  };
  for (const [network, head] of Object.entries(digest.heads)) for (const row of Object.values(head.samples)) keep(network, row);
  for (const [key, entry] of Object.entries(digest.latest)) {
    const network = key.slice(0, key.lastIndexOf("|"));
    for (const row of Object.values(entry.samples)) keep(network, row);
  }
  return [...kept.values()]
    .map(({ row, networks }) => (row.networks.length === 0 ? row : { ...row, networks: row.networks.filter((network) => networks.has(network.code)) }))
    .sort(compareResultsNewestWorstFirst);
}

/** Network → how many samples of the last twelve months name it and its newest: the report's « most sampled » choice. */
export function digestSampleRanking(digest: WaterDigest): Map<string, { samples: number; newest: string }> {
  const ranking = new Map<string, { samples: number; newest: string }>();
  for (const [network, samples] of Object.entries(digest.samples)) {
    if (network === NO_NETWORK) continue;
    const dates = Object.values(samples);
    ranking.set(network, { samples: dates.length, newest: dates.reduce((newest, at) => (at > newest ? at : newest), "") });
  }
  return ranking;
}

/** The newest sample the digest knows, whatever the network (null: none). */
export function digestNewestSample(digest: WaterDigest): string | null {
  let newest: string | null = null;
  for (const head of Object.values(digest.heads)) if (newest === null || head.at > newest) newest = head.at;
  return newest;
}
