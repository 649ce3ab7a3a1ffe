// The index of the transactional e-mails: each is written once as blocks (blocks.ts) in its own
// file under templates/, and both its HTML and text parts are drawn from them. The alert digest
// still lives here, written as its two parts.
import { DISCLAIMER } from "../../core/report/present.ts";
import { formatDateFr } from "../../core/shared/format.ts";
import { composeGreeting, describePlace, finishEmail, toInline, type RenderedEmail } from "./compose.ts";
import { escapeFrench, renderHeading, renderLink, renderList, renderParagraph, renderParagraphHtml, renderSmall } from "./layout.ts";

export type { RenderedEmail } from "./compose.ts";
export { renderAccountDeletedEmail } from "./templates/account-deleted.ts";
export { renderAdminNoticeEmail } from "./templates/admin-notice.ts";
export { renderConfirmEmail } from "./templates/confirm-email.ts";
export { renderGoogleLinkedEmail } from "./templates/google-linked.ts";
export { renderLatestReportEmail } from "./templates/latest-report.ts";
export { renderManageLinkEmail, type ManagedAccount, type ManagedSubscription } from "./templates/manage-link.ts";
export { renderPasswordChangedEmail } from "./templates/password-changed.ts";
export { renderSignInCodeEmail } from "./templates/sign-in-code.ts";
export { renderSignUpAttemptEmail } from "./templates/sign-up-attempt.ts";
export { renderSubscriptionAlreadyConfirmedEmail } from "./templates/subscription-already-confirmed.ts";
export { renderSubscriptionConfirmEmail } from "./templates/subscription-confirm.ts";
export { renderSubscriptionWelcomeEmail, type SignUpStanding } from "./templates/subscription-welcome.ts";

// ---------------------------------------------------------------- alert digest

export interface AlertEmailEvent {
  /** the alert topic (its section): the events of one topic for one address make one block */
  topic?: string;
  title: string;
  lines: string[];
  /** blocks under their own heading after the lines: a drought alert's zones, each with its own rules */
  groups?: Array<{ heading: string; lines: string[] }>;
  dataDate: string | null;
  source: { name: string; url: string };
  /** the report's advice for the section that day, in its words (title and full text) */
  advice?: Array<{ title: string; text: string; source: { name: string; url: string } }>;
}

/** One block of an alert e-mail: one topic's events for one address, merged. */
interface AlertBlock {
  title: string;
  lines: string[];
  groups: Array<{ heading: string; lines: string[] }>;
  advice: Array<{ title: string; text: string; source: { name: string; url: string } }>;
  dataDates: string[];
  sources: Array<{ name: string; url: string }>;
}

/** Keeps the first of each item by `key`, in order. */
function uniqueBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const known = seen.has(key(item));
    seen.add(key(item));
    return !known;
  });
}

/**
 * The events of one address, one block per topic in the order the topics first appear: today's
 * and tomorrow's warnings of a section are one block, their titles joined; a line every event of
 * the block has (the report's sentence, an instruction) is said once, after the lines that tell
 * them apart; the report's advice and the data's source once each.
 */
function mergeAlertEvents(events: readonly AlertEmailEvent[]): AlertBlock[] {
  const topics: Array<AlertEmailEvent[]> = [];
  const byTopic = new Map<string, AlertEmailEvent[]>();
  for (const event of events) {
    const known = event.topic === undefined ? undefined : byTopic.get(event.topic);
    if (known) known.push(event);
    else {
      const list = [event];
      topics.push(list);
      if (event.topic !== undefined) byTopic.set(event.topic, list);
    }
  }
  return topics.map((group) => {
    const shared = group.slice(1).reduce((common, event) => common.filter((line) => event.lines.includes(line)), group[0]?.lines ?? []);
    const distinct = group.flatMap((event) => event.lines.filter((line) => !shared.includes(line)));
    return {
      title: group.map((event, index) => (index === 0 ? event.title : event.title.charAt(0).toLocaleLowerCase("fr-FR") + event.title.slice(1))).join(" ; "),
      lines: uniqueBy([...distinct, ...shared], (line) => line),
      groups: group.flatMap((event) => event.groups ?? []),
      advice: uniqueBy(
        group.flatMap((event) => event.advice ?? []),
        (advice) => `${advice.title}\n${advice.text}`,
      ),
      dataDates: [...new Set(group.flatMap((event) => (event.dataDate ? [event.dataDate] : [])))].sort(),
      sources: uniqueBy(
        group.map((event) => event.source),
        (source) => source.name,
      ),
    };
  });
}

