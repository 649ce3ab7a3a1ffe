import type { PickedAddress } from "../types.ts";

/**
 * The six fields of an address and nothing else — a request, a signed suggestion or a BAN answer
 * may carry more (a signature, a score) — with a missing postcode or city as "".
 */
export function pickedAddress(
  fields: Pick<PickedAddress, "label" | "latitude" | "longitude" | "citycode"> & Partial<Pick<PickedAddress, "postcode" | "city">>,
): PickedAddress {
  const { label, latitude, longitude, citycode, postcode = "", city = "" } = fields;
  return { label, latitude, longitude, citycode, postcode, city };
}
