import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runAlerts } from "../../src/server/alerts/run.ts";
import { createNodeOutbox, outboxBackoffMs } from "../../src/server/email/outbox.ts";
import { createSession } from "../../src/server/auth/session.ts";
import { generateRandomToken } from "../../src/server/auth/crypto.ts";
import {
  alertEvents,
  alertPreferences,
  alertSubscriptions,
  devOutbox,
  emailCodes,
  monitoredAddresses,
  sessions,
  users,
} from "../../src/server/db/schema/index.ts";
import { CRISIS_SCENARIO, MAIN_SCENARIO, OVERSEAS_SCENARIO, PORT_ADDRESSES, reportQueryOf } from "../fixtures/scenarios.ts";
import { backgroundWorkDone, BrowserClient, signedInAs } from "../helpers/browser-client.ts";
import { useFreshApp, useTestApp } from "../helpers/test-app.ts";
import { HUBEAU_SOURCE } from "../../src/core/shared/sources.ts";

const START = new Date("2026-11-22T10:00:00Z");
const t = useTestApp({ now: START }, { now: START, resetResend: true, resetUpstreams: true });
const app = useFreshApp(t);

let counter = 0;
async function signedInClient(firstName = "Marie"): Promise<{ client: BrowserClient; email: string }> {
  counter += 1;
  const email = `user${counter}@exemple-zs.fr`;
  return { client: await signedInAs(t, app, email, firstName), email };
}

const DAY_MS = 24 * 3600 * 1000;
const lastCodeTo = (email: string) =>
  /\b(\d{6})\b/.exec([...t.resend.emails].reverse().find((candidate) => candidate.to.includes(email))?.text ?? "")?.[1] ?? "";

/** Signs up without confirming, and holds a session opened for that account (as any path before verification could). */
async function pendingClient(email: string): Promise<BrowserClient> {
  await new BrowserClient(app).post("/api/auth/signup", { email, password: "mdp-de-l-intrus" });
  await backgroundWorkDone();
  const [user] = await t.db.select().from(users).where(eq(users.email, email));
  const { token } = await createSession(t.db, { userId: user?.id ?? "", nowMs: t.now().getTime() });
  const client = new BrowserClient(app);
  client.cookies.set("zs_session", token);
  return client;
}

describe("authorisation", () => {
  it("refuses every account route without a session, in French", async () => {
    const anonymous = new BrowserClient(app);
    for (const [method, path] of [
      ["GET", "/api/account/addresses"],
      ["POST", "/api/account/addresses"],
      ["PATCH", "/api/account/addresses/x"],
      ["GET", "/api/account/preferences"],
      ["PUT", "/api/account/preferences"],
      ["POST", "/api/account/report-email"],
      ["GET", "/api/account/report.pdf"],
      ["PATCH", "/api/account/profile"],
      ["DELETE", "/api/account"],
    ] as const) {
      const response = await anonymous.request(method, path, method === "GET" ? undefined : {});
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.body.error).toMatch(/reconnecter/);
    }
  });

  it("user A can neither read, change nor delete user B's addresses or preferences", async () => {
    const a = await signedInClient("Alice");
    const b = await signedInClient("Bruno");
    const added = await b.client.post("/api/account/addresses", { address: MAIN_SCENARIO });
    const bAddressId = (added.body.address as { id: string }).id;
    await b.client.put("/api/account/preferences", { water: false, drought: true, air: true, bathing: true });

    expect((await a.client.get("/api/account/addresses")).body.addresses).toEqual([]);
    expect((await a.client.delete(`/api/account/addresses/${bAddressId}`)).status).toBe(404);
    expect((await a.client.get("/api/account/preferences")).body.preferences).toMatchObject({ water: true });
    await a.client.put("/api/account/preferences", { water: true, drought: false, air: false, bathing: false });

    const bAddresses = (await b.client.get("/api/account/addresses")).body.addresses as Array<{ id: string }>;
    expect(bAddresses.map((address) => address.id)).toEqual([bAddressId]);
    expect((await b.client.get("/api/account/preferences")).body.preferences).toEqual({
      water: false,
      drought: true,
      air: true,
      bathing: true,
      pollen: false,
      weather: false,
      pollenTaxa: [],
    });
  });
});

