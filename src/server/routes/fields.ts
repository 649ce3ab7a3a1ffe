import { z } from "zod";
import { isValidInseeCode } from "../../core/shared/commune.ts";
import type { PickedAddress } from "../../core/types.ts";

/** An address picked among the BAN suggestions, as the islands send it (parsed: a `PickedAddress`). */
export const pickedAddressField = z.object(
  {
    label: z.string().trim().min(3).max(200, { error: "L'adresse est trop longue." }),
    latitude: z.number(),
    longitude: z.number(),
    citycode: z.string().trim().toUpperCase().refine(isValidInseeCode, { error: "Le code commune doit être un code INSEE valide." }),
    postcode: z.string().trim().max(10).default(""),
    city: z.string().trim().max(100).default(""),
  },
  { error: "Choisissez une adresse dans la liste des suggestions." },
) satisfies z.ZodType<PickedAddress>;

/**
 * A first or last name. Letters (any script), spaces, hyphens and apostrophes only: names are
 * written in our emails, and no digit, « @ », « / » or « . » means no phone number or link can be
 * passed off as ours through a name.
 */
export const personNameField = z
  .string()
  .trim()
  .max(80, { error: "Le prénom et le nom sont limités à 80 caractères." })
  .regex(/^[\p{L}\p{M}' \u2019-]*$/u, { error: "Le prénom et le nom ne peuvent contenir que des lettres, des espaces, des traits d'union et des apostrophes." })
  .nullish()
  .transform((value) => value || null);
