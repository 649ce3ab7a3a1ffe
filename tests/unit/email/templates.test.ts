import { describe, expect, it } from "vitest";
import { ALERT_TOPIC_NAMES } from "../../../src/sections/rules.ts";
import { evaluateAirQuality } from "../../../src/sections/air/index.ts";
import { evaluateDrought } from "../../../src/sections/drought/index.ts";
import { deriveAddressInfo, presentReport, sectionOf } from "../../../src/core/report/index.ts";
import { frenchTypography } from "../../../src/core/shared/format.ts";
import type { Address, AtmoIndex, CamsEstimate, DroughtZone, Report, SourceResult, WaterResult } from "../../../src/core/types.ts";
import { evaluateWaterQuality } from "../../../src/sections/water/index.ts";
import { escapeHtml, renderButton, renderEmailLayout } from "../../../src/server/email/layout.ts";
import * as templates from "../../../src/server/email/templates.ts";
import {
  renderAccountDeletedEmail,
  renderAlertDigestEmail,
  renderConfirmEmail,
  renderAdminNoticeEmail,
  renderGoogleLinkedEmail,
  renderLatestReportEmail,
  renderManageLinkEmail,
  renderPasswordChangedEmail,
  renderSignInCodeEmail,
  renderSignUpAttemptEmail,
  renderSubscriptionAlreadyConfirmedEmail,
  renderSubscriptionConfirmEmail,
  renderSubscriptionWelcomeEmail,
  type RenderedEmail,
} from "../../../src/server/email/templates.ts";
import { HUBEAU_SOURCE } from "../../../src/core/shared/sources.ts";
import { atmoIndex, camsEstimate, droughtZone, NOW, waterResult, noBathing } from "../core/builders.ts";
import { MAIN_SCENARIO } from "../../fixtures/scenarios.ts";
import { contrastRatio } from "../../helpers/contrast.ts";
import { unreadSections } from "../../helpers/unread-sections.ts";
import { outdoorSections, pollenNotCovered, radonNotClassified, weatherNotConfigured } from "../core/outdoor-builders.ts";
import { assembleNamed } from "../../helpers/assemble.ts";

const NBSP = "\u00a0";
const HOSTILE = `<script>alert("x")</script> & 'co'`;
const HOSTILE_ESCAPED = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;";
const ACCOUNT_URL = "https://zone-sante.fr/compte";
// The one disclaimer of the page, the PDF and the emails.
const DISCLAIMER =
  "Ces informations proviennent de données publiques officielles et donnent des conseils généraux. Elles ne remplacent pas l'avis d'un professionnel de santé ni les consignes de votre mairie, de l'Agence régionale de santé ou de la préfecture.";
const PRIVACY_URL = "https://zone-sante.fr/confidentialite";
const SIGN_IN_URL = "https://zone-sante.fr/auth";
const STATUS_URL = "https://zone-sante.fr/etat";
const CONFIRM_ALERTS_URL = "https://zone-sante.fr/confirmation-alertes?i=abc&t=ff";
const UNSUBSCRIBE_URL = "https://zone-sante.fr/desinscription?u=s_abc&t=ee";
const ACCOUNT_UNSUBSCRIBE_URL = "https://zone-sante.fr/desinscription?u=a_xyz&t=dd";
const REPORT_URL = "https://zone-sante.fr/?lat=49.8985&lon=2.2952&citycode=80021#analyse";

const AMIENS: Address = {
  ...MAIN_SCENARIO,
  context: "80, Somme, Hauts-de-France",
  type: "housenumber",
  score: 0.97,
};

/** A report made by the real core: Amiens with good water, ATMO « Moyen » and a drought « alerte » by default. */
function buildReport(
  input: {
    address?: Partial<Address>;
    water?: SourceResult<WaterResult[]>;
    atmo?: SourceResult<AtmoIndex[]>;
    cams?: SourceResult<CamsEstimate>;
    zones?: SourceResult<DroughtZone[]>;
    /** issue 26's four (DERIVED, tests/unit/core/outdoor-builders.ts); unread unless given */
    outdoor?: Partial<ReturnType<typeof unreadSections>>;
  } = {},
): Report {
  const address = { ...AMIENS, ...input.address };
  return assembleNamed({
    ...unreadSections(NOW, "80021"),
    ...input.outdoor,
    address,
    addressInfo: deriveAddressInfo(address),
    water: evaluateWaterQuality({ results: input.water ?? { ok: true, data: [waterResult()] }, udi: null, udis: [], now: NOW }),
    air: evaluateAirQuality({
      citycode: "80021",
      atmo: input.atmo ?? { ok: true, data: [atmoIndex({ code: 2, label: "Moyen" })] },
      cams: input.cams ?? { ok: true, data: camsEstimate() },
      now: NOW,
    }),
    drought: evaluateDrought({ zones: input.zones ?? { ok: true, data: [droughtZone()] }, now: NOW, citycode: "80021" }),
    bathing: noBathing(),
    now: NOW,
  });
}

/** What a reader sees in the HTML part: tags dropped, entities decoded. */
function visibleText(html: string): string {
  return decodeEntities(
    html
      .replace(/<head>[\s\S]*?<\/head>/, "")
      .replace(/<(br|\/p|\/li|\/h\d|\/td|\/div)\b[^>]*>/g, "\n")
      .replace(/<[^>]+>/g, ""),
  ).replace(/[ \t]+/g, " ");
}

