// The air section's advice: the decree's advice on a degraded day, information on a « Moyen » one,
// the agency's word on an exceptional event; ozone named in its season. Pure: the day is passed in.
import type { AdviceChoice, AdviceTexts, AdviseContext, SectionAdvice } from "../../core/recommendations/advice.ts";
import { formatNumberFr, NBSP } from "../../core/shared/format.ts";
import { todayInParis } from "../../core/shared/time.ts";
import type { AirPollutantCode, AirQualitySection } from "../../core/types.ts";
import { AIR_POLLUTANT_NAMES } from "./atmo-scale.ts";

/** Threshold of the rules (decision 029): PM2.5 > 25 µg/m³. */
export const AIR_ADVICE_THRESHOLDS = { pm25MicrogramsPerM3: 25 } as const;

/** Ozone forms in sun and heat: the months (Paris) when an air advice speaks of it even if it does not set the level. */
export const OZONE_SEASON_MONTHS = { first: 4, last: 9 } as const;

const AIR_ARTICLE = "/blog/impact-air-sante";

const AIR_ADVICE_SOURCES = {
  episode: {
    name: "Ministère chargé de la santé – se protéger en cas de pic de pollution",
    url: "https://sante.gouv.fr/sante-et-environnement/air-exterieur/article/se-proteger-en-cas-de-pic-de-pollution-de-l-air",
  },
  decree: {
    name: "Arrêté du 20 août 2014 relatif aux recommandations sanitaires (Légifrance)",
    url: "https://www.legifrance.gouv.fr/loda/id/JORFTEXT000029413664",
  },
} as const;

/**
 * Why an air advice may speak of ozone: ozone sets today's level, or it is the ozone season
 * (April to September, when sun and heat form it in the afternoon). Otherwise it says nothing of it.
 */
export type OzoneNote = "responsible" | "season" | null;

export interface AirAdviceFacts {
  "air-event": Record<string, never>;
  "air-poor": {
    reason: { kind: "index"; label: string; estimated: boolean; pollutant: AirPollutantCode | null } | { kind: "pm25"; microgramsPerM3: number };
    ozone: OzoneNote;
  };
  /** estimated: the level is the CAMS model's, not an official index */
  "air-moderate": { ozone: OzoneNote; estimated: boolean };
}

type AirAdvice = AdviceChoice<AirAdviceFacts>;

/** Ozone is named when it sets today's level, or in its season (April to September); never in November otherwise. */
function ozoneNote(air: AirQualitySection, now: Date): OzoneNote {
  if (air.responsible_pollutant?.code === "o3") return "responsible";
  // The section's own day (the commune's); Paris's for a section stored without it.
  const month = Number((air.day || todayInParis(now)).slice(5, 7));
  return month >= OZONE_SEASON_MONTHS.first && month <= OZONE_SEASON_MONTHS.last ? "season" : null;
}

function adviseAir(air: AirQualitySection, { now }: AdviseContext): AirAdvice[] {
  if (!air.success || !air.index) return [];
  const code = air.index.code;
  if (code === 7) {
    // « Événement »: an exceptional episode (fire, industrial plume) outside the scale, not a
    // degraded index; the agency and the prefecture say what to do.
    return [{ id: "air-event", category: "air", severity: "warning", vulnerable: false, facts: {} }];
  }
  // The official index wins: the model's PM2,5 is compared with 25 µg/m³ only when the level
  // itself comes from the model.
  const estimated = air.origin === "cams";
  const basis = estimated ? { basis: "estimate" as const } : {};
  const pm25 = estimated ? (air.pollutants["pm2_5"]?.value ?? null) : null;
  if (code >= 3 || (pm25 !== null && pm25 > AIR_ADVICE_THRESHOLDS.pm25MicrogramsPerM3)) {
    const reason =
      code >= 3
        ? { kind: "index" as const, label: air.index.label, estimated, pollutant: air.responsible_pollutant?.code ?? null }
        : { kind: "pm25" as const, microgramsPerM3: pm25 ?? 0 };
    // The decree's advice speaks to vulnerable people first. A model's estimate ranks after an
    // official reading of the same severity and never says « Important » (decision 084).
    const severity = code >= 4 && !estimated ? "critical" : "warning";
    return [{ id: "air-poor", category: "air", severity, vulnerable: true, ...basis, facts: { reason, ozone: ozoneNote(air, now) } }];
  }
  if (code === 2) {
    // « Rien ne change pour la plupart des personnes »: never « À retenir ».
    return [
      { id: "air-moderate", category: "air", severity: "info", vulnerable: false, calm: true, ...basis, facts: { ozone: ozoneNote(air, now), estimated } },
    ];
  }
  return [];
}

