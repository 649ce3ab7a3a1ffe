// An address picked in the autocomplete, re-read from the geocoder (BAN) on the server, so that
// what we store and write in an email is the BAN's own label, never text the requester typed
// (« compte bloqué, appelez le 08… » sent as a label would otherwise be quoted to the recipient).
import { computeHaversineKm } from "../../core/bathing/nearest.ts";
import type { AppDeps } from "../deps.ts";
import type { PickedAddress } from "../../core/types.ts";

type Deps = Pick<AppDeps, "sources">;

/** The BAN may move a point slightly between two reads; a picked suggestion is never farther. */
const MAX_DISTANCE_KM = 0.3;
const CANDIDATES = 10;

export type ResolvedAddress = { kind: "ok"; address: PickedAddress } | { kind: "unknown" } | { kind: "unavailable" };

/**
 * Asks the BAN for the submitted label and keeps its answer in the same commune at the same place
 * (the identical label first). Unknown: the label names no such address there. Unavailable: the
 * BAN did not answer (the caller asks to retry; an upstream 4xx is the query's fault: unknown).
 */
export async function resolvePickedAddress(deps: Deps, picked: Pick<PickedAddress, "label" | "latitude" | "longitude" | "citycode">): Promise<ResolvedAddress> {
  const found = await deps.sources.searchAddresses({ q: picked.label, limit: CANDIDATES });
  if (!found.ok) {
    const refused = found.reason === "not_found" || (found.reason === "http" && (found.status ?? 500) < 500);
    return refused ? { kind: "unknown" } : { kind: "unavailable" };
  }
  const nearby = found.data.filter((address) => address.citycode.toUpperCase() === picked.citycode && computeHaversineKm(address, picked) <= MAX_DISTANCE_KM);
  const match = nearby.find((address) => address.label === picked.label) ?? nearby[0];
  if (!match) return { kind: "unknown" };
  return {
    kind: "ok",
    address: {
      label: match.label,
      latitude: match.latitude,
      longitude: match.longitude,
      citycode: match.citycode.toUpperCase(),
      postcode: match.postcode,
      city: match.city,
    },
  };
}
