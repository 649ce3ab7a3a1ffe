// Issue 22, « lock the owner out, or slowly get in »: with 5 source addresses a stranger kept any
// account out of both password and code sign-in (the owner with the right password: 429; asking
// for a code: 429, Retry-After 2404), and codes whose e-mail the mailbox cap refused stayed valid
// (10 codes × 5 guesses an hour). Real requests against the running app, several sources through
// the x-test-ip client address.
//
// OWASP ASVS 4.0.3, V2.2.1: « Verify that anti-automation controls are effective at mitigating
// breached credential testing, brute force, and account lockout attacks. Such controls include
// […] soft lockouts, rate limiting, […] or risk-based restrictions such as location, first login on
// a device […] ». OWASP Authentication Cheat Sheet: « An application should respond with a generic
// error message regardless of whether […] the account does not exist. »
import { eq } from "drizzle-orm";
import { normaliseRecipientAddress } from "../../src/core/shared/email-address.ts";
import { beforeEach, describe, expect, it } from "vitest";
import { hashPassword } from "../../src/server/auth/password.ts";
import { insertUser } from "../../src/server/db/repositories/users.ts";
import { emailCodes } from "../../src/server/db/schema/index.ts";
import { SIGN_IN_LIMITS, STRANGER_CODE_GUESSES_PER_24_HOURS } from "../../src/server/middleware/sign-in-limits.ts";
import { RECIPIENT_EMAIL_LIMITS } from "../../src/server/email/recipient-cap.ts";
import { SIGN_IN_CODE_MAX_ATTEMPTS } from "../../src/server/services/accounts.ts";
import { consumeRateLimit, hashKey } from "../../src/server/services/rate-limit.ts";
import { backgroundWorkDone, BrowserClient, type ClientResponse } from "../helpers/browser-client.ts";
import { type TestApp, useTestApp } from "../helpers/test-app.ts";

const START = new Date("2026-11-22T10:00:00Z");
const MINUTE_MS = 60 * 1000;
const PASSWORD = "Lavande et romarin";
const ATTACK_SOURCES = ["192.0.2.11", "192.0.2.12", "192.0.2.13", "192.0.2.14", "192.0.2.15"];

const t = useTestApp({ now: START }, { now: START, resetResend: true });
let app: TestApp["app"];

beforeEach(() => {
  app = t.rebuild();
});

async function createAccount(email: string) {
  const user = await insertUser(t.db, {
    email,
    passwordHash: await hashPassword(PASSWORD, "test"),
    firstName: null,
    lastName: null,
    emailVerifiedAtMs: t.now().getTime(),
    nowMs: t.now().getTime(),
  });
  if (!user) throw new Error(`account ${email} already exists`);
  return user;
}

/**
 * The mailbox's caps filled, as e-mails from flows any stranger can start (alert sign-ups, codes to
 * his own browser, sign-ups) leave them: counted the way recipient-cap.ts counts each of them.
 */
async function fillMailboxCaps(email: string) {
  const key = await hashKey(normaliseRecipientAddress(email), t.deps().appSecret);
  for (const rule of RECIPIENT_EMAIL_LIMITS) {
    for (let i = 0; i < rule.limit; i++) await consumeRateLimit(t.db, rule, key, t.now().getTime());
  }
}

const emailsTo = (address: string) => t.resend.emails.filter((email) => email.to.includes(address));
const latestCodeTo = (address: string) => /\b(\d{6})\b/.exec(emailsTo(address).at(-1)?.text ?? "")?.[1] ?? "";
const wrongCodeFor = (code: string, index: number) => String((Number(code || "0") + 1 + index) % 1_000_000).padStart(6, "0");

/** The owner's browser at home: it signed in once (the recent-device cookie), then signed out. */
let homes = 0;
async function ownerBrowserThatSignedInBefore(email: string): Promise<BrowserClient> {
  // Each test's owner at her own address: the counters live in the file's one database.
  const owner = new BrowserClient(() => app, { ip: `203.0.113.${100 + homes++}` });
  expect((await owner.post("/api/auth/signin", { email, password: PASSWORD })).status).toBe(200);
  expect((await owner.post("/api/auth/signout")).status).toBe(200);
  return owner;
}

/** 50 wrong passwords and 10 code requests from 5 sources, as the attacker sent them. */
async function attack(email: string): Promise<{ passwords: number[]; codes: number[] }> {
  const passwords: number[] = [];
  const codes: number[] = [];
  for (const [index, ip] of ATTACK_SOURCES.entries()) {
    const stranger = new BrowserClient(() => app, { ip });
    for (let i = 0; i < 10; i++) passwords.push((await stranger.post("/api/auth/signin", { email, password: `devinette-${index}-${i}` })).status);
  }
  for (const ip of ATTACK_SOURCES) {
    for (let i = 0; i < 2; i++) codes.push((await new BrowserClient(() => app, { ip }).post("/api/auth/code", { email })).status);
    await backgroundWorkDone();
  }
  return { passwords, codes };
}

