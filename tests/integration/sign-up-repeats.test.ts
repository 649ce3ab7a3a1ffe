// Issue 38, item 5.1: every resubmission of the same pending sign-up sent another « Confirmez… »
// e-mail (three in ten minutes). At most one e-mail per sign-up per 10 minutes: the repeats are
// told when it left and where to look, the link already sent stays the valid one, and the answer
// is the same whether that e-mail was a confirmation, a « déjà inscrit » or a notice to an
// account's owner (nobody learns who is subscribed, nor who has an account). Ten minutes are
// crossed by moving the app's clock.
import { beforeEach, describe, expect, it } from "vitest";
import { normaliseRecipientAddress } from "../../src/core/shared/email-address.ts";
import { createNodeOutbox } from "../../src/server/email/outbox.ts";
import { alertSubscriptions } from "../../src/server/db/schema/index.ts";
import { CRISIS_SCENARIO, MAIN_SCENARIO } from "../fixtures/scenarios.ts";
import { backgroundWorkDone, BrowserClient, confirmAccount, findLink } from "../helpers/browser-client.ts";
import { type TestApp, useTestApp } from "../helpers/test-app.ts";

const START = new Date("2026-11-22T10:00:00Z");
const MINUTE_MS = 60_000;
const t = useTestApp({ now: START }, { now: START, resetResend: true, resetUpstreams: true });
let app: TestApp["app"];

beforeEach(() => {
  app = t.rebuild();
});

const anyone = () => new BrowserClient(() => app);
const at = (minutes: number) => t.setNow(new Date(START.getTime() + minutes * MINUTE_MS));
const emailsFor = (mailbox: string) => t.resend.emails.filter((email) => email.to.some((to) => normaliseRecipientAddress(to) === mailbox));
/** The e-mails of a sign-up, without the welcome its confirmation sends. */
const signUpEmailsFor = (mailbox: string) => emailsFor(mailbox).filter((email) => !/sont activées/.test(email.subject));
const rowsFor = async (mailbox: string) => (await t.db.select().from(alertSubscriptions)).filter((row) => normaliseRecipientAddress(row.email) === mailbox);

async function signUpForAlerts(email: string, address: typeof MAIN_SCENARIO | typeof CRISIS_SCENARIO = MAIN_SCENARIO) {
  const response = await anyone().post("/api/subscriptions", { email, address, consent: true });
  await backgroundWorkDone();
  expect(response.status).toBe(202);
  return response.body;
}

async function signUpForAccount(email: string) {
  const response = await anyone().post("/api/auth/signup", { email });
  await backgroundWorkDone();
  expect(response.status).toBe(202);
  return response.body;
}

async function confirmSignUp(mail: { text: string } | undefined) {
  const link = new URL(findLink(mail?.text ?? "", /confirmation-alertes/));
  return anyone().post("/api/subscriptions/confirm", { i: link.searchParams.get("i"), t: link.searchParams.get("t") });
}

