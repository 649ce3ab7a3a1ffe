// Issue 11, item 5: one person's mailbox cannot be flooded through our forms, and nothing a
// requester typed freely reaches an email sent to an address that requester typed.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { normaliseRecipientAddress } from "../../src/core/shared/email-address.ts";
import { alertSubscriptions } from "../../src/server/db/schema/index.ts";
import { MAIN_SCENARIO, PORT_ADDRESSES } from "../fixtures/scenarios.ts";
import { backgroundWorkDone, BrowserClient } from "../helpers/browser-client.ts";
import { type TestApp, useTestApp } from "../helpers/test-app.ts";

const START = new Date("2026-11-22T10:00:00Z");
const t = useTestApp({ now: START }, { resetResend: true, resetUpstreams: true });
let app: TestApp["app"];
const SCAM = "compte bloqué, appelez le 08 99 00 00 00";

beforeEach(() => {
  app = t.rebuild();
});

/** A fresh client (its own IP) for each request, as a botnet would send them. */
const anyone = () => new BrowserClient(() => app);
const emailsFor = (normalised: string) => t.resend.emails.filter((email) => email.to.some((to) => normaliseRecipientAddress(to) === normalised));

describe("the recipient's address, normalised", () => {
  it.each([
    ["Jeanne.Martin@Gmail.com", "jeannemartin@gmail.com"],
    ["jeanne.martin+alertes@googlemail.com", "jeannemartin@gmail.com"],
    ["j.e.a.n.n.e.martin+x+y@gmail.com", "jeannemartin@gmail.com"],
    ["Jeanne.Martin+promo@Exemple-zs.fr", "jeanne.martin@exemple-zs.fr"],
    ["jeanne.martin@exemple-zs.fr", "jeanne.martin@exemple-zs.fr"],
  ])("%s → %s", (typed, normalised) => {
    expect(normaliseRecipientAddress(typed)).toBe(normalised);
  });
});

describe("emails per recipient", () => {
  it("caps the emails one mailbox receives across every flow, whatever +tag or dots are used", async () => {
    // The flows a stranger can trigger towards someone else's address, with Gmail spellings of it.
    const variants = ["cible@gmail.com", "c.i.b.l.e@gmail.com", "cible+1@gmail.com", "Cible+2@googlemail.com", "ci.ble+3@gmail.com", "cible+4@gmail.com"];
    await anyone().post("/api/auth/signup", { email: "cible@gmail.com" });
    await backgroundWorkDone();
    for (const email of variants) {
      await anyone().post("/api/subscriptions", { email, address: MAIN_SCENARIO, consent: true });
      await anyone().post("/api/auth/code", { email: "cible@gmail.com" });
      await backgroundWorkDone();
      await anyone().post("/api/auth/signup", { email });
      // The sign-up's e-mail leaves after its answer: counted before the next request, as a person's would be.
      await backgroundWorkDone();
    }
    expect(emailsFor("cible@gmail.com").length).toBeLessThanOrEqual(5);
    // Another mailbox is not affected.
    expect((await anyone().post("/api/subscriptions", { email: "autre@gmail.com", address: MAIN_SCENARIO, consent: true })).status).toBe(202);
    expect(emailsFor("autre@gmail.com")).toHaveLength(1);
    // The digest the person subscribed to is not capped: it goes through the batch endpoint.
  });

  it("answers the code request as usual over the cap (no enumeration), and refuses an alert sign-up with « trop de demandes »", async () => {
    await anyone().post("/api/auth/signup", { email: "plafond@exemple-zs.fr" });
    await backgroundWorkDone();
    // Four addresses: a repeat of one sign-up within 10 minutes sends nothing (sign-up-repeats.test.ts).
    for (let i = 1; i <= 4; i++) await anyone().post("/api/subscriptions", { email: `plafond+${i}@exemple-zs.fr`, address: PORT_ADDRESSES[i], consent: true });
    expect(emailsFor("plafond@exemple-zs.fr")).toHaveLength(5);

    const code = await anyone().post("/api/auth/code", { email: "plafond@exemple-zs.fr" });
    await backgroundWorkDone();
    const unknown = await anyone().post("/api/auth/code", { email: "inconnu-plafond@exemple-zs.fr" });
    await backgroundWorkDone();
    expect(code.status).toBe(200);
    expect(code.body).toEqual(unknown.body);

    const signUp = await anyone().post("/api/subscriptions", { email: "plafond+5@exemple-zs.fr", address: PORT_ADDRESSES[5], consent: true });
    expect(signUp.status).toBe(429);
    expect(signUp.body.error).toMatch(/Trop de demandes/);
    // Nothing kept that the daily run would send later.
    expect(await t.db.select().from(alertSubscriptions).where(eq(alertSubscriptions.email, "plafond+5@exemple-zs.fr"))).toHaveLength(0);
    expect(emailsFor("plafond@exemple-zs.fr")).toHaveLength(5);

    // The windows pass: the person can act again.
    t.setNow(new Date(START.getTime() + 61 * 60 * 1000));
    expect((await anyone().post("/api/subscriptions", { email: "plafond+6@exemple-zs.fr", address: MAIN_SCENARIO, consent: true })).status).toBe(202);
    t.setNow(START);
  });

  it("counts +tag variants in the per-address limits of code requests", async () => {
    await anyone().post("/api/auth/signup", { email: "tags@exemple-zs.fr" });
    await backgroundWorkDone();
    // 4 a day per address from browsers the account does not know: the 5th spelling of the same mailbox is one too many.
    const statuses: number[] = [];
    for (let i = 1; i <= 5; i++) statuses.push((await anyone().post("/api/auth/code", { email: `tags+${i}@exemple-zs.fr` })).status);
    await backgroundWorkDone();
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });
});

