// Transactional emails: pure functions of their input, in French, each with an HTML and a text part.
// Prose goes through frenchTypography (no-break spaces) and every HTML value through escapeHtml.
import { DISCLAIMER, presentReport, type SectionPresentation } from "../../core/report/present.ts";
import { formatDateFr, formatNumberFr, frenchTypography, NBSP } from "../../core/shared/format.ts";
import type { Report } from "../../core/types.ts";
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
  const action = "Confirmer mon adresse email";
  const request = "Pour activer votre compte Zone Santé, confirmez votre adresse email.";
  const validity = `Ce lien est valable ${formatDuration(input.expiresInHours, "heure", "heures")}.`;
  const notYou = "Si vous n'êtes pas à l'origine de cette inscription, ignorez ce message : aucun compte ne sera activé.";
  return finishEmail("Confirmez votre adresse email – Zone Santé", {
    preheader: `${request} ${validity}`,
    title: "Confirmez votre adresse email",
    bodyHtml: [
      renderParagraph(greeting),
      renderParagraph(request),
      renderButton(action, input.confirmUrl),
      renderParagraph(validity),
      renderParagraphHtml(`${escapeFrench("Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :")}<br>${renderLink(input.confirmUrl, input.confirmUrl)}`),
      renderParagraph(notYou),
    ],
    bodyText: [greeting, request, `${action} : ${input.confirmUrl}`, validity, notYou],
    footerReason: "Vous recevez ce message parce que cette adresse email a été indiquée lors d'une inscription à Zone Santé.",
  });
}

// ---------------------------------------------------------------- sign-in code

/** The code is the only credential in this email: it never carries a link that signs in. */
export function renderSignInCodeEmail(input: { code: string; expiresInMinutes: number }): RenderedEmail {
  const code = toInline(input.code);
  const intro = "Voici votre code de connexion à Zone Santé :";
  const validity = `Il est valable ${formatDuration(input.expiresInMinutes, "minute", "minutes")} et ne peut servir qu'une seule fois.`;
  const forgotten = "Ce code sert aussi si vous avez oublié votre mot de passe : une fois connecté, choisissez-en un nouveau depuis votre espace « Mon compte ».";
  const secret = "Ne communiquez ce code à personne : l'équipe de Zone Santé ne vous le demandera jamais.";
  const notYou = "Si vous n'avez pas demandé ce code, ignorez ce message : personne ne peut se connecter sans lui.";
  // letter-spacing spaces the digits on screen while a copy still gives the six digits together.
  const codeHtml = `<p style="margin:8px 0 24px 0;font-family:'Courier New', Courier, monospace;font-size:32px;font-weight:bold;letter-spacing:8px;">${escapeFrench(code)}</p>`;
  // Neither the subject nor the preheader carries the code: lock screens and notifications show them.
  return finishEmail("Votre code de connexion – Zone Santé", {
    preheader: `Le code de connexion demandé est dans ce message. ${validity}`,
    title: "Votre code de connexion",
    bodyHtml: [renderParagraph(intro), codeHtml, renderParagraph(validity), renderParagraph(forgotten), renderParagraph(secret), renderParagraph(notYou)],
    bodyText: [intro, code, validity, forgotten, secret, notYou],
    footerReason: "Vous recevez ce message parce qu'un code de connexion à Zone Santé a été demandé pour cette adresse email.",
  });
}

// ---------------------------------------------------------------- latest report

/**
 * One address, from the report's one presentation (core/report/present.ts): the five-second
 * summary in the official words, each section's headline word with its date and source, then the
 * prominent advice with its text (the advice for infants and pregnant women comes first when it
 * applies) and the other advice by title.
 */
