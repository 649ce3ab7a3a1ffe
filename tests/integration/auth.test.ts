import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createSession } from "../../src/server/auth/session.ts";
import { emailCodes, sessions, users } from "../../src/server/db/schema/index.ts";
import { startFakeOAuth, type FakeOAuth } from "../fakes/oauth-server.ts";
import { hashPassword } from "../../src/server/auth/password.ts";
import { insertUser } from "../../src/server/db/repositories/users.ts";
import { backgroundWorkDone, BrowserClient, confirmAccount, findLink, pathOf, signUpForLink, TEST_PASSWORD } from "../helpers/browser-client.ts";
import { type TestApp, useTestApp } from "../helpers/test-app.ts";

const START = new Date("2026-11-22T10:00:00Z");
const t = useTestApp({ now: START }, { now: START, resetResend: true });
let oauth: FakeOAuth;
let app: TestApp["app"];

beforeAll(async () => {
  oauth = await startFakeOAuth();
});
afterAll(async () => {
  await oauth.close();
});
beforeEach(() => {
  app = t.rebuild();
});

const browser = () => new BrowserClient(() => app);
const lastEmailTo = (address: string) => [...t.resend.emails].reverse().find((email) => email.to.includes(address));
const userByEmail = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0];

/** Signs up, then confirms from the e-mail (which leaves after the answer), choosing `password` on the page. */
async function signUpAndConfirm(client: BrowserClient, email: string, password = TEST_PASSWORD) {
  const confirm = await confirmAccount(client, await signUpForLink(t, client, { email, firstName: "Marie", lastName: "Curie" }), { password });
  expect(confirm.status).toBe(200);
  return confirm;
}

/** A session opened for an account before its email was verified (by whatever path). */
async function sessionOpenedBefore(email: string): Promise<BrowserClient> {
  const user = await userByEmail(email);
  const { token } = await createSession(t.db, { userId: user?.id ?? "", nowMs: t.now().getTime() });
  const client = browser();
  client.cookies.set("zs_session", token);
  return client;
}

