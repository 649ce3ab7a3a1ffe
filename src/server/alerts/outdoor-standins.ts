// TEMPORARY STAND-INS, replaced at merge by the adapters (issue 26): the pollen helper's
// `Sources.fetchPollenIndices` / `Sources.fetchPollenIndicesForDays` and `evaluatePollen`
// (src/core/pollen/evaluate.ts), the vigilance helper's `Sources.fetchVigilance` and
// `evaluateWeatherWarnings` (src/core/weather/evaluate.ts). They are not on this branch, so the
// alert run reaches them only through this file, with their exact signatures: at merge the lead
// deletes it, turns `outdoorSources(deps.sources)` into `deps.sources` and points the two
// evaluate imports to the real modules.
//
// Until then every read answers `not_configured` (the run sends no pollen or weather alert),
// except in tests that give answers with `setOutdoorStandInAnswers` (a derived bulk answer).
import { levelOfPollenCode, POLLEN_LABELS, POLLEN_TAXA } from "../../core/pollen/scale.ts";
import { POLLEN_SOURCE, unavailablePollen } from "../../core/pollen/source.ts";
import { departmentCodeOf, departmentNameOf, toCommuneCode } from "../../core/shared/commune.ts";
import { todayForCommune } from "../../core/shared/time.ts";
import type { PollenIndex, PollenSection, SourceResult, VigilanceBulletin, VigilanceColor, WeatherWarningsSection } from "../../core/types.ts";
import { VIGILANCE_COLOR_OF_ID, VIGILANCE_LABELS, VIGILANCE_LEVELS, VIGILANCE_PHENOMENON_NAMES } from "../../core/weather/scale.ts";
import { unavailableWeatherWarnings, VIGILANCE_SOURCE } from "../../core/weather/source.ts";
import type { CountedResult } from "../../sources/atmo/client.ts";
import type { Sources } from "../services/sources.ts";

/** The three reads the adapters add to `Sources`, with their signatures. */
export interface OutdoorSources {
  fetchPollenIndices(params: { zoneCode: string; fromDay: string; timeZone: string }): Promise<SourceResult<PollenIndex[]>>;
  fetchPollenIndicesForDays(params: {
    fromDay: string;
    toDay: string;
    pageSize: number;
    beforeRequest?: () => Promise<void>;
    onPage: (indices: PollenIndex[]) => void;
  }): Promise<CountedResult<null>>;
  fetchVigilance(): Promise<SourceResult<VigilanceBulletin>>;
}

interface StandInAnswers {
  pollen: SourceResult<PollenIndex[]>;
  vigilance: SourceResult<VigilanceBulletin>;
}

const NOT_CONFIGURED = { ok: false, reason: "not_configured" } as const;
let answers: StandInAnswers = { pollen: NOT_CONFIGURED, vigilance: NOT_CONFIGURED };
/** Requests the stand-ins answered (tests check the run reads in bulk, not per subscriber). */
export const outdoorStandInCalls = { pollenBulk: 0, pollenCommune: 0, vigilance: 0 };

/** Tests only: what the stand-in upstreams answer (null: back to `not_configured`). */
export function setOutdoorStandInAnswers(next: Partial<StandInAnswers> | null): void {
  answers = { pollen: next?.pollen ?? NOT_CONFIGURED, vigilance: next?.vigilance ?? NOT_CONFIGURED };
  outdoorStandInCalls.pollenBulk = 0;
  outdoorStandInCalls.pollenCommune = 0;
  outdoorStandInCalls.vigilance = 0;
}