describe("accounts waiting for confirmation hold nothing", () => {
  it("an unconfirmed account can neither read nor add addresses or preferences", async () => {
    const pending = await pendingClient("en-attente@exemple-zs.fr");
    for (const [method, path, body] of [
      ["GET", "/api/account/addresses", undefined],
      ["POST", "/api/account/addresses", { address: MAIN_SCENARIO }],
      ["GET", "/api/account/preferences", undefined],
      ["PUT", "/api/account/preferences", { water: true, drought: true, air: true, bathing: true }],
    ] as const) {
      expect((await pending.request(method, path, body)).status, `${method} ${path}`).toBe(401);
    }
    const [user] = await t.db.select().from(users).where(eq(users.email, "en-attente@exemple-zs.fr"));
    expect(
      await t.db
        .select()
        .from(monitoredAddresses)
        .where(eq(monitoredAddresses.userId, user?.id ?? "")),
    ).toHaveLength(0);
  });

  it("the admin panel needs a confirmed account: a pre-claimed admin address gives the first comer nothing", async () => {
    app.rebuild({ ADMIN_EMAILS: "chef@exemple-zs.fr" });
    const attacker = await pendingClient("chef@exemple-zs.fr");
    expect((await attacker.get("/api/admin/status")).status).not.toBe(200);
    // The real owner signs in with an emailed code: the first comer's password and session die.
    const owner = new BrowserClient(app);
    await owner.post("/api/auth/code", { email: "chef@exemple-zs.fr" });
    await backgroundWorkDone();
    expect((await owner.post("/api/auth/code/verify", { email: "chef@exemple-zs.fr", code: lastCodeTo("chef@exemple-zs.fr") })).status).toBe(200);
    expect((await owner.get("/api/admin/status")).status).toBe(200);
    expect((await attacker.get("/api/admin/status")).status).toBe(401);
    const again = new BrowserClient(app);
    expect((await again.post("/api/auth/signin", { email: "chef@exemple-zs.fr", password: "mdp-de-l-intrus" })).status).toBe(401);
    expect((await again.get("/api/admin/status")).status).toBe(401);
  });

  it("unconfirmed accounts are purged by the daily run after 7 days, confirmed ones are kept", async () => {
    await new BrowserClient(app).post("/api/auth/signup", { email: "oublie@exemple-zs.fr" });
    await backgroundWorkDone();
    const { email: kept } = await signedInClient();
    t.setNow(new Date(START.getTime() + 6 * DAY_MS));
    await new BrowserClient(app).post("/api/auth/signup", { email: "recent@exemple-zs.fr" });
    await backgroundWorkDone();
    t.setNow(new Date(START.getTime() + 7 * DAY_MS + 60_000));
    app.rebuild();
    await runAlerts(t.deps());
    const remaining = (await t.db.select({ email: users.email }).from(users)).map((row) => row.email);
    expect(remaining).not.toContain("oublie@exemple-zs.fr");
    expect(remaining).toContain("recent@exemple-zs.fr");
    expect(remaining).toContain(kept);
  });
});