describe("sign-up and email confirmation", () => {
  it("creates an unconfirmed account without a password, emails a link to a page where the password is chosen, confirms and signs in, once", async () => {
    const client = browser();
    const signUp = await client.post("/api/auth/signup", { email: "Marie@Exemple-zs.fr", firstName: "Marie" });
    expect(signUp.status).toBe(202);
    expect(signUp.body).toEqual({ message: "Vérifiez vos e-mails\u00a0: nous venons de vous écrire pour la suite de votre inscription." });
    expect(client.cookies.has("zs_session")).toBe(false);
    await backgroundWorkDone();
    const [row] = await t.db.select().from(users).where(eq(users.email, "marie@exemple-zs.fr"));
    expect(row?.emailVerifiedAtMs).toBeNull();
    expect(row?.passwordHash).toBeNull();

    const email = lastEmailTo("marie@exemple-zs.fr");
    expect(email?.subject).toMatch(/Confirmez votre adresse e-mail/);
    const link = findLink(email?.text ?? "", /\/confirmation-compte\?/);
    expect(link.startsWith("http://127.0.0.1:4321/confirmation-compte?")).toBe(true);

    const confirm = await confirmAccount(client, link, { password: "secret-de-marie" });
    expect(confirm.status).toBe(200);
    expect(confirm.body).toMatchObject({ user: { email: "marie@exemple-zs.fr", emailVerified: true }, hasPassword: true });
    const cookie = confirm.setCookies.find((line) => line.startsWith("zs_session="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    // Plain-http local address: not Secure; on https it is (see the next test).
    expect(cookie).not.toMatch(/Secure/i);
    const [confirmed] = await t.db.select().from(users).where(eq(users.email, "marie@exemple-zs.fr"));
    // The configured cost (the tests' PASSWORD_HASH_COST=test); production's is proven in tests/unit/server/password-cost.test.ts.
    expect(confirmed?.passwordHash).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(confirmed?.passwordHash).not.toContain("secret-de-marie");

    const session = await client.get("/api/auth/session");
    expect(session.body).toMatchObject({
      user: { email: "marie@exemple-zs.fr", emailVerified: true },
      profile: { firstName: "Marie", lastName: null },
      subscription: { subscribed: true, tier: "gratuit", endsAt: null },
    });
    expect((await browser().post("/api/auth/signin", { email: "marie@exemple-zs.fr", password: "secret-de-marie" })).status).toBe(200);

    // One time only: the same link neither confirms nor signs in again.
    const again = browser();
    const replay = await confirmAccount(again, link, { password: "autre-mot-de-passe" });
    expect(replay.status).toBe(400);
    expect(replay.body.error).toMatch(/lien de confirmation/);
    expect(again.cookies.has("zs_session")).toBe(false);
  });

  it("changes nothing when the link is only opened: the old API address sends to the page, which reads the address only", async () => {
    const client = browser();
    const link = new URL(await signUpForLink(t, client, { email: "scanner@exemple-zs.fr" }));
    const opened = await client.get(`/api/auth/confirm${link.search}`);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe(`/confirmation-compte${link.search}`);
    expect(opened.setCookies).toEqual([]);
    const { u, x, s } = Object.fromEntries(link.searchParams);
    const checked = await client.post("/api/auth/confirm/check", { u, x, s });
    expect(checked.status).toBe(200);
    expect(checked.body).toEqual({ email: "scanner@exemple-zs.fr" });
    expect(checked.setCookies).toEqual([]);
    expect((await userByEmail("scanner@exemple-zs.fr"))?.emailVerifiedAtMs).toBeNull();
    expect((await confirmAccount(client, link.toString())).status).toBe(200);
    // Used, the link is invalid to anyone but its owner signed in, who is told it is already confirmed (issue 23).
    expect((await browser().post("/api/auth/confirm/check", { u, x, s })).status).toBe(400);
    expect((await client.post("/api/auth/confirm/check", { u, x, s })).body).toEqual({ email: "scanner@exemple-zs.fr", alreadyConfirmed: true });
  });

  it("refuses the link once the address was proven with a code and a password chosen", async () => {
    const link = await signUpForLink(t, browser(), { email: "changed@exemple-zs.fr" });
    // Signed in with an emailed code (which confirms), then a new password is chosen.
    const client = browser();
    await client.post("/api/auth/code", { email: "changed@exemple-zs.fr" });
    await backgroundWorkDone();
    const code = /\b(\d{6})\b/.exec(lastEmailTo("changed@exemple-zs.fr")?.text ?? "")?.[1] ?? "";
    expect((await client.post("/api/auth/code/verify", { email: "changed@exemple-zs.fr", code })).status).toBe(200);
    expect((await client.post("/api/account/password", { newPassword: "nouveau-mdp" })).status).toBe(200);
    const other = browser();
    expect((await confirmAccount(other, link)).status).toBe(400);
    expect(other.cookies.has("zs_session")).toBe(false);
  });

  it("sets Secure cookies when the site is served over https", async () => {
    app = t.rebuild({ SITE_URL: "https://zone-sante.example" });
    const client = new BrowserClient(() => app, { origin: "https://zone-sante.example" });
    const confirm = await confirmAccount(client, await signUpForLink(t, client, { email: "secure@exemple-zs.fr" }));
    expect(confirm.setCookies.find((line) => line.startsWith("__Host-zs_session="))).toMatch(/Secure/);
  });

  it("a new sign-up for a pending address keeps the first one's names (issue 39); the password is the one chosen on confirming", async () => {
    const firstLink = await signUpForLink(t, browser(), { email: "again@exemple-zs.fr", firstName: "Premier" });
    // Sooner than 10 minutes, a repeat sends nothing (sign-up-repeats.test.ts).
    t.setNow(new Date(START.getTime() + 10 * 60_000));
    const secondLink = await signUpForLink(t, browser(), { email: "again@exemple-zs.fr", firstName: "Second" });
    expect(await t.db.select().from(users).where(eq(users.email, "again@exemple-zs.fr"))).toHaveLength(1);

    const client = browser();
    const confirmed = await confirmAccount(client, secondLink, { password: "second-mdp" });
    expect(confirmed.status).toBe(200);
    // A repeat proves nothing: it renames nobody (issue 39 reversed « takes its names »).
    expect(confirmed.body.profile).toMatchObject({ firstName: "Premier" });
    // Once confirmed, every earlier link is dead.
    expect((await confirmAccount(browser(), firstLink, { password: "premier-mdp" })).status).toBe(400);
    expect((await browser().post("/api/auth/signin", { email: "again@exemple-zs.fr", password: "premier-mdp" })).status).toBe(401);
    expect((await browser().post("/api/auth/signin", { email: "again@exemple-zs.fr", password: "second-mdp" })).status).toBe(200);
  });

  it("refuses a forged or expired confirmation link", async () => {
    const client = browser();
    const link = new URL(await signUpForLink(t, client, { email: "forge@exemple-zs.fr" }));
    const forged = new URL(link);
    forged.searchParams.set("s", "0".repeat(64));
    const refused = await confirmAccount(client, forged.toString());
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/lien de confirmation/);
    const { u, x } = Object.fromEntries(forged.searchParams);
    expect((await client.post("/api/auth/confirm/check", { u, x, s: "0".repeat(64) })).status).toBe(400);
    t.setNow(new Date(START.getTime() + 49 * 3600 * 1000));
    expect((await confirmAccount(client, link.toString())).status).toBe(400);
    expect(client.cookies.has("zs_session")).toBe(false);
    expect((await userByEmail("forge@exemple-zs.fr"))?.emailVerifiedAtMs).toBeNull();
  });

  it("refuses a malformed confirmation in French", async () => {
    const response = await browser().post("/api/auth/confirm", { u: "x", x: "demain", s: "abc", password: TEST_PASSWORD });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/lien de confirmation/);
  });

  it.each([
    [{ email: "pas-un-email" }, /adresse e-mail n'est pas valide/],
    [{ firstName: "Marie" }, /adresse e-mail est obligatoire/],
    [{ email: "nom@exemple-zs.fr", firstName: "x".repeat(81) }, /80 caractères/],
  ])("refuses bad sign-up input %j with a French 400", async (body, message) => {
    const response = await browser().post("/api/auth/signup", body);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(message);
  });

  it.each([
    ["court-mdp", /au moins 10 caractères/],
    ["x".repeat(300), /trop long/],
    ["", /au moins 10 caractères|obligatoire/],
  ])("refuses the password %j chosen on confirming with a French 400, and the link stays usable", async (password, message) => {
    const client = browser();
    const link = await signUpForLink(t, client, { email: `mdp-refuse-${password.length}@exemple-zs.fr` });
    const response = await confirmAccount(client, link, { password });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(message);
    expect((await confirmAccount(client, link)).status).toBe(200);
  });

  it("answers malformed JSON, a wrong content type and an oversize body in French", async () => {
    const client = browser();
    const malformed = await client.request("POST", "/api/auth/signup", '{"email": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toMatch(/JSON valide/);
    const form = await client.request("POST", "/api/auth/signin", "email=a", { "content-type": "application/x-www-form-urlencoded" });
    expect(form.status).toBe(415);
    expect(form.body.error).toMatch(/format JSON/);
    const huge = await client.post("/api/auth/signup", { email: "huge@exemple-zs.fr", firstName: "x".repeat(20_000) });
    expect(huge.status).toBe(413);
    expect(huge.body.error).toMatch(/trop volumineuse/);
  });

  it("rate-limits sign-ups from one address", async () => {
    // An address of its own: the random addresses of the other tests' clients (1 in 250) could
    // share its bucket and spend part of its 10 sign-ups.
    const client = new BrowserClient(() => app, { ip: "203.0.113.77" });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await client.post("/api/auth/signup", { email: `flood${i}@exemple-zs.fr` })).status);
    expect(statuses.slice(0, 10).every((status) => status === 202)).toBe(true);
    expect(statuses[10]).toBe(429);
    await backgroundWorkDone();
  });
});

