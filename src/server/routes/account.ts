import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import * as z from "zod";
import { clearSessionCookie } from "../auth/cookies.ts";
import { MAX_PASSWORD_LENGTH } from "../auth/password.ts";
import { isInFrance } from "../../core/shared/geo.ts";
import { MAX_MONITORED_ADDRESSES } from "../../core/shared/limits.ts";
import { deleteAddress, listAddresses } from "../db/repositories/addresses.ts";
import { getPreferences, savePreferences, type AlertPreferences, type PreferencesChange } from "../db/repositories/preferences.ts";
import type { AlertTopicChoices } from "../../core/alerts/topic.ts";
import { ALERT_TOPICS } from "../../sections/rules.ts";
import { updateUser } from "../db/repositories/users.ts";
import { readPickedAddress, type MonitoredAddressRow } from "../db/schema/index.ts";
import type { AppDeps, AppEnv } from "../deps.ts";
import { deferTask } from "../defer.ts";
import { holdEmail } from "../middleware/email-budget.ts";
import { jsonBody } from "../middleware/json-body.ts";
import { limitPdfRenders } from "../middleware/pdf-renders.ts";
import { limitByKey, limitBySource } from "../middleware/rate-limit.ts";
import { requireSession } from "../middleware/session.ts";
import { renderReportPdf } from "../pdf/report-pdf.ts";
import { refusal } from "../refusals.ts";
import { buildAddressReports, pdfFileName, reportPageUrl, sendLatestReport } from "../services/account-reports.ts";
import { addMonitoredAddress, changePassword, chooseAddressNetwork, deleteAccount, listAddressNetworks, type AddressNetworks } from "../services/accounts.ts";
import { newPasswordField } from "./auth.ts";
import { addressNicknameField, personNameField, pickedAddressField } from "./fields.ts";

const profileBody = z.object({ firstName: personNameField, lastName: personNameField });
const passwordBody = z.object({
  currentPassword: z
    .string()
    .max(MAX_PASSWORD_LENGTH)
    .nullish()
    .transform((value) => value || null),
  newPassword: newPasswordField,
});
const addressBody = z.object({
  label: addressNicknameField,
  address: pickedAddressField,
});
const networkBody = z.object({
  udiCode: z
    .string({ error: "Choisissez un réseau d'eau dans la liste." })
    .trim()
    .regex(/^[0-9A-Za-z]{1,20}$/, { error: "Choisissez un réseau d'eau dans la liste." }),
});
const preference = z.boolean({ error: "Préférences invalides." });
/**
 * One field per alert topic, in the registry's order: a topic on by default always; an opt-in one
 * (decision 073) optional — absent, it stays as stored; a topic narrowed to a list, its list too,
 * in the list's order, and on needs at least one ticked.
 */
const preferencesBody = z
  .object(
    Object.fromEntries(
      ALERT_TOPICS.flatMap((topic) => {
        const choices: AlertTopicChoices | undefined = "choices" in topic ? topic.choices : undefined;
        const ids = choices?.options.map((option) => option.id) ?? [];
        const refused = { error: choices?.refused ?? "Préférences invalides." };
        return [
          [topic.key, topic.optIn ? preference.optional() : preference] as const,
          ...(choices
            ? [
                [
                  choices.field,
                  z
                    .array(z.enum(ids as [string, ...string[]], refused), refused)
                    .max(ids.length, refused)
                    .transform((chosen) => ids.filter((id) => chosen.includes(id)))
                    .optional(),
                ] as const,
              ]
            : []),
        ];
      }),
    ),
    { error: "Préférences invalides." },
  )
  .superRefine((body, context) => {
    for (const topic of ALERT_TOPICS) {
      if (!("choices" in topic)) continue;
      const chosen = body[topic.choices.field] as string[] | undefined;
      if (body[topic.key] === true && (chosen?.length ?? 0) === 0)
        context.addIssue({ code: "custom", message: topic.choices.required, path: [topic.choices.field] });
    }
  })
  .transform((body) => body as unknown as PreferencesChange);
