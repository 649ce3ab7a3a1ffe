// Issue 11, sign-in hardening: code attempts counted atomically (against a slowed database), no
// targeted lockout of an account's owner, password rules, and session lifetimes and cookies.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { hashPassword } from "../../src/server/auth/password.ts";
import { insertUser } from "../../src/server/db/repositories/users.ts";
import { emailCodes, sessions } from "../../src/server/db/schema/index.ts";
import { backgroundWorkDone, BrowserClient, confirmAccount, signUpForLink } from "../helpers/browser-client.ts";
import { createTestApp, type TestApp, useTestApp } from "../helpers/test-app.ts";

const START = new Date("2026-11-22T10:00:00Z");
const DAY_MS = 24 * 3600 * 1000;
const PASSWORD = "Lavande et romarin";

const t = useTestApp({ now: START }, { now: START, resetResend: true });
let app: TestApp["app"];

beforeEach(() => {
  app = t.rebuild();
});

/** A confirmed account, made directly in the database (the sign-up flow has its own tests). */
async function createAccount(target: TestApp, email: string, password = PASSWORD) {
  const user = await insertUser(target.db, {
    email,
    passwordHash: await hashPassword(password, "test"),
    firstName: null,
    lastName: null,
    emailVerifiedAtMs: target.now().getTime(),
    nowMs: target.now().getTime(),
  });
  if (!user) throw new Error(`account ${email} already exists`);
  return user;
}

/** Another client (another address) carrying the same browser's cookies, as a script would copy them. */
function withCookiesOf(source: BrowserClient, target: BrowserClient): BrowserClient {
  for (const [name, value] of source.cookies) target.cookies.set(name, value);
  return target;
}

const codeOf = (target: TestApp, address: string) =>
  /\b(\d{6})\b/.exec([...target.resend.emails].reverse().find((email) => email.to.includes(address))?.text ?? "")?.[1] ?? "";

describe("emailed code attempts against a slow database", () => {
  let slow: TestApp;
  beforeAll(async () => {
    slow = await createTestApp({ now: START, queryDelayMs: 5 });
  });
  afterAll(async () => {
    await slow.close();
  });

  it("checks at most 5 of 40 parallel guesses, and refuses the right code afterwards", async () => {
    const slowApp = slow.rebuild();
    await createAccount(slow, "parallele@exemple-zs.fr");
    const requester = new BrowserClient(() => slowApp, { ip: "203.0.113.1" });
    expect((await requester.post("/api/auth/code", { email: "parallele@exemple-zs.fr" })).status).toBe(200);
    await backgroundWorkDone();
    const code = codeOf(slow, "parallele@exemple-zs.fr");
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === "000000" ? "111111" : "000000";

    // Each guess from its own address, as a botnet would, all carrying the requesting browser's
    // cookie (a code is valid only there): only the code's own counter can stop them.
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        withCookiesOf(requester, new BrowserClient(() => slowApp, { ip: `192.0.2.${i + 1}` })).post("/api/auth/code/verify", {
          email: "parallele@exemple-zs.fr",
          code: wrong,
        }),
      ),
    );
    // One answer for every refusal: a wrong code and a used-up one are not told apart.
    expect(responses.map((response) => response.status)).toEqual(Array.from({ length: 40 }, () => 401));
    const [stored] = await slow.db.select().from(emailCodes).where(eq(emailCodes.email, "parallele@exemple-zs.fr"));
    expect(stored?.attempts).toBe(5);

    const right = await requester.post("/api/auth/code/verify", { email: "parallele@exemple-zs.fr", code });
    expect(right.status).toBe(401);
    expect(right.body.error).toMatch(/demandez-en un nouveau/);
  });

  it("lets one right code open only one session when it is sent twice at once", async () => {
    const slowApp = slow.rebuild();
    await createAccount(slow, "double-code@exemple-zs.fr");
    const requester = new BrowserClient(() => slowApp, { ip: "203.0.113.2" });
    await requester.post("/api/auth/code", { email: "double-code@exemple-zs.fr" });
    await backgroundWorkDone();
    const code = codeOf(slow, "double-code@exemple-zs.fr");
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        withCookiesOf(requester, new BrowserClient(() => slowApp, { ip: `192.0.2.${100 + i}` })).post("/api/auth/code/verify", {
          email: "double-code@exemple-zs.fr",
          code,
        }),
      ),
    );
    expect(responses.map((response) => response.status).filter((status) => status === 200)).toHaveLength(1);
  });

  it("counts parallel password guesses on one account from one address atomically", async () => {
    const slowApp = slow.rebuild();
    await createAccount(slow, "rafale@exemple-zs.fr");
    const attacker = new BrowserClient(() => slowApp, { ip: "192.0.2.200" });
    const responses = await Promise.all(
      Array.from({ length: 25 }, (_, i) => attacker.post("/api/auth/signin", { email: "rafale@exemple-zs.fr", password: `essai-numero-${i}` })),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
  });
});

