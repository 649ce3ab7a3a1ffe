import { localDateParis } from "../../core/shared/time.ts";
import type { VigilanceBulletin, VigilancePhenomenon, VigilancePhenomenonColor } from "./types.ts";
import { VIGILANCE_PHENOMENA } from "./scale.ts";
import type { VigilanceDomainRaw, VigilanceMapRaw } from "./meteofrance-schema.server.ts";

type Color = 1 | 2 | 3 | 4;

const PHENOMENON_OF_ID = new Map<string, VigilancePhenomenon>(VIGILANCE_PHENOMENA.map((entry) => [String(entry.id), entry.phenomenon]));

/**
 * Where a map domain belongs: "35" and "2A" are départements; "3510" (a code and "10") is the
 * coastal strip of the Ille-et-Vilaine, which carries vagues-submersion; "FRA" (the national
 * roll-up) and anything else belong to no département.
 */
export function placeOfDomain(domainId: string): { department: string; coast: boolean } | null {
  const id = domainId.trim().toUpperCase();
  if (/^(\d{2}|2[AB])$/.test(id)) return { department: id, coast: false };
  const coastal = /^(\d{2}|2[AB])10$/.exec(id);
  return coastal ? { department: coastal[1]!, coast: true } : null;
}

type Colors = Map<string, Map<VigilancePhenomenon, Color>>;

/**
 * The national map as the report and the alert run read it: per day (the period's Paris day),
 * per département, the highest colour of each phenomenon; the coastal strips apart, under their
 * département's code. Météo-France colours a strip apart because its vagues-submersion is the
 * coast's, not the inland's (decision 078): merging it made an inland commune read the coast's
 * orange as its own. A phenomenon id we do not know is left out (never shown as a colour we did
 * not read).
 */
export function mapVigilanceBulletin(raw: VigilanceMapRaw): VigilanceBulletin {
  const days: VigilanceBulletin["days"] = [];
  for (const period of raw.product.periods) {
    const date = localDateParis(period.begin_validity_time);
    if (!date) continue;
    const departments: Colors = new Map();
    const coasts: Colors = new Map();
    for (const domain of period.timelaps.domain_ids) {
      const place = placeOfDomain(domain.domain_id);
      if (place) addDomain(place.coast ? coasts : departments, place.department, domain);
    }
    const day = { date, departments: listOf(departments), coasts: listOf(coasts) };
    const existing = days.find((entry) => entry.date === date);
    if (existing) {
      Object.assign(existing.departments, day.departments);
      Object.assign(existing.coasts, day.coasts);
    } else days.push(day);
  }
  days.sort((a, b) => a.date.localeCompare(b.date));
  return { updatedAt: raw.product.update_time ?? null, days };
}

function listOf(colors: Colors): Record<string, VigilancePhenomenonColor[]> {
  const listed: Record<string, VigilancePhenomenonColor[]> = {};
  for (const [code, phenomena] of colors) listed[code] = [...phenomena].map(([phenomenon, color]) => ({ phenomenon, color }));
  return listed;
}

function addDomain(colors: Colors, code: string, domain: VigilanceDomainRaw): void {
  const phenomena = colors.get(code) ?? new Map<VigilancePhenomenon, Color>();
  colors.set(code, phenomena);
  for (const item of domain.phenomenon_items) {
    const phenomenon = PHENOMENON_OF_ID.get(item.phenomenon_id);
    if (!phenomenon) continue;
    const color = item.phenomenon_max_color_id as Color;
    phenomena.set(phenomenon, Math.max(phenomena.get(phenomenon) ?? 1, color) as Color);
  }
}