/** At merge: `deps.sources` itself. */
export function outdoorSources(_sources: Sources): OutdoorSources {
  return {
    async fetchPollenIndices({ zoneCode, fromDay }) {
      outdoorStandInCalls.pollenCommune += 1;
      const read = answers.pollen;
      return read.ok ? { ok: true, data: read.data.filter((index) => index.zoneCode === zoneCode && index.date >= fromDay) } : read;
    },
    async fetchPollenIndicesForDays({ fromDay, toDay, pageSize, beforeRequest, onPage }) {
      const read = answers.pollen;
      if (!read.ok) return { result: read, requests: 0 };
      const days = read.data.filter((index) => index.date >= fromDay && index.date <= toDay);
      let requests = 0;
      for (let start = 0; start === 0 || start < days.length; start += Math.max(1, pageSize)) {
        await beforeRequest?.();
        requests += 1;
        outdoorStandInCalls.pollenBulk += 1;
        onPage(days.slice(start, start + Math.max(1, pageSize)));
      }
      return { result: { ok: true, data: null }, requests };
    },
    async fetchVigilance() {
      outdoorStandInCalls.vigilance += 1;
      return answers.vigilance;
    },
  };
}

/** Stand-in of src/core/pollen/evaluate.ts: the commune's official indices, today and after, in the contract's section. */
export function evaluatePollen(params: { indices: SourceResult<PollenIndex[]>; now: Date; citycode: string }): PollenSection {
  const day = todayForCommune(params.now, params.citycode);
  if (!params.indices.ok) return unavailablePollen(day, "Indice pollen momentanément indisponible.");
  const own = params.indices.data.filter((index) => index.zoneCode === toCommuneCode(params.citycode) && index.date >= day);
  const days = own
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((index) => ({
      date: index.date,
      code: index.code,
      label: POLLEN_LABELS[index.code] ?? index.label,
      color: index.color,
      level: levelOfPollenCode(index.code),
      taxa: POLLEN_TAXA.map(({ taxon, name }) => {
        const code = index.taxa[taxon];
        return { taxon, name, code, label: code === null ? null : (POLLEN_LABELS[code] ?? null), level: levelOfPollenCode(code) };
      }),
      responsible: POLLEN_TAXA.filter(({ taxon }) => index.taxa[taxon] === index.code && index.code > 0).map(({ name }) => name),
    }));
  const first = own[0];
  return {
    success: true,
    level: days.find((entry) => entry.date === day)?.level ?? "unavailable",
    origin: days.length > 0 ? "atmo" : null,
    zone: first ? { code: first.zoneCode, name: first.zoneName } : null,
    days,
    not_covered: false,
    day,
    message: null,
    source: POLLEN_SOURCE,
  };
}

const COLOR_RANK: Record<VigilanceColor, number> = { vert: 1, jaune: 2, orange: 3, rouge: 4 };

/** Stand-in of src/core/weather/evaluate.ts: the département's phenomena per day, in the contract's section. */
export function evaluateWeatherWarnings(params: { bulletin: SourceResult<VigilanceBulletin>; now: Date; citycode: string }): WeatherWarningsSection {
  const day = todayForCommune(params.now, params.citycode);
  if (!params.bulletin.ok) {
    const configured = params.bulletin.reason !== "not_configured";
    return unavailableWeatherWarnings(day, configured ? "Vigilance momentanément indisponible." : "Vigilance non configurée.", configured);
  }
  const department = departmentCodeOf(toCommuneCode(params.citycode));
  const days = params.bulletin.data.days
    .filter((entry) => entry.date >= day)
    .map((entry) => {
      const phenomena = (entry.departments[department] ?? [])
        .map(({ phenomenon, color: id }) => {
          const color = VIGILANCE_COLOR_OF_ID[id];
          return { phenomenon, name: VIGILANCE_PHENOMENON_NAMES[phenomenon], color, label: VIGILANCE_LABELS[color], level: VIGILANCE_LEVELS[color] };
        })
        .sort((a, b) => COLOR_RANK[b.color] - COLOR_RANK[a.color]);
      const color = phenomena[0]?.color ?? "vert";
      return { date: entry.date, color, label: VIGILANCE_LABELS[color], level: VIGILANCE_LEVELS[color], phenomena };
    });
  return {
    success: true,
    level: days.find((entry) => entry.date === day)?.level ?? "unavailable",
    configured: true,
    department: { code: department, name: departmentNameOf(department) },
    days,
    updated_at: params.bulletin.data.updatedAt,
    day,
    message: null,
    source: VIGILANCE_SOURCE,
  };
}
