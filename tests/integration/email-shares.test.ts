// Issue 39, item 2: an e-mail promised is an e-mail sent. The service-wide e-mail budgets
// (decision 058) had no share per client: two clients' sign-ups spent the minute and a real
// person then read « Vérifiez vos e-mails » with no e-mail ever sent; six of an attacker's own
// accounts on one client spent the security minute and the owner's sign-in code, asked from her
// own browser, was not sent. Real requests against the test app and the fake Resend server
// (decision 090).
import { describe, expect, it } from "vitest";
import { createNodeOutbox } from "../../src/server/email/outbox.ts";
import { MAIN_SCENARIO } from "../fixtures/scenarios.ts";
import { backgroundWorkDone, BrowserClient, signedInAs } from "../helpers/browser-client.ts";
import { type TestApp, useTestApp } from "../helpers/test-app.ts";

const START = new Date("2026-11-23T10:00:00Z");
const DAY_MS = 24 * 3600 * 1000;
const t = useTestApp({ now: START }, { now: START, resetResend: true, resetUpstreams: true });

const EMAIL_BUSY = "Nous ne pouvons pas envoyer d'e-mail pour le moment. Réessayez dans quelques minutes.";
const sentTo = (address: string) => t.resend.emails.filter((email) => email.to.includes(address));

/** `count` sign-ups from one client (one IP), each to its own never-answering address. */
async function signUpsFrom(app: TestApp["app"], ip: string, count: number, tag: string): Promise<number[]> {
  const client = new BrowserClient(() => app, { ip });
  const statuses: number[] = [];
  for (let index = 0; index < count; index++) {
    statuses.push((await client.post("/api/auth/signup", { email: `robot${index}@${tag}-inexistant.fr` })).status);
  }
  await backgroundWorkDone();
  return statuses;
}

describe("the general e-mail budget has a share per client", () => {
  it("twenty sign-ups from two clients leave a real person's confirmation sent: each client stops at its share, with a French refusal, never a silent 202", async () => {
    // Another day per test: the counters are the file's database's.
    t.setNow(new Date(START.getTime() + 1 * DAY_MS));
    const app = t.rebuild({ EMAIL_GLOBAL_PER_MINUTE: "20" });
    const first = await signUpsFrom(app, "203.0.113.10", 10, "un");
    const second = await signUpsFrom(app, "203.0.113.11", 10, "deux");
    // A fifth of the minute each (4): the rest is refused before any answer promises an e-mail.
    for (const statuses of [first, second]) {
      expect(statuses.filter((status) => status === 202)).toHaveLength(4);
      expect(statuses.filter((status) => status === 503)).toHaveLength(6);
    }
    expect(t.resend.emails).toHaveLength(8);
    // Every 202 was an e-mail sent.
    const person = new BrowserClient(() => app, { ip: "192.0.2.200" });
    const answer = await person.post("/api/auth/signup", { email: "jeanne@exemple-zs.fr", firstName: "Jeanne" });
    expect(answer.status).toBe(202);
    await backgroundWorkDone();
    expect(sentTo("jeanne@exemple-zs.fr")).toHaveLength(1);
  });

  it("once the whole minute is spent, the next person reads a clear refusal with Retry-After, and the alert sign-up and manage-link forms say the same", async () => {
    t.setNow(new Date(START.getTime() + 2 * DAY_MS));
    const app = t.rebuild({ EMAIL_GLOBAL_PER_MINUTE: "20" });
    // Six clients: four fill the shared part, two more spend the part kept for clients' first e-mails.
    const statuses: number[] = [];
    for (const last of [10, 11, 12, 13, 14, 15]) statuses.push(...(await signUpsFrom(app, `203.0.113.${last}`, 6, `c${last}`)));
    expect(statuses.filter((status) => status === 202)).toHaveLength(20);
    expect(t.resend.emails).toHaveLength(20);
    const person = new BrowserClient(() => app, { ip: "192.0.2.201" });
    const refused = await person.post("/api/auth/signup", { email: "jeanne@exemple-zs.fr" });
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ error: EMAIL_BUSY, code: "email_busy" });
    // START is at a minute's start: the minute ends in 60 s.
    expect(refused.headers.get("retry-after")).toBe("60");
    const alerts = await person.post("/api/subscriptions", { email: "jeanne@exemple-zs.fr", address: MAIN_SCENARIO, consent: true });
    expect(alerts.status).toBe(503);
    expect(alerts.body).toEqual({ error: EMAIL_BUSY, code: "email_busy" });
    const manage = await person.post("/api/subscriptions/manage-link", { email: "jeanne@exemple-zs.fr" });
    expect(manage.status).toBe(503);
    expect(manage.body).toEqual({ error: EMAIL_BUSY, code: "email_busy" });
    await backgroundWorkDone();
    expect(t.resend.emails).toHaveLength(20);
    // The next minute, her sign-up goes.
    t.setNow(new Date(START.getTime() + 2 * DAY_MS + 60_000));
    expect((await person.post("/api/auth/signup", { email: "jeanne@exemple-zs.fr" })).status).toBe(202);
    await backgroundWorkDone();
    expect(sentTo("jeanne@exemple-zs.fr")).toHaveLength(1);
  });

  it("a sign-up whose e-mail fails at the provider keeps its 202 and its one count: the durable outbox retries it, and the retry spends nothing more", async () => {
    t.setNow(new Date(START.getTime() + 3 * DAY_MS));
    const app = t.rebuild({ EMAIL_GLOBAL_PER_MINUTE: "20" });
    t.resend.setMode("fail-next:2");
    const failed = await signUpsFrom(app, "203.0.113.20", 2, "panne");
    // Stored before the answer (decision 093): the provider's failure after the 202 is retried, not lost.
    expect(failed).toEqual([202, 202]);
    expect(t.resend.emails).toHaveLength(0);
    // The retry, once its backoff (10 s) is over: both leave.
    t.setNow(new Date(START.getTime() + 3 * DAY_MS + 10_000));
    await createNodeOutbox(() => t.deps()).drainNow();
    expect(t.resend.emails).toHaveLength(2);
    // Each was counted once, when stored: the client's share (4 a minute) has two left, not fewer.
    const after = await signUpsFrom(app, "203.0.113.20", 3, "apres");
    expect(after).toEqual([202, 202, 503]);
    expect(t.resend.emails).toHaveLength(4);
  });
});