describe("password sign-in", () => {
  it("signs in with the right password only, with one message for unknown email and wrong password", async () => {
    await signUpAndConfirm(browser(), "pwd@exemple-zs.fr", "mot-de-passe-solide");
    const client = browser();
    const wrong = await client.post("/api/auth/signin", { email: "pwd@exemple-zs.fr", password: "mauvais" });
    const unknown = await client.post("/api/auth/signin", { email: "personne@exemple-zs.fr", password: "mauvais" });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(response.body.error).toBe("E-mail ou mot de passe incorrect.");
    }
    const ok = await client.post("/api/auth/signin", { email: "PWD@exemple-zs.fr", password: "mot-de-passe-solide" });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ user: { email: "pwd@exemple-zs.fr" }, subscription: { tier: "gratuit" } });
    expect(client.cookies.get("zs_session")).toMatch(/^[a-z2-7]+\.[a-z2-7]+$/);
  });

  it("refuses an unconfirmed account made before issue 22 (with a password) and sends the confirmation link again", async () => {
    const client = browser();
    // Sign-ups carried a password until issue 22: such an account may still be waiting.
    await insertUser(t.db, {
      email: "pending@exemple-zs.fr",
      passwordHash: await hashPassword("secret-de-marie", "test"),
      firstName: null,
      lastName: null,
      nowMs: t.now().getTime(),
    });
    const response = await client.post("/api/auth/signin", { email: "pending@exemple-zs.fr", password: "secret-de-marie" });
    expect(response.status).toBe(403);
    expect(response.body.error).toMatch(/pas encore confirmée/);
    expect(lastEmailTo("pending@exemple-zs.fr")?.subject).toMatch(/Confirmez/);
  });

  it("rate-limits attempts on one email from one address", async () => {
    await signUpAndConfirm(browser(), "target@exemple-zs.fr");
    const attacker = browser();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await attacker.post("/api/auth/signin", { email: "target@exemple-zs.fr", password: `guess-${i}` })).status);
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("refuses a sign-in posted from another site", async () => {
    const response = await app.request("/api/auth/signin", {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/json" },
      body: JSON.stringify({ email: "pwd@exemple-zs.fr", password: "mot-de-passe-solide" }),
    });
    expect(response.status).toBe(403);
  });
});

