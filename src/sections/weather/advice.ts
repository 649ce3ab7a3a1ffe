// The weather warnings' advice (Météo-France's vigilance): the map's own instruction per colour,
// and for orange and red the « conseils de comportement » of the vigilance bulletin per phenomenon
// (vigilance.meteofrance.fr); for canicule also the ministry of Health's heatwave advice. None for
// vert; for jaune a short « Soyez attentif ». Pure: the section is passed in.
import { ARTICLES_INDEX, type AdviceChoice, type AdviceTexts, type SectionAdvice } from "../../core/recommendations/advice.ts";
import type { VigilanceColor, VigilancePhenomenon, WeatherWarningsSection } from "./types.ts";
import { VIGILANCE_PHENOMENON_NAMES } from "./scale.ts";

export const WEATHER_ADVICE_SOURCES = {
  vigilance: { name: "Météo-France – carte de vigilance et conseils de comportement", url: "https://vigilance.meteofrance.fr/fr" },
  canicule: { name: "Ministère chargé de la santé – canicule et fortes chaleurs", url: "https://sante.gouv.fr/sante-et-environnement/risques-climatiques/" },
} as const;

/** The map's legend, per colour (Météo-France). */
export const VIGILANCE_COLOR_INSTRUCTIONS: Record<"jaune" | "orange" | "rouge", string> = {
  jaune:
    "Soyez attentif si vous pratiquez des activités sensibles au risque météorologique ou à proximité d'un rivage ou d'un cours d'eau : des phénomènes habituels dans la région mais occasionnellement et localement dangereux sont prévus. Tenez-vous au courant de l'évolution de la situation.",
  orange:
    "Soyez très vigilant : des phénomènes dangereux sont prévus. Tenez-vous au courant de l'évolution de la situation et suivez les conseils de sécurité émis par les pouvoirs publics.",
  rouge:
    "Une vigilance absolue s'impose : des phénomènes dangereux d'intensité exceptionnelle sont prévus. Tenez-vous régulièrement au courant de l'évolution de la situation et respectez impérativement les consignes de sécurité émises par les pouvoirs publics.",
};

/** The bulletin's « conseils de comportement » for orange and red, per phenomenon (Météo-France; canicule with the ministry of Health's). */
export const VIGILANCE_BEHAVIOUR_ADVICE: Record<VigilancePhenomenon, string> = {
  canicule:
    "Buvez régulièrement de l'eau et mangez en quantité suffisante, mouillez-vous le corps et ventilez-vous, maintenez votre logement frais (volets fermés le jour, fenêtres ouvertes la nuit s'il fait plus frais), passez du temps dans un endroit frais, évitez les efforts physiques et l'alcool, et prenez des nouvelles de vos proches, surtout des plus fragiles. Canicule info service : 0 800 06 66 66 (appel gratuit). En cas de malaise, appelez le 15.",
  orages:
    "À l'approche d'un orage, mettez à l'abri les objets sensibles au vent, abritez-vous hors des zones boisées et éloignez-vous des arbres et des cours d'eau, évitez d'utiliser le téléphone et les appareils électriques, et ne vous engagez pas, à pied ou en voiture, sur une voie inondée.",
  vent: "Limitez vos déplacements, ne vous promenez pas en forêt ni sur le littoral, rangez ou fixez les objets susceptibles d'être emportés, n'intervenez pas sur les toitures et ne touchez pas aux fils électriques tombés au sol.",
  pluie_inondation:
    "Ne vous engagez en aucun cas, à pied ou en voiture, sur une voie immergée, éloignez-vous des cours d'eau, limitez vos déplacements, mettez vos biens à l'abri de la montée des eaux et ne descendez pas dans les sous-sols.",
  crues: "Tenez-vous informé de la montée des eaux (vigicrues.gouv.fr), ne vous engagez pas sur une voie inondée et éloignez-vous des cours d'eau.",
  neige_verglas:
    "Limitez vos déplacements et renseignez-vous sur les conditions de circulation, équipez votre véhicule si vous devez partir, et protégez-vous des chutes en dégageant la neige et le verglas devant chez vous.",
  grand_froid:
    "Évitez les expositions prolongées au froid et les efforts physiques dehors, couvrez-vous en plusieurs couches, ne bouchez pas les aérations de votre logement, n'utilisez pas de chauffage d'appoint en continu (risque d'intoxication au monoxyde de carbone) et prenez des nouvelles des personnes fragiles. Pour une personne sans abri, appelez le 115.",
  avalanches: "Renoncez aux sorties en montagne hors des pistes ouvertes et respectez les consignes des stations et des autorités.",
  vagues_submersion:
    "Tenez-vous éloigné du littoral, des jetées et des fronts de mer, ne vous promenez pas sur le bord de mer et ne prenez pas la mer, et protégez votre habitation si elle est exposée à la submersion.",
};

export interface WeatherWarningFacts {
  /** phenomena in orange or red today or tomorrow: the highest colour of the two days, and the first day it is reached */
  warnings: Array<{ phenomenon: VigilancePhenomenon; color: "orange" | "rouge"; when: "today" | "tomorrow" }>;
}

export interface WeatherAttentiveFacts {
  /** phenomena in yellow today or tomorrow (none in orange or red) */
  phenomena: VigilancePhenomenon[];
}