describe("no targeted lockout", () => {
  it("an attacker failing passwords from one address locks neither sign-in method of the owner", async () => {
    await createAccount(t, "cible@exemple-zs.fr");
    const attacker = new BrowserClient(() => app, { ip: "192.0.2.66" });
    const guesses: number[] = [];
    for (let i = 0; i < 30; i++) guesses.push((await attacker.post("/api/auth/signin", { email: "cible@exemple-zs.fr", password: `devinette-${i}` })).status);
    expect(guesses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(guesses.slice(10).every((status) => status === 429)).toBe(true);
    const codeRequests: number[] = [];
    for (let i = 0; i < 4; i++) codeRequests.push((await attacker.post("/api/auth/code", { email: "cible@exemple-zs.fr" })).status);
    await backgroundWorkDone();
    expect(codeRequests).toEqual([200, 200, 200, 429]);

    // The owner, from home.
    const owner = new BrowserClient(() => app, { ip: "203.0.113.50" });
    expect((await owner.post("/api/auth/signin", { email: "cible@exemple-zs.fr", password: PASSWORD })).status).toBe(200);
    const otherDevice = new BrowserClient(() => app, { ip: "203.0.113.50" });
    expect((await otherDevice.post("/api/auth/code", { email: "cible@exemple-zs.fr" })).status).toBe(200);
    await backgroundWorkDone();
    const verified = await otherDevice.post("/api/auth/code/verify", { email: "cible@exemple-zs.fr", code: codeOf(t, "cible@exemple-zs.fr") });
    expect(verified.status).toBe(200);
  });

  it("past the per-account ceiling, slows each further source to 3 failures a day instead of refusing everyone", async () => {
    await createAccount(t, "botnet@exemple-zs.fr");
    const statuses: number[] = [];
    for (let batch = 0; batch < 6; batch++) {
      const responses = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          new BrowserClient(() => app, { ip: `198.18.${batch}.${i + 1}` }).post("/api/auth/signin", {
            email: "botnet@exemple-zs.fr",
            password: `essai-${batch}-${i}`,
          }),
        ),
      );
      statuses.push(...responses.map((response) => response.status));
    }
    // 50 failures reach the ceiling; the next 10, each from a new source, are each that source's first.
    expect(statuses.filter((status) => status === 401)).toHaveLength(60);

    // One more source past the ceiling: 3 tries, then refused until the day's window ends.
    const late = new BrowserClient(() => app, { ip: "198.18.9.9" });
    const lateStatuses: number[] = [];
    for (let i = 0; i < 4; i++) lateStatuses.push((await late.post("/api/auth/signin", { email: "botnet@exemple-zs.fr", password: `tard-${i}` })).status);
    expect(lateStatuses).toEqual([401, 401, 401, 429]);

    // The owner, from a browser and a place the account has never seen: slowed, not refused.
    const owner = new BrowserClient(() => app, { ip: "203.0.113.60" });
    expect((await owner.post("/api/auth/signin", { email: "botnet@exemple-zs.fr", password: PASSWORD })).status).toBe(200);
  }, 60_000);
});

