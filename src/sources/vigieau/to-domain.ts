import type { DroughtGravity, DroughtZone } from "../../core/types.ts";
import type { VigieauZoneRaw, VigieauZonesResponseRaw } from "./schema.ts";

const GRAVITIES: readonly DroughtGravity[] = ["vigilance", "alerte", "alerte_renforcee", "crise"];

export function mapDroughtZones(raw: VigieauZonesResponseRaw): DroughtZone[] {
  if (raw === null) return [];
  const zones = Array.isArray(raw) ? raw : [raw];
  return zones.map(mapDroughtZone).filter((zone): zone is DroughtZone => zone !== null);
}

/** null when the level is unknown: better to show no restriction than to invent a level. */
export function mapDroughtZone(zone: VigieauZoneRaw): DroughtZone | null {
  const gravity = toGravity(zone.niveauGravite);
  if (!gravity) return null;
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

function toGravity(value: string | null | undefined): DroughtGravity | null {
  const normalised = value?.trim().toLowerCase();
  return GRAVITIES.find((gravity) => gravity === normalised) ?? null;
}