describe("monitored addresses", () => {
  it("adds up to 3 addresses with default labels and their UDI, oldest first (as the PDF and the report e-mail list them), then refuses a 4th", async () => {
    const { client } = await signedInClient();
    const first = await client.post("/api/account/addresses", { address: MAIN_SCENARIO });
    expect(first.status).toBe(201);
    expect(first.body.address).toMatchObject({ label: "Domicile 1", udiCode: "080000512", address: { citycode: "80021" } });
    expect(first.body.officialData).toBe(true);
    t.setNow(new Date(START.getTime() + 1000));
    const second = await client.post("/api/account/addresses", { label: "Travail", address: CRISIS_SCENARIO });
    expect(second.body.address).toMatchObject({ label: "Travail", udiCode: "034000871" });
    t.setNow(new Date(START.getTime() + 2000));
    const third = await client.post("/api/account/addresses", { address: OVERSEAS_SCENARIO });
    // No network found for the commune: stored as such, said in words by the page.
    expect(third.body.address).toMatchObject({ label: "Domicile 3", udiCode: null, networks: { status: "none" } });

    const fourth = await client.post("/api/account/addresses", { address: { ...MAIN_SCENARIO, latitude: 49.9 } });
    expect(fourth.status).toBe(409);
    expect(fourth.body.error).toBe("Vous avez atteint la limite de 3 adresses surveillées.");

    const list = (await client.get("/api/account/addresses")).body.addresses as Array<{ label: string; reportUrl: string }>;
    expect(list.map((address) => address.label)).toEqual(["Domicile 1", "Travail", "Domicile 3"]);
    expect(list[0]?.reportUrl).toMatch(/^\/\?lat=49\.8985&lon=2\.2952&citycode=80021&.*udi=080000512#analyse$/);
  });

  it("never stores more than 3 addresses, even when adds race", async () => {
    const { client } = await signedInClient();
    // Six different places (the same place twice is refused on its own): six BAN addresses, as the
    // server stores the BAN's address of what it is sent.
    const places = PORT_ADDRESSES;
    const responses = await Promise.all(places.map((address) => client.post("/api/account/addresses", { address })));
    expect(responses.filter((response) => response.status === 201)).toHaveLength(3);
    const refused = responses.filter((response) => response.status === 409);
    expect(refused).toHaveLength(3);
    for (const response of refused) expect(response.body.code).toBe("address_limit");
  });

  it("still adds the address when the official data cannot be fetched, and says so", async () => {
    t.upstreams.setMode("hubeau", "error500");
    app.rebuild();
    const { client } = await signedInClient();
    const added = await client.post("/api/account/addresses", { address: MAIN_SCENARIO });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ officialData: false, address: { udiCode: null } });
  });

  it("refuses an address outside France or without a valid INSEE code", async () => {
    const { client } = await signedInClient();
    const london = await client.post("/api/account/addresses", { address: { ...MAIN_SCENARIO, latitude: 51.5, longitude: -0.12 } });
    expect(london.status).toBe(400);
    expect(london.body.error).toMatch(/en dehors de la France/);
    const noCode = await client.post("/api/account/addresses", { address: { ...MAIN_SCENARIO, citycode: "123" } });
    expect(noCode.status).toBe(400);
    expect((await client.post("/api/account/addresses", {})).body.error).toMatch(/Choisissez une adresse/);
  });

  it("deletes an address", async () => {
    const { client } = await signedInClient();
    const added = await client.post("/api/account/addresses", { address: MAIN_SCENARIO });
    const id = (added.body.address as { id: string }).id;
    expect((await client.delete(`/api/account/addresses/${id}`)).status).toBe(200);
    expect((await client.get("/api/account/addresses")).body.addresses).toEqual([]);
    expect((await client.delete(`/api/account/addresses/${id}`)).status).toBe(404);
  });
});

describe("alert preferences", () => {
  it("the four original topics are on by default, pollen and weather off (opt-in), one row per topic saved, and saving sends no email", async () => {
    const { client, email } = await signedInClient();
    await client.post("/api/account/addresses", { address: MAIN_SCENARIO });
    expect((await client.get("/api/account/preferences")).body.preferences).toEqual({
      water: true,
      drought: true,
      air: true,
      bathing: true,
      pollen: false,
      weather: false,
      pollenTaxa: [],
    });
    t.resend.reset();
    const saved = await client.put("/api/account/preferences", { water: true, drought: false, air: true, bathing: false });
    expect(saved.status).toBe(200);
    expect(saved.body.preferences).toEqual({ water: true, drought: false, air: true, bathing: false, pollen: false, weather: false, pollenTaxa: [] });
    expect(t.resend.emails.filter((candidate) => candidate.to.includes(email))).toHaveLength(0);
    const session = (await client.get("/api/auth/session")).body.user as { id: string };
    expect(await t.db.select().from(alertPreferences).where(eq(alertPreferences.userId, session.id))).toHaveLength(4);
  });

  it("refuses malformed preferences", async () => {
    const { client } = await signedInClient();
    const response = await client.put("/api/account/preferences", { water: "oui" });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("Préférences invalides.");
  });

  // Decision 073: pollen and weather warnings are opt-in; a pollen alert is about the pollens chosen.
  it("pollen alerts need at least one chosen pollen, said in French; the choice is kept and a save without the opt-in topics keeps them", async () => {
    const { client } = await signedInClient();
    const four = { water: true, drought: true, air: true, bathing: true };
    const refused = await client.put("/api/account/preferences", { ...four, pollen: true, pollenTaxa: [] });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe("Pour recevoir l'alerte pollens, cochez au moins un pollen.");
    const unknown = await client.put("/api/account/preferences", { ...four, pollen: true, pollenTaxa: ["cypres"] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe("Choisissez les pollens dans la liste proposée.");

    const saved = await client.put("/api/account/preferences", { ...four, pollen: true, weather: true, pollenTaxa: ["graminees", "bouleau", "graminees"] });
    expect(saved.status).toBe(200);
    // In the agencies' order, once each.
    expect(saved.body.preferences).toEqual({ ...four, pollen: true, weather: true, pollenTaxa: ["bouleau", "graminees"] });
    // An older page that sends only the four original topics changes nothing of the opt-in ones.
    const older = await client.put("/api/account/preferences", { ...four, air: false });
    expect(older.body.preferences).toEqual({ ...four, air: false, pollen: true, weather: true, pollenTaxa: ["bouleau", "graminees"] });
    // Turned off, the pollens chosen are kept for the day it is turned on again.
    await client.put("/api/account/preferences", { ...four, pollen: false });
    expect((await client.get("/api/account/preferences")).body.preferences).toMatchObject({ pollen: false, pollenTaxa: ["bouleau", "graminees"] });
  });
});

describe("the report by email, on request", () => {
  it("emails the latest report when asked; a provider failure is retried by the durable outbox, not lost", async () => {
    const { client, email } = await signedInClient();
    await client.post("/api/account/addresses", { address: MAIN_SCENARIO });
    t.resend.reset();
    const asked = await client.post("/api/account/report-email", {});
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ emailSent: true });
    const report = t.resend.emails.find((candidate) => candidate.to.includes(email));
    expect(report?.subject).toMatch(/Votre bilan santé-environnement/);
    expect(report?.text).toContain(MAIN_SCENARIO.label);

    // Stored before the answer (decision 093): the provider's failure leaves the e-mail to its retry.
    t.resend.reset();
    t.resend.setMode("fail-next:1");
    const failed = await client.post("/api/account/report-email", {});
    expect(failed.status).toBe(200);
    expect(t.resend.emails.filter((candidate) => candidate.to.includes(email))).toHaveLength(0);
    const retryAt = new Date(t.now().getTime() + outboxBackoffMs(1, t.deps().config.EMAIL_OUTBOX_RETRY_SECONDS));
    const now = t.now();
    t.setNow(retryAt);
    await createNodeOutbox(() => t.deps()).drainNow();
    t.setNow(now);
    expect(t.resend.emails.filter((candidate) => candidate.to.includes(email))).toHaveLength(1);
  });
});

