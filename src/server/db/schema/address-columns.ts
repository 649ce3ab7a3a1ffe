import { real, text } from "drizzle-orm/sqlite-core";
import type { PickedAddress } from "../../../core/types.ts";

/**
 * The columns of a picked address (core/types `PickedAddress`), shared by the tables that store
 * one: an alert sign-up and a monitored address.
 */
export function addressColumns() {
  return {
    addressLabel: text("address_label").notNull(),
    latitude: real("latitude").notNull(),
    longitude: real("longitude").notNull(),
    citycode: text("citycode").notNull(),
    postcode: text("postcode").notNull().default(""),
    city: text("city").notNull().default(""),
  };
}

export interface AddressColumnValues {
  addressLabel: string;
  latitude: number;
  longitude: number;
  citycode: string;
  postcode: string;
  city: string;
}

/** A stored row's address (the table calls its label `addressLabel`: a monitored address has its own `label`). */
export function readPickedAddress(row: AddressColumnValues): PickedAddress {
  return { label: row.addressLabel, latitude: row.latitude, longitude: row.longitude, citycode: row.citycode, postcode: row.postcode, city: row.city };
}

export function toAddressColumnValues(address: PickedAddress): AddressColumnValues {
  return {
    addressLabel: address.label,
    latitude: address.latitude,
    longitude: address.longitude,
    citycode: address.citycode,
    postcode: address.postcode,
    city: address.city,
  };
}
