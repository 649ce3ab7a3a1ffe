// Transactional emails: pure functions of their input, in French, each with an HTML and a text part.
// Prose goes through frenchTypography (no-break spaces) and every HTML value through escapeHtml.
import { alertsAvailableFor, type AlertsAvailability } from "../../core/alerts/available.ts";
import { adviceInDisplayOrder, DISCLAIMER, presentReport, type OutdoorPresentation, type SectionPresentation } from "../../core/report/present.ts";
import { formatDateFr, formatDateTimeFr, formatNumberFr, formatTimeFr, frenchTypography, NBSP } from "../../core/shared/format.ts";
import type { Report } from "../../core/types.ts";
import { ALERT_HOUR_PARIS } from "../alerts/schedule.ts";
import {
  escapeFrench,
  renderButton,
  renderEmailLayout,
  renderHeading,
  renderLink,
  renderList,
  renderParagraph,
  renderParagraphHtml,
  renderSmall,
  renderSubheading,
} from "./layout.ts";

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** A name or label typed by someone: one line, so it cannot forge extra lines in the text part. */
function toInline(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

function composeGreeting(firstName: string | null): string {
  const name = firstName === null ? "" : toInline(firstName);
  return name ? `Bonjour ${name},` : "Bonjour,";
}

/** A monitored address as its owner named it, with the address itself: « Maison – 8 Boulevard… ». */
function describePlace(addressLabel: string, nickname: string | null): string {
  const label = toInline(addressLabel);
  const name = nickname === null ? "" : toInline(nickname);
  return name && name !== label ? `${name} – ${label}` : label;
}

/** The links of every email lead to our own site: its origin is read from one we built. */
function siteOrigin(url: string): string {
  return new URL(url).origin;
}

function formatDuration(amount: number, singular: string, plural: string): string {
  return `${formatNumberFr(amount)}${NBSP}${amount >= 2 ? plural : singular}`;
}

function finishEmail(
  subject: string,
  layout: { preheader: string; title: string; bodyHtml: string[]; bodyText: string[]; footerReason: string },
): RenderedEmail {
  const { html, text } = renderEmailLayout({
    preheader: layout.preheader,
    title: layout.title,
    bodyHtml: layout.bodyHtml.join("\n"),
    bodyText: layout.bodyText.join("\n\n"),
    footerReason: layout.footerReason,
  });
  return { subject: frenchTypography(subject), html, text };
}

// ---------------------------------------------------------------- confirmation of the address

/**
 * `firstName` is accepted and never written: this email goes to an address nobody has proven yet,
 * so a name typed with the sign-up would be a stranger's words to its owner.
 */
export function renderConfirmEmail(input: { firstName?: string | null; confirmUrl: string; expiresInHours: number }): RenderedEmail {
  const greeting = "Bonjour,";
  const action = "Confirmer mon adresse e-mail";
  const request = "Pour activer votre compte Zone Santé, confirmez votre adresse e-mail.";
  const validity = `Ce lien est valable ${formatDuration(input.expiresInHours, "heure", "heures")}.`;
  const notYou = "Si vous n'êtes pas à l'origine de cette inscription, ignorez ce message : aucun compte ne sera activé.";
  const privacy = "Ce que nous faisons de votre adresse e-mail";
  const privacyUrl = `${siteOrigin(input.confirmUrl)}/confidentialite`;
  return finishEmail("Confirmez votre adresse e-mail – Zone Santé", {
    preheader: `${request} ${validity}`,
    title: "Confirmez votre adresse e-mail",
    bodyHtml: [
      renderParagraph(greeting),
      renderParagraph(request),
      renderButton(action, input.confirmUrl),
      renderParagraph(validity),
      renderParagraphHtml(
        `${escapeFrench("Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :")}<br>${renderLink(input.confirmUrl, input.confirmUrl)}`,
      ),
      renderParagraph(notYou),
      renderParagraphHtml(renderLink(privacy, privacyUrl)),
    ],
    bodyText: [greeting, request, `${action} : ${input.confirmUrl}`, validity, notYou, `${privacy} : ${privacyUrl}`],
    footerReason: "Vous recevez ce message parce que cette adresse e-mail a été indiquée lors d'une inscription à Zone Santé.",
  });
}

// ---------------------------------------------------------------- sign-in code

/**
 * The code is the only credential in this email: its one link opens the account page, which asks
 * to sign in like any visit.
 */
export function renderSignInCodeEmail(input: {
  code: string;
  expiresInMinutes: number;
  /** the /compte page: the way out this email offers */
  accountUrl: string;
}): RenderedEmail {
  const code = toInline(input.code);
  const intro = "Voici votre code de connexion à Zone Santé :";
  const validity = `Il est valable ${formatDuration(input.expiresInMinutes, "minute", "minutes")} et ne peut servir qu'une seule fois.`;
  const forgotten =
    "Ce code sert aussi si vous avez oublié votre mot de passe : une fois connecté, choisissez-en un nouveau depuis votre espace « Mon compte ».";
  const secret = "Ne communiquez ce code à personne : l'équipe de Zone Santé ne vous le demandera jamais.";
  const notYou = "Si vous n'avez pas demandé ce code, ignorez ce message : personne ne peut se connecter sans lui.";
  const repeated = "Si vous recevez des codes que vous n'avez pas demandés, connectez-vous et changez votre mot de passe depuis votre espace :";
  const account = "Mon compte Zone Santé";
  // letter-spacing spaces the digits on screen while a copy still gives the six digits together.
  const codeHtml = `<p style="margin:8px 0 24px 0;font-family:'Courier New', Courier, monospace;font-size:32px;font-weight:bold;letter-spacing:8px;">${escapeFrench(code)}</p>`;
  const wayOutHtml = [renderParagraphHtml(`${escapeFrench(repeated)} ${renderLink(account, input.accountUrl)}`)];
  const wayOutText = [`${repeated}\n${account} : ${input.accountUrl}`];
  // Neither the subject nor the preheader carries the code: lock screens and notifications show them.
  return finishEmail("Votre code de connexion – Zone Santé", {
    preheader: `Le code de connexion demandé est dans ce message. ${validity}`,
    title: "Votre code de connexion",
    bodyHtml: [
      renderParagraph(intro),
      codeHtml,
      renderParagraph(validity),
      renderParagraph(forgotten),
      renderParagraph(secret),
      renderParagraph(notYou),
      ...wayOutHtml,
    ],
    bodyText: [intro, code, validity, forgotten, secret, notYou, ...wayOutText],
    footerReason: "Vous recevez ce message parce qu'un code de connexion à Zone Santé a été demandé pour cette adresse e-mail.",
  });
}

// ---------------------------------------------------------------- latest report

/**
 * One address, from the report's one presentation (core/report/present.ts), as the page and the
 * PDF show it: the address once, « L'essentiel » as the page lays it out (a heading, then one line
 * per domain with its label emphasised, « À retenir » first), each section's headline word with
 * its date and source, then every advice with its text — the prominent ones first, which puts
 * the advice for infants and pregnant women at the top when it applies.
 */
function renderReport(report: Report, nickname: string | null, reportUrl: string, options: { alone: boolean }): { html: string[]; text: string[] } {
  const presentation = presentReport(report);
  const place = describePlace(presentation.title, nickname);
  const name = nickname === null ? "" : toInline(nickname);
  const sections: SectionPresentation[] = [presentation.water, presentation.air, presentation.drought, presentation.bathing];
  const describe = (section: SectionPresentation | OutdoorPresentation, extra: string[] = []) => ({
    heading: `${section.title} : ${section.headline.word}`,
    // A rated section's message repeats its summary line; an unrated one's says why (a failure, no data).
    details: [section.dateLine, section.headline.tone === "neutral" ? section.message : null, ...extra].filter((line): line is string => line !== null),
    source: `Source : ${section.source.name}`,
  });
  // Each drought zone with its own word, what it means for households and its decree's period.
  const zones = presentation.drought.zones.map(
    (zone) => `${zone.title} : ${zone.badge.word} – ${zone.restrictionsSummary}${zone.period ? `, arrêté ${zone.period}` : ""}`,
  );
  // …and the section's sentences: the tap's water, a decree ended or not yet started.
  // …the bathing section's one line on when the ministry's page was read.
  const extras = (section: SectionPresentation) =>
    section.key === "drought"
      ? [...zones, ...presentation.drought.notes]
      : section.key === "bathing" && presentation.bathing.liveRead
        ? [presentation.bathing.liveRead]
        : [];
  // Issue 26's four after them, in the summary's order, with the page's facts (« Demain : Élevé ») and
  // notes (a model's forecast said as such); their grids stay on the page and in the PDF.
  const outdoor = [presentation.weather, presentation.pollen, presentation.uv, presentation.radon].map((section) =>
    describe(section, [...section.facts.map((fact) => `${fact.term} : ${fact.value}`), ...section.notes]),
  );
  const lines = [...sections.map((section) => describe(section, extras(section))), ...outdoor];
  const advice = adviceInDisplayOrder(presentation.advice);
  // The address is said once, in the heading: the link names it by the person's name for it
  // (« Maison »), which still tells several « Voir le bilan complet » links apart out of context;
  // an address without a name is named in full only when another link could be taken for it.
  const linkLabel = name
    ? `Voir le bilan complet de « ${name} »`
    : options.alone
      ? "Voir le bilan complet"
      : `Voir le bilan complet pour ${toInline(presentation.title)}`;
  // « L'essentiel » as on the page: each line's label emphasised, the rest of its sentence after it.
  const summaryHtml = presentation.summary.map((line) =>
    line.text.startsWith(line.label)
      ? `<strong>${escapeFrench(line.label)}</strong>${escapeFrench(line.text.slice(line.label.length))}`
      : escapeFrench(line.text),
  );
  const html = [
    renderHeading(place),
    renderParagraph(`Bilan du ${presentation.consultedOn}`),
    renderSubheading(ESSENTIALS_HEADING),
    renderList(summaryHtml),
    renderSubheading("Le détail"),
    renderList(
      lines.map((line) => [`<strong>${escapeFrench(line.heading)}</strong>`, ...line.details.map(escapeFrench), renderSmall(line.source)].join("<br>")),
    ),
  ];
  const text = [
    `${place}\n${"=".repeat(Math.min(place.length, 60))}\nBilan du ${presentation.consultedOn}`,
    `${ESSENTIALS_HEADING.toUpperCase()}\n${presentation.summary.map((line) => `- ${line.text}`).join("\n")}`,
    `LE DÉTAIL\n${lines.map((line) => [`- ${line.heading}`, ...line.details.map((detail) => `  ${detail}`), `  ${line.source}`].join("\n")).join("\n")}`,
  ];
  if (advice.length > 0) {
    html.push(
      renderSubheading("Nos conseils"),
      renderList(advice.map((item) => `<strong>${escapeFrench(`${item.severityLabel} – ${item.title}`)}</strong><br>${escapeFrench(item.text)}`)),
    );
    text.push(`NOS CONSEILS\n${advice.map((item) => `- ${item.severityLabel} – ${item.title}\n  ${item.text}`).join("\n")}`);
  }
  html.push(renderParagraphHtml(renderLink(linkLabel, reportUrl)));
  text.push(`${linkLabel} : ${reportUrl}`);
  return { html, text };
}

/** The page's name for the five-second summary, in every channel. */
const ESSENTIALS_HEADING = "L'essentiel";

/** The report of the account's addresses, sent only when its owner asks for it from /compte. */
export function renderLatestReportEmail(input: {
  firstName: string | null;
  reports: Report[];
  accountUrl: string;
  reportUrlFor: (report: Report, index: number) => string;
  /** the name the account gave the address (« Maison »), null when it has none */
  nicknameFor?: (report: Report, index: number) => string | null;
}): RenderedEmail {
  const greeting = composeGreeting(input.firstName);
  const manage = "Gérer mes alertes et préférences";
  const html = [renderParagraph(greeting)];
  const text = [greeting];
  if (input.reports.length === 0) {
    const none = "Vous n'avez pas encore d'adresse surveillée.";
    const add = "Ajouter une adresse depuis mon compte";
    html.push(renderParagraph(none), renderParagraphHtml(renderLink(add, input.accountUrl)));
    text.push(none, `${add} : ${input.accountUrl}`);
  } else {
    const intro =
      input.reports.length === 1
        ? "Voici le bilan de votre adresse surveillée, à partir des dernières données officielles."
        : "Voici le bilan de vos adresses surveillées, à partir des dernières données officielles.";
    html.push(renderParagraph(intro));
    text.push(intro);
    input.reports.forEach((report, index) => {
      const part = renderReport(report, input.nicknameFor?.(report, index) ?? null, input.reportUrlFor(report, index), {
        alone: input.reports.length === 1,
      });
      html.push(...part.html);
      text.push(...part.text);
    });
  }
  const manageIntro = "Vos adresses, les alertes que vous recevez par e-mail et votre compte se gèrent depuis votre espace :";
  html.push(renderParagraphHtml(`${escapeFrench(manageIntro)} ${renderLink(manage, input.accountUrl)}`), renderParagraph(DISCLAIMER));
  text.push(`${manageIntro}\n${manage} : ${input.accountUrl}`, DISCLAIMER);
  return finishEmail("Votre bilan santé-environnement", {
    preheader: "L'eau du robinet, l'air et la sécheresse à vos adresses, d'après les données officielles.",
    title: "Votre bilan santé-environnement",
    bodyHtml: html,
    bodyText: text,
    footerReason: "Vous recevez ce bilan parce que vous l'avez demandé depuis votre compte Zone Santé. Il n'est envoyé que sur demande.",
  });
}

// ---------------------------------------------------------------- account deleted

export function renderAccountDeletedEmail(input: { firstName: string | null; deletedAt: Date; privacyUrl: string }): RenderedEmail {
  const greeting = composeGreeting(input.firstName);
  const done = `Votre compte Zone Santé a été supprimé le ${formatDateFr(input.deletedAt.toISOString())}. Nous avons effacé :`;
  const erased = [
    "votre compte et votre profil ;",
    "vos adresses surveillées ;",
    "vos préférences ;",
    "vos sessions de connexion ;",
    "vos inscriptions aux alertes, avec ou sans compte ;",
    "les codes et liens de confirmation en attente.",
  ];
  const history =
    "L'historique des alertes envoyées est conservé sans adresse ni position 24 mois, comme le prévoit notre politique de confidentialité, puis supprimé.";
  const last = "Vous ne recevrez plus aucun e-mail de notre part. Vous pouvez toujours consulter Zone Santé sans compte.";
  const notYou =
    "Si vous n'avez pas demandé cette suppression, quelqu'un a pu se connecter à votre compte, par exemple avec un code envoyé à cette adresse : changez le mot de passe de votre messagerie, puis écrivez-nous. Les données effacées ne peuvent pas être restaurées, mais vous pouvez recréer un compte à tout moment.";
  const contact =
    "Une question sur cette suppression ou sur vos données ? Écrivez-nous à l'adresse de contact indiquée en bas de chaque page du site, par exemple sur notre politique de confidentialité :";
  const privacy = "Politique de confidentialité";
  return finishEmail("Votre compte Zone Santé a été supprimé", {
    preheader: "Vos données ont été effacées. C'est le dernier e-mail que nous vous envoyons.",
    title: "Votre compte a été supprimé",
    bodyHtml: [
      renderParagraph(greeting),
      renderParagraph(done),
      renderList(erased.map(escapeFrench)),
      renderParagraph(history),
      renderParagraph(last),
      renderParagraph(notYou),
      renderParagraphHtml(`${escapeFrench(contact)} ${renderLink(privacy, input.privacyUrl)}`),
    ],
    bodyText: [greeting, done, erased.map((item) => `- ${item}`).join("\n"), history, last, notYou, `${contact}\n${privacy} : ${input.privacyUrl}`],
    footerReason: "Vous recevez ce dernier message parce que le compte Zone Santé associé à cette adresse e-mail a été supprimé.",
  });
}

// ---------------------------------------------------------------- security notices

/** « le 22 novembre 2026 à 11 h 00 » (Paris time): when the change was made, to compare with one's own memory. */
function describeMoment(at: Date): string {
  const iso = at.toISOString();
  const time = formatTimeFr(iso);
  return time ? `le ${formatDateFr(iso)} à ${time} (heure de Paris)` : `le ${formatDateFr(iso)}`;
}

/** What to do when a change on the account was not one's own: take it back with a code sent to this address. */
const TAKE_BACK_STEPS =
  "Reprenez-le sans attendre : sur la page de connexion, choisissez « Mot de passe oublié ? Recevoir un code par e-mail », connectez-vous avec le code reçu à cette adresse, puis choisissez un nouveau mot de passe depuis « Mon compte » ; les autres appareils sont alors déconnectés. Si vous pensez que votre messagerie elle-même a été piratée, changez d'abord son mot de passe.";

/**
 * To the owner of a confirmed account when someone asks to sign up with its address. The sign-up
 * answers the same whether or not an account exists (no enumeration): this email is where the
 * difference is told, to the one person entitled to know it. Nothing the requester typed is written.
 */
export function renderSignUpAttemptEmail(input: { firstName: string | null; signInUrl: string }): RenderedEmail {
  const greeting = composeGreeting(input.firstName);
  const what =
    "Quelqu'un vient de demander à créer un compte Zone Santé avec votre adresse e-mail. Vous avez déjà un compte : nous n'en avons pas créé d'autre, et le vôtre n'a pas changé.";
  const ifYou = "Si c'était vous, connectez-vous à votre compte. Mot de passe oublié ? Sur la page de connexion, demandez un code par e-mail.";
  const action = "Me connecter";
  const notYou =
    "Si ce n'était pas vous, vous n'avez rien à faire : personne ne peut se connecter à votre compte sans votre mot de passe ou un code envoyé à cette adresse.";
  return finishEmail("Demande d'inscription avec votre adresse – Zone Santé", {
    preheader: "Vous avez déjà un compte : aucun autre n'a été créé.",
    title: "Vous avez déjà un compte",
    bodyHtml: [renderParagraph(greeting), renderParagraph(what), renderParagraph(ifYou), renderButton(action, input.signInUrl), renderParagraph(notYou)],
    bodyText: [greeting, what, ifYou, `${action} : ${input.signInUrl}`, notYou],
    footerReason: "Vous recevez ce message parce que cette adresse e-mail a été indiquée lors d'une inscription à Zone Santé.",
  });
}

/** After a password was chosen for an account that had none, or changed: the owner hears of it at once. */
export function renderPasswordChangedEmail(input: { firstName: string | null; change: "set" | "changed"; changedAt: Date; signInUrl: string }): RenderedEmail {
  const greeting = composeGreeting(input.firstName);
  const moment = describeMoment(input.changedAt);
  const what =
    input.change === "set"
      ? `Un mot de passe a été choisi pour votre compte Zone Santé ${moment}. Vous pouvez désormais vous connecter avec lui.`
      : `Le mot de passe de votre compte Zone Santé a été modifié ${moment}. Les autres appareils connectés à votre compte ont été déconnectés.`;
  const ifYou = "Si c'était vous, vous n'avez rien à faire.";
  const notYou = `Si ce n'était pas vous, quelqu'un a pu accéder à votre compte. ${TAKE_BACK_STEPS}`;
  const action = "Me connecter avec un code";
  const subject = input.change === "set" ? "Un mot de passe a été choisi pour votre compte – Zone Santé" : "Votre mot de passe a été modifié – Zone Santé";
  return finishEmail(subject, {
    preheader: input.change === "set" ? "Un mot de passe protège désormais votre compte." : "Si ce n'était pas vous, reprenez votre compte avec un code.",
    title: input.change === "set" ? "Mot de passe choisi" : "Mot de passe modifié",
    bodyHtml: [renderParagraph(greeting), renderParagraph(what), renderParagraph(ifYou), renderParagraph(notYou), renderButton(action, input.signInUrl)],
    bodyText: [greeting, what, ifYou, notYou, `${action} : ${input.signInUrl}`],
    footerReason: "Vous recevez ce message parce que le mot de passe du compte Zone Santé associé à cette adresse e-mail a changé.",
  });
}

/** After a Google account was linked to an existing account (a new way to sign in). */
export function renderGoogleLinkedEmail(input: { firstName: string | null; linkedAt: Date; accountUrl: string; privacyUrl: string }): RenderedEmail {
  const greeting = composeGreeting(input.firstName);
  const what = `La connexion avec Google a été ajoutée à votre compte Zone Santé ${describeMoment(input.linkedAt)} : le compte Google de cette adresse e-mail permet désormais de vous connecter.`;
  const ifYou = "Si c'était vous, vous n'avez rien à faire.";
  const notYou =
    "Si ce n'était pas vous, quelqu'un contrôle un compte Google à votre adresse. Sécurisez d'abord ce compte Google (changez son mot de passe, vérifiez les appareils connectés), puis écrivez-nous pour que nous retirions cette connexion de votre compte Zone Santé : l'adresse de contact est indiquée en bas de chaque page du site, par exemple sur notre politique de confidentialité :";
  const privacy = "Politique de confidentialité";
  const account = "Mon compte Zone Santé";
  return finishEmail("Connexion avec Google ajoutée à votre compte – Zone Santé", {
    preheader: "Un nouveau moyen de connexion a été ajouté à votre compte.",
    title: "Connexion avec Google ajoutée",
    bodyHtml: [
      renderParagraph(greeting),
      renderParagraph(what),
      renderParagraph(ifYou),
      renderParagraphHtml(`${escapeFrench(notYou)} ${renderLink(privacy, input.privacyUrl)}`),
      renderParagraphHtml(renderLink(account, input.accountUrl)),
    ],
    bodyText: [greeting, what, ifYou, `${notYou}\n${privacy} : ${input.privacyUrl}`, `${account} : ${input.accountUrl}`],
    footerReason: "Vous recevez ce message parce qu'un moyen de connexion a été ajouté au compte Zone Santé associé à cette adresse e-mail.",
  });
}

// ---------------------------------------------------------------- alerts

/**
 * Confirmation of an alert sign-up without account (double opt-in): nothing else is sent before
 * it, and whoever did not ask for it can cancel it at once.
 */
export function renderSubscriptionConfirmEmail(input: { addressLabel: string; confirmUrl: string; cancelUrl: string }): RenderedEmail {
  const address = toInline(input.addressLabel);
  const action = "Confirmer mon inscription aux alertes";
  const request = `Vous avez demandé à recevoir les alertes Zone Santé pour l'adresse « ${address} » : eau du robinet, sécheresse, qualité de l'air et eaux de baignade.`;
  const confirm = "Pour commencer à les recevoir, confirmez votre adresse e-mail. Tant que vous ne l'avez pas fait, nous ne vous enverrons rien d'autre.";
  const notYou =
    "Si vous n'êtes pas à l'origine de cette demande, vous pouvez l'annuler tout de suite, ou ignorer ce message : vous ne recevrez aucune alerte, et la demande sera effacée sous 30 jours.";
  const cancel = "Je n'ai pas demandé cette inscription : annuler";
  return finishEmail("Confirmez votre inscription aux alertes – Zone Santé", {
    preheader: confirm,
    title: "Confirmez votre inscription aux alertes",
    bodyHtml: [
      renderParagraph("Bonjour,"),
      renderParagraph(request),
      renderParagraph(confirm),
      renderButton(action, input.confirmUrl),
      renderParagraphHtml(
        `${escapeFrench("Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :")}<br>${renderLink(input.confirmUrl, input.confirmUrl)}`,
      ),
      renderParagraph(notYou),
      renderParagraphHtml(renderLink(cancel, input.cancelUrl)),
    ],
    bodyText: [
      "Bonjour,",
      request,
      confirm,
      `${action} : ${input.confirmUrl}`,
      notYou,
      `Je n'ai pas demandé cette inscription, l'annuler : ${input.cancelUrl}`,
    ],
    footerReason: "Vous recevez ce message parce que cette adresse e-mail a été indiquée pour recevoir les alertes Zone Santé.",
  });
}

/**
 * To someone who signs up again for an address already confirmed: no new confirmation (nothing
 * to confirm), where she stands and the way to manage or stop these alerts.
 */
export function renderSubscriptionAlreadyConfirmedEmail(input: { addressLabel: string; manageUrl: string }): RenderedEmail {
  const address = toInline(input.addressLabel);
  const already = `Vous êtes déjà inscrit(e) pour cette adresse : « ${address} ». Vos alertes sont actives, vous n'avez rien à confirmer.`;
  const why = "Nous vous écrivons parce qu'une nouvelle demande d'inscription vient d'être faite avec votre adresse e-mail pour cette adresse.";
  const manage = "Gérer ou arrêter ces alertes";
  const notYou = "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : rien ne change.";
  return finishEmail("Vous êtes déjà inscrit(e) aux alertes – Zone Santé", {
    preheader: already,
    title: "Vous êtes déjà inscrit(e)",
    bodyHtml: [
      renderParagraph("Bonjour,"),
      renderParagraph(already),
      renderParagraph(why),
      renderParagraphHtml(renderLink(manage, input.manageUrl)),
      renderParagraph(notYou),
    ],
    bodyText: ["Bonjour,", already, why, `${manage} : ${input.manageUrl}`, notYou],
    footerReason: "Vous recevez ce message parce que cette adresse e-mail a été indiquée pour recevoir les alertes Zone Santé.",
  });
}

/**
 * Where a confirmed sign-up stands today (issue 23): the report's « L'essentiel » lines for the
 * address (core/report/present.ts), « À retenir » first, and the alerts this address can get
 * (core/alerts/available.ts). null when the report could not be built.
 */
export interface SignUpStanding {
  essentials: string[];
  alerts: AlertsAvailability;
}

/**
 * After a confirmed alert sign-up (once): the address, where it stands today in the report's words
 * — the levels in force, a drought « Crise » included, are told here, the daily run then announcing
 * their changes — the alerts it can really get, when, and the way out.
 */
export function renderSubscriptionWelcomeEmail(input: {
  addressLabel: string;
  reportUrl: string;
  unsubscribeUrl: string;
  standing?: SignUpStanding | null;
}): RenderedEmail {
  const address = toInline(input.addressLabel);
  const standing = input.standing ?? null;
  const alerts = standing?.alerts ?? alertsAvailableFor(null);
  const done = `Votre inscription est confirmée : nous surveillons désormais l'adresse « ${address} ».`;
  const today = `Aujourd'hui, pour cette adresse :`;
  const baseline = "Ces niveaux sont ceux en vigueur aujourd'hui : nous vous écrirons quand ils changent.";
  const what = "Vous recevrez un e-mail quand l'une de ces situations change :";
  const notHere = "Ce que nous ne pouvons pas vous signaler pour cette adresse :";
  const when = `Nous vérifions les données officielles chaque jour en fin d'après-midi, vers ${ALERT_HOUR_PARIS}${NBSP}h (heure de Paris). Les jours où rien ne change, vous ne recevez rien.`;
  const report = "Voir le bilan actuel de mon adresse";
  const stop = "Vous pouvez arrêter ces alertes à tout moment, depuis ce lien ou celui de chaque alerte :";
  const unsubscribe = "Se désinscrire de ces alertes";
  const available = alerts.available.map((alert) => alert.text);
  const notAvailable = alerts.notAvailable.map((alert) => alert.text);
  return finishEmail("Vos alertes Zone Santé sont activées", {
    preheader: `${done} Vous recevrez un e-mail seulement si la situation change.`,
    title: "Vos alertes sont activées",
    bodyHtml: [
      renderParagraph("Bonjour,"),
      renderParagraph(done),
      ...(standing ? [renderParagraph(today), renderList(standing.essentials.map(escapeFrench)), renderParagraph(baseline)] : []),
      renderParagraph(what),
      renderList(available.map(escapeFrench)),
      ...(notAvailable.length > 0 ? [renderParagraph(notHere), renderList(notAvailable.map(escapeFrench))] : []),
      renderParagraph(when),
      renderParagraphHtml(renderLink(report, input.reportUrl)),
      renderParagraph(DISCLAIMER),
      renderParagraphHtml(`${escapeFrench(stop)} ${renderLink(unsubscribe, input.unsubscribeUrl)}`),
    ],
    bodyText: [
      "Bonjour,",
      done,
      ...(standing ? [`${today}\n${standing.essentials.map((line) => `- ${line}`).join("\n")}`, baseline] : []),
      `${what}\n${available.map((topic) => `- ${topic}`).join("\n")}`,
      ...(notAvailable.length > 0 ? [`${notHere}\n${notAvailable.map((topic) => `- ${topic}`).join("\n")}`] : []),
      when,
      `${report} : ${input.reportUrl}`,
      DISCLAIMER,
      `${stop}\n${unsubscribe} : ${input.unsubscribeUrl}`,
    ],
    footerReason: "Vous recevez ce message parce que vous venez de confirmer votre inscription aux alertes Zone Santé avec cette adresse e-mail.",
  });
}

/** One alert sign-up of the mailbox, in the email that lists them. */
export interface ManagedSubscription {
  addressLabel: string;
  /** false while the sign-up waits for its confirmation click */
  confirmed: boolean;
  unsubscribeUrl: string;
}

/**
 * Asked from /desinscription: every alert sign-up of this address, each with its own way out,
 * and the account's page when there is one. Nothing in it changes anything until clicked.
 */
export function renderManageLinkEmail(input: {
  subscriptions: ManagedSubscription[];
  /** null without a confirmed account for this address */
  account: { manageUrl: string; unsubscribeUrl: string } | null;
}): RenderedEmail {
  const intro = "Vous avez demandé un lien pour gérer les alertes Zone Santé reçues à cette adresse e-mail.";
  const html = [renderParagraph("Bonjour,"), renderParagraph(intro)];
  const text = ["Bonjour,", intro];
  if (input.subscriptions.length > 0) {
    const heading = input.subscriptions.length === 1 ? "Votre inscription aux alertes sans compte :" : "Vos inscriptions aux alertes sans compte :";
    const items = input.subscriptions.map((subscription) => {
      const address = toInline(subscription.addressLabel);
      return {
        state: subscription.confirmed ? `« ${address} » : alertes actives.` : `« ${address} » : inscription en attente de confirmation.`,
        action: subscription.confirmed ? `Me désinscrire des alertes pour ${address}` : `Annuler l'inscription pour ${address}`,
        url: subscription.unsubscribeUrl,
      };
    });
    html.push(renderParagraph(heading), renderList(items.map((item) => `${escapeFrench(item.state)}<br>${renderLink(item.action, item.url)}`)));
    text.push(`${heading}\n${items.map((item) => `- ${item.state}\n  ${item.action} : ${item.url}`).join("\n")}`);
  }
  if (input.account) {
    const account =
      "Vous avez aussi un compte Zone Santé : vos adresses surveillées et les alertes que vous recevez se gèrent depuis votre espace, une fois connecté.";
    const manage = "Gérer mes alertes et préférences";
    const stop = "Ou, sans vous connecter, arrêtez d'un coup toutes les alertes de votre compte (le compte est conservé) :";
    const unsubscribe = "Arrêter toutes les alertes de mon compte";
    html.push(
      renderParagraph(account),
      renderParagraphHtml(renderLink(manage, input.account.manageUrl)),
      renderParagraphHtml(`${escapeFrench(stop)} ${renderLink(unsubscribe, input.account.unsubscribeUrl)}`),
    );
    text.push(account, `${manage} : ${input.account.manageUrl}`, `${stop}\n${unsubscribe} : ${input.account.unsubscribeUrl}`);
  }
  const notYou = "Si vous n'avez pas demandé ce lien, ignorez ce message : rien ne change tant que vous ne cliquez sur aucun lien.";
  html.push(renderParagraph(notYou));
  text.push(notYou);
  return finishEmail("Gérer vos alertes Zone Santé", {
    preheader: "Les liens pour gérer ou arrêter les alertes reçues à cette adresse e-mail.",
    title: "Gérer vos alertes",
    bodyHtml: html,
    bodyText: text,
    footerReason: "Vous recevez ce message parce qu'un lien de gestion des alertes a été demandé pour cette adresse e-mail sur Zone Santé.",
  });
}

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

// ---------------------------------------------------------------- admins' notice

/** To the admins (ADMIN_EMAILS): a source missed its deadline, or a run dead-lettered messages. At most one a day per cause. */
export function renderAdminNoticeEmail(
  input:
    | { cause: "source"; sourceName: string; stateLabel: string; lastSuccessAt: Date | null; statusUrl: string }
    | { cause: "dead-letters"; deadLetters: number; runStartedAt: Date; statusUrl: string },
): RenderedEmail {
  const when = (date: Date) => `le ${formatDateTimeFr(date.toISOString())}`;
  const lines =
    input.cause === "source"
      ? [
          `La source « ${input.sourceName} » est ${input.stateLabel} : elle n'a pas été lue avec succès dans le délai de sa publication.`,
          input.lastSuccessAt ? `Dernière lecture réussie : ${when(input.lastSuccessAt)}.` : "Aucune lecture réussie n'est enregistrée.",
        ]
      : [
          `Le passage des alertes commencé ${when(input.runStartedAt)} a mis ${formatNumberFr(input.deadLetters)} message(s) de côté après toutes leurs tentatives : leurs communes seront vérifiées de nouveau au prochain passage.`,
        ];
  const more = "Vous ne recevrez pas d'autre message pour cette cause aujourd'hui.";
  const statusLink = "État du service";
  const subject = input.cause === "source" ? `Source en retard : ${input.sourceName} – Zone Santé` : "Alertes : messages mis de côté – Zone Santé";
  return finishEmail(subject, {
    preheader: lines[0] ?? "",
    title: input.cause === "source" ? "Une source est en retard" : "Des messages d'alerte ont échoué",
    bodyHtml: [...lines.map((line) => renderParagraph(line)), renderParagraph(more), renderParagraphHtml(renderLink(statusLink, input.statusUrl))],
    bodyText: [...lines, more, `${statusLink} : ${input.statusUrl}`],
    footerReason: "Vous recevez ce message parce que votre adresse figure parmi les administrateurs de Zone Santé (ADMIN_EMAILS).",
  });
}