describe("an alert sign-up sent again within 10 minutes", () => {
  it("sends one « Confirmez » e-mail, tells the repeats when it left, keeps its link valid, and sends again after 10 minutes", async () => {
    const first = await signUpForAlerts("repete@exemple-zs.fr");
    expect(first.alreadySent).toBeUndefined();
    at(4);
    const second = await signUpForAlerts("repete@exemple-zs.fr");
    at(9);
    // Another spelling of the same mailbox (a +tag) is the same sign-up.
    const third = await signUpForAlerts("Repete+alertes@exemple-zs.fr");

    expect(emailsFor("repete@exemple-zs.fr")).toHaveLength(1);
    expect(emailsFor("repete@exemple-zs.fr")[0]?.subject).toMatch(/^Confirmez/);
    for (const repeat of [second, third]) {
      expect(repeat.confirmationSent).toBe(true);
      // 10:00 UTC is 11:00 in Paris in November; the next e-mail may leave from 11:10.
      expect(repeat.alreadySent).toEqual({
        sentAt: "2026-11-22T10:00:00.000Z",
        sentAtText: "11\u00a0h\u00a000",
        nextAtText: "11\u00a0h\u00a010",
        sender: "alertes@zone-sante.fr",
      });
      expect(repeat.message).toBe(
        "Nous vous avons déjà écrit à 11\u00a0h\u00a000 au sujet de cette inscription. Regardez dans vos courriers indésirables\u00a0: l'e-mail vient de alertes@zone-sante.fr.",
      );
    }
    expect(await rowsFor("repete@exemple-zs.fr")).toHaveLength(1);
    // The link of the one e-mail sent still confirms: the repeats replaced nothing.
    expect((await confirmSignUp(emailsFor("repete@exemple-zs.fr")[0])).status).toBe(200);

    // Another address of the same mailbox is another sign-up, with its own e-mail.
    expect((await signUpForAlerts("repete@exemple-zs.fr", CRISIS_SCENARIO)).alreadySent).toBeUndefined();
    expect(signUpEmailsFor("repete@exemple-zs.fr")).toHaveLength(2);
  });

  it("sends the next one once 10 minutes have passed, whose link confirms", async () => {
    await signUpForAlerts("patient@exemple-zs.fr");
    at(9.9);
    expect((await signUpForAlerts("patient@exemple-zs.fr")).alreadySent).toBeDefined();
    expect(emailsFor("patient@exemple-zs.fr")).toHaveLength(1);
    at(10);
    expect((await signUpForAlerts("patient@exemple-zs.fr")).alreadySent).toBeUndefined();
    expect(emailsFor("patient@exemple-zs.fr")).toHaveLength(2);
    expect(await rowsFor("patient@exemple-zs.fr")).toHaveLength(1);
    expect((await confirmSignUp(emailsFor("patient@exemple-zs.fr").at(-1))).status).toBe(200);
  });

  it("answers a repeat for a confirmed sign-up exactly as one for a pending sign-up", async () => {
    await signUpForAlerts("active@exemple-zs.fr");
    expect((await confirmSignUp(emailsFor("active@exemple-zs.fr")[0])).status).toBe(200);
    at(20);
    await signUpForAlerts("attente@exemple-zs.fr");
    const pendingFirst = await signUpForAlerts("active@exemple-zs.fr");
    expect(emailsFor("active@exemple-zs.fr").at(-1)?.text).toContain("Vous êtes déjà inscrit(e) pour cette adresse");
    at(25);
    const confirmedRepeat = await signUpForAlerts("active@exemple-zs.fr");
    const pendingRepeat = await signUpForAlerts("attente@exemple-zs.fr");
    expect(confirmedRepeat).toEqual(pendingRepeat);
    expect(pendingFirst.alreadySent).toBeUndefined();
    // One e-mail per 10 minutes: the confirmation, then one « déjà inscrit ».
    expect(signUpEmailsFor("active@exemple-zs.fr")).toHaveLength(2);
  });

  it("sends the e-mail the provider refused once, by the durable outbox's retry: the repeat is told it left, and nothing is sent twice", async () => {
    t.resend.setMode("fail-next:1");
    const failed = await signUpForAlerts("panne@exemple-zs.fr");
    // Stored with the sign-up before the answer (decision 093): on its way, retried after its backoff (10 s).
    expect(failed.confirmationSent).toBe(true);
    expect(emailsFor("panne@exemple-zs.fr")).toHaveLength(0);
    at(1);
    await createNodeOutbox(() => t.deps()).drainNow();
    expect(emailsFor("panne@exemple-zs.fr")).toHaveLength(1);
    const repeat = await signUpForAlerts("panne@exemple-zs.fr");
    expect(repeat.alreadySent).toBeDefined();
    expect(emailsFor("panne@exemple-zs.fr")).toHaveLength(1);
  });
});

describe("an account sign-up sent again within 10 minutes", () => {
  it("sends one confirmation link, tells the repeats when it left, and that link still confirms", async () => {
    const first = await signUpForAccount("compte-repete@exemple-zs.fr");
    expect(first.alreadySent).toBeUndefined();
    at(3);
    const second = await signUpForAccount("compte-repete@exemple-zs.fr");
    expect(second.alreadySent).toEqual({
      sentAt: "2026-11-22T10:00:00.000Z",
      sentAtText: "11\u00a0h\u00a000",
      nextAtText: "11\u00a0h\u00a010",
      sender: "alertes@zone-sante.fr",
    });
    expect(emailsFor("compte-repete@exemple-zs.fr")).toHaveLength(1);
    const link = findLink(emailsFor("compte-repete@exemple-zs.fr")[0]?.text ?? "", /confirmation-compte/);
    const client = anyone();
    await confirmAccount(client, link);
    expect((await client.get("/api/auth/session")).body.user).toMatchObject({ email: "compte-repete@exemple-zs.fr" });
    at(10);
    expect((await signUpForAccount("compte-repete@exemple-zs.fr")).alreadySent).toBeUndefined();
    // Now confirmed, the owner is told of the attempt: a second e-mail, 10 minutes after the first.
    expect(emailsFor("compte-repete@exemple-zs.fr")).toHaveLength(2);
  });

  it("answers alike whether the address has a confirmed account or none", async () => {
    await signUpForAccount("existe@exemple-zs.fr");
    await confirmAccount(anyone(), findLink(emailsFor("existe@exemple-zs.fr")[0]?.text ?? "", /confirmation-compte/));
    at(30);
    const existingFirst = await signUpForAccount("existe@exemple-zs.fr");
    const freshFirst = await signUpForAccount("nouveau@exemple-zs.fr");
    expect(existingFirst).toEqual(freshFirst);
    at(31);
    const existingRepeat = await signUpForAccount("existe@exemple-zs.fr");
    const freshRepeat = await signUpForAccount("nouveau@exemple-zs.fr");
    expect(existingRepeat).toEqual(freshRepeat);
    expect(existingRepeat.alreadySent).toBeDefined();
    expect(emailsFor("existe@exemple-zs.fr")).toHaveLength(2);
    expect(emailsFor("nouveau@exemple-zs.fr")).toHaveLength(1);
  });
});