describe("no requester free text in our emails", () => {
  it("writes the geocoder's address in the alert confirmation, never the label sent with the form", async () => {
    const response = await anyone().post("/api/subscriptions", {
      email: "libre@exemple-zs.fr",
      address: { ...MAIN_SCENARIO, label: `${MAIN_SCENARIO.label} — ${SCAM}`, city: SCAM },
      consent: true,
    });
    expect(response.status).toBe(202);
    const [mail] = emailsFor("libre@exemple-zs.fr");
    expect(mail?.text).toMatch(new RegExp(`«\\s${MAIN_SCENARIO.label}\\s»`));
    expect(mail?.text).not.toContain("bloqué");
    expect(mail?.html).not.toContain("bloqué");
    const [row] = await t.db.select().from(alertSubscriptions).where(eq(alertSubscriptions.email, "libre@exemple-zs.fr"));
    expect(row).toMatchObject({ addressLabel: MAIN_SCENARIO.label, city: "Amiens", citycode: "80021" });
  });

  it("refuses an address the geocoder does not know, or one moved to another commune", async () => {
    const unknown = await anyone().post("/api/subscriptions", { email: "libre2@exemple-zs.fr", address: { ...MAIN_SCENARIO, label: SCAM }, consent: true });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe("Choisissez une adresse dans la liste des suggestions.");
    const elsewhere = await anyone().post("/api/subscriptions", {
      email: "libre2@exemple-zs.fr",
      address: { ...MAIN_SCENARIO, latitude: 45.76, longitude: 4.83 },
      consent: true,
    });
    expect(elsewhere.status).toBe(400);
    expect(emailsFor("libre2@exemple-zs.fr")).toHaveLength(0);
  });

  it("asks to retry later when the geocoder cannot be reached (the page keeps the sign-up)", async () => {
    t.upstreams.setMode("ban", "error500");
    app = t.rebuild();
    const response = await anyone().post("/api/subscriptions", { email: "libre3@exemple-zs.fr", address: MAIN_SCENARIO, consent: true });
    expect(response.status).toBe(503);
    expect(response.body.error).toMatch(/réessayer/i);
    expect(emailsFor("libre3@exemple-zs.fr")).toHaveLength(0);
  });

  it("refuses a first name that carries a phone number or a link, and never echoes the name to an unproven address", async () => {
    for (const firstName of [SCAM, "Appelez le 0899000000", "www.arnaque.example", "Marie <b>"]) {
      const response = await anyone().post("/api/auth/signup", { email: "prenom@exemple-zs.fr", firstName });
      expect(response.status, firstName).toBe(400);
      expect(response.body.error).toMatch(/prénom et le nom/);
    }
    expect(emailsFor("prenom@exemple-zs.fr")).toHaveLength(0);
    const created = await anyone().post("/api/auth/signup", { email: "prenom@exemple-zs.fr", firstName: "Marie-Hélène d'Arc" });
    expect(created.status).toBe(202);
    await backgroundWorkDone();
    const [mail] = emailsFor("prenom@exemple-zs.fr");
    expect(mail?.text).toMatch(/^Bonjour,/m);
    expect(mail?.text).not.toContain("Marie-Hélène");
  });
});