/** « Données du 14 avril 2026 et du 15 avril 2026 – Source : » before the source's link (the name said once). */
function describeBlockData(block: AlertBlock): string {
  const dates = block.dataDates.map((date) => formatDateFr(date));
  const dated = dates.length > 0 ? `Données du ${dates.join(" et du ")} – ` : "";
  return `${dated}${block.sources.length > 1 ? "Sources" : "Source"} :`;
}

/** One block in both parts: its title, lines, groups, the report's advice, then its data's date and source. */
function renderAlertBlock(block: AlertBlock): { html: string[]; text: string } {
  const data = describeBlockData(block);
  const adviceLabel = (advice: AlertBlock["advice"][number]) => `Conseil du bilan : ${advice.title}`;
  // Each group keeps its heading right above its own lines: a zone's name never sits above another's rules.
  const html = [
    renderParagraphHtml(`<strong>${escapeFrench(block.title)}</strong>`),
    ...(block.lines.length > 0 ? [renderList(block.lines.map(escapeFrench))] : []),
    ...block.groups.flatMap((group) => [renderParagraphHtml(`<strong>${escapeFrench(group.heading)}</strong>`), renderList(group.lines.map(escapeFrench))]),
    ...block.advice.flatMap((advice) => [
      renderParagraphHtml(
        `<strong>${escapeFrench(adviceLabel(advice))}</strong><br>${escapeFrench(advice.text)}<br>${renderSmall("D'après :")} ${renderLink(advice.source.name, advice.source.url)}`,
      ),
    ]),
    renderParagraphHtml(`${renderSmall(data)} ${block.sources.map((source) => renderLink(source.name, source.url)).join(", ")}`),
  ];
  const text = [
    block.title,
    ...block.lines.map((line) => `- ${line}`),
    ...block.groups.flatMap((group) => [group.heading, ...group.lines.map((line) => `  - ${line}`)]),
    ...block.advice.flatMap((advice) => [adviceLabel(advice), advice.text, `D'après : ${advice.source.name} (${advice.source.url})`]),
    `${data} ${block.sources.map((source) => `${source.name} (${source.url})`).join(", ")}`,
  ].join("\n");
  return { html, text };
}

/** Mail clients cut a subject around 60 to 90 characters: ours stays under 90. */
export const MAX_SUBJECT_LENGTH = 89;

/**
 * An address in a few words, for a subject: the person's name for it with its commune
 * (« Domicile (Maraussan) »), or the address with its commune after a comma (« 8 Boulevard du
 * Port, Amiens »): an account has up to three addresses, and the subject says which one.
 * `shortest`: the name alone, or the commune alone, when the subject has no room for more.
 */
export function describePlaceShort(addressLabel: string, nickname: string | null, options: { shortest?: boolean } = {}): string {
  const label = toInline(addressLabel);
  const name = nickname === null ? "" : toInline(nickname);
  // BAN labels end with « 80000 Amiens »; a commune alone has no postcode.
  const commune = /\b\d{5}\s+(.+)$/.exec(label)?.[1] ?? null;
  if (name && name !== label) return commune && commune !== name && !options.shortest ? `${name} (${commune})` : name;
  if (!commune) return label;
  return options.shortest ? commune : label.replace(/\s*\b\d{5}\s+.+$/, `, ${commune}`).replace(/^,\s*/, "");
}

/** Every alert digest's subject starts so: the inbox tells it from the account's other emails. */
const ALERT_SUBJECT_PREFIX = "Zone Santé – ";

/**
 * « Zone Santé – title — where »: the place in fewer words (« Maraussan ») when the whole title
 * does not fit beside it, and only then the title shortened at a word.
 */
function fitSubject(title: string, place: { label: string; nickname: string | null }): string {
  const separator = " — ";
  const fits = (where: string) => ALERT_SUBJECT_PREFIX.length + title.length + separator.length + where.length <= MAX_SUBJECT_LENGTH;
  const full = describePlaceShort(place.label, place.nickname);
  const shortest = describePlaceShort(place.label, place.nickname, { shortest: true });
  if (fits(full)) return `${ALERT_SUBJECT_PREFIX}${title}${separator}${full}`;
  const where = shortest;
  const room = MAX_SUBJECT_LENGTH - ALERT_SUBJECT_PREFIX.length - separator.length - where.length;
  if (title.length <= room) return `${ALERT_SUBJECT_PREFIX}${title}${separator}${where}`;
  const cut = title.slice(0, Math.max(room - 1, 0)).replace(/[\s,;:–-]+\S*$/, "");
  return `${ALERT_SUBJECT_PREFIX}${cut ? `${cut}…${separator}` : ""}${where}`.slice(0, MAX_SUBJECT_LENGTH);
}

