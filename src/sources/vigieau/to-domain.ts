import { decreeStatusOn } from "../../sections/drought/evaluate.ts";
import type { DroughtGravity, DroughtZone } from "../../core/types.ts";
import type { VigieauZoneRaw, VigieauZonesResponseRaw } from "./schema.ts";

const GRAVITIES: readonly DroughtGravity[] = ["vigilance", "alerte", "alerte_renforcee", "crise"];

export function mapDroughtZones(raw: VigieauZonesResponseRaw): DroughtZone[] {
  if (raw === null) return [];
  const zones = Array.isArray(raw) ? raw : [raw];
  return zones.map(mapDroughtZone);
}

/**
 * An unknown level keeps the zone with `gravity: null`: dropping it would read as « Aucune
 * restriction » while a decree is in force; the report says the level is not recognised instead.
 */
export function mapDroughtZone(zone: VigieauZoneRaw): DroughtZone {
  const gravity = toGravity(zone.niveauGravite);
  const decree = zone.arrete;
  return {
    id: zone.id,
    code: zone.code ?? String(zone.id),
    name: zone.nom?.trim() || "Zone d'alerte",
    type: zone.type ?? "",
    gravity,
    department: zone.departement ?? "",
    decree: decree
      ? {
          start: decree.dateDebutValidite ?? null,
          end: decree.dateFinValidite ?? null,
          url: decree.cheminFichier || null,
          frameworkUrl: decree.cheminFichierArreteCadre || null,
        }
      : null,
    usages: (zone.usages ?? []).map((usage) => ({
      name: usage.nom,
      theme: usage.thematique ?? "",
      // Descriptions are typed in by the prefectures with Windows line ends (\r\n).
      description: (usage.description ?? "").replace(/\r\n?/g, "\n").trim(),
      concernsIndividuals: usage.concerneParticulier === true,
    })),
  };
}

function toGravity(value: unknown): DroughtGravity | null {
  if (typeof value !== "string") return null;
  // "Alerte renforcée" and "alerte_renforcee" are the same official level; anything else is unknown.
  const normalised = value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  return GRAVITIES.find((gravity) => gravity === normalised) ?? null;
}

/** What the alert run compares from one run to the next for a département (decision 048). */
export interface DepartmentZonesState {
  /** the zones whose decree is in force on the département's day */
  zoneCount: number;
  /**
   * Canonical text of the zones in force: id, type, level and the decree's id and dates, sorted
   * by zone id. Usages are left out on purpose: VigiEau's per-département answer returns the
   * zone objects it keeps in memory, whose usage lists other calls filter in place by profile
   * (zones.service.ts, formatZone), so they vary between two identical calls; a new restriction
   * comes with a new decree, which is in the text. A zone whose decree has ended, or has not
   * started, on `today` is left out, as the report leaves it out: the day a decree ends (or
   * starts) changes the text even when VigiEau's answer does not, so its communes are read again.
   */
  fingerprint: string;
}

/** `today`: the département's local day (YYYY-MM-DD), on which a decree is in force or not. */
export function mapDepartmentZonesState(raw: VigieauZonesResponseRaw, today: string): DepartmentZonesState {
  const zones = (raw === null ? [] : Array.isArray(raw) ? raw : [raw]).filter(
    (zone) => decreeStatusOn({ start: zone.arrete?.dateDebutValidite ?? null, end: zone.arrete?.dateFinValidite ?? null }, today) === "in_force",
  );
  const entries = zones
    .map(
      (zone) =>
        [
          zone.id,
          zone.type ?? null,
          typeof zone.niveauGravite === "string" ? zone.niveauGravite : JSON.stringify(zone.niveauGravite ?? null),
          zone.arrete?.id ?? null,
          zone.arrete?.dateDebutValidite ?? null,
          zone.arrete?.dateFinValidite ?? null,
        ] as const,
    )
    .sort((a, b) => a[0] - b[0]);
  return { zoneCount: entries.length, fingerprint: JSON.stringify(entries) };
}