describe("the owner is never locked out", () => {
  it("50 wrong passwords and 10 code requests from 5 sources leave the owner's own browser able to sign in with her password and with a code", async () => {
    await createAccount("proprietaire@exemple-zs.fr");
    const owner = await ownerBrowserThatSignedInBefore("proprietaire@exemple-zs.fr");

    const { passwords, codes } = await attack("proprietaire@exemple-zs.fr");
    expect(passwords).toEqual(Array.from({ length: 50 }, () => 401));
    // Codes to browsers the account does not know: 4 a day, whoever asks.
    expect(codes).toEqual([200, 200, 200, 200, 429, 429, 429, 429, 429, 429]);

    const signIn = await owner.post("/api/auth/signin", { email: "proprietaire@exemple-zs.fr", password: PASSWORD });
    expect(signIn.status).toBe(200);
    await owner.post("/api/auth/signout");

    t.resend.reset();
    expect((await owner.post("/api/auth/code", { email: "proprietaire@exemple-zs.fr" })).status).toBe(200);
    await backgroundWorkDone();
    const code = latestCodeTo("proprietaire@exemple-zs.fr");
    expect(code).toMatch(/^\d{6}$/);
    expect((await owner.post("/api/auth/code/verify", { email: "proprietaire@exemple-zs.fr", code })).status).toBe(200);
  }, 60_000);

  it("the owner's own browser is not refused even from an address a stranger has used up", async () => {
    await createAccount("voisine@exemple-zs.fr");
    const owner = await ownerBrowserThatSignedInBefore("voisine@exemple-zs.fr");
    // The same public address as the owner's (a shared connection), all its sign-in attempts spent.
    const neighbour = new BrowserClient(() => app, { ip: `203.0.113.${100 + homes - 1}` });
    for (let i = 0; i < SIGN_IN_LIMITS.passwordPerSource.limit; i++)
      await neighbour.post("/api/auth/signin", { email: `x${i}@exemple-zs.fr`, password: "nimporte" });
    expect((await neighbour.post("/api/auth/signin", { email: "voisine@exemple-zs.fr", password: PASSWORD })).status).toBe(429);

    expect((await owner.post("/api/auth/signin", { email: "voisine@exemple-zs.fr", password: PASSWORD })).status).toBe(200);
  }, 60_000);

  it("from a brand-new browser after the same attack, the owner is slowed, not refused: her password signs her in, a code waits for the next day", async () => {
    await createAccount("nouvel-appareil@exemple-zs.fr");
    await attack("nouvel-appareil@exemple-zs.fr");
    // One more failure from elsewhere: the account is past its ceiling of 50 failures in 15 minutes.
    expect(
      (await new BrowserClient(() => app, { ip: "198.51.100.200" }).post("/api/auth/signin", { email: "nouvel-appareil@exemple-zs.fr", password: "encore" }))
        .status,
    ).toBe(401);

    // A new place gets a few tries a day (3), the right password at once.
    const hotel = new BrowserClient(() => app, { ip: "198.51.100.77" });
    expect((await hotel.post("/api/auth/signin", { email: "nouvel-appareil@exemple-zs.fr", password: "faute de frappe" })).status).toBe(401);
    expect((await hotel.post("/api/auth/signin", { email: "nouvel-appareil@exemple-zs.fr", password: PASSWORD })).status).toBe(200);

    // Asking for a code from yet another new browser: the strangers spent today's codes; the answer
    // says when, and points to the password and the usual device.
    const library = new BrowserClient(() => app, { ip: "198.51.100.78" });
    const refused = await library.post("/api/auth/code", { email: "nouvel-appareil@exemple-zs.fr" });
    await backgroundWorkDone();
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/mot de passe/);
    expect(Number(refused.headers.get("retry-after"))).toBe(14 * 3600); // until 00:00 UTC
    t.setNow(new Date("2026-11-23T00:00:01Z"));
    expect((await library.post("/api/auth/code", { email: "nouvel-appareil@exemple-zs.fr" })).status).toBe(200);
    await backgroundWorkDone();
  }, 60_000);

  it("per-account ceilings count failures only: right passwords are given back", async () => {
    await createAccount("assidue@exemple-zs.fr");
    // 15 sign-ins from one address, each from a browser without the device cookie (a shared computer).
    for (let i = 0; i < 15; i++) {
      expect(
        (await new BrowserClient(() => app, { ip: "203.0.113.20" }).post("/api/auth/signin", { email: "assidue@exemple-zs.fr", password: PASSWORD })).status,
      ).toBe(200);
    }
    // Then the 10 failures that address is allowed, all still answered.
    const stranger = new BrowserClient(() => app, { ip: "203.0.113.20" });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await stranger.post("/api/auth/signin", { email: "assidue@exemple-zs.fr", password: `faux-${i}` })).status);
    expect(statuses).toEqual([...Array.from({ length: 10 }, () => 401), 429]);
  }, 60_000);

  it("sets the recent-device cookie on every sign-in, __Host-, HttpOnly, Secure, SameSite=Strict, naming no account", async () => {
    app = t.rebuild({ SITE_URL: "https://zone-sante.example" });
    await createAccount("appareil@exemple-zs.fr");
    const client = new BrowserClient(() => app, { origin: "https://zone-sante.example" });
    const signIn = await client.post("/api/auth/signin", { email: "appareil@exemple-zs.fr", password: PASSWORD });
    const cookie = signIn.setCookies.find((line) => line.startsWith("__Host-zs_device="));
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Domain=/i);
    expect(cookie).not.toMatch(/appareil/);
    // The code sign-in sets it as well.
    const other = new BrowserClient(() => app, { origin: "https://zone-sante.example" });
    await other.post("/api/auth/code", { email: "appareil@exemple-zs.fr" });
    await backgroundWorkDone();
    const verified = await other.post("/api/auth/code/verify", { email: "appareil@exemple-zs.fr", code: latestCodeTo("appareil@exemple-zs.fr") });
    expect(verified.status).toBe(200);
    expect(verified.setCookies.some((line) => /^__Host-zs_device=[a-z2-7]{32}~/.test(line))).toBe(true);
  });

  it("a device cookie of another account, or a forged one, does not make a stranger the owner", async () => {
    await createAccount("victime@exemple-zs.fr");
    await createAccount("attaquant@exemple-zs.fr");
    const attacker = new BrowserClient(() => app, { ip: "192.0.2.99" });
    expect((await attacker.post("/api/auth/signin", { email: "attaquant@exemple-zs.fr", password: PASSWORD })).status).toBe(200);
    await attacker.post("/api/auth/signout");
    const [deviceId = ""] = (attacker.cookies.get("zs_device") ?? "").split("~");
    const forged = new BrowserClient(() => app, { ip: "192.0.2.98" });
    forged.cookies.set("zs_device", `${deviceId}~${(START.getTime() / 1000).toString(36)}.${"ab".repeat(16)}`);

    for (const stranger of [attacker, forged]) {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await stranger.post("/api/auth/signin", { email: "victime@exemple-zs.fr", password: `essai-${i}` })).status);
      // Counted as any other source: 10 failures, then refused.
      expect(statuses.at(-1)).toBe(429);
    }
  }, 60_000);
});