const RANK: Record<VigilanceColor, number> = { vert: 1, jaune: 2, orange: 3, rouge: 4 };

/** The phenomena above green in the section's days (today and tomorrow), each at its highest colour, in the section's order. */
function raisedPhenomena(weather: WeatherWarningsSection): Array<{ phenomenon: VigilancePhenomenon; color: VigilanceColor; when: "today" | "tomorrow" }> {
  const found = new Map<VigilancePhenomenon, { color: VigilanceColor; when: "today" | "tomorrow" }>();
  for (const day of weather.days.slice(0, 2)) {
    const when = day.date === weather.day ? "today" : "tomorrow";
    for (const entry of day.phenomena) {
      if (entry.color === "vert") continue;
      const seen = found.get(entry.phenomenon);
      if (!seen || RANK[entry.color] > RANK[seen.color]) found.set(entry.phenomenon, { color: entry.color, when });
    }
  }
  return [...found].map(([phenomenon, value]) => ({ phenomenon, ...value })).sort((a, b) => RANK[b.color] - RANK[a.color]);
}

/** Orange or red: the behaviour advice (critical for red); only yellow: « Soyez attentif »; green or unknown: nothing. */
function weatherAdviceFacts(
  weather: WeatherWarningsSection | undefined,
): { kind: "warning"; red: boolean; facts: WeatherWarningFacts } | { kind: "attentive"; facts: WeatherAttentiveFacts } | null {
  if (!weather || !weather.success || !weather.configured) return null;
  const raised = raisedPhenomena(weather);
  const warnings = raised.flatMap((entry) =>
    entry.color === "orange" || entry.color === "rouge" ? [{ phenomenon: entry.phenomenon, color: entry.color, when: entry.when }] : [],
  );
  if (warnings.length > 0) return { kind: "warning", red: warnings.some((entry) => entry.color === "rouge"), facts: { warnings } };
  if (raised.length > 0) return { kind: "attentive", facts: { phenomena: raised.map((entry) => entry.phenomenon) } };
  return null;
}

const lower = (phenomenon: VigilancePhenomenon) => VIGILANCE_PHENOMENON_NAMES[phenomenon].toLowerCase();

function weatherWarningWords({ warnings }: WeatherWarningFacts): { title: string; text: string; source: { name: string; url: string } } {
  const title = warnings
    .map((entry, index) => `${index === 0 ? "Vigilance" : "vigilance"} ${entry.color} ${lower(entry.phenomenon)}${entry.when === "tomorrow" ? " demain" : ""}`)
    .join(" ; ");
  const red = warnings.some((entry) => entry.color === "rouge");
  const advice = warnings.map((entry) => `${VIGILANCE_PHENOMENON_NAMES[entry.phenomenon]} : ${VIGILANCE_BEHAVIOUR_ADVICE[entry.phenomenon]}`).join(" ");
  const canicule = warnings.length > 0 && warnings[0]!.phenomenon === "canicule";
  return {
    title,
    text: `${VIGILANCE_COLOR_INSTRUCTIONS[red ? "rouge" : "orange"]} ${advice}`,
    source: canicule ? WEATHER_ADVICE_SOURCES.canicule : WEATHER_ADVICE_SOURCES.vigilance,
  };
}

function weatherAttentiveWords({ phenomena }: WeatherAttentiveFacts): { title: string; text: string; source: { name: string; url: string } } {
  return {
    title: `Vigilance jaune ${phenomena.map(lower).join(", ")} : soyez attentif`,
    text: VIGILANCE_COLOR_INSTRUCTIONS.jaune,
    source: WEATHER_ADVICE_SOURCES.vigilance,
  };
}

export interface WeatherAdviceFacts {
  /** Météo-France vigilance orange or red for the département, today or tomorrow */
  "weather-warning": WeatherWarningFacts;
  /** Météo-France vigilance yellow only */
  "weather-attentive": WeatherAttentiveFacts;
}

type WeatherAdvice = AdviceChoice<WeatherAdviceFacts>;

/** The weather warnings' advice: read from the section's own days, never the clock. */
export function adviseWeather(weather: WeatherWarningsSection | undefined): WeatherAdvice[] {
  const chosen = weatherAdviceFacts(weather);
  if (!chosen) return [];
  if (chosen.kind === "attentive") return [{ id: "weather-attentive", category: "weather", severity: "info", vulnerable: false, facts: chosen.facts }];
  return [{ id: "weather-warning", category: "weather", severity: chosen.red ? "critical" : "warning", vulnerable: false, facts: chosen.facts }];
}

const WEATHER_TEXTS: AdviceTexts<WeatherAdviceFacts> = {
  "weather-warning": (facts) => ({ link: ARTICLES_INDEX, ...weatherWarningWords(facts) }),
  "weather-attentive": (facts) => ({ link: ARTICLES_INDEX, ...weatherAttentiveWords(facts) }),
};

/** Absent from reports built before the weather warnings, or not set up: no weather advice. */
export const weatherAdvice: SectionAdvice<"weatherWarnings", WeatherWarningsSection, WeatherAdviceFacts, false> = {
  input: "weatherWarnings",
  required: false,
  advise: adviseWeather,
  texts: WEATHER_TEXTS,
};
