// Every e-mail the service sends fits a phone: its HTML part, laid out by Chromium at 390 px (an
// iPhone 14's width), is no wider than the screen, with long signed links, long addresses and a
// long first name in it. No app server: each e-mail is rendered here and loaded with setContent.
import { ALERT_TOPIC_NAMES } from "../../src/sections/rules.ts";
import { expect, test } from "@playwright/test";
import { deriveAddressInfo } from "../../src/core/report/index.ts";
import type { Address, Report } from "../../src/core/types.ts";
import { evaluateAirQuality } from "../../src/sections/air/index.ts";
import { evaluateDrought } from "../../src/sections/drought/index.ts";
import { evaluateWaterQuality } from "../../src/sections/water/index.ts";
import { HUBEAU_SOURCE, VIGIEAU_SOURCE } from "../../src/core/shared/sources.ts";
import {
  renderAccountDeletedEmail,
  renderAdminNoticeEmail,
  renderAlertDigestEmail,
  renderConfirmEmail,
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
} from "../../src/server/email/templates.ts";
import { alertsAvailableFor } from "../../src/core/alerts/available.ts";
import { MAIN_SCENARIO } from "../fixtures/scenarios.ts";
import { unreadSections } from "../helpers/unread-sections.ts";
import { atmoIndex, camsEstimate, droughtZone, NOW, noBathing, waterResult } from "../unit/core/builders.ts";
import { formatDateFr } from "../../src/core/shared/format.ts";
import { outdoorSections } from "../unit/core/outdoor-builders.ts";
import { assembleNamed } from "../helpers/assemble.ts";

/** The water sample the fixtures speak of: twelve days before the builders' fixed clock (NOW). */
const SAMPLED_ON = new Date(NOW.getTime() - 12 * 86_400_000).toISOString().slice(0, 10);

const PHONE = { width: 390, height: 844 };
const SITE = "https://zone-sante.fr";
// Links as the services sign them: an id, an expiry, a 64-digit HMAC, nothing to break at.
const HMAC = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
const CONFIRM_ACCOUNT_URL = `${SITE}/confirmation-compte?u=usr_01jd5x8k2m9q7w3e4r5t6y7u8i&x=1795430400000&s=${HMAC}`;
const CONFIRM_ALERTS_URL = `${SITE}/confirmation-alertes?i=sub_01jd5x8k2m9q7w3e4r5t6y7u8i&t=${HMAC}`;
const UNSUBSCRIBE_URL = `${SITE}/desinscription?u=s_01jd5x8k2m9q7w3e4r5t6y7u8i&t=${HMAC}`;
const ACCOUNT_UNSUBSCRIBE_URL = `${SITE}/desinscription?u=a_01jd5x8k2m9q7w3e4r5t6y7u8i&t=${HMAC}`;
const ACCOUNT_URL = `${SITE}/compte`;
const LONG_ADDRESS = "Résidence Les Jardins de l'Observatoire, Bâtiment C, 124 Avenue du Maréchal-de-Lattre-de-Tassigny 34000 Montpellier";
const LONG_NAME = "Marie-Christine-Alexandrine-Bénédicte";
// A name typed without a space: one word wider than the screen.
const LONG_NICKNAME = "MaisondevacancesdelafamilleDupontLefebvreàSaintGuilhemleDésert";
const reportUrlFor = (report: Report) => `${SITE}/?q=${encodeURIComponent(report.address.label)}&lat=43.6107&lon=3.8767&citycode=34172&src=email#analyse`;

function buildReport(label: string): Report {
  const address: Address = { ...MAIN_SCENARIO, label, context: "34, Hérault, Occitanie", type: "housenumber", score: 0.97 };
  return assembleNamed({
    ...unreadSections(NOW, address.citycode),
    ...outdoorSections(),
    address,
    addressInfo: deriveAddressInfo(address),
    water: evaluateWaterQuality({
      results: { ok: true, data: [waterResult({ rawValue: "62", numericValue: 62, limitsPhysicochemical: "N" })] },
      udi: null,
      udis: [],
      now: NOW,
    }),
    air: evaluateAirQuality({
      citycode: address.citycode,
      atmo: { ok: true, data: [atmoIndex({ code: 2, label: "Moyen" })] },
      cams: { ok: true, data: camsEstimate() },
      now: NOW,
    }),
    drought: evaluateDrought({
      zones: { ok: true, data: [droughtZone({ type: "AEP", gravity: "alerte" }), droughtZone({ type: "SUP", gravity: "crise" })] },
      now: NOW,
      citycode: address.citycode,
    }),
    bathing: noBathing(),
    now: NOW,
  });
}

