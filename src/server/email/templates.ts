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
export { renderManageLinkEmail, type ManagedSubscription } from "./templates/manage-link.ts";
export { renderPasswordChangedEmail } from "./templates/password-changed.ts";
export { renderSignInCodeEmail } from "./templates/sign-in-code.ts";
export { renderSignUpAttemptEmail } from "./templates/sign-up-attempt.ts";
export { renderSubscriptionAlreadyConfirmedEmail } from "./templates/subscription-already-confirmed.ts";
export { renderSubscriptionConfirmEmail } from "./templates/subscription-confirm.ts";
export { renderSubscriptionWelcomeEmail, type SignUpStanding } from "./templates/subscription-welcome.ts";

// ---------------------------------------------------------------- alert digest

export interface AlertEmailEvent {
  title: string;
  lines: string[];
  /** blocks under their own heading after the lines: a drought alert's zones, each with its own rules */
  groups?: Array<{ heading: string; lines: string[] }>;
  dataDate: string | null;
  source: { name: string; url: string };
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
function composeAlertSubject(addresses: ReadonlyArray<{ label: string; nickname: string | null; events: readonly AlertEmailEvent[] }>): string {
  const events = addresses.flatMap((address) => address.events);
  const places = addresses.map((address) => describePlaceShort(address.label, address.nickname));
  const [only] = addresses;
  if (addresses.length === 1 && only) {
    return events.length === 1 && events[0] ? fitSubject(events[0].title, only) : fitSubject(`${events.length} alertes`, only);
  }
  const named = `${ALERT_SUBJECT_PREFIX}${events.length} alertes — ${places.join(", ")}`;
  return named.length <= MAX_SUBJECT_LENGTH ? named : `${ALERT_SUBJECT_PREFIX}${events.length} alertes pour vos ${addresses.length} adresses`;
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
  const events = input.addresses.flatMap((address) => address.events);
  const subject = composeAlertSubject(input.addresses);
  const greeting = composeGreeting(input.firstName);
  const intro =
    input.addresses.length === 1
      ? "Les données officielles ont changé pour votre adresse surveillée."
      : "Les données officielles ont changé pour vos adresses surveillées.";
  const html = [renderParagraph(greeting), renderParagraph(intro)];
  const text = [greeting, intro];
  for (const address of input.addresses) {
    const label = toInline(address.label);
    const place = describePlace(address.label, address.nickname);
    html.push(renderHeading(place));
    text.push(`${place}\n${"-".repeat(Math.min(place.length, 60))}`);
    for (const event of address.events) {
      const dated = `${event.dataDate ? `Données du ${formatDateFr(event.dataDate)} – ` : ""}Source : ${event.source.name}`;
      // Each group keeps its heading right above its own lines: a zone's name never sits above another's rules.
      const groups = event.groups ?? [];
      html.push(
        renderParagraphHtml(`<strong>${escapeFrench(event.title)}</strong>`),
        renderList(event.lines.map(escapeFrench)),
        ...groups.flatMap((group) => [renderParagraphHtml(`<strong>${escapeFrench(group.heading)}</strong>`), renderList(group.lines.map(escapeFrench))]),
        renderParagraphHtml(`${renderSmall(dated)} ${renderLink(event.source.name, event.source.url)}`),
      );
      text.push(
        [
          event.title,
          ...event.lines.map((line) => `- ${line}`),
          ...groups.flatMap((group) => [group.heading, ...group.lines.map((line) => `  - ${line}`)]),
          `${dated} (${event.source.url})`,
        ].join("\n"),
      );
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
    preheader: events.map((event) => event.title).join(" · "),
    title: events.length === 1 ? "Une alerte pour votre adresse" : "Vos alertes du jour",
    bodyHtml: html,
    bodyText: text,
    footerReason: input.manageUrl
      ? "Vous recevez cet e-mail parce que vous surveillez ces adresses depuis votre compte Zone Santé."
      : "Vous recevez cet e-mail parce que vous vous êtes inscrit(e) aux alertes Zone Santé et avez confirmé votre adresse e-mail.",
  });
}
