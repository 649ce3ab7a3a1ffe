// Issue 39, item 4 (low findings of an adversarial review, real requests): the code form took
// 226 ms for an account and 27 ms without one; after four code requests an alert sign-up answered
// 429 when an account existed and 202 when none did; the « déjà inscrit » e-mail went to the
// `+tag` spelling a stranger typed; a repeat sign-up renamed a pending account; look-alike
// digits and dots from other scripts passed as « letters » in names; a stranger on the owner's
// network spent the recognised browser's allowance; and POST /api/subscriptions/confirm had no
// rate limit and built a whole report per call. Each answer tested here is the same whether or
// not an account (or a sign-up) exists; no assertion is timed (the figures are the bench's,
// tests/bench/auth-code-timing.ts).
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { normaliseRecipientAddress } from "../../src/core/shared/email-address.ts";
import { hashPassword } from "../../src/server/auth/password.ts";
import { insertUser } from "../../src/server/db/repositories/users.ts";
import { users } from "../../src/server/db/schema/index.ts";
import { MAIN_SCENARIO } from "../fixtures/scenarios.ts";
import { backgroundWorkDone, BrowserClient, type ClientResponse, findLink } from "../helpers/browser-client.ts";
import { type TestApp, useTestApp } from "../helpers/test-app.ts";

const START = new Date("2026-11-22T10:00:00Z");
const MINUTE_MS = 60_000;
const PASSWORD = "Lavande et romarin";
const t = useTestApp({ now: START }, { now: START, resetResend: true, resetUpstreams: true });
let app: TestApp["app"];

beforeEach(() => {
  app = t.rebuild();
});

let sources = 0;
/** A fresh browser at its own address, as a botnet's requests come. */
const anyone = () => new BrowserClient(() => app, { ip: `198.18.${Math.floor(sources / 250)}.${(sources++ % 250) + 1}` });
const at = (minutes: number) => t.setNow(new Date(START.getTime() + minutes * MINUTE_MS));
const emailsTo = (address: string) => t.resend.emails.filter((email) => email.to.includes(address));
const emailsForMailbox = (mailbox: string) => t.resend.emails.filter((email) => email.to.some((to) => normaliseRecipientAddress(to) === mailbox));

async function createAccount(email: string, names: { firstName?: string } = {}) {
  const user = await insertUser(t.db, {
    email,
    passwordHash: await hashPassword(PASSWORD, "test"),
    firstName: names.firstName ?? null,
    lastName: null,
    emailVerifiedAtMs: t.now().getTime(),
    nowMs: t.now().getTime(),
  });
  if (!user) throw new Error(`account ${email} already exists`);
  return user;
}

/** What a requester can compare between two answers: status, body and the names of the cookies set. */
function visible(response: ClientResponse) {
  return { status: response.status, body: response.body, cookies: response.setCookies.map((line) => line.split("=")[0]).sort() };
}

describe("POST /api/auth/code, with and without an account", () => {
  it("answers before the e-mail leaves, the same words, status and cookies; the code still arrives", async () => {
    await createAccount("existe@exemple-zs.fr");
    // A provider that takes a second: an answer that waited for it would carry the send already made.
    t.resend.setLatency(1000);
    const withAccount = await anyone().post("/api/auth/code", { email: "existe@exemple-zs.fr" });
    const callsAtAnswer = t.resend.calls.length;
    const withoutAccount = await anyone().post("/api/auth/code", { email: "personne@exemple-zs.fr" });
    expect(callsAtAnswer).toBe(0);
    expect(visible(withAccount)).toEqual(visible(withoutAccount));
    expect(withAccount.status).toBe(200);
    await backgroundWorkDone();
    expect(emailsTo("existe@exemple-zs.fr")).toHaveLength(1);
    expect(emailsTo("existe@exemple-zs.fr")[0]?.text).toMatch(/\b\d{6}\b/);
    expect(emailsTo("personne@exemple-zs.fr")).toHaveLength(0);
  });
});

