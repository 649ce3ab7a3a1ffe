import * as z from "zod";
import { isValidInseeCode } from "../../core/shared/commune.ts";
import {
  isValidAddressNickname,
  isValidPersonName,
  PERSON_NAME_MAX_LENGTH,
  PERSON_NAME_MESSAGE,
  PERSON_NAME_TOO_LONG_MESSAGE,
} from "../../core/shared/person-names.ts";
import type { PickedAddress } from "../../core/types.ts";

/**
 * An address picked among the BAN suggestions, as the islands send it (parsed: a `PickedAddress`
 * and its signature). Never stored as sent: resolvePickedAddress reads it from the BAN first.
 */
export const pickedAddressField = z.object(
  {
    label: z.string().trim().min(3).max(200, { error: "L'adresse est trop longue." }),
    latitude: z.number(),
    longitude: z.number(),
    citycode: z.string().trim().toUpperCase().refine(isValidInseeCode, { error: "Le code commune doit être un code INSEE valide." }),
    postcode: z.string().trim().max(10).default(""),
    city: z.string().trim().max(100).default(""),
    /** the signature of the suggestion picked (decision 055): with it, the address is taken as is */
    signature: z.string().trim().max(64).optional(),
  },
  { error: "Choisissez une adresse dans la liste des suggestions." },
) satisfies z.ZodType<PickedAddress>;

/**
 * A first or last name: letters of the Latin scripts, spaces, hyphens and apostrophes only, stored
 * in NFC (core/shared/person-names.ts, the forms' rule too): names are written in our emails, and
 * no digit, « @ », « / » or « . » — nor a look-alike of one from another script — means no phone
 * number or link can be passed off as ours through a name.
 */
export const personNameField = z
  .string()
  .normalize("NFC")
  .trim()
  .max(PERSON_NAME_MAX_LENGTH, { error: PERSON_NAME_TOO_LONG_MESSAGE })
  .refine(isValidPersonName, { error: PERSON_NAME_MESSAGE })
  .nullish()
  .transform((value) => value || null);

/** At most this many digits in an address's name: « Bureau 12 », never a phone number. */
const MAX_NICKNAME_DIGITS = 3;

/**
 * The name a person gives a monitored address (« Maison »), printed in the account PDF and the
 * emails beside the BAN's address. The rule of names (Latin letters, issue 39), with a few ASCII digits: no phone number, link or
 * email address can be passed off as ours through it (decision 055).
 */
export const addressNicknameField = z
  .string()
  .normalize("NFC")
  .trim()
  .max(60, { error: "Le nom de l'adresse est limité à 60 caractères." })
  .refine(isValidAddressNickname, {
    error: "Le nom de l'adresse ne peut contenir que des lettres, des chiffres, des espaces, des traits d'union et des apostrophes.",
  })
  .refine((value) => (value.match(/[0-9]/g) ?? []).length <= MAX_NICKNAME_DIGITS, {
    error: `Le nom de l'adresse ne peut contenir que ${MAX_NICKNAME_DIGITS} chiffres au plus.`,
  })
  .nullish();
