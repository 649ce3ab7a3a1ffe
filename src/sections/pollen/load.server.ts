import { evaluatePollen, hasOfficialPollenIndex } from "./evaluate.ts";
import { toCommuneCode } from "../../core/shared/commune.ts";
import { timeZoneOfCommune, todayForCommune } from "../../core/shared/time.ts";
import type { PollenSection } from "./types.ts";
import type { AppDeps } from "../../server/deps.ts";

/**
 * The report's pollen section: the commune's official indice pollen from its own day on (Paris's
 * arrondissements read the commune's, 75056). Overseas no call is made: there is no official index
 * there. A changed shape upstream makes the section unavailable and is logged (no personal data:
 * the upstream's name and the schema's complaint, never the address).
 */
export async function buildPollenSection(deps: Pick<AppDeps, "sources" | "log">, input: { citycode: string; now: Date }): Promise<PollenSection> {
  const { citycode, now } = input;
  if (!hasOfficialPollenIndex(citycode)) return evaluatePollen({ indices: { ok: true, data: [] }, now, citycode });
  const indices = await deps.sources.fetchPollenIndices({
    zoneCode: toCommuneCode(citycode),
    fromDate: todayForCommune(now, citycode),
    timeZone: timeZoneOfCommune(citycode),
  });
  if (!indices.ok && indices.reason === "invalid") {
    deps.log({ level: "warn", message: "pollen index unreadable", fields: { upstream: "pollen", reason: indices.reason, detail: indices.detail ?? null } });
  }
  return evaluatePollen({ indices, now, citycode });
}