const deleteBody = z.object({ confirm: z.literal("SUPPRIMER", { error: "Pour confirmer, saisissez SUPPRIMER." }) });

const UNAVAILABLE_NETWORKS: AddressNetworks = { status: "unavailable" };

function describeAddress(deps: Pick<AppDeps, "config" | "appSecret">, row: MonitoredAddressRow, networks: AddressNetworks) {
  return {
    id: row.id,
    label: row.label,
    address: readPickedAddress(row),
    udiCode: row.udiCode,
    /** the networks of the commune by name, for the page to show and change (never the raw code) */
    networks,
    createdAt: new Date(row.createdAtMs).toISOString(),
    reportUrl: reportPageUrl(deps, readPickedAddress(row), row.udiCode).replace(deps.config.SITE_URL, ""),
  };
}

/** One monitored address as /api/account/addresses lists it. */
export type MonitoredAddressAnswer = ReturnType<typeof describeAddress>;
/** GET /api/account/addresses. */
export type AddressesAnswer = { addresses: MonitoredAddressAnswer[]; max: number };
/** POST /api/account/addresses (201): officialData is false when the sources could not be read. */
export type AddedAddressAnswer = { address: MonitoredAddressAnswer; officialData: boolean };
/** PATCH /api/account/addresses/:id: the address with its new network. */
export type ChangedAddressAnswer = { address: MonitoredAddressAnswer };
/** An alert topic as the preferences list it: its toggle, and the list it is narrowed to, if any. */
export interface PreferenceTopic {
  key: string;
  label: string;
  description: string;
  optIn: boolean;
  choices: AlertTopicChoices | null;
}
/** GET and PUT /api/account/preferences: the account's choices and the topics, in the registry's order. */
export type PreferencesAnswer = { preferences: AlertPreferences; topics: PreferenceTopic[] };

const PREFERENCE_TOPICS: PreferenceTopic[] = ALERT_TOPICS.map((topic) => ({
  key: topic.key,
  label: topic.label,
  description: topic.description,
  optIn: topic.optIn,
  choices: "choices" in topic ? topic.choices : null,
}));
/** PATCH /api/account/profile. */
export type ProfileAnswer = { profile: z.output<typeof profileBody> };
/** POST /api/account/report-email. */
export type ReportEmailAnswer = { message: string; emailSent: boolean };

const HOUR = 3600;
/**
 * Per account: each address add and each report email reads every official source for every
 * address, and a report email lands in a mailbox. Generous for a person, a wall for a script.
 */
const ACCOUNT_LIMITS = {
  addressAdds: {
    rule: { scope: "account-address-add", limit: 10, windowSeconds: HOUR },
    message: "Trop d'ajouts d'adresses en peu de temps. Veuillez réessayer dans une heure.",
  },
  preferenceSaves: {
    rule: { scope: "account-preferences-save", limit: 20, windowSeconds: HOUR },
    message: "Trop d'enregistrements de vos préférences en peu de temps. Veuillez réessayer dans une heure.",
  },
  reportEmails: {
    rule: { scope: "account-report-email", limit: 3, windowSeconds: HOUR },
    message: "Trop de demandes de bilan par e-mail. Veuillez réessayer dans une heure.",
  },
  // Each attempt runs scrypt (the current password, the new one): unlimited, one free account
  // slowed a victim's sign-in from 0.35 s to 23 s. Per account, and per source for many accounts.
  passwordChanges: {
    rule: { scope: "account-password", limit: 5, windowSeconds: 15 * 60 },
    message: "Trop de tentatives de changement de mot de passe. Veuillez réessayer dans quelques minutes.",
  },
  passwordChangesPerSource: {
    rule: { scope: "account-password-ip", limit: 10, windowSeconds: 15 * 60 },
    message: "Trop de tentatives de changement de mot de passe. Veuillez réessayer dans quelques minutes.",
  },
  // Each PDF reads every official source for every address and renders a document.
  reportPdfs: {
    rule: { scope: "account-report-pdf", limit: 10, windowSeconds: HOUR },
    message: "Trop de rapports PDF demandés en peu de temps. Veuillez réessayer dans une heure.",
  },
} as const;