describe("answers under the limits do not depend on an account", () => {
  /** Four codes asked from four browsers, then an alert sign-up, an account sign-up and its repeat 1 minute later. */
  async function afterFourCodes(email: string) {
    for (let i = 0; i < 4; i++) expect((await anyone().post("/api/auth/code", { email })).status).toBe(200);
    await backgroundWorkDone();
    const alerts = await anyone().post("/api/subscriptions", { email, address: MAIN_SCENARIO, consent: true });
    const signUp = await anyone().post("/api/auth/signup", { email });
    await backgroundWorkDone();
    at(1);
    const signUpAgain = await anyone().post("/api/auth/signup", { email });
    await backgroundWorkDone();
    at(0);
    return { alerts: visible(alerts), signUp: visible(signUp), signUpAgain: visible(signUpAgain) };
  }

  it("an alert sign-up and account sign-ups after four code requests answer alike for an account and none", async () => {
    await createAccount("compte-quatre@exemple-zs.fr");
    const withAccount = await afterFourCodes("compte-quatre@exemple-zs.fr");
    const withoutAccount = await afterFourCodes("sans-compte-quatre@exemple-zs.fr");
    expect(withAccount).toEqual(withoutAccount);
  });

  it("an alert sign-up after manage-link requests answers alike for a known address and an unknown one", async () => {
    await createAccount("connue@exemple-zs.fr");
    const after = async (email: string) => {
      for (let i = 0; i < 3; i++) expect((await anyone().post("/api/subscriptions/manage-link", { email })).status).toBe(202);
      await backgroundWorkDone();
      for (let i = 0; i < 2; i++) expect((await anyone().post("/api/auth/code", { email })).status).toBe(200);
      await backgroundWorkDone();
      return visible(await anyone().post("/api/subscriptions", { email, address: MAIN_SCENARIO, consent: true }));
    };
    expect(await after("connue@exemple-zs.fr")).toEqual(await after("inconnue@exemple-zs.fr"));
  });
});

describe("the « déjà inscrit » e-mail", () => {
  it("goes to the address that was confirmed, never to the +tag spelling typed by whoever signs up again", async () => {
    const first = await anyone().post("/api/subscriptions", { email: "ines@exemple-zs.fr", address: MAIN_SCENARIO, consent: true });
    expect(first.status).toBe(202);
    const link = new URL(findLink(emailsTo("ines@exemple-zs.fr")[0]?.text ?? "", /confirmation-alertes/));
    expect((await anyone().post("/api/subscriptions/confirm", { i: link.searchParams.get("i"), t: link.searchParams.get("t") })).status).toBe(200);
    at(11);
    const repeat = await anyone().post("/api/subscriptions", { email: "ines+espion@exemple-zs.fr", address: MAIN_SCENARIO, consent: true });
    expect(repeat.status).toBe(202);
    expect(emailsTo("ines+espion@exemple-zs.fr")).toHaveLength(0);
    const notice = emailsTo("ines@exemple-zs.fr").at(-1);
    expect(notice?.text).toContain("Vous êtes déjà inscrit(e) pour cette adresse");
    expect(emailsForMailbox("ines@exemple-zs.fr").filter((email) => email.to.includes("ines+espion@exemple-zs.fr"))).toHaveLength(0);
  });
});

describe("a repeat sign-up of a pending account", () => {
  it("keeps the name given first: a stranger's repeat does not rename the account", async () => {
    expect((await anyone().post("/api/auth/signup", { email: "attente@exemple-zs.fr", firstName: "Camille", lastName: "Durand" })).status).toBe(202);
    await backgroundWorkDone();
    at(11);
    expect((await anyone().post("/api/auth/signup", { email: "attente@exemple-zs.fr", firstName: "Intrus", lastName: "Malin" })).status).toBe(202);
    await backgroundWorkDone();
    const [row] = await t.db.select().from(users).where(eq(users.email, "attente@exemple-zs.fr"));
    expect(row).toMatchObject({ firstName: "Camille", lastName: "Durand", emailVerifiedAtMs: null });
    const mails = emailsTo("attente@exemple-zs.fr");
    expect(mails).toHaveLength(2);
    expect(mails.at(-1)?.text).not.toContain("Intrus");
  });
});

describe("names: letters of the Latin scripts only", () => {
  it.each([
    ["Greek omicron and Latin OU, reading « 08 »", "\u039f\u0222"],
    ["a Lisu letter that reads as a dot", "Jean\ua4f8fr"],
    ["a Cyrillic « а » among Latin letters", "M\u0430rie"],
    ["Greek letters", "\u0391\u03bb\u03ad\u03be\u03b7\u03c2"],
  ])("refuses %s with a French message", async (_case, name) => {
    const response = await anyone().post("/api/auth/signup", { email: "nom-refuse@exemple-zs.fr", firstName: name });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(
      "Le prénom et le nom ne peuvent contenir que des lettres de l'alphabet latin (accents compris), des espaces, des traits d'union et des apostrophes.",
    );
  });

  it.each(["Zoé", "N’Guessan", "N'Guessan", "Marie-Ève", "Łukasz", "Ærøskøbing", "Jean Pierre"])("accepts « %s »", async (name) => {
    const email = `nom-${sources}@exemple-zs.fr`;
    expect((await anyone().post("/api/auth/signup", { email, firstName: name })).status).toBe(202);
    await backgroundWorkDone();
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row?.firstName).toBe(name);
  });

  it("stores a name typed with combining accents in its composed form (NFC)", async () => {
    expect((await anyone().post("/api/auth/signup", { email: "nfc@exemple-zs.fr", firstName: "Zoe\u0301" })).status).toBe(202);
    await backgroundWorkDone();
    const [row] = await t.db.select().from(users).where(eq(users.email, "nfc@exemple-zs.fr"));
    expect(row?.firstName).toBe("Zo\u00e9");
  });

  it("refuses a look-alike in the profile too", async () => {
    await createAccount("profil@exemple-zs.fr");
    const owner = new BrowserClient(() => app);
    expect((await owner.post("/api/auth/signin", { email: "profil@exemple-zs.fr", password: PASSWORD })).status).toBe(200);
    const response = await owner.patch("/api/account/profile", { firstName: "\u039f\u0222", lastName: null });
    expect(response.status).toBe(400);
  });
});