const EMAILS: Array<[string, () => RenderedEmail]> = [
  ["confirmation of the address", () => renderConfirmEmail({ firstName: LONG_NAME, confirmUrl: CONFIRM_ACCOUNT_URL, expiresInHours: 48 })],
  ["sign-in code", () => renderSignInCodeEmail({ code: "123456", expiresInMinutes: 10, accountUrl: ACCOUNT_URL })],
  [
    "latest report",
    () =>
      renderLatestReportEmail({
        firstName: LONG_NAME,
        reports: [buildReport(LONG_ADDRESS), buildReport("8 Boulevard du Port 80000 Amiens")],
        accountUrl: ACCOUNT_URL,
        reportUrlFor,
        nicknameFor: (_report, index) => (index === 0 ? LONG_NICKNAME : null),
      }),
  ],
  ["account deleted", () => renderAccountDeletedEmail({ firstName: LONG_NAME, deletedAt: NOW, privacyUrl: `${SITE}/confidentialite` })],
  ["sign-up attempt", () => renderSignUpAttemptEmail({ firstName: LONG_NAME, signInUrl: `${SITE}/auth` })],
  ["password changed", () => renderPasswordChangedEmail({ firstName: LONG_NAME, change: "changed", changedAt: NOW, signInUrl: `${SITE}/auth` })],
  ["Google linked", () => renderGoogleLinkedEmail({ firstName: LONG_NAME, linkedAt: NOW, accountUrl: ACCOUNT_URL, privacyUrl: `${SITE}/confidentialite` })],
  [
    "alert sign-up confirmation",
    () =>
      renderSubscriptionConfirmEmail({
        addressLabel: LONG_ADDRESS,
        confirmUrl: CONFIRM_ALERTS_URL,
        cancelUrl: UNSUBSCRIBE_URL,
        topics: ALERT_TOPIC_NAMES.signUp,
      }),
  ],
  ["alert sign-up already confirmed", () => renderSubscriptionAlreadyConfirmedEmail({ addressLabel: LONG_ADDRESS, manageUrl: UNSUBSCRIBE_URL })],
  [
    "alert welcome",
    () =>
      renderSubscriptionWelcomeEmail({
        addressLabel: LONG_ADDRESS,
        reportUrl: reportUrlFor(buildReport(LONG_ADDRESS)),
        unsubscribeUrl: UNSUBSCRIBE_URL,
        standing: { essentials: [`Eau du robinet : non conforme (prélèvement du ${formatDateFr(SAMPLED_ON)}).`], alerts: alertsAvailableFor(null) },
      }),
  ],
  [
    "manage link",
    () =>
      renderManageLinkEmail({
        subscriptions: [
          { addressLabel: LONG_ADDRESS, confirmed: true, reportUrl: reportUrlFor(buildReport(LONG_ADDRESS)), unsubscribeUrl: UNSUBSCRIBE_URL },
          {
            addressLabel: LONG_ADDRESS,
            confirmed: false,
            confirmUrl: CONFIRM_ALERTS_URL,
            reportUrl: reportUrlFor(buildReport(LONG_ADDRESS)),
            unsubscribeUrl: UNSUBSCRIBE_URL,
          },
        ],
        topics: { signUp: ALERT_TOPIC_NAMES.signUp, accountOnly: ALERT_TOPIC_NAMES.accountOnly },
        account: { manageUrl: ACCOUNT_URL, unsubscribeUrl: ACCOUNT_UNSUBSCRIBE_URL, topicsOn: ALERT_TOPIC_NAMES.all, topicsOff: "" },
        createAccountUrl: `${SITE}/auth`,
      }),
  ],
  [
    "alert digest",
    () =>
      renderAlertDigestEmail({
        firstName: LONG_NAME,
        addresses: [
          {
            label: LONG_ADDRESS,
            nickname: LONG_NICKNAME,
            reportUrl: reportUrlFor(buildReport(LONG_ADDRESS)),
            events: [
              {
                title: "Eau du robinet : non-conformité signalée",
                lines: ["Nitrates (en NO3) : 62 mg/L – Non conforme"],
                dataDate: SAMPLED_ON,
                source: HUBEAU_SOURCE,
              },
              {
                title: "Sécheresse : restrictions d'usage, niveau Crise",
                lines: ["Des restrictions s'appliquent aux particuliers."],
                groups: [
                  { heading: "Restrictions d'usage de l'eau du réseau : Crise", lines: ["Arrosage des pelouses, massifs fleuris et espaces verts : interdit"] },
                ],
                dataDate: null,
                source: VIGIEAU_SOURCE,
              },
            ],
          },
        ],
        unsubscribeUrl: ACCOUNT_UNSUBSCRIBE_URL,
        manageUrl: ACCOUNT_URL,
      }),
  ],
  [
    "admins' notice",
    () =>
      renderAdminNoticeEmail({
        cause: "source",
        sourceName: "Vigilance météorologique (Météo-France)",
        stateLabel: "en retard",
        lastSuccessAt: NOW,
        statusUrl: `${SITE}/etat`,
      }),
  ],
];

// One page for every e-mail (a test each would open a browser context each for a 0,1 s check):
// each e-mail is measured, a soft assertion names every one that is too wide.
test.describe("every e-mail fits a 390 px phone", () => {
  test.use({ viewport: PHONE });

  test(`all ${EMAILS.length} e-mails`, async ({ page }) => {
    for (const [name, render] of EMAILS) {
      await page.setContent(render().html);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      test.info().annotations.push({ type: "scrollWidth", description: `${name}: ${width} px` });
      expect.soft(width, `${name} is ${width} px wide`).toBeLessThanOrEqual(PHONE.width);
    }
  });
});
