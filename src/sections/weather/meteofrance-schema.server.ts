import * as z from "zod";

// Météo-France « Données Publiques Vigilance » (portail-api.meteofrance.fr, API DPVigilance v1),
// `GET /cartevigilance/encours`: the national map (product « cdp_carte_externe », vigilance V6).
// One answer for every département: `product.periods[]` (échéance "J" today, "J1" tomorrow), each
// with `timelaps.domain_ids[]` — a département ("35", "2A"), its coastal strip ("3510": vagues-
// submersion only) or the national roll-up "FRA" — and per domain `phenomenon_items[]` with the
// phenomenon's id ("1"…"9", a string in the recorded answer) and its highest colour of the period
// (1 vert … 4 rouge). Recorded answer: tests/fixtures/meteofrance/.
// Only what we read is checked; a colour outside 1…4 or a missing field rejects the whole answer
// (the section says « indisponible », never a colour we did not read).

const colorId = z.number().int().min(1).max(4);

export const phenomenonItemSchema = z.looseObject({
  phenomenon_id: z.union([z.string(), z.number()]).transform((value) => String(value)),
  phenomenon_max_color_id: colorId,
});

export const domainSchema = z.looseObject({
  domain_id: z.string().min(1),
  max_color_id: colorId.nullish(),
  phenomenon_items: z.array(phenomenonItemSchema),
});

export const periodSchema = z.looseObject({
  echeance: z.string(),
  begin_validity_time: z.string(),
  end_validity_time: z.string().nullish(),
  timelaps: z.looseObject({ domain_ids: z.array(domainSchema) }),
});

export const vigilanceMapSchema = z.looseObject({
  product: z.looseObject({
    update_time: z.string().nullish(),
    periods: z.array(periodSchema).min(1),
  }),
});

export type VigilanceMapRaw = z.infer<typeof vigilanceMapSchema>;
export type VigilanceDomainRaw = z.infer<typeof domainSchema>;