describe("account actions are limited per person", () => {
  it("limits report emails to 3 an hour", async () => {
    const { client, email } = await signedInClient();
    t.resend.reset();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await client.post("/api/account/report-email", {})).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await client.post("/api/account/report-email", {});
    expect(refused.body.error).toMatch(/^Trop de demandes de bilan/);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(t.resend.emails.filter((candidate) => candidate.to.includes(email))).toHaveLength(3);
  });

  it("limits preference saves to 20 an hour", async () => {
    const { client } = await signedInClient();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await client.put("/api/account/preferences", { water: i % 2 === 0, drought: true, air: true, bathing: true })).status);
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect((await client.put("/api/account/preferences", { water: true, drought: true, air: true, bathing: true })).body.error).toMatch(
      /^Trop d'enregistrements/,
    );
  });

  it("limits address adds (each reads every official source) to 10 an hour", async () => {
    const { client } = await signedInClient();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const added = await client.post("/api/account/addresses", { address: MAIN_SCENARIO });
      statuses.push(added.status);
      if (added.status === 201) await client.delete(`/api/account/addresses/${(added.body.address as { id: string }).id}`);
    }
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
    const refused = await client.post("/api/account/addresses", { address: MAIN_SCENARIO });
    expect(refused.body.error).toMatch(/^Trop d'ajouts d'adresses/);
    // One person's limit is not another's.
    expect((await (await signedInClient()).client.post("/api/account/addresses", { address: MAIN_SCENARIO })).status).toBe(201);
  });

  // Issue 22: « POST /api/account/password has no rate limit and runs scrypt on every attempt: one
  // free account took a victim's sign-in from 352 ms to 23 s. »
  it("limits password changes per account (5 per 15 min) and per source (10): each attempt runs scrypt", async () => {
    const atHome = (client: BrowserClient) => {
      const moved = new BrowserClient(app, { ip: "203.0.113.140" });
      for (const [name, value] of client.cookies) moved.cookies.set(name, value);
      return moved;
    };
    const first = atHome((await signedInClient()).client);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await first.post("/api/account/password", { currentPassword: `faux-${i}`, newPassword: "un nouveau mot de passe" })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    expect((await first.post("/api/account/password", { currentPassword: "faux", newPassword: "un nouveau mot de passe" })).body.error).toMatch(
      /^Trop de tentatives de changement de mot de passe/,
    );

    // Another account from the same address: the source's allowance runs out too (7 used above).
    const second = atHome((await signedInClient()).client);
    const more: number[] = [];
    for (let i = 0; i < 4; i++)
      more.push((await second.post("/api/account/password", { currentPassword: `faux-${i}`, newPassword: "un nouveau mot de passe" })).status);
    expect(more).toEqual([400, 400, 400, 429]);
  });

  // Issue 22: « /api/account/report.pdf has no limit either ».
  it("limits the account's PDF reports to 10 an hour", async () => {
    const { client } = await signedInClient();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await client.get("/api/account/report.pdf")).status);
    // No address yet (404 « Ajoutez d'abord une adresse »): the limit comes first, the 11th is refused.
    expect(statuses).toEqual([...Array.from({ length: 10 }, () => 404), 429]);
    expect((await client.get("/api/account/report.pdf")).body.error).toMatch(/^Trop de rapports PDF/);
  });
});

