import { isEpciCode } from "../../core/shared/commune.ts";
import type { CommuneEpci } from "../../core/types.ts";
import type { GeoCommuneListRaw, GeoCommuneRaw } from "./schema.ts";

/** The commune's EPCI, or `epci: null` when the commune belongs to none. */
export function mapCommuneEpci(raw: GeoCommuneRaw): CommuneEpci {
  const code = (raw.epci?.code ?? raw.codeEpci ?? "").trim();
  if (!isEpciCode(code)) return { communeCode: raw.code, communeName: raw.nom, epci: null };
  return { communeCode: raw.code, communeName: raw.nom, epci: { code, name: raw.epci?.nom?.trim() ?? "" } };
}

/** INSEE code → the EPCI's SIREN, null for a commune outside any EPCI à fiscalité propre. */
export function mapCommunesEpci(raw: GeoCommuneListRaw): Map<string, string | null> {
  const epciOf = new Map<string, string | null>();
  for (const commune of raw) {
    const code = (commune.codeEpci ?? "").trim();
    epciOf.set(commune.code, isEpciCode(code) ? code : null);
  }
  return epciOf;
}