describe("sessions", () => {
  it("stores only the SHA-256 of the secret and refuses a forged token", async () => {
    const client = browser();
    await signUpAndConfirm(client, "session@exemple-zs.fr");
    const token = client.cookies.get("zs_session") ?? "";
    const [id, secret] = token.split(".");
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, id ?? ""));
    expect(row).toBeDefined();
    expect(Buffer.from(row!.secretHash).toString("utf8")).not.toContain(secret);
    expect(Buffer.from(row!.secretHash)).toHaveLength(32);

    const forger = browser();
    forger.cookies.set("zs_session", `${id}.${"a".repeat(32)}`);
    const forged = await forger.get("/api/auth/session");
    expect(forged.body.user).toBeNull();
    expect(forger.cookies.has("zs_session")).toBe(false);
    expect((await forger.get("/api/account/addresses")).status).toBe(401);
  });

  it("slides the expiry with activity and ends after 30 days without", async () => {
    const client = browser();
    await signUpAndConfirm(client, "slide@exemple-zs.fr");
    const id = (client.cookies.get("zs_session") ?? "").split(".")[0] ?? "";
    t.setNow(new Date(START.getTime() + 20 * 24 * 3600 * 1000));
    const active = await client.get("/api/auth/session");
    expect(active.body.user).not.toBeNull();
    expect(active.setCookies.some((line) => line.startsWith("zs_session="))).toBe(true);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, id));
    expect(row?.expiresAtMs).toBe(START.getTime() + 50 * 24 * 3600 * 1000);

    t.setNow(new Date(START.getTime() + 51 * 24 * 3600 * 1000));
    expect((await client.get("/api/auth/session")).body.user).toBeNull();
    expect(await t.db.select().from(sessions).where(eq(sessions.id, id))).toHaveLength(0);
  });

  it("signs out server-side: the old token no longer works", async () => {
    const client = browser();
    await signUpAndConfirm(client, "signout@exemple-zs.fr");
    const token = client.cookies.get("zs_session") ?? "";
    const out = await client.post("/api/auth/signout");
    expect(out.status).toBe(200);
    expect(client.cookies.has("zs_session")).toBe(false);
    const replay = browser();
    replay.cookies.set("zs_session", token);
    expect((await replay.get("/api/auth/session")).body.user).toBeNull();
  });
});

