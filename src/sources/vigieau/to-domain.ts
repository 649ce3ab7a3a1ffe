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
