// Issue 23 (« Typos and piles »): five identical alert sign-ups made five pending rows and five
// e-mails, and someone already confirmed who signed up again was sent a confirmation saying « nous
// ne vous enverrons rien d'autre ». One pending sign-up per mailbox and address; « déjà inscrit »
// for the confirmed, with the same 202 answer as anyone else (nobody learns who is subscribed).
// Each repeat here comes 10 minutes after the last e-mail: sooner, nothing is sent again
// (sign-up-repeats.test.ts).
import { beforeEach, describe, expect, it } from "vitest";
import { normaliseRecipientAddress } from "../../src/core/shared/email-address.ts";
import { alertSubscriptions } from "../../src/server/db/schema/index.ts";
import { CRISIS_SCENARIO, MAIN_SCENARIO } from "../fixtures/scenarios.ts";
import { backgroundWorkDone, BrowserClient, findLink } from "../helpers/browser-client.ts";
import { type TestApp, useTestApp } from "../helpers/test-app.ts";

const START = new Date("2026-11-22T10:00:00Z");
const t = useTestApp({ now: START }, { now: START, resetResend: true, resetUpstreams: true });
let app: TestApp["app"];

beforeEach(() => {
  app = t.rebuild();
});

const anyone = () => new BrowserClient(() => app);
/** Past the 10 minutes within which a sign-up's e-mail is not sent again. */
const tenMinutesLater = () => t.setNow(new Date(t.now().getTime() + 10 * 60_000));
const emailsFor = (mailbox: string) => t.resend.emails.filter((email) => email.to.some((to) => normaliseRecipientAddress(to) === mailbox));
const rowsFor = async (mailbox: string) => (await t.db.select().from(alertSubscriptions)).filter((row) => normaliseRecipientAddress(row.email) === mailbox);

async function signUp(email: string, address: typeof MAIN_SCENARIO | typeof CRISIS_SCENARIO = MAIN_SCENARIO) {
  const response = await anyone().post("/api/subscriptions", { email, address, consent: true });
  await backgroundWorkDone();
  return response;
}

describe("one pending sign-up per mailbox and address", () => {
  it("five identical sign-ups keep one pending row, whose latest link confirms", async () => {
    for (const email of ["pile@exemple-zs.fr", "pile@exemple-zs.fr", "Pile+alertes@exemple-zs.fr", "pile@exemple-zs.fr", "pile@exemple-zs.fr"]) {
      expect((await signUp(email)).status).toBe(202);
      tenMinutesLater();
    }
    const rows = await rowsFor("pile@exemple-zs.fr");
    expect(rows).toHaveLength(1);
    expect(rows[0]?.confirmedAtMs).toBeNull();
    // The e-mails stay within the per-recipient cap (recipient-cap.ts: 5 a quarter hour).
    expect(emailsFor("pile@exemple-zs.fr").length).toBeLessThanOrEqual(5);
    const last = emailsFor("pile@exemple-zs.fr").at(-1);
    const link = new URL(findLink(last?.text ?? "", /confirmation-alertes/));
    expect(link.searchParams.get("i")).toBe(rows[0]?.id);
    expect((await anyone().post("/api/subscriptions/confirm", { i: link.searchParams.get("i"), t: link.searchParams.get("t") })).status).toBe(200);
  });

  it("another address of the same mailbox is another sign-up", async () => {
    await signUp("deux@exemple-zs.fr", MAIN_SCENARIO);
    await signUp("deux@exemple-zs.fr", CRISIS_SCENARIO);
    expect(await rowsFor("deux@exemple-zs.fr")).toHaveLength(2);
  });
});

describe("signing up again once confirmed", () => {
  it("adds no row, answers like any sign-up, and e-mails « Vous êtes déjà inscrit(e) pour cette adresse » with the manage link, never « rien d'autre »", async () => {
    const first = await signUp("deja@exemple-zs.fr");
    const confirmMail = emailsFor("deja@exemple-zs.fr").at(-1);
    const link = new URL(findLink(confirmMail?.text ?? "", /confirmation-alertes/));
    expect((await anyone().post("/api/subscriptions/confirm", { i: link.searchParams.get("i"), t: link.searchParams.get("t") })).status).toBe(200);
    const before = emailsFor("deja@exemple-zs.fr").length;
    tenMinutesLater();

    const again = await signUp("deja@exemple-zs.fr");
    // Same status and body as a first sign-up: the answer does not tell who is subscribed.
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
    const rows = await rowsFor("deja@exemple-zs.fr");
    expect(rows).toHaveLength(1);
    expect(rows[0]?.confirmedAtMs).not.toBeNull();

    const sent = emailsFor("deja@exemple-zs.fr").slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain("Vous êtes déjà inscrit(e) pour cette adresse");
    expect(sent[0]?.text).not.toContain("rien d'autre");
    expect(sent[0]?.text).not.toMatch(/confirmation-alertes/);
    expect(findLink(sent[0]?.text ?? "", /desinscription\?/)).toContain("/desinscription?");
  });
});