/** Every route here acts on the signed-in account only: queries are scoped by its user id. */
export const accountRoutes = new Hono<AppEnv>()
  .use("*", requireSession)

  .patch("/profile", jsonBody(profileBody), async (c) => {
    const deps = c.get("deps");
    const { user } = c.get("auth")!;
    const input = c.req.valid("json");
    await updateUser(deps.db, user.id, { ...input, nowMs: deps.clock().getTime() });
    return c.json({ profile: input });
  })

  .post("/password", jsonBody(passwordBody), async (c) => {
    const deps = c.get("deps");
    const { user, session } = c.get("auth")!;
    const input = c.req.valid("json");
    const { passwordChanges, passwordChangesPerSource } = ACCOUNT_LIMITS;
    const limited =
      (await limitBySource(c, passwordChangesPerSource.rule, passwordChangesPerSource.message)) ??
      (await limitByKey(c, passwordChanges.rule, user.id, passwordChanges.message));
    if (limited) return limited;
    const outcome = await changePassword(deps, {
      user,
      sessionId: session.id,
      resetAllowed: (session.passwordResetUntilMs ?? 0) > deps.clock().getTime(),
      ...input,
      defer: deferTask(c),
    });
    if (outcome.kind === "wrong_current") throw refusal("wrongPassword");
    if (outcome.kind === "proof_required") throw refusal("passwordProofRequired");
    if (outcome.kind === "password_breached") throw refusal("passwordBreached");
    return c.json({ message: "Votre mot de passe a été modifié." });
  })

  .get("/addresses", async (c) => {
    const deps = c.get("deps");
    const rows = await listAddresses(deps.db, c.get("auth")!.user.id);
    const networks = await listAddressNetworks(deps, rows);
    const addresses = rows.map((row) => describeAddress(deps, row, networks.get(row.id) ?? UNAVAILABLE_NETWORKS));
    return c.json({ addresses, max: MAX_MONITORED_ADDRESSES });
  })

  .post("/addresses", jsonBody(addressBody), async (c) => {
    const deps = c.get("deps");
    const { user } = c.get("auth")!;
    const { label, address } = c.req.valid("json");
    const limited = await limitByKey(c, ACCOUNT_LIMITS.addressAdds.rule, user.id, ACCOUNT_LIMITS.addressAdds.message);
    if (limited) return limited;
    if (!isInFrance(address.latitude, address.longitude)) throw refusal("addressOutsideFrance");
    const outcome = await addMonitoredAddress(deps, { userId: user.id, label: label ?? null, address, defer: deferTask(c) });
    if (outcome.kind === "duplicate") throw refusal("addressDuplicate");
    if (outcome.kind === "limit") throw refusal("addressLimit");
    if (outcome.kind === "unknown") throw refusal("unknownAddress");
    if (outcome.kind === "unavailable") throw refusal("geocoderUnavailable");
    // The report just read the commune: its networks come from the cache.
    const networks = await listAddressNetworks(deps, [outcome.row]);
    const described = describeAddress(deps, outcome.row, networks.get(outcome.row.id) ?? UNAVAILABLE_NETWORKS);
    return c.json({ address: described, officialData: outcome.officialData }, 201);
  })

  .patch("/addresses/:id", jsonBody(networkBody), async (c) => {
    const deps = c.get("deps");
    const { udiCode } = c.req.valid("json");
    const outcome = await chooseAddressNetwork(deps, { userId: c.get("auth")!.user.id, addressId: c.req.param("id"), udiCode });
    if (outcome.kind === "not_found") throw refusal("monitoredAddressGone");
    if (outcome.kind === "unknown_network") throw refusal("unknownNetwork");
    if (outcome.kind === "unavailable") throw refusal("networksUnavailable");
    return c.json({ address: describeAddress(deps, outcome.row, outcome.networks) });
  })

  .delete("/addresses/:id", async (c) => {
    const deps = c.get("deps");
    const deleted = await deleteAddress(deps.db, c.get("auth")!.user.id, c.req.param("id"));
    if (!deleted) throw refusal("monitoredAddressGone");
    return c.json({ message: "Adresse supprimée." });
  })

  .get("/preferences", async (c) => {
    const deps = c.get("deps");
    return c.json({ preferences: await getPreferences(deps.db, c.get("auth")!.user.id), topics: PREFERENCE_TOPICS } satisfies PreferencesAnswer);
  })

  .put("/preferences", jsonBody(preferencesBody), async (c) => {
    const deps = c.get("deps");
    const { user } = c.get("auth")!;
    const preferences = c.req.valid("json");
    const limited = await limitByKey(c, ACCOUNT_LIMITS.preferenceSaves.rule, user.id, ACCOUNT_LIMITS.preferenceSaves.message);
    if (limited) return limited;
    await savePreferences(deps.db, user.id, preferences, deps.clock().getTime());
    // What is stored now (an opt-in topic left out of the body keeps its value).
    return c.json({ preferences: await getPreferences(deps.db, user.id), topics: PREFERENCE_TOPICS } satisfies PreferencesAnswer);
  })

  // The latest report by email only when the person asks for it (saving preferences sends nothing).
  .post("/report-email", async (c) => {
    const deps = c.get("deps");
    const { user } = c.get("auth")!;
    const limited = await limitByKey(c, ACCOUNT_LIMITS.reportEmails.rule, user.id, ACCOUNT_LIMITS.reportEmails.message);
    if (limited) return limited;
    const held = await holdEmail(c, "general");
    if (held.refused) return held.refused;
    const outcome = await sendLatestReport(deps, user, await listAddresses(deps.db, user.id)).finally(held.done);
    if (outcome === "capped") throw refusal("reportEmailCapped");
    if (outcome === "failed") throw refusal("reportEmailFailed");
    return c.json({ message: "Votre bilan vient de vous être envoyé par e-mail.", emailSent: true });
  })

  // The service-wide PDF ceiling (decision 058); a per-account limit goes before it.
  .get(
    "/report.pdf",
    // The account's own limit first, so that a refused request spends no slot of the service-wide ceiling.
    createMiddleware<AppEnv>(async (c, next) => {
      const limited = await limitByKey(c, ACCOUNT_LIMITS.reportPdfs.rule, c.get("auth")!.user.id, ACCOUNT_LIMITS.reportPdfs.message);
      if (limited) return limited;
      await next();
    }),
    limitPdfRenders("account"),
    async (c) => {
      const deps = c.get("deps");
      const { user } = c.get("auth")!;
      const addresses = await listAddresses(deps.db, user.id);
      if (addresses.length === 0) throw refusal("noMonitoredAddress");
      const now = deps.clock();
      const reports = await buildAddressReports(deps, addresses);
      const pdf = await renderReportPdf({
        // Each report under the person's name for its address (« Maison »).
        reports: reports.map((report, index) => ({ report, nickname: addresses[index]?.label ?? null })),
        generatedAt: now,
        siteUrl: deps.config.SITE_URL,
        origin: "account",
        recipientName: [user.firstName, user.lastName].filter(Boolean).join(" ") || null,
      });
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${pdfFileName(now)}"`,
        "Cache-Control": "no-store",
      });
    },
  )

  .delete("/", jsonBody(deleteBody), async (c) => {
    const deps = c.get("deps");
    const { user } = c.get("auth")!;
    const { emailSent } = await deleteAccount(deps, user);
    clearSessionCookie(c);
    return c.json({ message: "Votre compte et vos données ont été supprimés.", emailSent });
  });
