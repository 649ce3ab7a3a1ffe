// The words of the alert emails, apart from the rules that decide them (diff.ts): one entry per
// alert kind, from its facts to the event's title and lines. Sentences are typed with ordinary
// spaces; `renderAlertText` applies French typography.
import { formatDateFr, frenchTypography } from "../shared/format.ts";
import type { DroughtZoneText } from "../report/present.ts";
import { TAP_ONLY_TEXT } from "../../sections/water/notes.ts";
import { coastInSentence } from "../../sections/weather/coast.ts";

/** One zone type whose level changed: its name and VigiEau's words, null for no restriction. */
export interface DroughtLevelChange {
  /** « Eau potable » */
  typeLabel: string;
  /** « Alerte », « Crise »…; null: no zone of this type was (or is) in force */
  before: string | null;
  after: string | null;
}

/** The facts each alert is written from: names, values, dates (YYYY-MM-DD or ISO date-time), never sentences. */
export interface AlertFacts {
  "water-alert": {
    /** critical: a limit exceeded (« non conforme »); otherwise a parameter to watch (reference, derogation) */
    nonCompliant: boolean;
    /** the only limits exceeded are lead, copper or nickel at one building's tap (the report's note says so) */
    tapOnly: boolean;
    /** the ARS declared the newest sample non-compliant and no result of that sample we could read explains it */
    unexplainedVerdict: boolean;
    /** that sample's results given as a word (« Présence »), in the report's words; null when none */
    qualitativeFindings: string | null;
    networkName: string | null;
    /** the newest sample and the report's headline word for it */
    sample: { sampledAt: string; word: string };
    /** the parameters the report flags, each with its own measurement date (as the report writes it) */
    flagged: Array<{ name: string; value: string; label: string; measured: string }>;
    /** the ARS's own conclusion for the newest sample, quoted */
    conclusion: string | null;
    /**
     * who must not drink the water and what to drink instead (recommendations/drinking.ts, the
     * page's advice words): said first; absent in facts stored before issue 23
     */
    drinking?: string[];
  };
  "water-ok": {
    networkName: string | null;
    sample: { sampledAt: string; word: string };
    /** the parameters that were flagged, with their newer result */
    recovered: Array<{ name: string; value: string; label: string; measured: string }>;
    conclusion: string | null;
  };
  "drought-change": {
    /** each zone type whose level changed, households' water first */
    changes: DroughtLevelChange[];
    /** every zone of the address that day, as the report writes it (describeDroughtZone), in its order */
    zones: DroughtZoneText[];
    /** the report's sentences beside the zones that day: the tap's water, decrees ended or not yet started */
    notes: string[];
  };
  "drought-end": { changes: DroughtLevelChange[]; notes: string[] };
  "air-episode": { forecastDate: string; indexLabel: string };
  "air-event": { forecastDate: string };
  "bathing-prohibition": { siteName: string; commune: string; prohibitionTitle: string };
  "bathing-lifted": { siteName: string; commune: string };
  "bathing-poor": { siteName: string; commune: string; sampleDate: string };
  "bathing-classement": { siteName: string; commune: string; year: number; label: string };
  "pollen-episode": {
    forecastDate: string;
    /** the chosen pollens at « Élevé » or worse tomorrow, with the official word (the report's table cells) */
    taxa: Array<{ name: string; label: string }>;
    /** the report's pollen sentence (presentPollen's summary), quoted as is */
    summary: string;
  };
  /** inside an episode already announced, chosen pollens whose official level rises (issue 36) */
  "pollen-rise": {
    forecastDate: string;
    /** each rising pollen, its new word and the word already announced (null: it was below « Élevé ») */
    taxa: Array<{ name: string; label: string; before: string | null }>;
    summary: string;
  };
  "weather-warning": {
    date: string;
    /** the warning is for tomorrow (else today) */
    tomorrow: boolean;
    /** « Vigilance orange » */
    label: string;
    /** « Canicule » */
    phenomenonName: string;
    /** « Hérault (34) », or null */
    department: string | null;
    /** the report's vigilance sentence (presentWeatherWarnings' summary), quoted as is */
    summary: string;
  };
  /** the département's coastal strip in orange or red (decision 078): the coast's, never the département's */
  "weather-coast-warning": {
    date: string;
    tomorrow: boolean;
    /** « Vigilance orange » */
    label: string;
    /** « Vagues-submersion » */
    phenomenonName: string;
    /** « Littoral de la Gironde » */
    coast: string;
    /** « Gironde (33) », or null */
    department: string | null;
    /** the département's own colour that day, « Vigilance verte » */
    departmentLabel: string;
    /** the report's vigilance sentence (presentWeatherWarnings' summary), quoted as is */
    summary: string;
  };
}

