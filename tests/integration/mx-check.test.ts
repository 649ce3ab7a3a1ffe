// Issue 39, item 2: an optional check that a sign-up's mail domain receives mail, asked of a
// DNS-over-HTTPS resolver (MX_CHECK_URL, decision 090). Real requests against the test app, a
// fake resolver and the fake Resend server: a definite « no such domain » or « no mail server »
// is refused in French at entry; an error, a timeout or SERVFAIL lets the address through.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeDoh, type FakeDoh } from "../fakes/doh-server.ts";
import { MAIN_SCENARIO } from "../fixtures/scenarios.ts";
import { backgroundWorkDone, BrowserClient } from "../helpers/browser-client.ts";
import { type TestApp, useTestApp } from "../helpers/test-app.ts";

const t = useTestApp({ now: new Date("2026-11-24T10:00:00Z") }, { resetResend: true });
const UNDELIVERABLE = "Cette adresse ne peut pas recevoir d'e-mails\u00a0: vérifiez le nom de domaine après «\u00a0@\u00a0».";

let doh: FakeDoh;
let app: TestApp["app"];
beforeAll(async () => {
  doh = await startFakeDoh({
    "boite-reelle.fr": { MX: ["10 mx1.boite-reelle.fr.", "20 mx2.boite-reelle.fr."] },
    "serveur-seul.fr": { A: ["192.0.2.25"] },
    "domaine-vide.fr": {},
    "refuse-le-courrier.fr": { MX: ["0 ."] },
  });
});
afterAll(async () => {
  await doh.close();
});
beforeEach(() => {
  doh.requests.length = 0;
  doh.setMode("ok");
  app = t.rebuild({ MX_CHECK_URL: `${doh.baseUrl}/dns-query` });
});

const signUp = (email: string) => new BrowserClient(() => app).post("/api/auth/signup", { email });
const sentTo = (email: string) => t.resend.emails.filter((sent) => sent.to.includes(email));

describe("a domain that does not exist or takes no mail is refused at entry", () => {
  it("NXDOMAIN: the account and alert sign-ups refuse it in French, nothing is sent, and only the domain was asked", async () => {
    for (const refused of [
      await signUp("jeanne@domaine-inexistant.fr"),
      await new BrowserClient(() => app).post("/api/subscriptions", { email: "jeanne@domaine-inexistant.fr", address: MAIN_SCENARIO, consent: true }),
    ]) {
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ error: UNDELIVERABLE, code: "invalid_body" });
    }
    await backgroundWorkDone();
    expect(t.resend.emails).toEqual([]);
    expect(doh.requests[0]).toEqual({ name: "domaine-inexistant.fr", type: "MX", accept: "application/dns-json" });
    expect(JSON.stringify(doh.requests)).not.toMatch(/jeanne/);
  });

  it.each([
    ["neither MX nor A/AAAA", "jeanne@domaine-vide.fr"],
    ["a null MX (RFC 7505)", "jeanne@refuse-le-courrier.fr"],
  ])("%s is refused", async (_what, email) => {
    const refused = await signUp(email);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: UNDELIVERABLE, code: "invalid_body" });
  });

  it("a domain with mail servers, or with only an address (implicit MX), passes; its answer is kept a day", async () => {
    expect((await signUp("jeanne@boite-reelle.fr")).status).toBe(202);
    expect((await signUp("paul@serveur-seul.fr")).status).toBe(202);
    await backgroundWorkDone();
    expect(sentTo("jeanne@boite-reelle.fr")).toHaveLength(1);
    expect(sentTo("paul@serveur-seul.fr")).toHaveLength(1);
    const asked = doh.requests.length;
    expect((await signUp("marc@boite-reelle.fr")).status).toBe(202);
    expect(doh.requests).toHaveLength(asked);
  });
});

describe("the check fails open", () => {
  it.each([
    ["a resolver slower than the check waits (1,5 s)", "slow"],
    ["HTTP 500", "error500"],
    ["SERVFAIL", "servfail"],
  ] as const)("%s: the address passes and its e-mail is sent", async (_what, mode) => {
    doh.setMode(mode);
    const email = `jeanne-${mode}@domaine-inexistant.fr`;
    expect((await signUp(email)).status).toBe(202);
    await backgroundWorkDone();
    expect(sentTo(email)).toHaveLength(1);
  });

  it("an inconclusive answer is not kept: the next sign-up asks again, and a definite answer then refuses", async () => {
    doh.setMode("error500");
    expect((await signUp("a@domaine-inexistant.fr")).status).toBe(202);
    doh.setMode("ok");
    expect((await signUp("b@domaine-inexistant.fr")).status).toBe(400);
  });

  it("without MX_CHECK_URL nothing is asked", async () => {
    app = t.rebuild();
    expect((await signUp("jeanne@domaine-inexistant.fr")).status).toBe(202);
    expect(doh.requests).toEqual([]);
  });
});
