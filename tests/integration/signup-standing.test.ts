// Issue 23 (« Sign-up in silence »): subscribing Maraussan during a « Crise » and a nitrates
// non-compliance, the confirmation did not name the address, the welcome e-mail talked only of
// future changes and promised an air alert « la veille d'une journée Dégradé » to a commune with
// no ATMO index, and the first alert run sent the water alert but nothing for the « Crise »
// already in force (a first drought reading is a baseline). The confirmation and the welcome now
// say where the address stands today, in the report's words, and the alerts it can really get.
// The report's drought line is the tap zone's (decision 086): in Maraussan its « Alerte », the
// river's « Crise » in its advice for whoever draws river water.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAlerts } from "../../src/server/alerts/run.ts";
import { resolvePlaceholders } from "../fakes/upstream-server.ts";
import { CRISIS_SCENARIO } from "../fixtures/scenarios.ts";
import { BrowserClient, findLink } from "../helpers/browser-client.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

const DAY1 = new Date("2026-11-22T16:00:00Z"); // 17:00 in Paris
const EMAIL = "maraussan@exemple-zs.fr";
let t: TestApp;
let app: TestApp["app"];
let link: URL;

/** The report's drought line for Maraussan: the tap's zone in alerte (the river's crise is in its advice and on the card). */
const DROUGHT_LINE = "Sécheresse\u00a0: restrictions d'usage de l'eau du réseau, niveau Alerte.";
const mailsTo = () => t.resend.emails.filter((email) => email.to.includes(EMAIL));

beforeAll(async () => {
  t = await createTestApp({ now: DAY1 });
  app = t.app;
  const frozen = resolvePlaceholders(readFileSync(new URL("../fixtures/hubeau/resultats-dis-derived-nitrates-62.json", import.meta.url), "utf8"), DAY1);
  t.upstreams.setData("results", CRISIS_SCENARIO.citycode, JSON.parse(frozen) as Record<string, unknown>);
  const client = new BrowserClient(() => app);
  expect((await client.post("/api/subscriptions", { email: EMAIL, address: CRISIS_SCENARIO, consent: true })).status).toBe(202);
  link = new URL(findLink(mailsTo().at(-1)?.text ?? "", /confirmation-alertes/));
});
afterAll(async () => {
  await t.close();
});

const confirm = () => new BrowserClient(() => app).post("/api/subscriptions/confirm", { i: link.searchParams.get("i"), t: link.searchParams.get("t") });

describe("a sign-up that tells you where you stand", () => {
  it("the confirmation names the address, repeats today's « L'essentiel » (« À retenir », the tap's drought « Alerte ») and lists only the alerts this address can get", async () => {
    const response = await confirm();
    expect(response.status).toBe(200);
    const body = response.body as Record<string, unknown> & {
      essentials: string[];
      alerts: { available: Array<{ source: string }>; notAvailable: Array<{ source: string; text: string }> };
    };
    expect(body.addressLabel).toBe(CRISIS_SCENARIO.label);
    expect(body.alreadyConfirmed).toBe(false);
    expect(body.essentials[0]).toMatch(/^À retenir\u00a0: /);
    expect(body.essentials).toContain(DROUGHT_LINE);
    // Maraussan has no ATMO index (the report uses the CAMS model): no air alert can ever come.
    expect(body.alerts.available.map((alert) => alert.source)).toEqual(["water", "drought", "bathing"]);
    expect(body.alerts.notAvailable.map((alert) => alert.source)).toEqual(["air"]);
  });

  it("the welcome e-mail names the address, repeats today's « L'essentiel » with the tap's « Alerte » in VigiEau's word, and promises no air alert without an ATMO index", async () => {
    const welcome = mailsTo().find((email) => email.subject === "Vos alertes Zone Santé sont activées");
    expect(welcome).toBeDefined();
    for (const part of [welcome!.text, welcome!.html]) {
      expect(part).toContain(CRISIS_SCENARIO.label);
      expect(part).toMatch(/À retenir\u00a0: /);
      expect(part).toContain(DROUGHT_LINE.replace(/'/g, part === welcome!.html ? "&#39;" : "'"));
      expect(part).not.toMatch(/la veille d(?:'|&#39;)une journée/);
      expect(part).toMatch(/aucun indice ATMO officiel n(?:'|&#39;)est publié pour votre commune/);
    }
  });

  it("a second click says the sign-up is already active, with the address, and sends nothing more", async () => {
    const before = mailsTo().length;
    const response = await confirm();
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ alreadyConfirmed: true, addressLabel: CRISIS_SCENARIO.label });
    expect(mailsTo()).toHaveLength(before);
  });

  it("the first drought reading is a baseline said once: the welcome told the levels in force, the first run does not send them again", async () => {
    const before = mailsTo().length;
    expect(mailsTo().some((email) => email.text.includes(DROUGHT_LINE))).toBe(true);
    await runAlerts(t.deps());
    const run = mailsTo().slice(before);
    // The nitrates non-compliance is a first water judgement that alerts; the drought's levels were told by the welcome.
    expect(run.map((email) => email.subject).join("\n")).toMatch(/Eau du robinet/);
    expect(run.map((email) => email.text).join("\n")).not.toMatch(/Sécheresse/);
  });
});