function renderReport(report: Report, reportUrl: string): { html: string[]; text: string[] } {
  const presentation = presentReport(report);
  const label = toInline(presentation.title);
  const sections: SectionPresentation[] = [presentation.water, presentation.air, presentation.drought, presentation.bathing];
  const describe = (section: SectionPresentation, extra: string[] = []) => ({
    heading: `${section.title} : ${section.headline.word}`,
    // A rated section's message repeats its summary line; an unrated one's says why (a failure, no data).
    details: [section.dateLine, section.headline.tone === "neutral" ? section.message : null, ...extra].filter((line): line is string => line !== null),
    source: `Source : ${section.source.name}`,
  });
  // Each drought zone with its own word, what it means for households and its decree's period.
  const zones = presentation.drought.zones.map(
    (zone) => `${zone.title} : ${zone.badge.word} – ${zone.restrictionsSummary}${zone.period ? `, arrêté ${zone.period}` : ""}`,
  );
  const lines = sections.map((section) => describe(section, section.key === "drought" ? zones : []));
  const prominent = presentation.advice.filter((advice) => advice.prominent);
  const others = presentation.advice.filter((advice) => !advice.prominent);
  // The address in the link text tells several « Voir le bilan complet » links apart out of context.
  const linkLabel = `Voir le bilan complet pour ${label}`;
  const html = [
    renderHeading(label),
    renderParagraph(`Bilan du ${formatDateFr(report.generated_at)}`),
    renderList(presentation.summary.map((line) => escapeFrench(line.text))),
    renderList(
      lines.map((line) =>
        [`<strong>${escapeFrench(line.heading)}</strong>`, ...line.details.map(escapeFrench), renderSmall(line.source)].join("<br>"),
      ),
    ),
  ];
  const text = [
    `${label}\nBilan du ${formatDateFr(report.generated_at)}`,
    presentation.summary.map((line) => `- ${line.text}`).join("\n"),
    lines.map((line) => [`- ${line.heading}`, ...line.details.map((detail) => `  ${detail}`), `  ${line.source}`].join("\n")).join("\n"),
  ];
  if (prominent.length > 0) {
    html.push(
      renderParagraph("Nos conseils :"),
      renderList(prominent.map((advice) => `<strong>${escapeFrench(`${advice.severityLabel} – ${advice.title}`)}</strong><br>${escapeFrench(advice.text)}`)),
    );
    text.push(`Nos conseils :\n${prominent.map((advice) => `- ${advice.severityLabel} – ${advice.title}\n  ${advice.text}`).join("\n")}`);
  }
  if (others.length > 0) {
    const heading = prominent.length > 0 ? "Autres conseils :" : "Nos conseils :";
    html.push(renderParagraph(heading), renderList(others.map((advice) => escapeFrench(advice.title))));
    text.push(`${heading}\n${others.map((advice) => `- ${advice.title}`).join("\n")}`);
  }
  html.push(renderParagraphHtml(renderLink(linkLabel, reportUrl)));
  text.push(`${linkLabel} : ${reportUrl}`);
  return { html, text };
}

