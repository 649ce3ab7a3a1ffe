import { z } from "zod";
import { isValidInseeCode } from "../../core/shared/commune.ts";

/** An address picked among the BAN suggestions, as the islands send it. */
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
);
