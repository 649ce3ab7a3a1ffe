// Issue 13: every email has a way out, that way out works, and an email goes only where it was
// asked for — preferences save silently, the report by email on request, the manage link to the
// known address only, the welcome once.
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { runAlerts } from "../../src/server/alerts/run.ts";
import { alertSubscriptions } from "../../src/server/db/schema/index.ts";
import { CRISIS_SCENARIO, MAIN_SCENARIO } from "../fixtures/scenarios.ts";
import { BrowserClient, findLink, pathOf, signedInAs } from "../helpers/browser-client.ts";
import { useFreshApp, useTestApp } from "../helpers/test-app.ts";

const START = new Date("2026-11-22T10:00:00Z");
const t = useTestApp({ now: START }, { now: START, resetResend: true, resetUpstreams: true });
const app = useFreshApp(t);

const NBSP = "\u00a0";
let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}-${++counter}@exemple-zs.fr`;
const emailsTo = (address: string) => t.resend.emails.filter((email) => email.to.includes(address));
const lastEmailTo = (address: string) => emailsTo(address).at(-1);

const signedInClient = (email = uniqueEmail("compte")): Promise<BrowserClient> => signedInAs(t, app, email);

async function signUpForAlerts(
  email: string,
  scenario: typeof MAIN_SCENARIO | typeof CRISIS_SCENARIO = MAIN_SCENARIO,
): Promise<{ confirmLink: URL; cancelLink: URL }> {
  const response = await new BrowserClient(app).post("/api/subscriptions", { email, address: scenario, consent: true });
  expect(response.status).toBe(202);
  const text = lastEmailTo(email)?.text ?? "";
  return { confirmLink: new URL(findLink(text, /confirmation-alertes/)), cancelLink: new URL(findLink(text, /desinscription/)) };
}

/** What /confirmation-alertes does once « Confirmer mon inscription » is clicked. */
function confirmAlerts(link: URL) {
  return new BrowserClient(app).post("/api/subscriptions/confirm", { i: link.searchParams.get("i"), t: link.searchParams.get("t") });
}

/** What /desinscription does once « Me désinscrire » is clicked. */
function unsubscribeWith(link: URL) {
  return new BrowserClient(app).post("/api/unsubscribe", { u: link.searchParams.get("u"), t: link.searchParams.get("t") });
}

describe("preferences save without sending anything", () => {
  it("three saves in a row, the last one turning everything off: 0 emails", async () => {
    const client = await signedInClient();
    await client.post("/api/account/addresses", { address: MAIN_SCENARIO });
    t.resend.reset();
    for (const preferences of [
      { water: false, drought: true, air: true, bathing: true },
      { water: false, drought: false, air: true, bathing: true },
      { water: false, drought: false, air: false, bathing: false },
    ]) {
      const saved = await client.put("/api/account/preferences", preferences);
      expect(saved.status).toBe(200);
      // Pollen and weather are opt-in (decision 073): off, as they were never turned on.
      expect(saved.body.preferences).toEqual({ ...preferences, pollen: false, weather: false, pollenTaxa: [] });
    }
    expect(t.resend.emails).toHaveLength(0);
    expect(t.resend.calls).toHaveLength(0);
  });
});

describe("the report by email, on request", () => {
  it("sends one email with every advice's text — the one for infants and pregnant women included — under the address's name", async () => {
    const email = uniqueEmail("bilan");
    const client = await signedInClient(email);
    expect((await client.post("/api/account/addresses", { label: "Maison de Maraussan", address: CRISIS_SCENARIO })).status).toBe(201);
    t.resend.reset();
    const asked = await client.post("/api/account/report-email", {});
    expect(asked.status).toBe(200);
    expect(emailsTo(email)).toHaveLength(1);
    const report = lastEmailTo(email)!;
    expect(report.subject).toBe("Votre bilan santé-environnement");
    expect(report.text).toContain(`Maison de Maraussan – ${CRISIS_SCENARIO.label}`);
    // Nitrates at 62 mg/L: the advice in full, as present.ts words it for the page and the PDF.
    expect(report.text).toContain(`Nitrates au-dessus de la limite${NBSP}: précautions pour les femmes enceintes et les nourrissons`);
    expect(report.text).toMatch(/Les femmes enceintes et les nourrissons de moins de 6\smois ne doivent pas boire l'eau du robinet/);
    expect(report.html).toMatch(/Les femmes enceintes et les nourrissons de moins de 6\smois ne doivent pas boire l&#39;eau du robinet/);
    expect(report.text).toContain("utilisez de l'eau en bouteille");
    // The way to the account, where nothing is sent unless asked.
    expect(findLink(report.text, /\/compte$/)).toBe("http://127.0.0.1:4321/compte");
    expect(report.text).toContain(`Gérer mes alertes et préférences${NBSP}: http://127.0.0.1:4321/compte`);
  });
});