describe("profile and password", () => {
  it("updates the names and changes the password with the current one, signing out other sessions", async () => {
    const { client, email } = await signedInClient();
    const other = new BrowserClient(app);
    await other.post("/api/auth/signin", { email, password: "mot-de-passe-solide" });
    expect((await client.patch("/api/account/profile", { firstName: "Irène", lastName: "Joliot-Curie" })).status).toBe(200);
    expect((await client.get("/api/auth/session")).body.profile).toEqual({ firstName: "Irène", lastName: "Joliot-Curie" });

    const wrong = await client.post("/api/account/password", { currentPassword: "faux", newPassword: "nouveau-mdp" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe("Le mot de passe actuel est incorrect.");
    const missing = await client.post("/api/account/password", { newPassword: "nouveau-mdp" });
    expect(missing.status).toBe(400);
    expect((await client.post("/api/account/password", { currentPassword: "mot-de-passe-solide", newPassword: "nouveau-mdp" })).status).toBe(200);
    expect((await client.get("/api/auth/session")).body.user).not.toBeNull();
    expect((await other.get("/api/auth/session")).body.user).toBeNull();
  });
});

describe("PDF reports", () => {
  it("renders the account's addresses as a PDF", async () => {
    const { client } = await signedInClient();
    expect((await client.get("/api/account/report.pdf")).status).toBe(404);
    await client.post("/api/account/addresses", { address: MAIN_SCENARIO });
    const response = await client.get("/api/account/report.pdf");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="bilan-zone-sante-2026-11-22.pdf"');
    expect(
      Buffer.from(response.body.raw as ArrayBuffer)
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  });

  it("lets any visitor download the report of one address", async () => {
    const query = reportQueryOf(MAIN_SCENARIO);
    const response = await app().request(`/api/report/pdf?${query}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    const bad = await app().request("/api/report/pdf?lat=abc&lon=2&citycode=80021");
    expect(bad.status).toBe(400);
  });
});

describe("delete my data", () => {
  it("needs the confirmation word, then deletes everything at once, emails a confirmation and ends the session", async () => {
    const { client, email } = await signedInClient();
    await client.post("/api/account/addresses", { address: MAIN_SCENARIO });
    await client.put("/api/account/preferences", { water: true, drought: true, air: false, bathing: true });
    await new BrowserClient(app).post("/api/auth/code", { email });
    await backgroundWorkDone();
    const { id } = (await client.get("/api/auth/session")).body.user as { id: string };

    const unconfirmed = await client.delete("/api/account", { confirm: "oui" });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.error).toMatch(/SUPPRIMER/);

    t.resend.reset();
    const deleted = await client.delete("/api/account", { confirm: "SUPPRIMER" });
    expect(deleted.status).toBe(200);
    expect(deleted.body.emailSent).toBe(true);
    expect(client.cookies.has("zs_session")).toBe(false);
    expect(t.resend.emails.find((candidate) => candidate.to.includes(email))?.subject).toMatch(/a été supprimé/);
    expect(await t.db.select().from(users).where(eq(users.id, id))).toHaveLength(0);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(0);
    expect(await t.db.select().from(monitoredAddresses).where(eq(monitoredAddresses.userId, id))).toHaveLength(0);
    expect(await t.db.select().from(alertPreferences).where(eq(alertPreferences.userId, id))).toHaveLength(0);
    expect(await t.db.select().from(emailCodes).where(eq(emailCodes.email, email))).toHaveLength(0);
    expect((await new BrowserClient(app).post("/api/auth/signin", { email, password: "mot-de-passe-solide" })).status).toBe(401);
  });
});

describe("delete my data: alert sign-ups and alert history too", () => {
  it("deletes the sign-ups made without an account under the same mailbox, and anonymises the alert history", async () => {
    const { client, email } = await signedInClient();
    const added = await client.post("/api/account/addresses", { address: MAIN_SCENARIO });
    const addressId = (added.body.address as { id: string }).id;
    const { id: userId } = (await client.get("/api/auth/session")).body.user as { id: string };
    const [local, domain] = email.split("@");
    // Two sign-ups of this person (one with a +tag, for another address: one pending sign-up per mailbox and address), one of somebody else.
    for (const [address, place] of [
      [email, CRISIS_SCENARIO],
      [`${local}+alertes@${domain}`, MAIN_SCENARIO],
      [`autre-${local}@${domain}`, CRISIS_SCENARIO],
    ] as const) {
      expect((await new BrowserClient(app).post("/api/subscriptions", { email: address, address: place, consent: true })).status).toBe(202);
    }
    const signUps = await t.db.select().from(alertSubscriptions);
    const mine = signUps.filter((row) => row.email !== `autre-${local}@${domain}` && row.email.startsWith(local!));
    const other = signUps.find((row) => row.email === `autre-${local}@${domain}`)!;
    expect(mine).toHaveLength(2);
    const payload = (label: string) =>
      JSON.stringify({
        addressLabel: label,
        reportUrl: `http://127.0.0.1:4321/?lat=43.368625&lon=3.157423&citycode=34148&label=${encodeURIComponent(label)}#analyse`,
        event: { title: "Eau du robinet : prélèvement non conforme", lines: [], dataDate: null, sourceRef: HUBEAU_SOURCE },
      });
    const event = (recipientKey: string, subjectKey: string, label: string) => ({
      id: generateRandomToken(12),
      recipientKey,
      subjectKey,
      source: "water",
      eventKey: `water:alert:${recipientKey}`,
      payloadJson: payload(label),
      detectedAtMs: START.getTime(),
      sentAtMs: START.getTime(),
    });
    await t.db
      .insert(alertEvents)
      .values([
        event(`a_${userId}`, `addr:${addressId}`, MAIN_SCENARIO.label),
        ...mine.map((row) => event(`s_${row.id}`, `sub:${row.id}`, row.addressLabel)),
        event(`s_${other.id}`, `sub:${other.id}`, other.addressLabel),
      ]);

    const deleted = await client.delete("/api/account", { confirm: "SUPPRIMER" });
    expect(deleted.status).toBe(200);

    const remaining = await t.db.select().from(alertSubscriptions);
    expect(remaining.map((row) => row.id)).not.toContain(mine[0]!.id);
    expect(remaining.map((row) => row.id)).not.toContain(mine[1]!.id);
    expect(remaining.map((row) => row.id)).toContain(other.id);
    const events = await t.db.select().from(alertEvents);
    const theirs = events.filter((row) => [`a_${userId}`, ...mine.map((item) => `s_${item.id}`)].includes(row.recipientKey));
    expect(theirs).toHaveLength(3);
    for (const row of theirs) {
      expect(row.payloadJson).not.toContain("Boulevard du Port");
      expect(row.payloadJson).not.toContain("Maraussan");
      expect(row.payloadJson).not.toContain("43.368625");
      expect(row.payloadJson).not.toContain("lat=");
      // What was sent stays countable (24-month history), without saying where.
      expect(JSON.parse(row.payloadJson)).toMatchObject({ event: { title: "Eau du robinet : prélèvement non conforme" } });
    }
    expect(events.find((row) => row.recipientKey === `s_${other.id}`)?.payloadJson).toContain("Maraussan");

    // The goodbye email says what was erased, alert sign-ups included, and the history without addresses.
    const goodbye = t.resend.emails.filter((candidate) => candidate.to.includes(email)).at(-1);
    expect(goodbye?.subject).toMatch(/a été supprimé/);
    expect(goodbye?.text).toContain("vos inscriptions aux alertes, avec ou sans compte");
    expect(goodbye?.text).toMatch(/sans adresse ni position/);
  });
});

describe("local outbox (Node without a Resend key)", () => {
  it("keeps the emails in the database instead of sending them", async () => {
    app.rebuild({}, { mailer: "outbox" });
    const client = new BrowserClient(app);
    await client.post("/api/auth/signup", { email: "outbox@exemple-zs.fr" });
    await backgroundWorkDone();
    const [mail] = await t.db.select().from(devOutbox).where(eq(devOutbox.toAddress, "outbox@exemple-zs.fr"));
    expect(mail?.subject).toMatch(/Confirmez/);
    expect(t.resend.emails).toHaveLength(0);
  });
});