const AIR_TEXTS: AdviceTexts<AirAdviceFacts> = {
  "air-event": () => ({
    link: AIR_ARTICLE,
    source: AIR_ADVICE_SOURCES.episode,
    title: "Événement exceptionnel signalé par l'agence de surveillance de l'air",
    text: "L'indice du jour signale un événement exceptionnel (incendie, panache industriel…) plutôt qu'un niveau de pollution. Suivez les informations de votre préfecture et de votre agence régionale de surveillance de la qualité de l'air ; en cas de gêne respiratoire, demandez conseil à un professionnel de santé.",
  }),

  "air-poor": ({ reason, ozone }) => {
    const why =
      reason.kind === "index"
        ? `Indice du jour${reason.estimated ? " (estimation modélisée)" : ""} : ${reason.label}${reason.pollutant ? `, d'après ${AIR_POLLUTANT_NAMES[reason.pollutant].after}` : ""}.`
        : `Particules fines PM2,5 : ${formatNumberFr(reason.microgramsPerM3, 1)}${NBSP}µg/m³ en moyenne sur la journée (estimation modélisée).`;
    const ozoneSentence =
      ozone === "responsible"
        ? " Les jours d'ozone, évitez l'effort physique l'après-midi, quand il est le plus présent."
        : ozone === "season"
          ? " D'avril à septembre, l'ozone est plus présent l'après-midi par temps chaud et ensoleillé : préférez le matin pour l'effort physique."
          : "";
    // The title names the day's own word (Dégradé, Mauvais, Très mauvais, Extrêmement mauvais),
    // never one word for all of them.
    const heading = reason.kind === "index" ? `Air « ${reason.label} »${reason.estimated ? " (estimation)" : ""}` : "Particules fines élevées (estimation)";
    return {
      link: AIR_ARTICLE,
      source: AIR_ADVICE_SOURCES.decree,
      title: `${heading} : adaptez vos activités à l'extérieur`,
      text: `${why} Les personnes vulnérables (femmes enceintes, nourrissons et jeunes enfants, personnes de plus de 65 ans ou atteintes de maladies cardiaques ou respiratoires) réduisent et allègent leurs activités à l'extérieur et évitent les grands axes routiers. Chacun limite le sport intense.${ozoneSentence} Continuez d'aérer votre logement ; en cas de gêne respiratoire, demandez conseil à un professionnel de santé.`,
    };
  },

  "air-moderate": ({ ozone, estimated }) => {
    const ozoneSentence =
      ozone === "responsible"
        ? " L'ozone, qui fixe le niveau du jour, est plus présent l'après-midi."
        : ozone === "season"
          ? " D'avril à septembre, l'ozone est plus présent l'après-midi par temps chaud et ensoleillé : le matin convient mieux à l'effort physique."
          : "";
    return {
      link: AIR_ARTICLE,
      source: AIR_ADVICE_SOURCES.episode,
      title: estimated ? "Qualité de l'air moyenne (estimation du modèle)" : "Qualité de l'air moyenne",
      text: `Rien ne change pour la plupart des personnes. Les personnes sensibles peuvent privilégier des activités physiques modérées et s'éloigner des axes à fort trafic.${ozoneSentence}`,
    };
  },
};

export const airAdvice: SectionAdvice<"air", AirQualitySection, AirAdviceFacts, true> = { input: "air", required: true, advise: adviseAir, texts: AIR_TEXTS };