export type AlertKind = keyof AlertFacts;

/** A block under its own heading: one drought zone with its own rules. */
export interface AlertGroup {
  heading: string;
  lines: string[];
}

export interface AlertWords {
  title: string;
  lines: string[];
  /** blocks after the lines, each under its heading (a drought alert's zones); absent for the others */
  groups?: AlertGroup[];
}

const network = (name: string | null) => (name ? ` (réseau ${name})` : "");
/** The ARS's conclusion is about one sample: the newest, named by its date. */
const officialConclusion = (conclusion: string | null, sampledAt: string) =>
  conclusion ? [`Conclusion officielle de l'ARS sur le prélèvement du ${formatDateFr(sampledAt)} : « ${conclusion} »`] : [];
/** One parameter as the report's row writes it: its value, its label and the day it was measured. */
const parameterLine = (parameter: { name: string; value: string; label: string; measured: string }) =>
  `${parameter.name} : ${parameter.value} – ${parameter.label}. ${parameter.measured}.`;
const site = (name: string, commune: string) => `« ${name} » (${commune})`;

const describeDroughtChangeInTitle = ({ typeLabel, after }: DroughtLevelChange) =>
  `${after ? `niveau ${after.toLowerCase()}` : "fin des restrictions"} (${typeLabel.toLowerCase()})`;

/** « Eau potable : le niveau passe de « Alerte » à « Crise ». » */
function describeDroughtChange({ typeLabel, before, after }: DroughtLevelChange): string {
  if (!after) return `${typeLabel} : fin des restrictions (niveau « ${before ?? ""} » jusqu'ici).`;
  if (!before) return `${typeLabel} : le niveau passe à « ${after} » (aucune restriction jusqu'ici).`;
  return `${typeLabel} : le niveau passe de « ${before} » à « ${after} ».`;
}

/** « Vigilance orange (canicule) »: how the report's vigilance sentence (presentWeatherWarnings) names one phenomenon's colour. */
export function describeVigilance(view: { label: string; name: string }): string {
  return `${view.label} (${view.name.toLowerCase()})`;
}