/**
 * The subject names the address (issue 23: three addresses per account): one alert, its title and
 * where; several for one address, their count and where; several addresses, each named when they fit.
 */
function composeAlertSubject(addresses: ReadonlyArray<{ label: string; nickname: string | null; blocks: readonly AlertBlock[] }>): string {
  const blocks = addresses.flatMap((address) => address.blocks);
  const places = addresses.map((address) => describePlaceShort(address.label, address.nickname));
  const [only] = addresses;
  if (addresses.length === 1 && only) {
    return blocks.length === 1 && blocks[0] ? fitSubject(blocks[0].title, only) : fitSubject(`${blocks.length} alertes`, only);
  }
  const named = `${ALERT_SUBJECT_PREFIX}${blocks.length} alertes — ${places.join(", ")}`;
  return named.length <= MAX_SUBJECT_LENGTH ? named : `${ALERT_SUBJECT_PREFIX}${blocks.length} alertes pour vos ${addresses.length} adresses`;
}

/**
 * The daily digest: one email per recipient and run, every address with its new alerts, the date
 * and source of each, a link to the full report, and a one-click way out.
 */
export function renderAlertDigestEmail(input: {
  firstName: string | null;
  /** `nickname`: the name an account gave the address (« Maison »), null for a sign-up */
  addresses: Array<{ label: string; nickname: string | null; reportUrl: string; events: AlertEmailEvent[] }>;
  unsubscribeUrl: string;
  /** account holders manage their preferences there; null for sign-ups without account */
  manageUrl: string | null;
}): RenderedEmail {
  const merged = input.addresses.map((address) => ({ ...address, blocks: mergeAlertEvents(address.events) }));
  const blocks = merged.flatMap((address) => address.blocks);
  const subject = composeAlertSubject(merged);
  const greeting = composeGreeting(input.firstName);
  const intro =
    input.addresses.length === 1
      ? "Les données officielles ont changé pour votre adresse surveillée."
      : "Les données officielles ont changé pour vos adresses surveillées.";
  const html = [renderParagraph(greeting), renderParagraph(intro)];
  const text = [greeting, intro];
  for (const address of merged) {
    const label = toInline(address.label);
    const place = describePlace(address.label, address.nickname);
    html.push(renderHeading(place));
    text.push(`${place}\n${"-".repeat(Math.min(place.length, 60))}`);
    for (const block of address.blocks) {
      const rendered = renderAlertBlock(block);
      html.push(...rendered.html);
      text.push(rendered.text);
    }
    const linkLabel = `Voir le bilan complet pour ${label}`;
    html.push(renderParagraphHtml(renderLink(linkLabel, address.reportUrl)));
    text.push(`${linkLabel} : ${address.reportUrl}`);
  }
  const unsubscribe = "Se désinscrire de ces alertes";
  html.push(renderParagraph(DISCLAIMER));
  text.push(DISCLAIMER);
  if (input.manageUrl) {
    const manage = "Gérer mes alertes et préférences";
    html.push(renderParagraphHtml(renderLink(manage, input.manageUrl)));
    text.push(`${manage} : ${input.manageUrl}`);
  }
  html.push(renderParagraphHtml(renderLink(unsubscribe, input.unsubscribeUrl)));
  text.push(`${unsubscribe} : ${input.unsubscribeUrl}`);
  return finishEmail(subject, {
    preheader: blocks.map((block) => block.title).join(" · "),
    title: blocks.length === 1 ? "Une alerte pour votre adresse" : "Vos alertes du jour",
    bodyHtml: html,
    bodyText: text,
    footerReason: input.manageUrl
      ? "Vous recevez cet e-mail parce que vous surveillez ces adresses depuis votre compte Zone Santé."
      : "Vous recevez cet e-mail parce que vous vous êtes inscrit(e) aux alertes Zone Santé et avez confirmé votre adresse e-mail.",
  });
}
