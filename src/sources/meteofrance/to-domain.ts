import { localDateParis } from "../../core/shared/time.ts";
import type { VigilanceBulletin, VigilancePhenomenon } from "../../core/types.ts";
import { VIGILANCE_PHENOMENA } from "../../core/weather/scale.ts";
import type { VigilanceDomainRaw, VigilanceMapRaw } from "./schema.ts";

type Color = 1 | 2 | 3 | 4;

const PHENOMENON_OF_ID = new Map<string, VigilancePhenomenon>(VIGILANCE_PHENOMENA.map((entry) => [String(entry.id), entry.phenomenon]));

/**
 * The département a map domain belongs to: "35" and "2A" are départements, "3510" (a code and
 * "10") is the coastal strip of the Ille-et-Vilaine, which carries vagues-submersion; "FRA" (the
 * national roll-up) and anything else belong to no département.
 */
export function departmentOfDomain(domainId: string): string | null {
  const id = domainId.trim().toUpperCase();
  if (/^(\d{2}|2[AB])$/.test(id)) return id;
  const coastal = /^(\d{2}|2[AB])10$/.exec(id);
  return coastal ? coastal[1]! : null;
}

/**
 * The national map as the report and the alert run read it: per day (the period's Paris day),
 * per département, the highest colour of each phenomenon, the coastal strip merged into its
 * département. A phenomenon id we do not know is left out (never shown as a colour we did not read).
 */
export function mapVigilanceBulletin(raw: VigilanceMapRaw): VigilanceBulletin {
  const days: VigilanceBulletin["days"] = [];
  for (const period of raw.product.periods) {
    const date = localDateParis(period.begin_validity_time);
    if (!date) continue;
    const merged = new Map<string, Map<VigilancePhenomenon, Color>>();
    for (const domain of period.timelaps.domain_ids) mergeDomain(merged, domain);
    const departments: VigilanceBulletin["days"][number]["departments"] = {};
    for (const [code, phenomena] of merged) departments[code] = [...phenomena].map(([phenomenon, color]) => ({ phenomenon, color }));
    const existing = days.find((day) => day.date === date);
    if (existing) Object.assign(existing.departments, departments);
    else days.push({ date, departments });
  }
  days.sort((a, b) => a.date.localeCompare(b.date));
  return { updatedAt: raw.product.update_time ?? null, days };
}

function mergeDomain(merged: Map<string, Map<VigilancePhenomenon, Color>>, domain: VigilanceDomainRaw): void {
  const code = departmentOfDomain(domain.domain_id);
  if (!code) return;
  const phenomena = merged.get(code) ?? new Map<VigilancePhenomenon, Color>();
  merged.set(code, phenomena);
  for (const item of domain.phenomenon_items) {
    const phenomenon = PHENOMENON_OF_ID.get(item.phenomenon_id);
    if (!phenomenon) continue;
    const color = item.phenomenon_max_color_id as Color;
    phenomena.set(phenomenon, Math.max(phenomena.get(phenomenon) ?? 1, color) as Color);
  }
}