describe("sign-in with an emailed code", () => {
  const codeOf = (address: string) => /\b(\d{6})\b/.exec(lastEmailTo(address)?.text ?? "")?.[1] ?? "";

  it("sends a 6-digit code stored hashed, signs in once with it, and allows a new password", async () => {
    await signUpAndConfirm(browser(), "code@exemple-zs.fr", "ancien-mdp");
    const client = browser();
    const sent = await client.post("/api/auth/code", { email: "code@exemple-zs.fr" });
    await backgroundWorkDone();
    expect(sent.status).toBe(200);
    const code = codeOf("code@exemple-zs.fr");
    expect(code).toMatch(/^\d{6}$/);
    // Lock screens and notification previews show the subject: the code is only inside.
    expect(lastEmailTo("code@exemple-zs.fr")?.subject).not.toContain(code);
    const [stored] = await t.db.select().from(emailCodes).where(eq(emailCodes.email, "code@exemple-zs.fr"));
    expect(stored?.codeHash).not.toContain(code);

    const verified = await client.post("/api/auth/code/verify", { email: "code@exemple-zs.fr", code });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ user: { email: "code@exemple-zs.fr" }, passwordResetAllowed: true });
    expect((await browser().post("/api/auth/code/verify", { email: "code@exemple-zs.fr", code })).status).toBe(401);

    // « Mot de passe oublié »: a new password without the old one, right after the code.
    const changed = await client.post("/api/account/password", { newPassword: "nouveau-mdp" });
    expect(changed.status).toBe(200);
    expect((await browser().post("/api/auth/signin", { email: "code@exemple-zs.fr", password: "nouveau-mdp" })).status).toBe(200);
    expect((await browser().post("/api/auth/signin", { email: "code@exemple-zs.fr", password: "ancien-mdp" })).status).toBe(401);
  });

  it("answers the same for an unknown address and sends nothing", async () => {
    const response = await browser().post("/api/auth/code", { email: "inconnu@exemple-zs.fr" });
    await backgroundWorkDone();
    expect(response.status).toBe(200);
    expect(response.body.message).toMatch(/Si un compte existe/);
    expect(lastEmailTo("inconnu@exemple-zs.fr")).toBeUndefined();
  });

  it("allows 5 attempts per code, then asks for a new one", async () => {
    await signUpAndConfirm(browser(), "guess@exemple-zs.fr");
    const client = browser();
    await client.post("/api/auth/code", { email: "guess@exemple-zs.fr" });
    await backgroundWorkDone();
    const code = codeOf("guess@exemple-zs.fr");
    const wrong = code === "000000" ? "111111" : "000000";
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await client.post("/api/auth/code/verify", { email: "guess@exemple-zs.fr", code: wrong })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const right = await client.post("/api/auth/code/verify", { email: "guess@exemple-zs.fr", code });
    expect(right.status).toBe(401);
    expect(right.body.error).toMatch(/5 essais au plus.*demandez-en un nouveau/);
  });

  it("expires codes after 10 minutes and refuses malformed codes", async () => {
    await signUpAndConfirm(browser(), "late@exemple-zs.fr");
    const client = browser();
    await client.post("/api/auth/code", { email: "late@exemple-zs.fr" });
    await backgroundWorkDone();
    const code = codeOf("late@exemple-zs.fr");
    t.setNow(new Date(START.getTime() + 11 * 60 * 1000));
    expect((await client.post("/api/auth/code/verify", { email: "late@exemple-zs.fr", code })).status).toBe(401);
    const malformed = await client.post("/api/auth/code/verify", { email: "late@exemple-zs.fr", code: "12ab" });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toMatch(/6 chiffres/);
  });

  it("rate-limits code requests per email and address", async () => {
    await signUpAndConfirm(browser(), "spam@exemple-zs.fr");
    const requester = browser();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await requester.post("/api/auth/code", { email: "spam@exemple-zs.fr" })).status);
    await backgroundWorkDone();
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe("pre-claimed accounts", () => {
  it("an emailed code proves the address: the first sign-up's password and sessions are gone, the owner sets a password", async () => {
    // Someone signs up first with the owner's address and a password of his own.
    const attacker = browser();
    expect((await attacker.post("/api/auth/signup", { email: "victime@exemple-zs.fr", password: "mdp-de-l-intrus" })).status).toBe(202);
    await backgroundWorkDone();
    const attackerSession = await sessionOpenedBefore("victime@exemple-zs.fr");

    const owner = browser();
    await owner.post("/api/auth/code", { email: "victime@exemple-zs.fr" });
    await backgroundWorkDone();
    const code = /\b(\d{6})\b/.exec(lastEmailTo("victime@exemple-zs.fr")?.text ?? "")?.[1] ?? "";
    const verified = await owner.post("/api/auth/code/verify", { email: "victime@exemple-zs.fr", code });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ user: { emailVerified: true }, hasPassword: false });
    expect((await owner.get("/api/account/addresses")).status).toBe(200);

    expect((await userByEmail("victime@exemple-zs.fr"))?.passwordHash).toBeNull();
    expect((await browser().post("/api/auth/signin", { email: "victime@exemple-zs.fr", password: "mdp-de-l-intrus" })).status).toBe(401);
    expect((await attackerSession.get("/api/auth/session")).body.user).toBeNull();
    expect((await attackerSession.get("/api/account/addresses")).status).toBe(401);

    expect((await owner.post("/api/account/password", { newPassword: "mdp-du-titulaire" })).status).toBe(200);
    expect((await browser().post("/api/auth/signin", { email: "victime@exemple-zs.fr", password: "mdp-du-titulaire" })).status).toBe(200);
  });

  it("gives no session to an account that is not confirmed", async () => {
    await signUpForLink(t, browser(), { email: "attente@exemple-zs.fr" });
    const pending = await sessionOpenedBefore("attente@exemple-zs.fr");
    expect((await pending.get("/api/auth/session")).body.user).toBeNull();
    expect((await pending.get("/api/account/addresses")).status).toBe(401);
  });
});

