// The daily alert run over several scripted "days": right emails, once; preferences honoured;
// nothing lost when sending fails or the run dies; unsubscription; the purge.
import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processAlertBatch } from "../../src/server/alerts/process.ts";
import { batchByCommune } from "../../src/server/alerts/plan.ts";
import { planAlertSubjects } from "../../src/server/alerts/subjects.ts";
import { runAlerts } from "../../src/server/alerts/run.ts";
import { generateRandomToken } from "../../src/server/auth/crypto.ts";
import { alertEvents, alertStates, alertSubscriptions, emailCodes, sessions } from "../../src/server/db/schema/index.ts";
import { resolvePlaceholders } from "../fakes/upstream-server.ts";
import { CRISIS_SCENARIO, MAIN_SCENARIO } from "../fixtures/scenarios.ts";
import { BrowserClient, confirmAccount, findLink, signUpForLink } from "../helpers/browser-client.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

const DAY_MS = 24 * 3600 * 1000;
const DAY1 = new Date("2026-11-22T16:00:00Z"); // 17:00 in Paris
const day = (n: number) => new Date(DAY1.getTime() + (n - 1) * DAY_MS);

let t: TestApp;
let app: TestApp["app"];

/** A fixture with its relative dates fixed at a given day, so later "days" see the same samples. */
function frozen(file: string, at: Date): { data: Array<Record<string, unknown>> } {
  return JSON.parse(resolvePlaceholders(readFileSync(new URL(`../fixtures/${file}`, import.meta.url), "utf8"), at)) as { data: Array<Record<string, unknown>> };
}

/** The rows of a sample copied as a newer one: its own code and date, nitrates (1340) at `nitrates` mg/L, `extra` on every row. */
function newerSample(rows: Array<Record<string, unknown>>, sample: { code: string; date: string; nitrates: number }, extra: Record<string, unknown> = {}) {
  return rows.map((item) => ({
    ...item,
    code_prelevement: sample.code,
    date_prelevement: sample.date,
    ...extra,
    ...(String(item.code_parametre) === "1340" ? { resultat_alphanumerique: String(sample.nitrates), resultat_numerique: sample.nitrates } : {}),
  }));
}

async function account(email: string, preferences?: Record<string, boolean>) {
  const client = new BrowserClient(() => app);
  await confirmAccount(client, await signUpForLink(t, client, { email, firstName: "Camille" }));
  await client.post("/api/account/addresses", { address: MAIN_SCENARIO });
  if (preferences) await client.put("/api/account/preferences", preferences);
  return client;
}

async function subscribe(email: string, scenario: typeof MAIN_SCENARIO | typeof CRISIS_SCENARIO, options: { confirm: boolean }) {
  const client = new BrowserClient(() => app);
  const response = await client.post("/api/subscriptions", { email, address: scenario, consent: true, partnerUrl: "https://mairie.example/alertes" });
  expect(response.status).toBe(202);
  if (options.confirm) {
    const mail = [...t.resend.emails].reverse().find((candidate) => candidate.to.includes(email));
    const link = new URL(findLink(mail?.text ?? "", /confirmation-alertes/));
    const confirmed = await client.post("/api/subscriptions/confirm", { i: link.searchParams.get("i"), t: link.searchParams.get("t") });
    expect(confirmed.status).toBe(200);
  }
}

/** Runs the day's alert run on a fresh app (empty upstream cache), returning only that run's emails. */
async function runDay(n: number) {
  t.setNow(day(n));
  app = t.rebuild();
  const before = t.resend.emails.length;
  const requestsBefore = t.upstreams.requests.length;
  const summary = await runAlerts(t.deps());
  return { summary, emails: t.resend.emails.slice(before), upstreamRequests: t.upstreams.requests.slice(requestsBefore) };
}

const alertEmailsTo = (emails: TestApp["resend"]["emails"], address: string) =>
  emails.filter((email) => email.to.includes(address) && /^Zone Santé – /.test(email.subject));

beforeAll(async () => {
  t = await createTestApp({ now: DAY1 });
  app = t.app;
  // Water samples fixed at day 1: later days see no new sample unless the test adds one.
  t.upstreams.setData("results", MAIN_SCENARIO.citycode, frozen("hubeau/resultats-dis-derived-80021.json", DAY1));
  t.upstreams.setData("results", CRISIS_SCENARIO.citycode, frozen("hubeau/resultats-dis-derived-nitrates-62.json", DAY1));
  await account("alice@exemple-zs.fr");
  await account("bruno@exemple-zs.fr", { water: true, drought: true, air: false, bathing: true });
  await subscribe("sarah@exemple-zs.fr", CRISIS_SCENARIO, { confirm: true });
  await subscribe("ugo@exemple-zs.fr", MAIN_SCENARIO, { confirm: false });
  t.resend.reset();
});
afterAll(async () => {
  await t.close();
});

