import { evaluateRadon, resolveRadonAnswer, type RadonData, type RadonPlace } from "./evaluate.ts";
import { unavailableRadon } from "./source.ts";
import type { RadonSection } from "./types.ts";
import type { AppDeps } from "../../server/deps.ts";
import { describeError } from "../../server/logger.ts";
import { readShippedCommuneHistory } from "#commune-history";
import { readShippedRadonDataset } from "#radon-dataset";
import { communeHistory } from "../../sources/cog/history.ts";
import { radonLookup } from "../../sources/radon/dataset.ts";

let data: Promise<RadonData> | undefined;
/**
 * The classification and INSEE's commune history, loaded on first use and kept for the process or
 * isolate: no network on Node (imports), two static-asset fetches on the Worker (`#radon-dataset`,
 * `#commune-history`, decision 072). A failed read is not kept: the next report tries again.
 */
export function loadRadonData(): Promise<RadonData> {
  data ??= Promise.all([readShippedRadonDataset(), readShippedCommuneHistory()])
    .then(([classification, history]) => ({ lookup: radonLookup(classification), history: communeHistory(history) }))
    .catch((error: unknown) => {
      data = undefined;
      throw error;
    });
  return data;
}

/** Beyond this distance the BAN's nearest address is not taken as the address's own (its former commune could be another). */
const MAX_REVERSE_DISTANCE_M = 50;

/**
 * The radon section of an address. The arrêté classes the communes of 2016: in a commune nouvelle
 * whose former communes it classes differently, the address's former commune decides. The BAN
 * names it (`oldcitycode`) in its answers; an address picked earlier and stored without it (a
 * signed pick, a monitored address) asks the BAN's reverse geocoder at its point, only then
 * (cached like every BAN read). Unavailable (and logged, without the address) if the data cannot be read.
 */
export async function buildRadonSection(
  deps: Pick<AppDeps, "log" | "sources">,
  input: RadonPlace & { latitude: number; longitude: number },
): Promise<RadonSection> {
  let radon: RadonData;
  try {
    radon = await loadRadonData();
  } catch (error) {
    deps.log({ level: "error", message: "radon data set unreadable", fields: describeError(error) });
    return unavailableRadon("Le classement officiel du potentiel radon n'a pas pu être lu.");
  }
  const answer = resolveRadonAnswer(radon, input);
  if (answer.basis !== "parts" || input.oldcitycode !== undefined || answer.parts.every((part) => part.category === answer.parts[0]?.category)) {
    return evaluateRadon(answer);
  }
  const former = await formerCommuneAt(deps, input);
  return evaluateRadon(former ? resolveRadonAnswer(radon, { ...input, ...former }) : answer);
}

/** The BAN's former commune at the address's point, when its nearest address there is in the same commune. */
async function formerCommuneAt(
  deps: Pick<AppDeps, "sources">,
  input: { latitude: number; longitude: number; citycode: string },
): Promise<{ oldcitycode: string; oldcity: string | undefined } | null> {
  const nearby = await deps.sources.reverseGeocode({ lat: input.latitude, lon: input.longitude });
  if (!nearby.ok) return null;
  const nearest = nearby.data.find((address) => address.citycode.toUpperCase() === input.citycode.toUpperCase());
  if (!nearest?.oldcitycode || (nearest.distance_m ?? 0) > MAX_REVERSE_DISTANCE_M) return null;
  return { oldcitycode: nearest.oldcitycode, oldcity: nearest.oldcity };
}