export function renderLatestReportEmail(input: {
  firstName: string | null;
  reports: Report[];
  accountUrl: string;
  reportUrlFor: (report: Report) => string;
}): RenderedEmail {
  const greeting = composeGreeting(input.firstName);
  const preferences = "Gérer mes préférences d'alerte";
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
    for (const report of input.reports) {
      const part = renderReport(report, input.reportUrlFor(report));
      html.push(...part.html);
      text.push(...part.text);
    }
  }
  html.push(renderParagraphHtml(renderLink(preferences, input.accountUrl)), renderParagraph(DISCLAIMER));
  text.push(`${preferences} : ${input.accountUrl}`, DISCLAIMER);
  return finishEmail("Votre bilan santé-environnement", {
    preheader: "L'eau du robinet, l'air et la sécheresse à vos adresses, d'après les données officielles.",
    title: "Votre bilan santé-environnement",
    bodyHtml: html,
    bodyText: text,
    footerReason:
      "Vous recevez ce bilan parce que vous avez un compte Zone Santé avec cette adresse email. Vous pouvez choisir les emails que vous recevez depuis votre espace « Mon compte ».",
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
  const last = "Vous ne recevrez plus aucun email de notre part. Vous pouvez toujours consulter Zone Santé sans compte.";
  const privacy = "Politique de confidentialité";
  return finishEmail("Votre compte Zone Santé a été supprimé", {
    preheader: "Vos données ont été effacées. C'est le dernier email que nous vous envoyons.",
    title: "Votre compte a été supprimé",
    bodyHtml: [
      renderParagraph(greeting),
      renderParagraph(done),
      renderList(erased.map(escapeFrench)),
      renderParagraph(history),
      renderParagraph(last),
      renderParagraphHtml(renderLink(privacy, input.privacyUrl)),
    ],
    bodyText: [greeting, done, erased.map((item) => `- ${item}`).join("\n"), history, last, `${privacy} : ${input.privacyUrl}`],
    footerReason: "Vous recevez ce dernier message parce que le compte Zone Santé associé à cette adresse email a été supprimé.",
  });
}

// ---------------------------------------------------------------- alerts

/** Confirmation of an alert sign-up without account (double opt-in): nothing else is sent before it. */
export function renderSubscriptionConfirmEmail(input: { addressLabel: string; confirmUrl: string }): RenderedEmail {
  const address = toInline(input.addressLabel);
  const action = "Confirmer mon inscription aux alertes";
  const request = `Vous avez demandé à recevoir les alertes Zone Santé pour l'adresse « ${address} » : eau du robinet, sécheresse, qualité de l'air et eaux de baignade.`;
  const confirm = "Pour commencer à les recevoir, confirmez votre adresse email. Tant que vous ne l'avez pas fait, nous ne vous enverrons rien d'autre.";
  const notYou = "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : vous ne recevrez aucune alerte, et la demande sera effacée sous 30 jours.";
  return finishEmail("Confirmez votre inscription aux alertes – Zone Santé", {
    preheader: confirm,
    title: "Confirmez votre inscription aux alertes",
    bodyHtml: [
      renderParagraph("Bonjour,"),
      renderParagraph(request),
      renderParagraph(confirm),
      renderButton(action, input.confirmUrl),
      renderParagraphHtml(`${escapeFrench("Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :")}<br>${renderLink(input.confirmUrl, input.confirmUrl)}`),
      renderParagraph(notYou),
    ],
    bodyText: ["Bonjour,", request, confirm, `${action} : ${input.confirmUrl}`, notYou],
    footerReason: "Vous recevez ce message parce que cette adresse email a été indiquée pour recevoir les alertes Zone Santé.",
  });
}

export interface AlertEmailEvent {
  title: string;
  lines: string[];
  dataDate: string | null;
  source: { name: string; url: string };
}

/**
 * The daily digest: one email per recipient and run, every address with its new alerts, the date
 * and source of each, a link to the full report, and a one-click way out.
 */
export function renderAlertDigestEmail(input: {
  firstName: string | null;
  addresses: Array<{ label: string; reportUrl: string; events: AlertEmailEvent[] }>;
  unsubscribeUrl: string;
  /** account holders manage their preferences there; null for sign-ups without account */
  manageUrl: string | null;
}): RenderedEmail {
  const events = input.addresses.flatMap((address) => address.events);
  const subject = events.length === 1 && events[0] ? `Zone Santé – ${events[0].title}` : `Zone Santé – ${events.length} alertes pour vos adresses`;
  const greeting = composeGreeting(input.firstName);
  const intro =
    input.addresses.length === 1
      ? "Les données officielles ont changé pour votre adresse surveillée."
      : "Les données officielles ont changé pour vos adresses surveillées.";
  const html = [renderParagraph(greeting), renderParagraph(intro)];
  const text = [greeting, intro];
  for (const address of input.addresses) {
    const label = toInline(address.label);
    html.push(renderHeading(label));
    text.push(`${label}\n${"-".repeat(Math.min(label.length, 60))}`);
    for (const event of address.events) {
      const dated = `${event.dataDate ? `Données du ${formatDateFr(event.dataDate)} – ` : ""}Source : ${event.source.name}`;
      html.push(
        renderParagraphHtml(`<strong>${escapeFrench(event.title)}</strong>`),
        renderList(event.lines.map(escapeFrench)),
        renderParagraphHtml(`${renderSmall(dated)} ${renderLink(event.source.name, event.source.url)}`),
      );
      text.push([event.title, ...event.lines.map((line) => `- ${line}`), `${dated} (${event.source.url})`].join("\n"));
    }
    const linkLabel = `Voir le bilan complet pour ${label}`;
    html.push(renderParagraphHtml(renderLink(linkLabel, address.reportUrl)));
    text.push(`${linkLabel} : ${address.reportUrl}`);
  }
  const unsubscribe = "Se désinscrire de ces alertes";
  html.push(renderParagraph(DISCLAIMER));
  text.push(DISCLAIMER);
  if (input.manageUrl) {
    const manage = "Gérer mes préférences d'alerte";
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
      ? "Vous recevez cet email parce que vous surveillez ces adresses depuis votre compte Zone Santé."
      : "Vous recevez cet email parce que vous vous êtes inscrit(e) aux alertes Zone Santé et avez confirmé votre adresse email.",
  });
}