// Issue 23: « the report e-mail repeats each address twice and « À retenir » is plain text ».
describe("the report by email: each address once, « L'essentiel » laid out as on the page", () => {
  it("names each address once, lists the addresses in /compte's order, and gives « À retenir » a heading, a list and emphasis in HTML, readable in text", async () => {
    const email = uniqueEmail("bilan-forme");
    const client = await signedInClient(email);
    expect((await client.post("/api/account/addresses", { label: "Maison", address: CRISIS_SCENARIO })).status).toBe(201);
    t.setNow(new Date(START.getTime() + 1000));
    expect((await client.post("/api/account/addresses", { label: "Bureau", address: MAIN_SCENARIO })).status).toBe(201);
    t.resend.reset();
    expect((await client.post("/api/account/report-email", {})).status).toBe(200);
    const report = lastEmailTo(email)!;
    const count = (text: string, part: string) => text.split(part).length - 1;
    for (const label of [CRISIS_SCENARIO.label, MAIN_SCENARIO.label]) {
      expect(count(report.text, label)).toBe(1);
      expect(count(report.html, label)).toBe(1);
    }
    // Oldest first, as /compte lists them.
    expect(report.text.indexOf(CRISIS_SCENARIO.label)).toBeLessThan(report.text.indexOf(MAIN_SCENARIO.label));
    // « L'essentiel » as the page lays it out: a heading, a list, each line's label emphasised, « À retenir » first.
    expect(report.html).toMatch(/<h3[^>]*>L&#39;essentiel<\/h3>\s*<ul[^>]*><li[^>]*><strong>À retenir<\/strong>\u00a0: /);
    expect(report.html).toMatch(/<li[^>]*><strong>Eau du robinet<\/strong>\u00a0: non conforme/);
    expect(report.text).toMatch(/\nL'ESSENTIEL\n- À retenir\u00a0: [^\n]+\n- Eau du robinet\u00a0: non conforme/);
    // The links name the address by the account's name for it, not by the address again.
    expect(report.text).toContain("Voir le bilan complet de «\u00a0Maison\u00a0»");
    expect(report.text).toContain("Voir le bilan complet de «\u00a0Bureau\u00a0»");
  });
});

describe("the alert sign-up's emails", () => {
  it("the confirmation email's cancel link cancels the pending sign-up: no confirmation, no welcome, nothing sent later", async () => {
    const email = uniqueEmail("pas-moi");
    const { confirmLink, cancelLink } = await signUpForAlerts(email);
    expect(cancelLink.pathname).toBe("/desinscription");
    expect(cancelLink.searchParams.get("u")).toMatch(/^s_[a-z0-9]+$/);
    const cancelled = await unsubscribeWith(cancelLink);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ kind: "subscription" });
    const [row] = await t.db.select().from(alertSubscriptions).where(eq(alertSubscriptions.email, email));
    expect(row?.unsubscribedAtMs).not.toBeNull();
    expect(row?.confirmedAtMs).toBeNull();
    // A later click on the confirmation link confirms nothing and sends nothing.
    expect((await confirmAlerts(confirmLink)).status).toBe(400);
    expect(emailsTo(email)).toHaveLength(1);
  });

  it("confirming sends the welcome email once, with what will come, when, and an unsubscribe link that works", async () => {
    const email = uniqueEmail("bienvenue");
    const { confirmLink } = await signUpForAlerts(email);
    const first = await confirmAlerts(confirmLink);
    expect(first.status).toBe(200);
    // The confirmation page offers the way out too: a path on the site.
    expect(first.body.unsubscribeUrl).toMatch(/^\/desinscription\?u=s_[a-z0-9]+&t=[0-9a-f]{64}$/);
    expect((await confirmAlerts(confirmLink)).status).toBe(200);
    expect((await Promise.all([confirmAlerts(confirmLink), confirmAlerts(confirmLink)])).map((answer) => answer.status)).toEqual([200, 200]);

    const welcomes = emailsTo(email).filter((candidate) => candidate.subject === "Vos alertes Zone Santé sont activées");
    expect(welcomes).toHaveLength(1);
    const welcome = welcomes[0]!;
    expect(welcome.text).toContain(`vers 17${NBSP}h (heure de Paris)`);
    expect(welcome.text).toContain("Les jours où rien ne change, vous ne recevez rien.");
    for (const topic of ["Eau du robinet", "Sécheresse", "Qualité de l'air", "Baignade"]) expect(welcome.text).toContain(`- ${topic}`);
    expect(findLink(welcome.text, /\/\?lat=/)).toContain(`citycode=${MAIN_SCENARIO.citycode}`);
    // Mail clients' own one-click unsubscribe (RFC 8058) works from the first alert email on.
    expect(welcome.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const oneClick = new URL(/^<([^>]+)>$/.exec(welcome.headers["List-Unsubscribe"] ?? "")?.[1] ?? "http://invalid/");
    expect(oneClick.pathname).toBe("/api/unsubscribe");

    const unsubscribeLink = new URL(findLink(welcome.text, /desinscription/));
    expect(pathOf(unsubscribeLink.href)).toBe(first.body.unsubscribeUrl);
    expect((await unsubscribeWith(unsubscribeLink)).status).toBe(200);
    const [row] = await t.db.select().from(alertSubscriptions).where(eq(alertSubscriptions.email, email));
    expect(row?.unsubscribedAtMs).not.toBeNull();
  });
});

describe("a manage link for whoever has no link at hand", () => {
  const ask = (email: string, ip?: string) => new BrowserClient(app, ip ? { ip } : {}).post("/api/subscriptions/manage-link", { email });
  /** The email leaves after the answer: wait for what the fake Resend receives. */
  const waitForEmailsTo = async (address: string, count: number) => {
    await vi.waitFor(() => expect(emailsTo(address)).toHaveLength(count), { timeout: 10_000, interval: 20 });
  };

  it("answers a known and an unknown address alike, and writes only to the known one, with each sign-up's own way out", async () => {
    const email = uniqueEmail("gerer");
    await signUpForAlerts(email, MAIN_SCENARIO);
    const { confirmLink } = await signUpForAlerts(email, CRISIS_SCENARIO);
    await confirmAlerts(confirmLink);
    const unknown = uniqueEmail("inconnu");
    const before = emailsTo(email).length;

    const known = await ask(email);
    const stranger = await ask(unknown);
    expect(known.status).toBe(202);
    expect(stranger.status).toBe(202);
    expect(known.body).toEqual(stranger.body);
    expect(known.body.message).toMatch(/^Si cette adresse est inscrite/);

    await waitForEmailsTo(email, before + 1);
    // Time for a deferred send to the unknown address, had there been one.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(emailsTo(unknown)).toHaveLength(0);
    expect(t.logs.filter((entry) => entry.level !== "info")).toEqual([]);

    const manage = lastEmailTo(email)!;
    expect(manage.subject).toBe("Gérer vos alertes Zone Santé");
    // Each address heads its part (in the order the database lists them): its state is said there.
    const partOf = (label: string) => manage.text.slice(manage.text.indexOf(`${label}\n===`)).split(/\n\n(?=[^\n]+\n===)/)[0];
    expect(partOf(MAIN_SCENARIO.label)).toContain(`Inscription sans compte en attente de confirmation${NBSP}:`);
    expect(partOf(CRISIS_SCENARIO.label)).toContain(`Inscription sans compte, alertes actives${NBSP}:`);
    expect(manage.text).not.toContain("/compte");
    const links = [...manage.text.matchAll(/https?:\/\/\S+desinscription\S+/g)].map((match) => new URL(match[0]));
    expect(links).toHaveLength(2);
    expect(new Set(links.map((link) => link.searchParams.get("u"))).size).toBe(2);

    // Each link stops its own sign-up only.
    const crisis = links.find((link) => manage.text.indexOf(link.href) > manage.text.indexOf(CRISIS_SCENARIO.label))!;
    expect((await unsubscribeWith(crisis)).status).toBe(200);
    const rows = await t.db.select().from(alertSubscriptions).where(eq(alertSubscriptions.email, email));
    expect(rows.filter((row) => row.unsubscribedAtMs !== null).map((row) => row.addressLabel)).toEqual([CRISIS_SCENARIO.label]);
  });

  // Issue 38: the e-mail offered only « Annuler » for a pending sign-up.
  it("lets a pending sign-up be confirmed and each address's report be opened from its links", async () => {
    const email = uniqueEmail("gerer-attente");
    await signUpForAlerts(email, MAIN_SCENARIO);
    await ask(email);
    await waitForEmailsTo(email, 2);
    const manage = lastEmailTo(email)!;
    expect(manage.text).toContain(`Créer mon compte gratuit${NBSP}: http://127.0.0.1:4321/auth`);

    // « Voir le bilan de cette adresse »: the address the page names (decision 055) and its report.
    const report = new URL(findLink(manage.text, /\/\?lat=/));
    const resolved = await new BrowserClient(app).get(`/api/geocode/resolve?${report.searchParams}`);
    expect(resolved.status).toBe(200);
    expect(resolved.body.address).toMatchObject({ label: MAIN_SCENARIO.label, citycode: MAIN_SCENARIO.citycode });
    expect((await app().request(`/api/report?${report.searchParams}`)).status).toBe(200);

    // « Confirmer mon inscription »: what the page's button does with the link confirms it.
    const confirmed = await confirmAlerts(new URL(findLink(manage.text, /confirmation-alertes/)));
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ addressLabel: MAIN_SCENARIO.label, alreadyConfirmed: false });
    const [row] = await t.db.select().from(alertSubscriptions).where(eq(alertSubscriptions.email, email));
    expect(row?.confirmedAtMs).not.toBeNull();
  });

  it("gives an account its page, the topics it has on, and a way to stop every alert of it", async () => {
    const email = uniqueEmail("compte-gerer");
    const client = await signedInClient(email);
    await ask(email);
    await waitForEmailsTo(email, 2);
    const manage = lastEmailTo(email)!;
    expect(manage.text).toContain(`Choisir mes alertes${NBSP}: http://127.0.0.1:4321/compte`);
    // An account's defaults (decision 073): the opt-in topics off.
    expect(manage.text).toContain(
      `Alertes activées sur votre compte${NBSP}: eau du robinet, sécheresse, qualité de l'air et eaux de baignade. Désactivées${NBSP}: pollens et vigilance météo.`,
    );
    const stop = new URL(findLink(manage.text, /desinscription\?u=a_/));
    // The opt-in topics (decision 073) stop too.
    await client.put("/api/account/preferences", {
      water: true,
      drought: true,
      air: true,
      bathing: true,
      pollen: true,
      weather: true,
      pollenTaxa: ["bouleau"],
    });
    const stopped = await unsubscribeWith(stop);
    expect(stopped.body).toMatchObject({ kind: "account" });
    expect((await client.get("/api/account/preferences")).body.preferences).toEqual({
      water: false,
      drought: false,
      air: false,
      bathing: false,
      pollen: false,
      weather: false,
      pollenTaxa: ["bouleau"],
    });
  });

  it("refuses a malformed address with its French message, and limits requests per address", async () => {
    const refused = await ask("pas-une-adresse");
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: "L'adresse e-mail n'est pas valide.", code: "invalid_body" });

    const target = uniqueEmail("limite");
    const statuses: number[] = [];
    // +tags are the same mailbox, and each request comes from a new IP.
    for (let i = 0; i < 4; i++) statuses.push((await ask(target.replace("@", `+${i}@`))).status);
    expect(statuses).toEqual([202, 202, 202, 429]);
  });

  it("limits requests per IP", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await ask(uniqueEmail("ip"), "203.0.113.7")).status);
    expect(statuses.slice(0, 10).every((status) => status === 202)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("the alert digest of an account", () => {
  it("heads each address with the name the account gave it, with the account's page and a one-click way out", async () => {
    const email = uniqueEmail("digest");
    const client = await signedInClient(email);
    expect((await client.post("/api/account/addresses", { label: "Maison", address: MAIN_SCENARIO })).status).toBe(201);
    // 17:00 in Paris: the ATMO forecast for tomorrow is « Dégradé » in Amiens.
    t.setNow(new Date("2026-11-22T16:00:00Z"));
    app.rebuild();
    await runAlerts(t.deps());
    const digest = emailsTo(email).find((candidate) => candidate.subject.startsWith("Zone Santé – "));
    expect(digest?.text).toContain(`Maison – ${MAIN_SCENARIO.label}`);
    expect(digest?.text).toContain(`Gérer mes alertes et préférences${NBSP}: http://127.0.0.1:4321/compte`);
    expect(digest?.text).toContain(`Voir le bilan complet pour ${MAIN_SCENARIO.label}`);
    expect(digest?.headers["List-Unsubscribe"]).toMatch(/^<http:\/\/127\.0\.0\.1:4321\/api\/unsubscribe\?u=a_[a-z0-9]+&t=[0-9a-f]{64}>$/);
    expect(digest?.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  });
});
