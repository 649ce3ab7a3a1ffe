// Transactional emails: pure functions of their input, in French, each with an HTML and a text part.
// Prose goes through frenchTypography (no-break spaces) and every HTML value through escapeHtml.
import { formatDateFr, formatNumberFr, frenchTypography } from "../../core/shared/format.ts";
import { LEVEL_LABELS } from "../../core/shared/levels.ts";
import { describeProhibition } from "../../core/bathing/notes.ts";
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

const NBSP = "\u00A0";
const MEDICAL_DISCLAIMER = "Ces informations sont générales et ne remplacent pas l'avis d'un professionnel de santé.";
const MAX_RECOMMENDATIONS_PER_ADDRESS = 2;

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

export function renderConfirmEmail(input: { firstName: string | null; confirmUrl: string; expiresInHours: number }): RenderedEmail {
  const greeting = composeGreeting(input.firstName);
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
  return finishEmail(`Votre code de connexion : ${code}`, {
    preheader: `${intro} ${code}`,
    title: "Votre code de connexion",
    bodyHtml: [renderParagraph(intro), codeHtml, renderParagraph(validity), renderParagraph(forgotten), renderParagraph(secret), renderParagraph(notYou)],
    bodyText: [intro, code, validity, forgotten, secret, notYou],
    footerReason: "Vous recevez ce message parce qu'un code de connexion à Zone Santé a été demandé pour cette adresse email.",
  });
}

// ---------------------------------------------------------------- latest report

interface SectionLine {
  name: string;
  status: string;
  source: string;
}

function describeWater(report: Report): SectionLine {
  const water = report.water_quality;
  const base = { name: "Eau du robinet", source: water.source.name };
  if (!water.success || water.level === "unavailable") return { ...base, status: describeUnavailable(water.message) };
  const date = water.sampled_at ? ` (prélèvement du ${formatDateFr(water.sampled_at)})` : "";
  return { ...base, status: `${LEVEL_LABELS[water.level]}${date}` };
}

function describeAir(report: Report): SectionLine {
  const air = report.air_quality;
  const base = { name: "Qualité de l'air", source: air.source.name };
  if (!air.success || air.level === "unavailable") return { ...base, status: describeUnavailable(air.message) };
  const level = LEVEL_LABELS[air.level];
  if (!air.index) return { ...base, status: level };
  const day = formatDateFr(air.index.date);
  // The model estimate must never read as the official index.
  if (air.origin === "cams") return { ...base, status: `${level} (estimation modélisée du ${day})` };
  return { ...base, status: `${level} (indice ATMO « ${air.index.label} » du ${day})` };
}

function describeDrought(report: Report): SectionLine {
  const drought = report.drought;
  const base = { name: "Sécheresse", source: drought.source.name };
  if (!drought.success) return { ...base, status: describeUnavailable(drought.message) };
  if (drought.zones.length === 0) return { ...base, status: drought.label };
  // Each water type that applies, worst first, with its official word: « Crise (eau superficielle,
  // arrêté en vigueur jusqu'au …) ; Alerte (eau potable, …) ». An unknown level says so.
  const zones = drought.zones.map((zone) => {
    const decree = zone.decree;
    const period = decree?.end
      ? `, arrêté en vigueur jusqu'au ${formatDateFr(decree.end)}`
      : decree?.start
        ? `, arrêté en vigueur depuis le ${formatDateFr(decree.start)}`
        : "";
    return `${zone.label} (${zone.type_label.toLowerCase()}${period})`;
  });
  return { ...base, status: zones.join(" ; ") };
}

function describeBathing(report: Report): SectionLine {
  const bathing = report.bathing;
  const base = { name: "Baignade", source: bathing.source.name };
  const nearest = bathing.sites[0];
  if (!nearest) return { ...base, status: "Aucun site de baignade surveillé à proximité" };
  const others = bathing.sites.length > 1 ? ` (et ${bathing.sites.length - 1} autre${bathing.sites.length > 2 ? "s" : ""} site${bathing.sites.length > 2 ? "s" : ""} à moins de 20 km)` : "";
  // As on the page: a ban of an earlier season is information with its season, not « Baignade interdite ».
  const earlierBan = nearest.prohibition && !nearest.prohibition.current ? ` ; ${describeProhibition(nearest.prohibition).replace(/^I/, "i")}` : "";
  return { ...base, status: `${nearest.name} : ${nearest.status_label}${earlierBan}${others}` };
}

function describeUnavailable(message: string | null): string {
  return message ? `${LEVEL_LABELS.unavailable} – ${message}` : LEVEL_LABELS.unavailable;
}

function renderReport(report: Report, reportUrl: string): { html: string[]; text: string[] } {
  const label = toInline(report.address.label);
  const lines = [describeWater(report), describeAir(report), describeDrought(report), ...(report.bathing ? [describeBathing(report)] : [])];
  const advice = report.recommendations.slice(0, MAX_RECOMMENDATIONS_PER_ADDRESS).map((recommendation) => recommendation.title);
  // The address in the link text tells several « Voir le bilan complet » links apart out of context.
  const linkLabel = `Voir le bilan complet pour ${label}`;
  const html = [
    renderHeading(label),
    renderParagraph(`Bilan du ${formatDateFr(report.generated_at)}`),
    renderList(
      lines.map((line) => `<strong>${escapeFrench(`${line.name} :`)}</strong> ${escapeFrench(line.status)}<br>${renderSmall(`Source : ${line.source}`)}`),
    ),
  ];
  const text = [
    `${label}\nBilan du ${formatDateFr(report.generated_at)}`,
    lines.map((line) => `- ${line.name} : ${line.status}\n  Source : ${line.source}`).join("\n"),
  ];
  if (advice.length > 0) {
    html.push(renderParagraph("Nos conseils :"), renderList(advice.map(escapeFrench)));
    text.push(`Nos conseils :\n${advice.map((title) => `- ${title}`).join("\n")}`);
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
  html.push(renderParagraphHtml(renderLink(preferences, input.accountUrl)), renderParagraph(MEDICAL_DISCLAIMER));
  text.push(`${preferences} : ${input.accountUrl}`, MEDICAL_DISCLAIMER);
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
    "vos abonnements aux alertes ;",
    "les codes et liens de confirmation en attente.",
  ];
  const history =
    "L'historique des alertes qui vous ont été envoyées est conservé uniquement dans les conditions prévues par notre politique de confidentialité (24 mois), puis supprimé.";
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
  html.push(renderParagraph(MEDICAL_DISCLAIMER));
  text.push(MEDICAL_DISCLAIMER);
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
