import * as z from "zod";

// API Géo (geo.api.gouv.fr, « Découpage administratif »), GET /communes/{code}?fields=…: one
// commune object. `codeEpci` and `epci` are absent for the few communes outside any EPCI à
// fiscalité propre (some islands); `epci` is `{ code, nom }` when asked in `fields`.

export const geoCommuneSchema = z.looseObject({
  code: z.string(),
  nom: z.string(),
  /** the EPCI's SIREN (9 digits) */
  codeEpci: z.string().nullish(),
  epci: z.looseObject({ code: z.string(), nom: z.string() }).nullish(),
});

export type GeoCommuneRaw = z.infer<typeof geoCommuneSchema>;

/** GET /communes?fields=code,codeEpci&format=json: every commune, its EPCI's SIREN when it has one. */
export const geoCommuneListSchema = z.array(
  z.looseObject({
    code: z.string(),
    codeEpci: z.string().nullish(),
  }),
);

export type GeoCommuneListRaw = z.infer<typeof geoCommuneListSchema>;