describe("the daily alert run", () => {
  it("day 1: the ATMO forecast and a non-compliant sample, one email each, each commune fetched once", async () => {
    const { summary, emails, upstreamRequests } = await runDay(1);
    expect(summary).toMatchObject({ subjectsChecked: 3, communes: 2, failed: 0 });
    // The bulk reads of the run (decision 048): one ATMO page for every zone, one API Géo list of
    // every commune's intercommunality, Hub'Eau and VigiEau once per département (2 each); then,
    // every commune being new on a first run, 2 communes × (networks + the 12-month results, one
    // page here + the results before them, decision 052 + VigiEau), whatever the number of
    // addresses, and the bathing portal near Maraussan: 2 site lists and 3 site pages. No
    // per-commune ATMO or Géo call any more.
    expect(summary.upstreamCalls).toBe(19);
    expect(upstreamRequests.filter((request) => request.source === "geo").map((request) => request.path)).toEqual(["/communes"]);
    expect(upstreamRequests.filter((request) => request.source === "baignades")).toHaveLength(5);
    // VigiEau: each département's zones once (the bulk change check), then each new commune once.
    const vigieau = upstreamRequests.filter((request) => request.source === "vigieau");
    expect(
      vigieau
        .filter((request) => request.path.startsWith("/zones/departement/"))
        .map((request) => request.path)
        .sort(),
    ).toEqual(["/zones/departement/34", "/zones/departement/80"]);
    expect(
      vigieau
        .filter((request) => request.path === "/zones")
        .map((request) => request.query.commune)
        .sort(),
    ).toEqual(["34148", "80021"]);

    const alice = alertEmailsTo(emails, "alice@exemple-zs.fr");
    expect(alice).toHaveLength(1);
    expect(alice[0]?.subject).toBe("Zone Santé – Qualité de l'air demain\u00a0: dégradé — Domicile 1 (Amiens)");
    expect(alice[0]?.text).toContain("23\u00a0novembre\u00a02026");
    expect(alice[0]?.text).toMatch(/Source\u00a0: Indice ATMO/);
    expect(alice[0]?.text).toContain("Voir le bilan complet pour 8 Boulevard du Port 80000 Amiens");
    expect(alice[0]?.html).toContain('<html lang="fr"');
    expect(alice[0]?.headers["List-Unsubscribe"]).toMatch(/^<http:\/\/127\.0\.0\.1:4321\/api\/unsubscribe\?u=a_[a-z0-9]+&t=[0-9a-f]{64}>$/);
    expect(alice[0]?.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");

    // Bruno turned air alerts off; Ugo never confirmed his address.
    expect(alertEmailsTo(emails, "bruno@exemple-zs.fr")).toHaveLength(0);
    expect(emails.filter((email) => email.to.includes("ugo@exemple-zs.fr"))).toHaveLength(0);

    const sarah = alertEmailsTo(emails, "sarah@exemple-zs.fr");
    expect(sarah).toHaveLength(1);
    // The water only. The bathing site nearby, read on 22 November after the season, has neither a
    // ban in force (its banner of 18/07/2026 is an earlier read, issue 9) nor a « Mauvais » sample
    // worth an email: « Évitez de vous y baigner jusqu'au prochain résultat » about a July sample is
    // stale in November, so a « Mauvais » sample alerts only in season (issue 10, item 5; this email
    // used to say « Eau de baignade de mauvaise qualité » and count 2 alerts).
    expect(sarah[0]?.subject).toBe("Zone Santé – Eau du robinet\u00a0: non-conformité signalée — Avenue du 8 Mai 1945, Maraussan");
    expect(sarah[0]?.text).toMatch(/Dernier prélèvement \(réseau MARAUSSAN VILLAGE\)\u00a0: .* – Non conforme\./);
    expect(sarah[0]?.text).toMatch(/Nitrates\u00a0: 62\u00a0mg\/L – Non conforme\. Mesuré le /);
    // Issue 23: who must not drink the water comes first, in its own sentence, with the bottled
    // water, in the page advice's words (ARS guidance above 50 mg/L of nitrates: pregnant women and
    // infants under 6 months) — not buried inside the quoted ARS conclusion.
    const body = sarah[0]?.text ?? "";
    const who = body.indexOf("Les femmes enceintes et les nourrissons de moins de 6");
    expect(who).toBeGreaterThan(-1);
    expect(body.slice(who)).toMatch(
      /^Les femmes enceintes et les nourrissons de moins de 6\smois ne doivent pas boire l'eau du robinet \(recommandation des agences régionales de santé\)\.\n- Pour eux, utilisez de l'eau en bouteille/,
    );
    expect(who).toBeLessThan(body.indexOf("Dernier prélèvement (réseau MARAUSSAN VILLAGE)"));
    expect(sarah[0]?.html).toMatch(/<li[^>]*>Les femmes enceintes et les nourrissons de moins de 6\smois ne doivent pas boire/);
    expect(sarah[0]?.text).not.toMatch(/Baignade interdite/);
    expect(sarah[0]?.text).not.toMatch(/Eau de baignade de mauvaise qualité/);
    expect(sarah[0]?.text).toContain("Se désinscrire de ces alertes");
    // Sent through the batch endpoint, with an idempotency key.
    expect(
      t.resend.calls.filter((call) => call.status === 200).every((call) => call.path === "/emails/batch" && call.idempotencyKey?.startsWith("alerts-")),
    ).toBe(true);
  });

  it("day 1 again with a new compliant sample near the limit (nitrates 48 mg/L): no water email (issue 9)", async () => {
    const results = frozen("hubeau/resultats-dis-derived-80021.json", DAY1);
    const newest = results.data.filter((item) => item.date_prelevement === results.data[0]?.date_prelevement);
    const nearLimit = newerSample(
      newest,
      { code: "08000199999", date: new Date(DAY1.getTime() - 3600_000).toISOString(), nitrates: 48 },
      {
        // Whatever network each account watches, it sees this sample.
        reseaux: [
          { code: "080000512", nom: "AMIENS CENTRE" },
          { code: "080000518", nom: "AMIENS NORD" },
        ],
      },
    );
    expect(nearLimit.some((item) => item.resultat_alphanumerique === "48")).toBe(true);
    t.upstreams.setData("results", MAIN_SCENARIO.citycode, { ...results, data: [...nearLimit, ...results.data] });
    try {
      const { emails } = await runDay(1);
      for (const person of ["alice@exemple-zs.fr", "bruno@exemple-zs.fr"]) {
        expect(alertEmailsTo(emails, person).filter((email) => /Eau du robinet/.test(email.text))).toHaveLength(0);
      }
      const [state] = await t.db
        .select()
        .from(alertEvents)
        .where(sql`${alertEvents.source} = 'water' and ${alertEvents.eventKey} like ${"water:alert:%"}`);
      expect(state?.eventKey ?? "").not.toContain(String(nearLimit[0]?.date_prelevement));
    } finally {
      t.upstreams.setData("results", MAIN_SCENARIO.citycode, results);
    }
  });

  it("records the partner site's origin (not its path) with a sign-up from its frame", async () => {
    const [sarah] = await t.db.select().from(alertSubscriptions).where(eq(alertSubscriptions.email, "sarah@exemple-zs.fr"));
    expect(sarah?.partnerOrigin).toBe("https://mairie.example");
  });

  it("the same day again: nothing new, nothing sent twice", async () => {
    const { summary, emails } = await runDay(1);
    expect(summary).toMatchObject({ alertsDetected: 0, sent: 0 });
    expect(emails).toHaveLength(0);
  });

  it("day 2: the air episode goes on (no email), the drought level rises (one email per account)", async () => {
    const crisis = JSON.parse(
      resolvePlaceholders(readFileSync(new URL("../fixtures/vigieau/zones-derived-80021-alerte.json", import.meta.url), "utf8"), day(2)),
    ) as Array<Record<string, unknown>>;
    t.upstreams.setData(
      "zones",
      MAIN_SCENARIO.citycode,
      crisis.map((zone) => ({ ...zone, niveauGravite: "crise" })),
    );
    const { summary, emails } = await runDay(2);
    expect(summary.alertsDetected).toBe(2);
    for (const email of ["alice@exemple-zs.fr", "bruno@exemple-zs.fr"]) {
      const sent = alertEmailsTo(emails, email);
      expect(sent).toHaveLength(1);
      // Amiens has one zone, a river's (SUP): the email names its type and quotes it as the report
      // does, the tap's water not restricted (decision 086).
      expect(sent[0]?.subject).toBe("Zone Santé – Sécheresse\u00a0: niveau Crise (eau superficielle) — Domicile 1 (Amiens)");
      expect(sent[0]?.text).toContain("Pas de restriction d'usage de l'eau du réseau à votre adresse.");
      expect(sent[0]?.text).toContain("Eau superficielle\u00a0: le niveau passe de «\u00a0Alerte\u00a0» à «\u00a0Crise\u00a0».");
      expect(sent[0]?.text).toContain("Les restrictions pour les particuliers, zone par zone");
      expect(sent[0]?.text).toContain("Arrosage des pelouses");
    }
    expect(alertEmailsTo(emails, "sarah@exemple-zs.fr")).toHaveLength(0);
  });

  it("day 3: when Resend fails, nothing is lost — the next run sends it, exactly once", async () => {
    // A newer, compliant sample in Maraussan: Sarah must hear that the water is back to normal.
    const results = frozen("hubeau/resultats-dis-derived-nitrates-62.json", DAY1);
    const newest = results.data.filter((item) => item.code_prelevement === results.data[0]?.code_prelevement);
    const recovery = newerSample(
      newest,
      { code: "03400999999", date: "2026-11-23T08:00:00Z", nitrates: 38 },
      {
        conformite_limites_pc_prelevement: "C",
        conclusion_conformite_prelevement: "Eau d'alimentation conforme aux exigences de qualité en vigueur pour l'ensemble des paramètres mesurés.",
      },
    );
    t.upstreams.setData("results", CRISIS_SCENARIO.citycode, { ...results, data: [...recovery, ...results.data] });

    t.resend.setMode("error500");
    const failing = await runDay(3);
    expect(failing.summary).toMatchObject({ alertsDetected: 1, sent: 0, failed: 1 });
    const [pending] = await t.db
      .select()
      .from(alertEvents)
      .where(sql`${alertEvents.eventKey} like 'water:ok:%'`);
    expect(pending).toMatchObject({ sentAtMs: null, attempts: 1 });

    t.resend.setMode("ok");
    const retry = await runDay(3);
    expect(retry.summary).toMatchObject({ alertsDetected: 0, sent: 1, failed: 0 });
    const sarah = alertEmailsTo(retry.emails, "sarah@exemple-zs.fr");
    expect(sarah).toHaveLength(1);
    expect(sarah[0]?.subject).toBe("Zone Santé – Eau du robinet\u00a0: retour à la conformité — Avenue du 8 Mai 1945, Maraussan");

    expect((await runDay(3)).emails).toHaveLength(0);
  });

  it("a run that dies after detecting sends what it detected on the next run, once", async () => {
    t.setNow(day(4));
    app = t.rebuild();
    const zones = JSON.parse(
      resolvePlaceholders(readFileSync(new URL("../fixtures/vigieau/zones-derived-80021-alerte.json", import.meta.url), "utf8"), day(4)),
    ) as unknown[];
    t.upstreams.setData("zones", MAIN_SCENARIO.citycode, zones);
    // Detection done, then the process "dies" before sending anything.
    const deps = t.deps();
    for (const batch of batchByCommune(await planAlertSubjects(deps.db))) {
      await processAlertBatch(deps, batch, {
        gates: { hubeau: async () => {}, vigieau: async () => {}, atmo: async () => {}, baignades: async () => {} },
        concurrency: 2,
      });
    }
    const next = await runDay(4);
    expect(next.summary.alertsDetected).toBe(0);
    expect(alertEmailsTo(next.emails, "alice@exemple-zs.fr").map((email) => email.subject)).toEqual([
      "Zone Santé – Sécheresse\u00a0: niveau Alerte (eau superficielle) — Domicile 1 (Amiens)",
    ]);
    expect(alertEmailsTo(next.emails, "bruno@exemple-zs.fr")).toHaveLength(1);
    expect((await runDay(4)).emails).toHaveLength(0);
  });

  it("unsubscribing stops every email, with one click, idempotently", async () => {
    const [row] = await t.db.select().from(alertSubscriptions).where(eq(alertSubscriptions.email, "sarah@exemple-zs.fr"));
    const lastSarah = t.resend.emails.filter((email) => email.to.includes("sarah@exemple-zs.fr")).at(-1)!;
    const link = new URL(findLink(lastSarah.text, /desinscription/));
    expect(link.pathname).toBe("/desinscription");
    // A plain GET of the page link is harmless: the page is static; only the POST unsubscribes.
    const oneClick = new URL(/<([^>]+)>/.exec(lastSarah.headers["List-Unsubscribe"] ?? "")?.[1] ?? "");
    const response = await app.request(`${oneClick.pathname}${oneClick.search}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(response.status).toBe(200);
    const again = await new BrowserClient(() => app).post("/api/unsubscribe", { u: link.searchParams.get("u"), t: link.searchParams.get("t") });
    expect(again.status).toBe(200);
    const [after] = await t.db.select().from(alertSubscriptions).where(eq(alertSubscriptions.id, row!.id));
    expect(after?.unsubscribedAtMs).not.toBeNull();

    // A new bad sample in Maraussan: Sarah no longer hears about it.
    const results = frozen("hubeau/resultats-dis-derived-nitrates-62.json", DAY1);
    t.upstreams.setData("results", CRISIS_SCENARIO.citycode, {
      ...results,
      data: results.data.map((item) => ({ ...item, code_prelevement: "03400888888", date_prelevement: "2026-11-26T08:00:00Z" })),
    });
    const { emails } = await runDay(5);
    expect(emails.filter((email) => email.to.includes("sarah@exemple-zs.fr"))).toHaveLength(0);

    const forged = await new BrowserClient(() => app).post("/api/unsubscribe", { u: link.searchParams.get("u"), t: "0".repeat(64) });
    expect(forged.status).toBe(400);
    expect(forged.body.error).toBe("Lien de désinscription invalide ou expiré.");
  });

  it("purges old events, stale sign-ups, expired codes and sessions", async () => {
    const now = day(40);
    await t.db.insert(alertEvents).values({
      id: generateRandomToken(12),
      recipientKey: "s_gone",
      subjectKey: "sub:gone",
      source: "water",
      eventKey: "water:alert:old",
      payloadJson: "{}",
      detectedAtMs: now.getTime() - 25 * 30 * DAY_MS,
      sentAtMs: now.getTime() - 25 * 30 * DAY_MS,
    });
    await t.db.insert(emailCodes).values({ id: "oldcode", email: "x@exemple-zs.fr", codeHash: "x", createdAtMs: 0, expiresAtMs: 1 });
    // What the run knew of a deleted address and of a purged sign-up goes too.
    for (const subjectKey of ["addr:deletedaddress", "sub:purgedsignup"]) {
      await t.db.insert(alertStates).values({ subjectKey, source: "water", stateJson: "{}", updatedAtMs: 0 });
    }
    await runDay(40);
    const stateKeys = (await t.db.select({ subjectKey: alertStates.subjectKey }).from(alertStates)).map((row) => row.subjectKey);
    expect(stateKeys).not.toContain("addr:deletedaddress");
    expect(stateKeys).not.toContain("sub:purgedsignup");
    // The subjects still watched keep theirs.
    expect(stateKeys.some((key) => key.startsWith("addr:"))).toBe(true);
    expect(await t.db.select().from(alertEvents).where(eq(alertEvents.eventKey, "water:alert:old"))).toHaveLength(0);
    // Ugo never confirmed: gone after 30 days; Sarah unsubscribed: her data gone after 30 days.
    const remaining = await t.db.select({ email: alertSubscriptions.email }).from(alertSubscriptions);
    expect(remaining.map((row) => row.email)).not.toContain("ugo@exemple-zs.fr");
    expect(remaining.map((row) => row.email)).not.toContain("sarah@exemple-zs.fr");
    expect(await t.db.select().from(emailCodes).where(eq(emailCodes.id, "oldcode"))).toHaveLength(0);
    expect((await t.db.select().from(sessions)).every((session) => session.expiresAtMs > now.getTime())).toBe(true);
  });

  it("asks VigiEau per address when a commune is split between zones of one type (409)", async () => {
    const zones = JSON.parse(
      resolvePlaceholders(readFileSync(new URL("../fixtures/vigieau/zones-derived-80021-alerte.json", import.meta.url), "utf8"), day(41)),
    ) as unknown[];
    t.upstreams.setData("zones", MAIN_SCENARIO.citycode, { split: true, zones });
    const { upstreamRequests } = await runDay(41);
    const vigieau = upstreamRequests.filter((request) => request.source === "vigieau" && request.query.commune === MAIN_SCENARIO.citycode);
    expect(vigieau[0]?.query.lon).toBeUndefined();
    // Both Amiens addresses share a position: one call for them, from the cache.
    expect(vigieau.slice(1).map((request) => request.query.lat)).toEqual([String(MAIN_SCENARIO.latitude)]);
  });
});