describe("passwords", () => {
  it("asks for at least 10 characters, in French, on confirming a sign-up (where the password is chosen) and on password change", async () => {
    const client = new BrowserClient(() => app);
    const short = await confirmAccount(client, await signUpForLink(t, client, { email: "court@exemple-zs.fr" }), { password: "neuf-car9" });
    expect(short.status).toBe(400);
    expect(short.body.error).toBe("Le mot de passe doit contenir au moins 10 caractères.");

    await createAccount(t, "change@exemple-zs.fr");
    const owner = new BrowserClient(() => app);
    expect((await owner.post("/api/auth/signin", { email: "change@exemple-zs.fr", password: PASSWORD })).status).toBe(200);
    const change = await owner.post("/api/account/password", { currentPassword: PASSWORD, newPassword: "neuf-car9" });
    expect(change.status).toBe(400);
    expect(change.body.error).toBe("Le mot de passe doit contenir au moins 10 caractères.");
  });

  it("refuses passwords from the list of common passwords, whatever their case", async () => {
    const client = new BrowserClient(() => app);
    const link = await signUpForLink(t, client, { email: "courant@exemple-zs.fr" });
    for (const password of ["motdepasse", "AZERTYUIOP", "1234567890", "password123"]) {
      const response = await confirmAccount(client, link, { password });
      expect(response.status, password).toBe(400);
      expect(response.body.error).toBe("Ce mot de passe fait partie des plus courants. Choisissez-en un autre.");
    }
    expect((await confirmAccount(client, link, { password: PASSWORD })).status).toBe(200);
  });

  it("still signs in an existing account whose password is shorter than today's minimum", async () => {
    await createAccount(t, "ancien@exemple-zs.fr", "secret1");
    const response = await new BrowserClient(() => app).post("/api/auth/signin", { email: "ancien@exemple-zs.fr", password: "secret1" });
    expect(response.status).toBe(200);
  });
});

describe("sessions", () => {
  it("ends 90 days after sign-in whatever the activity", async () => {
    await createAccount(t, "fidele@exemple-zs.fr");
    const client = new BrowserClient(() => app);
    expect((await client.post("/api/auth/signin", { email: "fidele@exemple-zs.fr", password: PASSWORD })).status).toBe(200);
    for (const day of [20, 40, 60, 80]) {
      t.setNow(new Date(START.getTime() + day * DAY_MS));
      const active = await client.get("/api/auth/session");
      expect(active.body.user, `day ${day}`).not.toBeNull();
    }
    // Refreshed on day 80, the cookie does not outlive the absolute limit.
    const id = (client.cookies.get("zs_session") ?? "").split(".")[0] ?? "";
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, id));
    expect(row?.expiresAtMs).toBe(START.getTime() + 90 * DAY_MS);

    t.setNow(new Date(START.getTime() + 90 * DAY_MS + 1000));
    expect((await client.get("/api/auth/session")).body.user).toBeNull();
  });

  it("uses the __Host- cookie prefix when the site is served over https", async () => {
    app = t.rebuild({ SITE_URL: "https://zone-sante.example" });
    await createAccount(t, "prefixe@exemple-zs.fr");
    const client = new BrowserClient(() => app, { origin: "https://zone-sante.example" });
    const signIn = await client.post("/api/auth/signin", { email: "prefixe@exemple-zs.fr", password: PASSWORD });
    expect(signIn.status).toBe(200);
    const cookie = signIn.setCookies.find((line) => line.startsWith("__Host-zs_session="));
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Domain=/i);
    expect(client.cookies.has("zs_session")).toBe(false);
    expect((await client.get("/api/auth/session")).body.user).toMatchObject({ email: "prefixe@exemple-zs.fr" });

    // A cookie without the prefix (which a sibling subdomain could set) is not a session.
    const tossed = new BrowserClient(() => app, { origin: "https://zone-sante.example" });
    tossed.cookies.set("zs_session", client.cookies.get("__Host-zs_session") ?? "");
    expect((await tossed.get("/api/auth/session")).body.user).toBeNull();

    const out = await client.post("/api/auth/signout");
    expect(out.setCookies.some((line) => line.startsWith("__Host-zs_session=;"))).toBe(true);
    expect(client.cookies.has("__Host-zs_session")).toBe(false);
  });

  it("revokes the session this browser had when it signs in again", async () => {
    const user = await createAccount(t, "relance@exemple-zs.fr");
    const client = new BrowserClient(() => app);
    await client.post("/api/auth/signin", { email: "relance@exemple-zs.fr", password: PASSWORD });
    const first = client.cookies.get("zs_session") ?? "";
    await client.post("/api/auth/signin", { email: "relance@exemple-zs.fr", password: PASSWORD });
    const second = client.cookies.get("zs_session") ?? "";
    expect(second).not.toBe(first);

    const replay = new BrowserClient(() => app);
    replay.cookies.set("zs_session", first);
    expect((await replay.get("/api/auth/session")).body.user).toBeNull();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
    expect((await client.get("/api/auth/session")).body.user).toMatchObject({ email: "relance@exemple-zs.fr" });
  });
});