describe("the security e-mail budget has a share per client, and the owner's recognised browser keeps a way through", () => {
  it("six of an attacker's accounts asking codes from one client leave the owner's code, asked from her recognised browser, sent", async () => {
    t.setNow(new Date(START.getTime() + 4 * DAY_MS));
    const app = t.rebuild({ EMAIL_SECURITY_PER_MINUTE: "30" });
    const attacker: BrowserClient[] = [];
    for (let index = 0; index < 6; index++) {
      const account = await signedInAs(t, () => app, `pirate${index}@exemple-zs.fr`);
      attacker.push(new BrowserClient(() => app, { ip: "203.0.113.66" }));
      for (const [name, value] of account.cookies) attacker[index]!.cookies.set(name, value);
    }
    const owner = await signedInAs(t, () => app, "proprietaire@exemple-zs.fr");
    // A new minute: the codes below are all the security minute sees.
    t.setNow(new Date(START.getTime() + 4 * DAY_MS + 60_000));
    t.resend.reset();
    for (const [index, client] of attacker.entries()) {
      for (let code = 0; code < 5; code++) await client.post("/api/auth/code", { email: `pirate${index}@exemple-zs.fr` });
    }
    // One client gets a fifth of the minute, whatever the number of its accounts.
    await backgroundWorkDone();
    expect(t.resend.emails).toHaveLength(6);
    expect((await owner.post("/api/auth/code", { email: "proprietaire@exemple-zs.fr" })).status).toBe(200);
    await backgroundWorkDone();
    expect(sentTo("proprietaire@exemple-zs.fr")).toMatchObject([{ subject: "Votre code de connexion – Zone Santé" }]);
  });

  it("when many clients have spent the shared part, a client's first code of the minute still goes; the next one is refused in French", async () => {
    t.setNow(new Date(START.getTime() + 5 * DAY_MS));
    const app = t.rebuild({ EMAIL_SECURITY_PER_MINUTE: "30" });
    const owners: BrowserClient[] = [];
    for (let index = 0; index < 5; index++) owners.push(await signedInAs(t, () => app, `titulaire${index}@exemple-zs.fr`));
    const pirates: Array<{ client: BrowserClient; email: string }> = [];
    for (let index = 0; index < 24; index++) {
      const email = `flotte${index}@exemple-zs.fr`;
      const account = await signedInAs(t, () => app, email);
      const client = new BrowserClient(() => app, { ip: `203.0.113.${100 + Math.floor(index / 6)}` });
      for (const [name, value] of account.cookies) client.cookies.set(name, value);
      pirates.push({ client, email });
    }
    t.setNow(new Date(START.getTime() + 5 * DAY_MS + 60_000));
    t.resend.reset();
    // Four clients, six accounts each, spend their shares: 24 of 30, the part any client may use.
    for (const { client, email } of pirates) await client.post("/api/auth/code", { email });
    await backgroundWorkDone();
    expect(t.resend.emails).toHaveLength(24);
    // Owners each on their own line: their first code draws on the kept part.
    for (const [index, owner] of owners.entries()) {
      expect((await owner.post("/api/auth/code", { email: `titulaire${index}@exemple-zs.fr` })).status).toBe(200);
    }
    await backgroundWorkDone();
    expect(t.resend.emails).toHaveLength(29);
    // A client past its share is refused, in French, before anything is promised.
    const refused = await pirates[0]!.client.post("/api/auth/code", { email: pirates[0]!.email });
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ error: EMAIL_BUSY, code: "email_busy" });
    await backgroundWorkDone();
    expect(t.resend.emails).toHaveLength(29);
  });
});

describe("addresses that can never receive mail are refused at entry", () => {
  const UNDELIVERABLE = "Cette adresse ne peut pas recevoir d'e-mails\u00a0: vérifiez le nom de domaine après «\u00a0@\u00a0».";

  it.each(["robot@domaine.invalid", "robot@essai.test", "robot@example.com", "robot@boite.example", "robot@machine.localhost", "robot@imprimante.local"])(
    "%s: every form that sends an e-mail refuses it in French, and nothing is counted or sent",
    async (email) => {
      t.setNow(new Date(START.getTime() + 6 * DAY_MS));
      const app = t.rebuild({ EMAIL_GLOBAL_PER_MINUTE: "20" });
      const client = new BrowserClient(() => app);
      for (const [path, body] of [
        ["/api/auth/signup", { email }],
        ["/api/auth/code", { email }],
        ["/api/subscriptions", { email, address: MAIN_SCENARIO, consent: true }],
        ["/api/subscriptions/manage-link", { email }],
      ] as const) {
        const refused = await client.post(path, body);
        expect(refused.status, path).toBe(400);
        expect(refused.body, path).toEqual({ error: UNDELIVERABLE, code: "invalid_body" });
      }
      await backgroundWorkDone();
      expect(t.resend.emails).toEqual([]);
    },
  );
});
