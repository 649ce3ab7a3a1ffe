import type { CommuneEpci } from "../../core/types.ts";
import type { GeoCommuneRaw } from "./schema.ts";

/** The commune's EPCI, or `epci: null` when the commune belongs to none. */
export function mapCommuneEpci(raw: GeoCommuneRaw): CommuneEpci {
  const code = (raw.epci?.code ?? raw.codeEpci ?? "").trim();
  if (!/^\d{9}$/.test(code)) return { communeCode: raw.code, communeName: raw.nom, epci: null };
  return { communeCode: raw.code, communeName: raw.nom, epci: { code, name: raw.epci?.nom?.trim() ?? "" } };
}
