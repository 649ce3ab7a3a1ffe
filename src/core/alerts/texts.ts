// The words of the alert e-mails, apart from the rules that decide them: each topic keeps its own
// table (src/sections/<key>/alert.ts), one entry per alert kind, from its facts to the event's
// title and lines. Sentences are typed with ordinary spaces; `renderAlertWords` applies French typography.
import { frenchTypography } from "../shared/format.ts";

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

/** A topic's words, keyed by kind, from each kind's facts. */
export type AlertTexts<Facts> = { [K in keyof Facts]: (facts: Facts[K]) => AlertWords };

/** An alert in words, in French typography: what the event stores and the email shows. */
export function renderAlertWords<Facts, K extends keyof Facts & string>(texts: AlertTexts<Facts>, kind: K, facts: Facts[K]): AlertWords & { kind: K } {
  const render: (facts: Facts[K]) => AlertWords = texts[kind];
  const words = render(facts);
  const rendered = { kind, title: frenchTypography(words.title), lines: words.lines.map(frenchTypography) };
  if (!words.groups) return rendered;
  return { ...rendered, groups: words.groups.map((group) => ({ heading: frenchTypography(group.heading), lines: group.lines.map(frenchTypography) })) };
}
