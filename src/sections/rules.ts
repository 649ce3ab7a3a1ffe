// The sections' rules that the server applies and the page never carries: each section's advice
// (its folder's advice.ts), by its key, read in the registry's order (registry.ts); and the alert
// topics, in the order the run's stages iterate them (plan, ingest, process, send), the
// preferences list them and the e-mails name them: one line per section that alerts, each topic
// defined in its own folder (src/sections/<key>/alert.ts). Pure; each topic's server half (its
// bulk read, snapshot and state schemas, its judgement in a batch) is listed in registry.server.ts.
// A section without a topic has nothing a daily run could announce: its facts do not change from
// one day to the next (decision 073), or its advice is the day's own, with no change to tell.
import { renderAlertWords, type AlertTexts } from "../core/alerts/texts.ts";
import { nameTopics } from "../core/alerts/topic-names.ts";
import type { AlertTopic } from "../core/alerts/topic.ts";
import { AIR_TOPIC } from "./air/alert.ts";
import { BATHING_TOPIC } from "./bathing/alert.ts";
import { DROUGHT_TOPIC } from "./drought/alert.ts";
import { POLLEN_TOPIC } from "./pollen/alert.ts";
import { WATER_TOPIC } from "./water/alert.ts";
import { WEATHER_TOPIC } from "./weather/alert.ts";
import type { SectionAdvice } from "../core/recommendations/advice.ts";
import { airAdvice } from "./air/advice.ts";
import { bathingAdvice } from "./bathing/advice.ts";
import { droughtAdvice } from "./drought/advice.ts";
import { pollenAdvice } from "./pollen/advice.ts";
import { radonAdvice } from "./radon/advice.ts";
import { uvAdvice } from "./uv/advice.ts";
import { waterAdvice } from "./water/advice.ts";
import { weatherAdvice } from "./weather/advice.ts";

export const ALERT_TOPICS = [WATER_TOPIC, DROUGHT_TOPIC, AIR_TOPIC, BATHING_TOPIC, POLLEN_TOPIC, WEATHER_TOPIC] as const;

type Topic = (typeof ALERT_TOPICS)[number];
export type AlertSource = Topic["key"];

/** The topics' keys, in the registry's order. */
export const ALERT_SOURCES: readonly AlertSource[] = ALERT_TOPICS.map((topic) => topic.key);

/** The topics a sign-up without an account gets. */
export const SIGN_UP_SOURCES: readonly AlertSource[] = ALERT_TOPICS.filter((topic) => topic.signUp).map((topic) => topic.key);

/**
 * The topics named in a sentence, for the pages and e-mails that say what the alerts are about:
 * every topic, those a sign-up without an account gets, and those only an account's preferences
 * turn on (« pollens et vigilance météo »; empty when there are none).
 */
export const ALERT_TOPIC_NAMES = {
  all: nameTopics(ALERT_TOPICS),
  signUp: nameTopics(ALERT_TOPICS.filter((topic) => topic.signUp)),
  accountOnly: nameTopics(ALERT_TOPICS.filter((topic) => !topic.signUp)),
} as const;

/** The topics off until turned on (decision 073). */
export const OPT_IN_SOURCES: readonly AlertSource[] = ALERT_TOPICS.filter((topic) => topic.optIn).map((topic) => topic.key);

/** The topic of a key, or undefined for a key no topic has (a row stored by a later version). */
export function findAlertTopic(key: string): (AlertTopic & { key: AlertSource }) | undefined {
  return ALERT_TOPICS.find((topic) => topic.key === key);
}

type FactsOf<T> = T extends AlertTopic<infer Facts> ? Facts : never;
type Intersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;

/** Every topic's facts, keyed by alert kind. */
export type AlertFacts = Intersection<FactsOf<Topic>>;
export type AlertKind = keyof AlertFacts & string;

/** The words of every alert, keyed by kind. */
export const ALERT_TEXTS = Object.assign({}, ...ALERT_TOPICS.map((topic) => topic.texts)) as AlertTexts<AlertFacts>;

/** An alert of any kind in words, in French typography. */
export function renderAlertText<K extends AlertKind>(kind: K, facts: AlertFacts[K]) {
  return renderAlertWords(ALERT_TEXTS, kind, facts);
}

// ---------------------------------------------------------------- advice

export const SECTION_ADVICE = {
  water: waterAdvice,
  air: airAdvice,
  drought: droughtAdvice,
  bathing: bathingAdvice,
  weather: weatherAdvice,
  pollen: pollenAdvice,
  uv: uvAdvice,
  radon: radonAdvice,
} as const;

/** The advice of the shipped sections, each with its input's name, answer and facts in its type. */
export type ShippedSectionAdvice = (typeof SECTION_ADVICE)[keyof typeof SECTION_ADVICE];

const registered = new Map<string, SectionAdvice>(Object.entries(SECTION_ADVICE) as unknown as Array<[string, SectionAdvice]>);

/** A section's advice by its key; none, it advises nothing. */
export function adviceOf(key: string): SectionAdvice | undefined {
  return registered.get(key);
}