describe("emailed codes", () => {
  it("a code whose e-mail was not sent is not valid: nothing is stored when the mailbox cap refused it", async () => {
    await createAccount("plafonnee@exemple-zs.fr");
    await fillMailboxCaps("plafonnee@exemple-zs.fr");
    const stranger = new BrowserClient(() => app, { ip: "192.0.2.30" });
    const answer = await stranger.post("/api/auth/code", { email: "plafonnee@exemple-zs.fr" });
    await backgroundWorkDone();
    // Answered as for any address (no enumeration), but no e-mail left, so no code may exist.
    expect(answer.status).toBe(200);
    expect(emailsTo("plafonnee@exemple-zs.fr")).toHaveLength(0);
    expect(await t.db.select().from(emailCodes).where(eq(emailCodes.email, "plafonnee@exemple-zs.fr"))).toHaveLength(0);
  });

  it("a code is valid only in the browser that asked for it: a stranger neither uses nor uses up the owner's code", async () => {
    await createAccount("liee@exemple-zs.fr");
    const owner = new BrowserClient(() => app, { ip: "203.0.113.8" });
    await owner.post("/api/auth/code", { email: "liee@exemple-zs.fr" });
    await backgroundWorkDone();
    const code = latestCodeTo("liee@exemple-zs.fr");
    // Even holding the right code (read over the owner's shoulder), another browser gets nowhere.
    for (let i = 0; i < SIGN_IN_CODE_MAX_ATTEMPTS + 1; i++) {
      const stolen = await new BrowserClient(() => app, { ip: `192.0.2.${60 + i}` }).post("/api/auth/code/verify", { email: "liee@exemple-zs.fr", code });
      expect(stolen.status).toBe(401);
    }
    // A stranger's own code request does not replace the owner's.
    await new BrowserClient(() => app, { ip: "192.0.2.70" }).post("/api/auth/code", { email: "liee@exemple-zs.fr" });
    await backgroundWorkDone();
    expect((await owner.post("/api/auth/code/verify", { email: "liee@exemple-zs.fr", code })).status).toBe(200);
  });

  it("a stranger's code-guessing budget stays below 50 a day per account", async () => {
    await createAccount("devinee@exemple-zs.fr");
    let delivered = 0;
    let checked = 0;
    // Every 15 minutes for 24 hours (across a UTC midnight: the worst case of a daily window), a
    // new browser at a new address asks for a code and guesses until refused.
    for (let quarter = 0; quarter < 96; quarter++) {
      t.setNow(new Date(START.getTime() + quarter * 15 * MINUTE_MS));
      const stranger = new BrowserClient(() => app, { ip: `198.18.${Math.floor(quarter / 200)}.${(quarter % 200) + 1}` });
      const before = emailsTo("devinee@exemple-zs.fr").length;
      await stranger.post("/api/auth/code", { email: "devinee@exemple-zs.fr" });
      await backgroundWorkDone();
      const sent = emailsTo("devinee@exemple-zs.fr").length > before;
      const code = sent ? latestCodeTo("devinee@exemple-zs.fr") : "";
      if (sent) delivered++;
      // Wrong guesses until the code is used up, then the right code: refused once 5 were checked.
      const answers: ClientResponse[] = [];
      for (let i = 0; i < SIGN_IN_CODE_MAX_ATTEMPTS; i++)
        answers.push(await stranger.post("/api/auth/code/verify", { email: "devinee@exemple-zs.fr", code: wrongCodeFor(code, i) }));
      if (sent) {
        checked += SIGN_IN_CODE_MAX_ATTEMPTS;
        expect((await stranger.post("/api/auth/code/verify", { email: "devinee@exemple-zs.fr", code })).status).toBe(401);
      }
      expect(answers.every((answer) => answer.status === 401)).toBe(true);
    }
    expect(delivered).toBe(2 * SIGN_IN_LIMITS.codeRequestsPerAccountFromOtherBrowsers.limit);
    expect(checked).toBe(STRANGER_CODE_GUESSES_PER_24_HOURS);
    expect(checked).toBeLessThan(50);
  }, 120_000);

  it("code checks answer the same for an unknown address, a wrong, an expired and a used-up code", async () => {
    await createAccount("uniforme@exemple-zs.fr");
    const client = new BrowserClient(() => app, { ip: "203.0.113.9" });
    const answers: ClientResponse[] = [];
    answers.push(await client.post("/api/auth/code/verify", { email: "personne@exemple-zs.fr", code: "123456" }));
    await client.post("/api/auth/code", { email: "uniforme@exemple-zs.fr" });
    await backgroundWorkDone();
    const code = latestCodeTo("uniforme@exemple-zs.fr");
    for (let i = 0; i < SIGN_IN_CODE_MAX_ATTEMPTS + 1; i++)
      answers.push(await client.post("/api/auth/code/verify", { email: "uniforme@exemple-zs.fr", code: wrongCodeFor(code, i) }));
    await client.post("/api/auth/code", { email: "uniforme@exemple-zs.fr" });
    await backgroundWorkDone();
    const expiring = latestCodeTo("uniforme@exemple-zs.fr");
    t.setNow(new Date(START.getTime() + 11 * MINUTE_MS));
    answers.push(await client.post("/api/auth/code/verify", { email: "uniforme@exemple-zs.fr", code: expiring }));
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(answers[0]?.body);
    }
  });

  it("security e-mails have their own budget: a stranger filling the mailbox's cap holds back neither the owner's code nor the deletion notice", async () => {
    await createAccount("protegee@exemple-zs.fr");
    const owner = await ownerBrowserThatSignedInBefore("protegee@exemple-zs.fr");
    await fillMailboxCaps("protegee@exemple-zs.fr");

    t.resend.reset();
    expect((await owner.post("/api/auth/code", { email: "protegee@exemple-zs.fr" })).status).toBe(200);
    await backgroundWorkDone();
    const code = latestCodeTo("protegee@exemple-zs.fr");
    expect(code).toMatch(/^\d{6}$/);
    expect((await owner.post("/api/auth/code/verify", { email: "protegee@exemple-zs.fr", code })).status).toBe(200);
    expect((await owner.delete("/api/account", { confirm: "SUPPRIMER" })).status).toBe(200);
    expect(emailsTo("protegee@exemple-zs.fr")).toHaveLength(2);
  });
});
