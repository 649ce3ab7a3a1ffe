import { frenchTypography } from "../../core/shared/format.ts";
import { addDaysToLocalDate, todayForCommune } from "../../core/shared/time.ts";
import type { SourceResult } from "../../core/types.ts";
import type { PollenDayView, PollenIndex, PollenSection, PollenTaxon } from "./types.ts";
import { levelOfPollenCode, POLLEN_LABELS, POLLEN_TAXA } from "./scale.ts";
import { POLLEN_SOURCE, unavailablePollen } from "./source.ts";

/** The days the index is published for: today, tomorrow and the day after (Atmo France). */
const PUBLISHED_DAYS = 3;
const UNAVAILABLE_CODE = 0;
/** « Très faible », the scale's lowest level. */
const VERY_LOW_CODE = 1;

/**
 * The agencies publish the indice pollen for metropolitan France and Corsica only: overseas
 * departments and collectivities (INSEE codes 97x, 98x) have no official index.
 */
export function hasOfficialPollenIndex(citycode: string): boolean {
  const code = citycode.trim().toUpperCase();
  return !code.startsWith("97") && !code.startsWith("98");
}

/** The words said where the territory has no official index: never a blank, never a model value. */
export const POLLEN_NOT_COVERED_MESSAGE =
  "Il n'existe pas d'indice pollen officiel pour ce territoire : les associations agréées de surveillance de la qualité de l'air le publient pour la France métropolitaine et la Corse.";

/** `pollen_resp` names the responsible taxa in Latin, in capitals ("BETULA GRAMINEE"). */
const LATIN_TAXA: ReadonlyArray<[RegExp, PollenTaxon]> = [
  [/^ALNUS$/, "aulne"],
  [/^BETULA$/, "bouleau"],
  [/^OLEA$/, "olivier"],
  [/^(GRAMINEES?|POACEAE)$/, "graminees"],
  [/^ARTEMIS/, "armoise"],
  [/^AMBROSIA$/, "ambroisie"],
];

const nameOf = (taxon: PollenTaxon) => POLLEN_TAXA.find((entry) => entry.taxon === taxon)?.name ?? taxon;

/**
 * The taxa responsible for the day's level, by their French names: the agency's own `pollen_resp`
 * when it names them (a name we do not know is kept as written); else the taxa at the day's
 * overall level, from « Faible » up.
 */
function responsibleTaxa(index: PollenIndex): string[] {
  const words = (index.responsible ?? "")
    .toUpperCase()
    .split(/[\s,;]+/)
    .filter(Boolean);
  if (words.length > 0) {
    const names = words.map((word) => {
      const taxon = LATIN_TAXA.find(([pattern]) => pattern.test(word))?.[1];
      return taxon ? nameOf(taxon) : word;
    });
    return [...new Set(names)];
  }
  // « Très faible » everywhere (winter, out of every season) has no culprit: naming the six taxa
  // at 1 would read as if grass pollen were about on 1 December.
  if (index.code <= VERY_LOW_CODE) return [];
  return POLLEN_TAXA.filter(({ taxon }) => index.taxa[taxon] === index.code).map(({ name }) => name);
}

function dayView(index: PollenIndex): PollenDayView {
  return {
    date: index.date,
    code: index.code,
    label: index.label,
    color: index.code === UNAVAILABLE_CODE ? null : index.color,
    level: levelOfPollenCode(index.code),
    taxa: POLLEN_TAXA.map(({ taxon, name }) => {
      const code = index.taxa[taxon];
      // The layer gives only a code per taxon: its words are the scale's, the same as the overall index's.
      return { taxon, name, code, label: code === null ? null : (POLLEN_LABELS[code] ?? null), level: levelOfPollenCode(code) };
    }),
    responsible: responsibleTaxa(index),
  };
}

/**
 * The commune's official indice pollen (Atmo France / AASQA) for its own day, tomorrow and the
 * day after. The headline is today's overall level in the agency's words (Très faible …
 * Extrêmement élevé); code 0 is « Indisponible », never a level. Overseas there is no official
 * index: said as such (no call is made for them, and no model value stands in). A failed read is
 * unavailable, with a message.
 */
export function evaluatePollen(input: { indices: SourceResult<PollenIndex[]>; now: Date; citycode: string }): PollenSection {
  const today = todayForCommune(input.now, input.citycode);
  if (!hasOfficialPollenIndex(input.citycode)) {
    return {
      success: true,
      level: "unavailable",
      origin: null,
      zone: null,
      days: [],
      not_covered: true,
      day: today,
      message: frenchTypography(POLLEN_NOT_COVERED_MESSAGE),
      source: POLLEN_SOURCE,
    };
  }
  if (!input.indices.ok) {
    return unavailablePollen(today, frenchTypography("L'indice pollen n'a pas pu être lu : la source est momentanément indisponible."));
  }
  const lastDay = addDaysToLocalDate(today, PUBLISHED_DAYS - 1);
  const indices = input.indices.data.filter((index) => index.date >= today && index.date <= lastDay).sort((a, b) => a.date.localeCompare(b.date));
  const days = indices.map(dayView);
  const todayIndex = indices.find((index) => index.date === today) ?? null;
  const reference = todayIndex ?? indices[0] ?? null;
  const message = !todayIndex
    ? "Aucun indice pollen n'est publié pour la commune aujourd'hui."
    : todayIndex.code === UNAVAILABLE_CODE
      ? `L'indice pollen du jour est publié « ${POLLEN_LABELS[UNAVAILABLE_CODE]} » : l'agence ne l'a pas calculé aujourd'hui.`
      : null;
  return {
    success: true,
    level: todayIndex ? levelOfPollenCode(todayIndex.code) : "unavailable",
    origin: days.length > 0 ? "atmo" : null,
    zone: reference ? { code: reference.zoneCode, name: reference.zoneName } : null,
    days,
    not_covered: false,
    day: today,
    message: message ? frenchTypography(message) : null,
    source: reference?.agency ? { ...POLLEN_SOURCE, name: `Indice pollen (${reference.agency})` } : POLLEN_SOURCE,
  };
}