describe("Google sign-in (against a local fake OpenID provider)", () => {
  async function runGoogleFlow(client: BrowserClient, options: { tamperState?: boolean } = {}) {
    const start = await client.get("/api/auth/google");
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get("location") ?? "");
    expect(authorize.origin).toBe(oauth.baseUrl);
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("redirect_uri")).toBe("http://127.0.0.1:4321/api/auth/google/callback");
    const consent = await fetch(authorize, { redirect: "manual" });
    const callback = new URL(consent.headers.get("location") ?? "");
    if (options.tamperState) callback.searchParams.set("state", "tampered");
    return client.get(pathOf(callback.toString()));
  }

  beforeEach(() => {
    app = t.rebuild(oauth.config);
    oauth.setMode("ok");
  });

  it("creates a confirmed account, opens a session and lands on /compte", async () => {
    oauth.setIdentity({ sub: "google-1", email: "Lucie@Exemple-zs.fr", email_verified: true, given_name: "Lucie", family_name: "Aubrac" });
    const client = browser();
    const done = await runGoogleFlow(client);
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/compte");
    const session = await client.get("/api/auth/session");
    expect(session.body).toMatchObject({
      user: { email: "lucie@exemple-zs.fr", emailVerified: true },
      profile: { firstName: "Lucie", lastName: "Aubrac" },
      googleEnabled: true,
    });
    // A second sign-in finds the same account.
    await runGoogleFlow(browser());
    expect(await t.db.select().from(users).where(eq(users.email, "lucie@exemple-zs.fr"))).toHaveLength(1);
  });

  it("a pending sign-up taken over by Google loses its password and its sessions", async () => {
    expect((await browser().post("/api/auth/signup", { email: "google-victime@exemple-zs.fr", password: "mdp-de-l-intrus" })).status).toBe(202);
    await backgroundWorkDone();
    const attackerSession = await sessionOpenedBefore("google-victime@exemple-zs.fr");
    oauth.setIdentity({ sub: "google-victim", email: "google-victime@exemple-zs.fr", email_verified: true });
    const owner = browser();
    expect((await runGoogleFlow(owner)).headers.get("location")).toBe("/compte");
    expect((await owner.get("/api/auth/session")).body).toMatchObject({ user: { emailVerified: true }, hasPassword: false });
    const row = await userByEmail("google-victime@exemple-zs.fr");
    expect(row?.passwordHash).toBeNull();
    expect(row?.googleSubject).toBe("google-victim");
    expect((await browser().post("/api/auth/signin", { email: "google-victime@exemple-zs.fr", password: "mdp-de-l-intrus" })).status).toBe(401);
    expect((await attackerSession.get("/api/account/addresses")).status).toBe(401);
  });

  it("sends a nonce with the authorization request", async () => {
    const start = await browser().get("/api/auth/google");
    const nonce = new URL(start.headers.get("location") ?? "").searchParams.get("nonce");
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });

  it("links to an existing account with the same verified email, and e-mails the owner about this new way in (issue 22)", async () => {
    await signUpAndConfirm(browser(), "linked@exemple-zs.fr");
    oauth.setIdentity({ sub: "google-2", email: "linked@exemple-zs.fr", email_verified: true });
    await runGoogleFlow(browser());
    const [row] = await t.db.select().from(users).where(eq(users.email, "linked@exemple-zs.fr"));
    expect(row?.googleSubject).toBe("google-2");
    await backgroundWorkDone();
    const notices = t.resend.emails.filter((email) => email.to.includes("linked@exemple-zs.fr") && /Google/.test(email.subject));
    expect(notices.map((email) => email.subject)).toEqual(["Connexion avec Google ajoutée à votre compte – Zone Santé"]);
    expect(notices[0]?.text).toMatch(/^Bonjour Marie,/m);
    expect(notices[0]?.text).toContain("Si ce n'était pas vous, quelqu'un contrôle un compte Google à votre adresse.");
    expect(notices[0]?.text).toContain("Politique de confidentialité\u00a0: http://127.0.0.1:4321/confidentialite");
    // Signing in again with the linked Google account adds nothing: no new notice.
    await runGoogleFlow(browser());
    await backgroundWorkDone();
    expect(t.resend.emails.filter((email) => email.to.includes("linked@exemple-zs.fr") && /Google/.test(email.subject))).toHaveLength(1);
  });

  it("a Google sign-in is a fresh proof: a password-less account may choose a password in the next 15 minutes, not later (issue 22)", async () => {
    oauth.setIdentity({ sub: "google-fresh", email: "fraiche@exemple-zs.fr", email_verified: true });
    const client = browser();
    await runGoogleFlow(client);
    expect((await client.get("/api/auth/session")).body).toMatchObject({ hasPassword: false, passwordResetAllowed: true });
    t.setNow(new Date(START.getTime() + 16 * 60 * 1000));
    expect((await client.post("/api/account/password", { newPassword: "mdp-trop-tard" })).status).toBe(403);
    await runGoogleFlow(client);
    expect((await client.post("/api/account/password", { newPassword: "mdp-a-temps" })).status).toBe(200);
    expect((await browser().post("/api/auth/signin", { email: "fraiche@exemple-zs.fr", password: "mdp-a-temps" })).status).toBe(200);
  });

  it.each([
    ["a tampered state", async (client: BrowserClient) => runGoogleFlow(client, { tamperState: true })],
    [
      "a refused consent",
      async (client: BrowserClient) => {
        oauth.setMode("deny");
        return runGoogleFlow(client);
      },
    ],
    [
      "a failing token endpoint",
      async (client: BrowserClient) => {
        oauth.setMode("token-error");
        return runGoogleFlow(client);
      },
    ],
    [
      "an unverified Google email",
      async (client: BrowserClient) => {
        oauth.setIdentity({ sub: "google-3", email: "x@exemple-zs.fr", email_verified: false });
        return runGoogleFlow(client);
      },
    ],
    [
      "an ID token with another nonce",
      async (client: BrowserClient) => {
        oauth.setIdentity({ sub: "google-4", email: "n@exemple-zs.fr", email_verified: true, nonce: "not-the-nonce-we-sent" });
        return runGoogleFlow(client);
      },
    ],
    [
      "an ID token for another party (azp)",
      async (client: BrowserClient) => {
        oauth.setIdentity({ sub: "google-5", email: "a@exemple-zs.fr", email_verified: true, azp: "someone-else.apps.googleusercontent.com" });
        return runGoogleFlow(client);
      },
    ],
  ])("sends the person back to /auth with an error after %s", async (_name, run) => {
    const client = browser();
    const done = await run(client);
    expect(done.headers.get("location")).toBe("/auth?erreur=google");
    expect(client.cookies.has("zs_session")).toBe(false);
  });

  it("is hidden and refused when not configured", async () => {
    app = t.rebuild();
    const client = browser();
    expect((await client.get("/api/auth/session")).body.googleEnabled).toBe(false);
    expect((await client.get("/api/auth/google")).headers.get("location")).toBe("/auth?erreur=google");
  });
});