/** The words of every alert, keyed by kind. */
export const ALERT_TEXTS: { [K in AlertKind]: (facts: AlertFacts[K]) => AlertWords } = {
  // Never a bare « signale : »: an ARS « N » that no readable result explains is said as the ARS's
  // verdict, with what the laboratory wrote (« Présence ») and the ARS's conclusion. Lead, copper or
  // nickel above their limit at one tap is a non-compliance measured there, as the report's row and
  // note say — not « un paramètre à surveiller ».
  "water-alert": ({ nonCompliant, tapOnly, unexplainedVerdict, qualitativeFindings, networkName, sample, flagged, conclusion, drinking = [] }) => ({
    title: nonCompliant
      ? "Eau du robinet : non-conformité signalée"
      : tapOnly
        ? "Eau du robinet : non-conformité mesurée au robinet d'un bâtiment"
        : "Eau du robinet : un paramètre à surveiller",
    lines: [
      // Who must not drink it comes first, in its own sentences, never only inside the quoted ARS conclusion.
      ...drinking,
      `Dernier prélèvement${network(networkName)} : ${formatDateFr(sample.sampledAt)} – ${sample.word}.`,
      ...(unexplainedVerdict ? [`L'Agence régionale de santé a déclaré le prélèvement du ${formatDateFr(sample.sampledAt)} non conforme.`] : []),
      ...(qualitativeFindings ? [qualitativeFindings] : []),
      ...(flagged.length > 0 ? ["Résultats à signaler :", ...flagged.map(parameterLine)] : []),
      ...(tapOnly ? [TAP_ONLY_TEXT] : []),
      ...officialConclusion(conclusion, sample.sampledAt),
      ...(unexplainedVerdict && !qualitativeFindings && !conclusion
        ? ["Les données publiées ne précisent pas le paramètre en cause : consultez les résultats officiels de votre commune."]
        : []),
      "Suivez les consignes de votre mairie et de l'Agence régionale de santé.",
    ],
  }),

  "water-ok": ({ networkName, sample, recovered, conclusion }) => ({
    title: "Eau du robinet : retour à la conformité",
    lines: [
      `Dernier prélèvement${network(networkName)} : ${formatDateFr(sample.sampledAt)} – ${sample.word}.`,
      ...(recovered.length > 0 ? ["Nouveaux résultats :", ...recovered.map(parameterLine)] : []),
      ...officialConclusion(conclusion, sample.sampledAt),
    ],
  }),

  // The zones' blocks are the report's own lines (describeDroughtZone): this entry writes only
  // what changed, so that an email never says more, or otherwise, than the report of the day.
  "drought-change": ({ changes, zones, notes }) => ({
    title: `Sécheresse : ${changes.map(describeDroughtChangeInTitle).join(", ")}`,
    lines: [...changes.map(describeDroughtChange), ...notes, "Les restrictions pour les particuliers, zone par zone, comme sur votre bilan :"],
    groups: zones.map((zone) => ({ heading: zone.heading, lines: zone.lines })),
  }),

  "drought-end": ({ changes, notes }) => ({
    title: "Sécheresse : fin des restrictions",
    lines: [...changes.map(describeDroughtChange), ...notes, "Plus aucune restriction d'eau n'est en vigueur pour votre adresse."],
  }),

  "air-episode": ({ forecastDate, indexLabel }) => ({
    title: `Qualité de l'air demain : ${indexLabel.toLowerCase()}`,
    lines: [
      `L'indice ATMO prévu pour le ${formatDateFr(forecastDate)} est « ${indexLabel} ».`,
      "Les personnes vulnérables (femmes enceintes, nourrissons, personnes âgées ou malades du cœur ou des poumons) réduisent leurs activités physiques à l'extérieur et évitent les grands axes routiers ; chacun limite le sport intense.",
    ],
  }),

  // « Événement » is no level of pollution: the report's own words for it (the air-event advice),
  // never the episode's advice to vulnerable people.
  "air-event": ({ forecastDate }) => ({
    title: "Qualité de l'air demain : « Événement » signalé",
    lines: [
      `L'indice ATMO prévu pour le ${formatDateFr(forecastDate)} est « Événement » : l'association agréée de surveillance de la qualité de l'air signale un incident à l'origine d'émissions inhabituelles (incendie, panache industriel…) ; l'indice habituel n'est pas calculé.`,
      "Suivez les informations de votre préfecture et de votre agence régionale de surveillance de la qualité de l'air ; en cas de gêne respiratoire, demandez conseil à un professionnel de santé.",
    ],
  }),

  "bathing-prohibition": ({ siteName, commune, prohibitionTitle }) => ({
    title: `Baignade interdite : ${siteName}`,
    lines: [
      `Une interdiction de baignade est en vigueur sur le site ${site(siteName, commune)} : ${prohibitionTitle}.`,
      "Respectez-la : elle protège d'un risque pour la santé ou la sécurité.",
    ],
  }),

  "bathing-lifted": ({ siteName, commune }) => ({
    title: `Baignade de nouveau autorisée : ${siteName}`,
    lines: [`L'interdiction de baignade sur le site ${site(siteName, commune)} n'apparaît plus depuis deux vérifications.`],
  }),

  "bathing-poor": ({ siteName, commune, sampleDate }) => ({
    title: `Eau de baignade de mauvaise qualité : ${siteName}`,
    lines: [
      `Le prélèvement du ${formatDateFr(sampleDate)} sur le site ${site(siteName, commune)} est « Mauvais ».`,
      "Évitez de vous y baigner jusqu'au prochain résultat, et ne buvez pas l'eau.",
    ],
  }),

  // The official words only (the report's table cells and sentence); the report's advice travels
  // with the event (AlertEvent.advice) in its own words, never written here a second time.
  "pollen-episode": ({ forecastDate, taxa, summary }) => ({
    title: `Pollens demain : ${taxa.map((taxon) => `${taxon.name.toLowerCase()} ${taxon.label.toLowerCase()}`).join(", ")}`,
    lines: [
      `L'indice pollen officiel prévu pour le ${formatDateFr(forecastDate)} : ${taxa.map((taxon) => `${taxon.name} « ${taxon.label} »`).join(", ")}.`,
      `Votre bilan : ${summary}`,
    ],
  }),

  "pollen-rise": ({ forecastDate, taxa, summary }) => ({
    title: `Pollens demain, en hausse : ${taxa.map((taxon) => `${taxon.name.toLowerCase()} ${taxon.label.toLowerCase()}`).join(", ")}`,
    lines: [
      `L'indice pollen officiel prévu pour le ${formatDateFr(forecastDate)} monte : ${taxa
        .map((taxon) => `${taxon.name} « ${taxon.label} »${taxon.before ? ` (jusqu'ici « ${taxon.before} »)` : ""}`)
        .join(", ")}.`,
      `Votre bilan : ${summary}`,
    ],
  }),

  "weather-warning": ({ date, tomorrow, label, phenomenonName, department, summary }) => ({
    title: `${describeVigilance({ label, name: phenomenonName })} ${tomorrow ? "demain" : "aujourd'hui"}`,
    lines: [
      `Météo-France place ${department ? `le département ${department}` : "votre département"} en ${label.toLowerCase()} pour le phénomène « ${phenomenonName} » le ${formatDateFr(date)}.`,
      `Votre bilan : ${summary}`,
      "Suivez les consignes de Météo-France et des autorités.",
    ],
  }),

  // Every address of a coastal département gets it (we cannot tell who lives on the coast), so it
  // names the coast, says the département's own colour, and never calls it the département's.
  "weather-coast-warning": ({ date, tomorrow, label, phenomenonName, coast, department, departmentLabel, summary }) => ({
    title: `${describeVigilance({ label, name: phenomenonName })} sur le ${coastInSentence(coast)} ${tomorrow ? "demain" : "aujourd'hui"}`,
    lines: [
      `Météo-France place le ${coastInSentence(coast)} en ${label.toLowerCase()} pour le phénomène « ${phenomenonName} » le ${formatDateFr(date)}.`,
      `Cette vigilance concerne le bord de mer : Météo-France colore la bande côtière à part. Pour ${department ? `le département ${department}` : "votre département"}, la carte indique ce jour-là : ${departmentLabel}.`,
      `Votre bilan : ${summary}`,
      "Si vous êtes sur le littoral ou devez vous y rendre, suivez les consignes de Météo-France et des autorités.",
    ],
  }),

  "bathing-classement": ({ siteName, commune, year, label }) => ({
    title: `Nouveau classement : ${siteName}`,
    lines: [`Le site ${site(siteName, commune)} est classé « ${label} » pour ${year}.`],
  }),
};

/** An alert in words, in French typography: what the event stores and the email shows. */
export function renderAlertText<K extends AlertKind>(kind: K, facts: AlertFacts[K]): AlertWords & { kind: K } {
  const render: (facts: AlertFacts[K]) => AlertWords = ALERT_TEXTS[kind];
  const words = render(facts);
  const rendered = { kind, title: frenchTypography(words.title), lines: words.lines.map(frenchTypography) };
  if (!words.groups) return rendered;
  return { ...rendered, groups: words.groups.map((group) => ({ heading: frenchTypography(group.heading), lines: group.lines.map(frenchTypography) })) };
}