function decodeEntities(html: string): string {
  return html
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

/** A sentence written with ordinary spaces, as both parts must show it. */
function expectInBothParts(email: RenderedEmail, sentence: string): void {
  const typeset = frenchTypography(sentence);
  expect(email.text).toContain(typeset);
  expect(visibleText(email.html)).toContain(typeset);
}

function linksOf(html: string): Array<{ href: string; label: string }> {
  return [...html.matchAll(/<a href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map((match) => ({
    href: decodeEntities(match[1] ?? ""),
    label: visibleText(match[2] ?? ""),
  }));
}

const withoutUrls = (text: string) => text.replace(/https?:\/\/\S+/g, "URL");

const threeReports = () => [
  buildReport(),
  // Maraussan-like: Hub'Eau down, no ATMO index so the CAMS estimate, drought « crise » without an end date.
  buildReport({
    address: { label: "1 Place de la Mairie 34370 Maraussan", citycode: "34150", postcode: "34370", city: "Maraussan" },
    water: { ok: false, reason: "timeout" },
    atmo: { ok: true, data: [] },
    cams: { ok: true, data: camsEstimate({ pm2_5: 8 }) },
    zones: { ok: true, data: [droughtZone({ gravity: "crise", decree: { start: "2026-11-01", end: null, url: null, frameworkUrl: null } })] },
  }),
  buildReport({ address: { label: HOSTILE }, zones: { ok: false, reason: "http" } }),
];

const reportUrlFor = (report: Report) => `https://zone-sante.fr/?q=${encodeURIComponent(report.address.label)}&src=email`;

const PENDING_REPORT_URL = "https://zone-sante.fr/?lat=43.4&lon=3.1&citycode=34148#analyse";
const PENDING_UNSUBSCRIBE_URL = "https://zone-sante.fr/desinscription?u=s_def&t=cc";

const manageLinkEmail = (account: boolean) =>
  renderManageLinkEmail({
    subscriptions: [
      { addressLabel: AMIENS.label, confirmed: true, reportUrl: REPORT_URL, unsubscribeUrl: UNSUBSCRIBE_URL },
      { addressLabel: HOSTILE, confirmed: false, confirmUrl: CONFIRM_ALERTS_URL, reportUrl: PENDING_REPORT_URL, unsubscribeUrl: PENDING_UNSUBSCRIBE_URL },
    ],
    topics: { signUp: ALERT_TOPIC_NAMES.signUp, accountOnly: ALERT_TOPIC_NAMES.accountOnly },
    account: account
      ? { manageUrl: ACCOUNT_URL, unsubscribeUrl: ACCOUNT_UNSUBSCRIBE_URL, topicsOn: "eau du robinet et sécheresse", topicsOff: "pollens" }
      : null,
    createAccountUrl: SIGN_IN_URL,
  });

const allEmails = (): Array<[string, RenderedEmail]> => [
  ["confirm", renderConfirmEmail({ firstName: "Marie", confirmUrl: "https://zone-sante.fr/confirmation-compte?token=abc", expiresInHours: 24 })],
  ["sign-in code", renderSignInCodeEmail({ code: "123456", expiresInMinutes: 10, accountUrl: ACCOUNT_URL })],
  ["report, none", renderLatestReportEmail({ firstName: null, reports: [], accountUrl: ACCOUNT_URL, reportUrlFor })],
  ["report, three", renderLatestReportEmail({ firstName: "Marie", reports: threeReports(), accountUrl: ACCOUNT_URL, reportUrlFor })],
  ["account deleted", renderAccountDeletedEmail({ firstName: "Marie", deletedAt: NOW, privacyUrl: PRIVACY_URL })],
  ["sign-up attempt", renderSignUpAttemptEmail({ firstName: "Marie", signInUrl: SIGN_IN_URL })],
  ["password set", renderPasswordChangedEmail({ firstName: null, change: "set", changedAt: NOW, signInUrl: SIGN_IN_URL })],
  ["password changed", renderPasswordChangedEmail({ firstName: "Marie", change: "changed", changedAt: NOW, signInUrl: SIGN_IN_URL })],
  ["Google linked", renderGoogleLinkedEmail({ firstName: "Marie", linkedAt: NOW, accountUrl: ACCOUNT_URL, privacyUrl: PRIVACY_URL })],
  [
    "alert sign-up confirmation",
    renderSubscriptionConfirmEmail({ addressLabel: HOSTILE, confirmUrl: CONFIRM_ALERTS_URL, cancelUrl: UNSUBSCRIBE_URL, topics: ALERT_TOPIC_NAMES.signUp }),
  ],
  ["alert sign-up already confirmed", renderSubscriptionAlreadyConfirmedEmail({ addressLabel: HOSTILE, manageUrl: UNSUBSCRIBE_URL })],
  ["alert welcome", renderSubscriptionWelcomeEmail({ addressLabel: AMIENS.label, reportUrl: REPORT_URL, unsubscribeUrl: UNSUBSCRIBE_URL })],
  ["manage link, sign-ups only", manageLinkEmail(false)],
  ["manage link, with an account", manageLinkEmail(true)],
];

/**
 * Every email the service can send, each with the links that must let its reader act on it or
 * leave: a renderer added to templates.ts without a line here fails the test below.
 */
const WAYS_OUT: Record<string, { email: () => RenderedEmail; links: Array<{ label: string | RegExp; href: string }> }> = {
  renderConfirmEmail: {
    email: () => renderConfirmEmail({ firstName: null, confirmUrl: "https://zone-sante.fr/confirmation-compte?u=a&x=1&s=b", expiresInHours: 48 }),
    links: [
      { label: "Confirmer mon adresse e-mail", href: "https://zone-sante.fr/confirmation-compte?u=a&x=1&s=b" },
      { label: "Ce que nous faisons de votre adresse e-mail", href: PRIVACY_URL },
    ],
  },
  renderSignInCodeEmail: {
    email: () => renderSignInCodeEmail({ code: "123456", expiresInMinutes: 10, accountUrl: ACCOUNT_URL }),
    links: [{ label: "Mon compte Zone Santé", href: ACCOUNT_URL }],
  },
  renderLatestReportEmail: {
    email: () => renderLatestReportEmail({ firstName: null, reports: [buildReport()], accountUrl: ACCOUNT_URL, reportUrlFor }),
    links: [
      { label: "Gérer mes alertes et préférences", href: ACCOUNT_URL },
      { label: "Voir le bilan complet", href: reportUrlFor(buildReport()) },
    ],
  },
  renderAccountDeletedEmail: {
    email: () => renderAccountDeletedEmail({ firstName: null, deletedAt: NOW, privacyUrl: PRIVACY_URL }),
    links: [{ label: "Politique de confidentialité", href: PRIVACY_URL }],
  },
  renderSignUpAttemptEmail: {
    email: () => renderSignUpAttemptEmail({ firstName: null, signInUrl: SIGN_IN_URL }),
    links: [{ label: "Me connecter", href: SIGN_IN_URL }],
  },
  renderPasswordChangedEmail: {
    email: () => renderPasswordChangedEmail({ firstName: null, change: "changed", changedAt: NOW, signInUrl: SIGN_IN_URL }),
    links: [{ label: "Me connecter avec un code", href: SIGN_IN_URL }],
  },
  renderAdminNoticeEmail: {
    email: () => renderAdminNoticeEmail({ cause: "dead-letters", deadLetters: 2, runStartedAt: NOW, statusUrl: STATUS_URL }),
    links: [{ label: "État du service", href: STATUS_URL }],
  },
  renderGoogleLinkedEmail: {
    email: () => renderGoogleLinkedEmail({ firstName: null, linkedAt: NOW, accountUrl: ACCOUNT_URL, privacyUrl: PRIVACY_URL }),
    links: [
      { label: "Politique de confidentialité", href: PRIVACY_URL },
      { label: "Mon compte Zone Santé", href: ACCOUNT_URL },
    ],
  },
  renderSubscriptionConfirmEmail: {
    email: () =>
      renderSubscriptionConfirmEmail({
        addressLabel: AMIENS.label,
        confirmUrl: CONFIRM_ALERTS_URL,
        cancelUrl: UNSUBSCRIBE_URL,
        topics: ALERT_TOPIC_NAMES.signUp,
      }),
    links: [
      { label: "Confirmer mon inscription aux alertes", href: CONFIRM_ALERTS_URL },
      { label: "Je n'ai pas demandé cette inscription : annuler", href: UNSUBSCRIBE_URL },
    ],
  },
  renderSubscriptionAlreadyConfirmedEmail: {
    email: () => renderSubscriptionAlreadyConfirmedEmail({ addressLabel: AMIENS.label, manageUrl: UNSUBSCRIBE_URL }),
    links: [{ label: "Gérer ou arrêter ces alertes", href: UNSUBSCRIBE_URL }],
  },
  renderSubscriptionWelcomeEmail: {
    email: () => renderSubscriptionWelcomeEmail({ addressLabel: AMIENS.label, reportUrl: REPORT_URL, unsubscribeUrl: UNSUBSCRIBE_URL }),
    links: [
      { label: "Se désinscrire de ces alertes", href: UNSUBSCRIBE_URL },
      { label: "Voir le bilan actuel de mon adresse", href: REPORT_URL },
    ],
  },
  renderManageLinkEmail: {
    email: () => manageLinkEmail(true),
    links: [
      { label: `Me désinscrire des alertes pour ${AMIENS.label}`, href: UNSUBSCRIBE_URL },
      { label: "Confirmer mon inscription", href: CONFIRM_ALERTS_URL },
      { label: "Choisir mes alertes", href: ACCOUNT_URL },
      { label: "Arrêter toutes les alertes de mon compte", href: ACCOUNT_UNSUBSCRIBE_URL },
    ],
  },
  renderAlertDigestEmail: {
    email: () =>
      renderAlertDigestEmail({
        firstName: null,
        addresses: [
          {
            label: AMIENS.label,
            nickname: "Maison",
            reportUrl: REPORT_URL,
            events: [{ title: "Sécheresse : niveau crise", lines: [], dataDate: null, source: HUBEAU_SOURCE }],
          },
        ],
        unsubscribeUrl: ACCOUNT_UNSUBSCRIBE_URL,
        manageUrl: ACCOUNT_URL,
      }),
    links: [
      { label: "Se désinscrire de ces alertes", href: ACCOUNT_UNSUBSCRIBE_URL },
      { label: "Gérer mes alertes et préférences", href: ACCOUNT_URL },
    ],
  },
};

describe("every email carries a working way to act on it or leave", () => {
  const renderers = Object.entries(templates)
    .filter(([name, value]) => typeof value === "function" && /^render\w+Email$/.test(name))
    .map(([name]) => name)
    .sort();

  it("knows every renderer of templates.ts", () => {
    expect(renderers.length).toBeGreaterThanOrEqual(8);
    expect(Object.keys(WAYS_OUT).sort()).toEqual(renderers);
  });

  it("the admins' notice of a late source names it, its state in words and its last successful read (decision 061)", () => {
    const email = renderAdminNoticeEmail({
      cause: "source",
      sourceName: "VigiEau",
      stateLabel: "en retard",
      lastSuccessAt: new Date("2026-08-20T12:05:00Z"),
      statusUrl: STATUS_URL,
    });
    expect(email.subject).toBe(frenchTypography("Source en retard : VigiEau – Zone Santé"));
    expect(email.text).toContain(frenchTypography("La source « VigiEau » est en retard"));
    expect(email.text).toContain("Dernière lecture réussie\u00A0: le 20\u00A0août\u00A02026 à 14\u00A0h\u00A005.");
  });

  it.each(renderers)("%s: each expected link, absolute https, in the HTML and the text part", (name) => {
    const way = WAYS_OUT[name];
    expect(way, `${name} needs its links in WAYS_OUT`).toBeDefined();
    const email = way!.email();
    const links = linksOf(email.html);
    for (const expected of way!.links) {
      const label = typeof expected.label === "string" ? frenchTypography(expected.label) : expected.label;
      const link = links.find((candidate) => (typeof label === "string" ? candidate.label === label : label.test(candidate.label)));
      expect(link, `${name}: « ${String(expected.label)} »`).toBeDefined();
      expect(link?.href).toBe(expected.href);
      expect(link?.href).toMatch(/^https:\/\/[^\s]+$/);
      expect(email.text).toContain(expected.href);
    }
  });
});

describe("layout", () => {
  it("escapes the five HTML-significant characters", () => {
    expect(escapeHtml(HOSTILE)).toBe(HOSTILE_ESCAPED);
  });

  it("draws the button with at least 4.5:1 contrast", () => {
    const style = renderButton("Confirmer", "https://zone-sante.fr/");
    const background = /background-color:(#[0-9a-f]{6})/i.exec(style)?.[1];
    const foreground = /;color:(#[0-9a-f]{6})/i.exec(style)?.[1];
    expect(contrastRatio(background ?? "", foreground ?? "")).toBeGreaterThanOrEqual(4.5);
  });

  it("refuses a link that is not http(s)", () => {
    expect(() => renderButton("Confirmer", "javascript:alert(1)")).toThrow();
  });

  it("escapes the title, preheader and footer reason", () => {
    const { html, text } = renderEmailLayout({ preheader: HOSTILE, title: HOSTILE, bodyHtml: "", bodyText: "Corps", footerReason: HOSTILE });
    expect(html).not.toContain("<script>");
    expect(html.split(HOSTILE_ESCAPED)).toHaveLength(5);
    expect(text).toContain("Corps");
  });
});

describe.each(allEmails())("every email: %s", (_name, email) => {
  it("is a French, single-column, text-only HTML email with the service footer", () => {
    expect(email.html).toMatch(/^<!DOCTYPE html>\s*<html lang="fr">/);
    expect(email.html).toContain("max-width:600px");
    expect(email.html).not.toMatch(/<img|<style|<script|<link/i);
    expect(visibleText(email.html)).toMatch(/^\s*Zone Santé\s*$/m);
    expectInBothParts(email, "Zone Santé – service d'information gratuit, à partir de données publiques officielles");
    expect(visibleText(email.html)).toMatch(/Vous recevez ce (dernier )?(message|bilan) parce qu/);
    expect(email.text).toMatch(/Vous recevez ce (dernier )?(message|bilan) parce qu/);
  });

  it("has French typography: no ordinary space before : ; ! ? » nor after «", () => {
    for (const part of [email.subject, withoutUrls(email.text), withoutUrls(visibleText(email.html))]) {
      expect(part).not.toMatch(/ [:;!?»]/);
      expect(part).not.toMatch(/« /);
    }
  });

  it("only links to absolute http(s) URLs, with link texts that make sense on their own", () => {
    for (const link of linksOf(email.html)) {
      expect(link.href).toMatch(/^https?:\/\//);
      expect(link.label.trim().toLowerCase()).not.toMatch(/^(ici|cliquez ici|lien|en savoir plus)$/);
      expect(email.text).toContain(link.href);
    }
  });
});

describe("renderConfirmEmail", () => {
  const confirmUrl = "https://zone-sante.fr/confirmation-compte?token=abc&email=marie%40exemple.fr";

  it("asks to confirm through the link, without the name typed with the sign-up (the address is not proven yet)", () => {
    const email = renderConfirmEmail({ firstName: "Marie", confirmUrl, expiresInHours: 24 });
    expect(email.subject).toBe("Confirmez votre adresse e-mail – Zone Santé");
    expectInBothParts(email, "Bonjour,");
    expect(email.text).not.toContain("Marie");
    expectInBothParts(email, `Ce lien est valable 24${NBSP}heures.`);
    expectInBothParts(email, "Si vous n'êtes pas à l'origine de cette inscription, ignorez ce message : aucun compte ne sera activé.");
    expect(linksOf(email.html)).toContainEqual({ href: confirmUrl, label: "Confirmer mon adresse e-mail" });
    expect(email.html).toContain(`href="https://zone-sante.fr/confirmation-compte?token=abc&amp;email=marie%40exemple.fr"`);
    expect(email.text).toContain(`Confirmer mon adresse e-mail${NBSP}: ${confirmUrl}`);
  });

  it("says « Bonjour, » without a first name and uses the singular for one hour", () => {
    const email = renderConfirmEmail({ firstName: null, confirmUrl, expiresInHours: 1 });
    expectInBothParts(email, "Bonjour,");
    expect(email.text).not.toContain("Bonjour ");
    expectInBothParts(email, `Ce lien est valable 1${NBSP}heure.`);
  });

  it("never writes a hostile first name", () => {
    const email = renderConfirmEmail({ firstName: HOSTILE, confirmUrl, expiresInHours: 24 });
    expect(email.html).not.toContain("<script>");
    expect(email.html).not.toContain(HOSTILE_ESCAPED);
    expect(email.text).not.toContain(HOSTILE);
  });
});

describe("renderSignInCodeEmail", () => {
  const email = renderSignInCodeEmail({ code: "123456", expiresInMinutes: 10, accountUrl: ACCOUNT_URL });

  it("shows the code, its validity and that it works once", () => {
    // Lock screens and notification previews show the subject and the preheader: the code is not there.
    expect(email.subject).toBe("Votre code de connexion – Zone Santé");
    const preheader = /<div style="display:none[^>]*>([^<]*)<\/div>/.exec(email.html)?.[1];
    expect(preheader).toMatch(/code de connexion/);
    expect(preheader).not.toContain("123456");
    expect(email.html).toMatch(/font-size:32px;[^"]*letter-spacing:8px;">123456</);
    expect(email.text).toMatch(/^123456$/m);
    expectInBothParts(email, `Il est valable 10${NBSP}minutes et ne peut servir qu'une seule fois.`);
    expect(email.text).toContain(
      `Ce code sert aussi si vous avez oublié votre mot de passe${NBSP}: une fois connecté, choisissez-en un nouveau depuis votre espace «${NBSP}Mon compte${NBSP}».`,
    );
    expectInBothParts(email, "Si vous n'avez pas demandé ce code, ignorez ce message");
  });

  it("says what to do when the code was not asked for, and its one link signs nobody in", () => {
    expectInBothParts(email, "Si vous recevez des codes que vous n'avez pas demandés, connectez-vous et changez votre mot de passe depuis votre espace :");
    // The account page, which asks to sign in like any visit: no token, no code, no query at all.
    expect(linksOf(email.html)).toEqual([{ href: ACCOUNT_URL, label: "Mon compte Zone Santé" }]);
    expect(email.text.match(/https?:\/\/\S+/g)).toEqual([ACCOUNT_URL]);
    expect(ACCOUNT_URL).not.toMatch(/[?#]/);
  });
});

describe("renderLatestReportEmail", () => {
  it("without an address, points to the account page", () => {
    const email = renderLatestReportEmail({ firstName: null, reports: [], accountUrl: ACCOUNT_URL, reportUrlFor });
    expect(email.subject).toBe("Votre bilan santé-environnement");
    expectInBothParts(email, "Bonjour,");
    expectInBothParts(email, "Vous n'avez pas encore d'adresse surveillée.");
    expect(linksOf(email.html).map((link) => link.href)).toEqual([ACCOUNT_URL, ACCOUNT_URL]);
    expect(linksOf(email.html).map((link) => link.label)).toContain("Gérer mes alertes et préférences");
    expectInBothParts(email, DISCLAIMER);
    expect(email.text).not.toContain("Voir le bilan complet");
  });

  it("with one address: the summary, a line per section with its official word, date and source, the advice, the full report", () => {
    const report = buildReport();
    const email = renderLatestReportEmail({ firstName: "Marie", reports: [report], accountUrl: ACCOUNT_URL, reportUrlFor });
    expectInBothParts(email, "Bonjour Marie,");
    expectInBothParts(email, AMIENS.label);
    // The five-second summary first, in the official words (the ARS verdict, the ATMO word, VigiEau's): what needs
    // attention in its sentence, the calm sections on one line (issue 38) — the drought too: Amiens' only
    // zone is a river's, the tap's water has no restriction (decision 086).
    expectInBothParts(
      email,
      "Rien à signaler : Eau du robinet – Conforme, Air aujourd'hui – Moyen, Sécheresse – Pas de restrictions, Baignade – Aucun site proche.",
    );
    expect(email.text.indexOf("Air aujourd'hui")).toBeLessThan(email.text.indexOf("Qualité de l'air"));
    // Then each section: its headline word, its date and its source.
    expectInBothParts(email, "Eau du robinet : Conforme");
    expectInBothParts(email, `Prélèvement du 10${NBSP}novembre${NBSP}2026, verdict de l'Agence régionale de santé`);
    expectInBothParts(email, "Source : Contrôle sanitaire des ARS (Hub'Eau)");
    expectInBothParts(email, "Qualité de l'air : Moyen");
    expectInBothParts(email, `Indice du 22${NBSP}novembre${NBSP}2026`);
    expectInBothParts(email, "Source : Indice ATMO (Atmo Hauts-de-France)");
    // No drinking-water zone in force: the river's level is not the tap's (VigiEau's own conclusion),
    // the headline says so; the river's zone, with its water type and its decree's period, after the card's question.
    expectInBothParts(email, "Sécheresse : Pas de restrictions");
    expectInBothParts(email, "Pas de restriction d'usage de l'eau du réseau à votre adresse.");
    expectInBothParts(email, "Vous utilisez un puits, un forage ou l'eau d'une rivière ?");
    expectInBothParts(
      email,
      `Eau superficielle : Alerte – 2 restrictions s'appliquent aux particuliers, arrêté en vigueur du 13${NBSP}novembre${NBSP}2026 au 13${NBSP}décembre${NBSP}2026`,
    );
    expectInBothParts(email, "Source : VigiEau");
    // Our scale's words never stand for a section.
    for (const word of ["Acceptable", "À surveiller", "Critique", "Non disponible"]) expect(email.text).not.toContain(word);

    // Every advice with its title and its whole text, as on the page and in the PDF.
    for (const item of presentReport(report).advice) {
      expectInBothParts(email, item.title);
      expectInBothParts(email, item.text);
    }
    // The prominent ones first: with the tap's zone in alerte too, its advice is boxed (the river's only informs).
    const boxed = buildReport({ zones: { ok: true, data: [droughtZone(), droughtZone({ id: 2, type: "AEP" })] } });
    const boxedEmail = renderLatestReportEmail({ firstName: "Marie", reports: [boxed], accountUrl: ACCOUNT_URL, reportUrlFor });
    const advice = presentReport(boxed).advice;
    expect(advice.filter((item) => item.prominent).map((item) => item.id)).toEqual(["drought-alert"]);
    expect(advice.some((item) => !item.prominent)).toBe(true);
    for (const item of advice) {
      expectInBothParts(boxedEmail, item.title);
      expectInBothParts(boxedEmail, item.text);
    }
    const lastProminent = Math.max(...advice.filter((item) => item.prominent).map((item) => boxedEmail.text.indexOf(frenchTypography(item.title))));
    for (const item of advice.filter((candidate) => !candidate.prominent))
      expect(boxedEmail.text.indexOf(frenchTypography(item.title))).toBeGreaterThan(lastProminent);

    const full = linksOf(email.html).find((link) => link.label.startsWith("Voir le bilan complet"));
    expect(full?.href).toBe(reportUrlFor(report));
    expect(linksOf(email.html)).toContainEqual({ href: ACCOUNT_URL, label: "Gérer mes alertes et préférences" });
    expect(email.text).toContain(reportUrlFor(report));
    expectInBothParts(email, DISCLAIMER);
  });

  it("pollen, UV, vigilance and radon: the page's summary line and headline word in both parts, after the four others", () => {
    const report = buildReport({ outdoor: outdoorSections() });
    const presentation = presentReport(report);
    const email = renderLatestReportEmail({ firstName: null, reports: [report], accountUrl: ACCOUNT_URL, reportUrlFor });
    // « L'essentiel »: the very lines of the page — a section that needs attention in its sentence, a calm one on the calm line.
    for (const line of presentation.summary) expectInBothParts(email, line.text);
    for (const section of ["weather", "uv", "radon"].map((key) => sectionOf(presentation, key))) expectInBothParts(email, section.summary);
    expect(presentation.summary.find((line) => line.key === "calm")?.calm).toContainEqual({
      anchor: sectionOf(presentation, "pollen").anchor,
      label: "Pollens",
      word: "Modéré",
    });
    // « Le détail »: each headline word (the source's), its date line, its facts and notes, its source.
    expectInBothParts(email, "Vigilance météo : Vigilance orange");
    expectInBothParts(email, `Carte de vigilance du 22${NBSP}novembre${NBSP}2026`);
    expectInBothParts(email, "Demain : Vigilance jaune (orages)");
    expectInBothParts(email, "Source : Vigilance météorologique (Météo-France)");
    expectInBothParts(email, "Pollens : Modéré");
    expectInBothParts(email, `Indice pollen officiel du 22${NBSP}novembre${NBSP}2026`);
    expectInBothParts(email, "Pollens responsables : Graminées");
    expectInBothParts(email, "Demain : Élevé");
    expectInBothParts(email, "Source : Indice pollen des AASQA (Atmo France)");
    // The UV is a model's forecast, and says so in its word and its note.
    expectInBothParts(email, "Indice UV : Élevé (prévision)");
    expectInBothParts(email, "Prévision d'un modèle météorologique, pas une mesure");
    expectInBothParts(email, "Radon : Catégorie 3");
    expectInBothParts(email, "Potentiel radon : potentiel radon significatif");
    expectInBothParts(email, "Classement officiel des communes (arrêté du 27 juin 2018)");
    // In « Le détail », in the summary's order, after bathing.
    const detail = email.text.slice(email.text.indexOf("LE DÉTAIL"));
    const order = [
      "Baignade : Aucun site proche",
      "Vigilance météo : Vigilance orange",
      "Pollens : Modéré",
      "Indice UV : Élevé (prévision)",
      "Radon : Catégorie 3",
    ];
    const at = order.map((heading) => detail.indexOf(frenchTypography(heading)));
    expect(at.every((index) => index > 0)).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
  });

  it("pollen, UV, vigilance and radon unread, not configured or not covered: said plainly, never a reassuring word", () => {
    const unread = renderLatestReportEmail({ firstName: null, reports: [buildReport()], accountUrl: ACCOUNT_URL, reportUrlFor });
    expectInBothParts(unread, "Pollens : Indisponible");
    expectInBothParts(unread, "Indice UV : prévision momentanément indisponible.");
    expectInBothParts(unread, "Radon : Indisponible");
    const other = renderLatestReportEmail({
      firstName: null,
      reports: [buildReport({ outdoor: { pollen: pollenNotCovered(), weatherWarnings: weatherNotConfigured(), radon: radonNotClassified() } })],
      accountUrl: ACCOUNT_URL,
      reportUrlFor,
    });
    expectInBothParts(other, "Pollens – Pas d'indice officiel");
    expectInBothParts(other, "Pollens : Pas d'indice officiel");
    expectInBothParts(other, "Vigilance météo – Non configurée");
    expectInBothParts(other, "Vigilance météo : Non configurée");
    expectInBothParts(other, "Radon : Non classée");
    expectInBothParts(other, "Cette commune ne figure pas dans la classification officielle.");
  });

  it("lists each drought zone type, households' water first, and says when a level is not recognised", () => {
    const decree = { start: "2026-11-17", end: "2026-12-17", url: "https://example.invalid/34668.pdf", frameworkUrl: null };
    const maraussan = buildReport({
      zones: { ok: true, data: [droughtZone({ type: "AEP", gravity: "alerte", decree }), droughtZone({ type: "SUP", gravity: "crise", decree })] },
    });
    const unknown = buildReport({ zones: { ok: true, data: [droughtZone({ type: "SOU", gravity: null, decree })] } });
    const email = renderLatestReportEmail({ firstName: null, reports: [maraussan, unknown], accountUrl: ACCOUNT_URL, reportUrlFor });
    const period = `arrêté en vigueur du 17${NBSP}novembre${NBSP}2026 au 17${NBSP}décembre${NBSP}2026`;
    // The headline and the summary are the tap zone's (decision 086), in words of its water's uses.
    expectInBothParts(email, "Sécheresse : restrictions d'usage de l'eau du réseau, niveau Alerte.");
    expectInBothParts(email, "Sécheresse : Alerte");
    expectInBothParts(email, `Restrictions d'usage de l'eau du réseau : Alerte – 2 restrictions s'appliquent aux particuliers, ${period}`);
    expectInBothParts(email, `Eau superficielle : Crise – 2 restrictions s'appliquent aux particuliers, ${period}`);
    expect(email.text).not.toContain("Sécheresse : Crise");
    // The tap's zone first (issue 20), then the card's question, then the river's zone.
    const tap = email.text.indexOf(frenchTypography("Restrictions d'usage de l'eau du réseau : Alerte"));
    const question = email.text.indexOf(frenchTypography("Vous utilisez un puits, un forage ou l'eau d'une rivière ?"));
    expect(tap).toBeGreaterThan(-1);
    expect(tap).toBeLessThan(question);
    expect(question).toBeLessThan(email.text.indexOf(frenchTypography("Eau superficielle : Crise")));
    // A groundwater zone's unknown level is said as unknown, under its own name; the tap is not restricted.
    expectInBothParts(email, "Sécheresse – Pas de restrictions");
    expectInBothParts(email, `Eau souterraine : Niveau non reconnu – 2 restrictions s'appliquent aux particuliers, ${period}`);
    expect(email.text).not.toContain("Sécheresse : Aucune restriction");
    // The tap zone's unknown level: never « Pas de restrictions ».
    const unknownTap = buildReport({ zones: { ok: true, data: [droughtZone({ type: "AEP", gravity: null, decree })] } });
    const tapEmail = renderLatestReportEmail({ firstName: null, reports: [unknownTap], accountUrl: ACCOUNT_URL, reportUrlFor });
    // A level we do not know is said by its word on the calm line and by the advice (« tout n'a pas pu être vérifié »).
    expectInBothParts(tapEmail, "Sécheresse – Niveau non reconnu");
    expectInBothParts(tapEmail, "Sécheresse : Niveau non reconnu");
    expect(tapEmail.text).not.toContain("Sécheresse : Pas de restrictions");
    expect(tapEmail.text).not.toContain("Sécheresse : Aucune restriction");
  });

  it("with three addresses: an unavailable section, a CAMS estimate, a hostile label escaped", () => {
    const reports = threeReports();
    const email = renderLatestReportEmail({ firstName: HOSTILE, reports, accountUrl: ACCOUNT_URL, reportUrlFor });

    // An unavailable section says so in its own word, with the reason.
    expectInBothParts(email, "Eau du robinet : résultats momentanément indisponibles.");
    expectInBothParts(email, "Eau du robinet : Indisponible");
    expectInBothParts(email, "Les résultats du contrôle sanitaire de l'eau sont momentanément indisponibles.");
    // The model's estimate never reads as the official index.
    expectInBothParts(email, "Qualité de l'air : Bon (estimation)");
    expectInBothParts(email, `Estimation pour la journée du 22${NBSP}novembre${NBSP}2026, calculée sur les valeurs horaires du modèle`);
    expectInBothParts(email, "Source : Copernicus CAMS, estimation modélisée (via Open-Meteo.com, CC BY 4.0)");
    expectInBothParts(
      email,
      `Eau superficielle : Crise – 2 restrictions s'appliquent aux particuliers, arrêté en vigueur depuis le 1er${NBSP}novembre${NBSP}2026`,
    );
    expectInBothParts(email, "Sécheresse : restrictions momentanément indisponibles.");
    expectInBothParts(email, "Sécheresse : Indisponible");
    expectInBothParts(email, "Les restrictions d'eau (VigiEau) sont momentanément indisponibles.");
    expect(email.text).not.toContain("Non disponible");

    expect(email.html).not.toContain("<script>");
    expect(email.html).toContain(`Bonjour ${HOSTILE_ESCAPED},`);
    expect(email.html).toContain(`>${HOSTILE_ESCAPED}</h2>`);
    expect(email.text).toContain(HOSTILE);

    const fullReports = linksOf(email.html).filter((link) => link.label.startsWith("Voir le bilan complet"));
    expect(fullReports.map((link) => link.href)).toEqual(reports.map(reportUrlFor));
    // Three links with the same text would be ambiguous out of context: each names its address.
    expect(new Set(fullReports.map((link) => link.label)).size).toBe(3);
    expect(email.html).toContain(escapeHtml(reportUrlFor(reports[2] as Report)));
  });
});

describe("renderAccountDeletedEmail", () => {
  it("lists what was deleted, on which day, and what is kept", () => {
    const email = renderAccountDeletedEmail({ firstName: "Marie", deletedAt: NOW, privacyUrl: PRIVACY_URL });
    expect(email.subject).toBe("Votre compte Zone Santé a été supprimé");
    expectInBothParts(email, "Bonjour Marie,");
    expectInBothParts(email, `Votre compte Zone Santé a été supprimé le 22${NBSP}novembre${NBSP}2026.`);
    for (const item of [
      "votre compte et votre profil",
      "vos adresses surveillées",
      "vos préférences",
      "vos sessions de connexion",
      "vos inscriptions aux alertes, avec ou sans compte",
      "les codes et liens de confirmation en attente",
    ]) {
      expectInBothParts(email, item);
    }
    // The history keeps what was sent and when, no longer where.
    expectInBothParts(
      email,
      "L'historique des alertes envoyées est conservé sans adresse ni position 24 mois, comme le prévoit notre politique de confidentialité, puis supprimé.",
    );
    expectInBothParts(email, "Vous ne recevrez plus aucun e-mail de notre part.");
    expect(linksOf(email.html)).toEqual([{ href: PRIVACY_URL, label: "Politique de confidentialité" }]);
    expect(email.text).toContain(`Politique de confidentialité${NBSP}: ${PRIVACY_URL}`);
  });

  it("dates the deletion on the Paris calendar day", () => {
    const email = renderAccountDeletedEmail({ firstName: null, deletedAt: new Date("2026-11-22T23:30:00Z"), privacyUrl: PRIVACY_URL });
    expectInBothParts(email, `supprimé le 23${NBSP}novembre${NBSP}2026.`);
    expect(email.html).toContain(`Bonjour,`);
  });

  it("escapes a hostile first name", () => {
    const email = renderAccountDeletedEmail({ firstName: HOSTILE, deletedAt: NOW, privacyUrl: PRIVACY_URL });
    expect(email.html).not.toContain("<script>");
    expect(email.html).toContain(HOSTILE_ESCAPED);
  });
});

describe("security notices (issue 22)", () => {
  it("the sign-up attempt notice tells the owner an account exists, what to do if it was them and that nothing is needed otherwise", () => {
    const email = renderSignUpAttemptEmail({ firstName: "Marie", signInUrl: SIGN_IN_URL });
    expect(email.subject).toBe("Demande d'inscription avec votre adresse – Zone Santé");
    expectInBothParts(email, "Bonjour Marie,");
    expectInBothParts(email, "Vous avez déjà un compte : nous n'en avons pas créé d'autre, et le vôtre n'a pas changé.");
    expectInBothParts(email, "Mot de passe oublié ? Sur la page de connexion, demandez un code par e-mail.");
    expectInBothParts(email, "Si ce n'était pas vous, vous n'avez rien à faire");
  });

  it("the password notice dates the change on Paris time and says how to take the account back, without any password in it", () => {
    const changed = renderPasswordChangedEmail({ firstName: "Marie", change: "changed", changedAt: NOW, signInUrl: SIGN_IN_URL });
    expect(changed.subject).toBe("Votre mot de passe a été modifié – Zone Santé");
    expectInBothParts(changed, `a été modifié le 22${NBSP}novembre${NBSP}2026 à 11${NBSP}h${NBSP}00 (heure de Paris).`);
    expectInBothParts(changed, "Les autres appareils connectés à votre compte ont été déconnectés.");
    expectInBothParts(changed, "Si ce n'était pas vous, quelqu'un a pu accéder à votre compte. Reprenez-le sans attendre");
    const set = renderPasswordChangedEmail({ firstName: null, change: "set", changedAt: NOW, signInUrl: SIGN_IN_URL });
    expect(set.subject).toBe("Un mot de passe a été choisi pour votre compte – Zone Santé");
    expectInBothParts(set, "Un mot de passe a été choisi pour votre compte Zone Santé le 22");
    expect(set.text).toMatch(/^Bonjour,$/m);
  });

  it("the Google notice names the new way in and what to do if it was not them", () => {
    const email = renderGoogleLinkedEmail({ firstName: null, linkedAt: NOW, accountUrl: ACCOUNT_URL, privacyUrl: PRIVACY_URL });
    expect(email.subject).toBe("Connexion avec Google ajoutée à votre compte – Zone Santé");
    expectInBothParts(email, "La connexion avec Google a été ajoutée à votre compte Zone Santé le 22");
    expectInBothParts(email, "Sécurisez d'abord ce compte Google");
  });

  it.each([
    ["sign-up attempt", () => renderSignUpAttemptEmail({ firstName: HOSTILE, signInUrl: SIGN_IN_URL })],
    ["password", () => renderPasswordChangedEmail({ firstName: HOSTILE, change: "changed", changedAt: NOW, signInUrl: SIGN_IN_URL })],
    ["Google", () => renderGoogleLinkedEmail({ firstName: HOSTILE, linkedAt: NOW, accountUrl: ACCOUNT_URL, privacyUrl: PRIVACY_URL })],
  ])("the %s notice escapes a hostile first name", (_name, render) => {
    const email = render();
    expect(email.html).not.toContain("<script>");
    expect(email.html).toContain(HOSTILE_ESCAPED);
  });

  it("the deletion notice says what to do if the deletion was not asked for", () => {
    const email = renderAccountDeletedEmail({ firstName: null, deletedAt: NOW, privacyUrl: PRIVACY_URL });
    expectInBothParts(email, "Si vous n'avez pas demandé cette suppression, quelqu'un a pu se connecter à votre compte");
    expectInBothParts(email, "vous pouvez recréer un compte à tout moment.");
  });
});

describe("renderLatestReportEmail: names and vulnerable people", () => {
  it("heads each address with the name the account gave it, and gives the advice for infants and pregnant women in full", () => {
    const nitrates = buildReport({
      water: {
        ok: true,
        data: [waterResult({ rawValue: "62", numericValue: 62, limitsPhysicochemical: "N", sampleConclusion: "Eau non conforme aux limites de qualité." })],
      },
    });
    const email = renderLatestReportEmail({
      firstName: null,
      reports: [nitrates, buildReport()],
      accountUrl: ACCOUNT_URL,
      reportUrlFor,
      nicknameFor: (_report, index) => (index === 0 ? "Maison" : null),
    });
    expectInBothParts(email, `Maison – ${AMIENS.label}`);
    expect(email.html).toContain(`>Maison – ${escapeHtml(AMIENS.label)}</h2>`);
    // The second address has no name: its heading is the address alone.
    expect(email.html).toContain(`>${escapeHtml(AMIENS.label)}</h2>`);
    const vulnerable = presentReport(nitrates).advice.find((item) => /nourrissons/.test(item.title));
    expect(vulnerable?.prominent).toBe(true);
    expectInBothParts(email, vulnerable!.title);
    expectInBothParts(email, vulnerable!.text);
    expect(vulnerable!.text).toMatch(/femmes enceintes et les nourrissons/);
    expectInBothParts(email, "Vous recevez ce bilan parce que vous l'avez demandé depuis votre compte Zone Santé.");
  });
});

describe("renderSubscriptionWelcomeEmail", () => {
  const email = renderSubscriptionWelcomeEmail({ addressLabel: AMIENS.label, reportUrl: REPORT_URL, unsubscribeUrl: UNSUBSCRIBE_URL });

  it("says what will come, when, only on a change, and how to stop", () => {
    expect(email.subject).toBe("Vos alertes Zone Santé sont activées");
    expect(email.subject).not.toMatch(/^Zone Santé – /);
    expectInBothParts(email, `Votre inscription est confirmée : nous surveillons désormais l'adresse « ${AMIENS.label} ».`);
    for (const topic of ["Eau du robinet :", "Sécheresse :", "Qualité de l'air :", "Baignade :"]) expectInBothParts(email, topic);
    // Without today's report (it could not be built), nothing that depends on it is promised (issue 23).
    expectInBothParts(email, "Ce que nous ne pouvons pas vous signaler pour cette adresse :");
    expect(email.text).not.toMatch(/la veille d'une journée/);
    expectInBothParts(email, `vers 17${NBSP}h (heure de Paris)`);
    expectInBothParts(email, "Les jours où rien ne change, vous ne recevez rien.");
    expect(email.text).toContain(`Se désinscrire de ces alertes${NBSP}: ${UNSUBSCRIBE_URL}`);
  });
});

describe("renderManageLinkEmail", () => {
  // Issue 38: it offered only « Annuler ». Whoever asks can now do what they came for.
  it("gives each sign-up its actions — confirm a pending one, see the report, stop it — and the account's page and topics", () => {
    const email = manageLinkEmail(true);
    expect(email.subject).toBe("Gérer vos alertes Zone Santé");
    expectInBothParts(email, `Inscription sans compte, alertes actives : ${ALERT_TOPIC_NAMES.signUp}.`);
    expect(email.text).toContain(frenchTypography("Inscription sans compte en attente de confirmation :"));
    expect(linksOf(email.html).map((link) => link.href)).toEqual([
      REPORT_URL,
      UNSUBSCRIBE_URL,
      CONFIRM_ALERTS_URL,
      PENDING_REPORT_URL,
      PENDING_UNSUBSCRIBE_URL,
      ACCOUNT_URL,
      ACCOUNT_UNSUBSCRIBE_URL,
    ]);
    // The text part gives every link in full, after its words.
    for (const [label, url] of [
      ["Confirmer mon inscription", CONFIRM_ALERTS_URL],
      ["Voir le bilan de cette adresse", PENDING_REPORT_URL],
      ["Choisir mes alertes", ACCOUNT_URL],
    ]) {
      expect(email.text).toContain(`${label}${NBSP}: ${url}`);
    }
    expectInBothParts(email, "Alertes activées sur votre compte : eau du robinet et sécheresse. Désactivées : pollens.");
    expect(email.html).not.toContain("<script>");
    expectInBothParts(email, "Si vous n'avez pas demandé ce lien, ignorez ce message : rien ne change tant que vous ne cliquez sur aucun lien.");
  });

  it("without an account, says nothing of one, and says where the topics are chosen", () => {
    const email = manageLinkEmail(false);
    expect(email.text).not.toContain("Votre compte Zone Santé");
    expect(linksOf(email.html).map((link) => link.href)).not.toContain(ACCOUNT_URL);
    expectInBothParts(email, `Pour choisir vos sujets, recevoir aussi les alertes ${ALERT_TOPIC_NAMES.accountOnly} ou surveiller`);
    expect(email.text).toContain(`Créer mon compte gratuit${NBSP}: ${SIGN_IN_URL}`);
  });
});
