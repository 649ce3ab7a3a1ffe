// The addresses we name on our domain come from the BAN, never from the request (decision 055).
// An address the BAN gave us (a suggestion of /api/geocode, a report) goes out signed with the app
// secret; sent back unchanged, it is taken as is, with no call. Anything else is read again from
// the BAN: a report's point by reverse geocoding (the label, postcode and city of the request are
// ignored, its commune must be the point's), a picked address by searching its label. So a link or
// a form can no longer make a page, a PDF or an email say « EAU NON POTABLE : appelez le 08… »,
// nor judge one commune's water at another commune's point.
import { hmac } from "@oslojs/crypto/hmac";
import { SHA256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { computeHaversineKm } from "../../sections/bathing/nearest.ts";
import { toCommuneCode } from "../../core/shared/commune.ts";
import type { Address, PickedAddress, SignedAddress, SourceResult } from "../../core/types.ts";
import type { AppDeps } from "../deps.ts";
import { pickedAddress } from "../../core/shared/picked-address.ts";

type Deps = Pick<AppDeps, "sources" | "appSecret">;

// ---------------------------------------------------------------- signatures

/** 128 bits of HMAC-SHA-256: a forgery needs the app secret, and links stay short. */
const SIGNATURE_BYTES = 16;
const encoder = new TextEncoder();

/** Synchronous (no Web Crypto promise): links in emails are built in plain functions. */
function addressMac(secret: string, address: PickedAddress): Uint8Array {
  // Numbers as JSON writes them, which is how a URL or a JSON body carries them back.
  const fields = [address.label, address.latitude, address.longitude, address.citycode, address.postcode, address.city];
  return hmac(SHA256, encoder.encode(secret), encoder.encode(`address:v1\n${JSON.stringify(fields)}`)).slice(0, SIGNATURE_BYTES);
}

/** The six fields of an address (nothing else is signed nor kept), with their signature. */
export function signAddress(secret: string, address: PickedAddress): SignedAddress {
  const picked = pickedAddress(address);
  return { ...picked, signature: encodeBase64urlNoPadding(addressMac(secret, picked)) };
}

/** True when `signature` is ours over exactly these fields (compared in constant time). */
export function hasValidSignature(secret: string, address: PickedAddress & { signature?: string | null | undefined }): boolean {
  if (!address.signature) return false;
  const expected = encoder.encode(encodeBase64urlNoPadding(addressMac(secret, address)));
  const given = encoder.encode(address.signature);
  return expected.length === given.length && constantTimeEqual(expected, given);
}

// ---------------------------------------------------------------- BAN answers

/** A refusal of the query (4xx) says "no such address"; a 429, a 5xx or a timeout says "ask again later". */
function isRefusal(result: Extract<SourceResult<unknown>, { ok: false }>): boolean {
  if (result.reason === "not_found") return true;
  return result.reason === "http" && result.status !== undefined && result.status < 500 && result.status !== 429;
}

// ---------------------------------------------------------------- a report's point

/** What a report request says of its address: the point, and maybe its commune and a signed pick. */
export interface PointClaim {
  latitude: number;
  longitude: number;
  citycode?: string | undefined;
  label?: string | undefined;
  postcode?: string | undefined;
  city?: string | undefined;
  signature?: string | undefined;
}

export type ResolvedPoint =
  | { kind: "ok"; address: PickedAddress | Address }
  /** the BAN's addresses around the point are all in other communes */
  | { kind: "mismatch" }
  /** the BAN knows no address around the point */
  | { kind: "unknown" }
  | { kind: "unavailable" };

/**
 * The address a report is for. A signed pick is taken as is. Otherwise the BAN's nearest address
 * to the point in the commune asked (the commune itself first, then another arrondissement of
 * Paris, Lyon or Marseille): a report is then about that real address, its label, point and
 * commune; without a commune asked, about the nearest address.
 */
export async function resolveReportPoint(deps: Deps, claim: PointClaim): Promise<ResolvedPoint> {
  if (claim.citycode !== undefined && claim.label !== undefined && claim.signature !== undefined) {
    const picked = pickedAddress({ ...claim, citycode: claim.citycode, label: claim.label });
    if (hasValidSignature(deps.appSecret, { ...picked, signature: claim.signature })) return { kind: "ok", address: picked };
  }
  const nearby = await deps.sources.reverseGeocode({ lat: claim.latitude, lon: claim.longitude });
  if (!nearby.ok) return isRefusal(nearby) ? { kind: "unknown" } : { kind: "unavailable" };
  const [nearest] = nearby.data;
  if (!nearest) return { kind: "unknown" };
  const asked = claim.citycode?.toUpperCase();
  if (asked === undefined) return { kind: "ok", address: nearest };
  const match =
    nearby.data.find((address) => address.citycode.toUpperCase() === asked) ??
    nearby.data.find((address) => toCommuneCode(address.citycode) === toCommuneCode(asked));
  return match ? { kind: "ok", address: match } : { kind: "mismatch" };
}

// ---------------------------------------------------------------- a picked address (sign-up, account)

/** The BAN may move a point slightly between two reads; a picked suggestion is never farther. */
const MAX_DISTANCE_KM = 0.3;
const CANDIDATES = 10;

export type ResolvedAddress = { kind: "ok"; address: PickedAddress } | { kind: "unknown" } | { kind: "unavailable" };

/**
 * An address picked in the autocomplete, before it is stored and quoted in emails and PDFs: taken
 * as is when its signature is ours; otherwise the BAN is asked for the submitted label and its
 * answer in the same commune at the same place is kept (the identical label first). Unknown: the
 * label names no such address there. Unavailable: the BAN did not answer (the caller asks to retry).
 */
export async function resolvePickedAddress(
  deps: Deps,
  picked: Pick<PickedAddress, "label" | "latitude" | "longitude" | "citycode"> &
    Partial<Pick<PickedAddress, "postcode" | "city">> & { signature?: string | undefined },
): Promise<ResolvedAddress> {
  const claimed = pickedAddress(picked);
  if (hasValidSignature(deps.appSecret, { ...claimed, signature: picked.signature })) return { kind: "ok", address: claimed };
  const found = await deps.sources.searchAddresses({ q: picked.label, limit: CANDIDATES });
  if (!found.ok) return isRefusal(found) ? { kind: "unknown" } : { kind: "unavailable" };
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
