// What every alert topic says of itself (the pure half of the plug-in; src/sections/<key>/alert.ts
// defines one, src/sections/topics.ts lists them in order).
import type { AlertTexts } from "./texts.ts";

/** A list a topic's alerts are narrowed to (which species, say): at least one must be ticked while the topic is on. */
export interface AlertTopicChoices {
  /** the preference's field in the account's answer and its save */
  field: string;
  legend: string;
  hint: string;
  /** one entry of the list in a sentence: its kind, before its quoted name and « coché » */
  item: string;
  /** said when a save would leave the topic on with nothing ticked */
  required: string;
  /** said when the topic is switched on with nothing ticked yet: it is saved with the first entry ticked */
  waiting: string;
  /** said when a save names an id the list does not have */
  refused: string;
  options: ReadonlyArray<{ id: string; name: string }>;
}

export interface AlertTopic<Facts = unknown> {
  /** the section's key, also the topic's key in preferences, states and events */
  key: string;
  /** the preference's toggle: its name and what it tells */
  label: string;
  description: string;
  /** off until the person turns it on (decision 073); the others are on without a stored choice */
  optIn: boolean;
  /** a sign-up without an account gets it (an opt-in topic needs an account's preferences) */
  signUp: boolean;
  choices?: AlertTopicChoices;
  /** the words of its e-mails, keyed by alert kind */
  texts: AlertTexts<Facts>;
}