describe("the recognised browser's allowance", () => {
  it("is its own: a stranger signing in to his own account from the owner's network does not spend it", async () => {
    const network = "203.0.113.77";
    await createAccount("proprietaire-reseau@exemple-zs.fr");
    await createAccount("voisin-reseau@exemple-zs.fr");
    const owner = new BrowserClient(() => app, { ip: network });
    expect((await owner.post("/api/auth/signin", { email: "proprietaire-reseau@exemple-zs.fr", password: PASSWORD })).status).toBe(200);
    expect((await owner.post("/api/auth/signout")).status).toBe(200);
    // The neighbour on the same network: a recognised browser of his own account, 30 sign-ins.
    const neighbour = new BrowserClient(() => app, { ip: network });
    for (let i = 0; i < 31; i++) {
      const response = await neighbour.post("/api/auth/signin", { email: "voisin-reseau@exemple-zs.fr", password: PASSWORD });
      if (i < 30) expect(response.status).toBe(200);
    }
    expect((await owner.post("/api/auth/signin", { email: "proprietaire-reseau@exemple-zs.fr", password: PASSWORD })).status).toBe(200);
  }, 60_000);
});

describe("POST /api/subscriptions/confirm", () => {
  async function pendingSignUp(email: string) {
    expect((await anyone().post("/api/subscriptions", { email, address: MAIN_SCENARIO, consent: true })).status).toBe(202);
    const link = new URL(findLink(emailsTo(email).at(-1)?.text ?? "", /confirmation-alertes/));
    return { i: link.searchParams.get("i"), t: link.searchParams.get("t") };
  }

  it("builds the address's report once, for the click that confirms: later clicks read no upstream", async () => {
    const body = await pendingSignUp("une-fois@exemple-zs.fr");
    const first = await anyone().post("/api/subscriptions/confirm", body);
    expect(first.status).toBe(200);
    expect(first.body.alreadyConfirmed).toBe(false);
    expect(first.body.essentials).not.toBeNull();
    // A fresh app (an empty upstream cache): a report built again would have to read the sources.
    app = t.rebuild();
    t.upstreams.reset();
    for (let i = 0; i < 3; i++) {
      const again = await anyone().post("/api/subscriptions/confirm", body);
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ alreadyConfirmed: true, addressLabel: MAIN_SCENARIO.label });
    }
    expect(t.upstreams.requests).toEqual([]);
  });

  it("builds one report and sends one welcome for parallel first clicks", async () => {
    const body = await pendingSignUp("en-meme-temps@exemple-zs.fr");
    const answers = await Promise.all(Array.from({ length: 5 }, () => anyone().post("/api/subscriptions/confirm", body)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((answer) => answer.body.alreadyConfirmed === false)).toHaveLength(1);
    expect(emailsTo("en-meme-temps@exemple-zs.fr").filter((email) => /sont activées/.test(email.subject))).toHaveLength(1);
  });

  it("is rate-limited per client, in French", async () => {
    const body = await pendingSignUp("limite@exemple-zs.fr");
    const client = new BrowserClient(() => app, { ip: "203.0.113.90" });
    const statuses: number[] = [];
    let last: ClientResponse | undefined;
    for (let i = 0; i < 31; i++) {
      last = await client.post("/api/subscriptions/confirm", body);
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(last?.status).toBe(429);
    expect(last?.body.error).toBe("Trop de requêtes. Veuillez patienter quelques instants avant de réessayer.");
    expect(last?.headers.get("retry-after")).toMatch(/^\d+$/);
    // Another client is not held back.
    expect((await anyone().post("/api/subscriptions/confirm", body)).status).toBe(200);
  });
});
