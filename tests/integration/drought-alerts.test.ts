// Drought alerts per zone type through the queued run (issue 20, item 5), over scripted days in
// Maraussan with the fake VigiEau and the fake Resend: the drinking-water zone (AEP) going to
// « crise » while the river's (SUP) already was is one email; zones whose rules contradict each
// other for one usage each keep theirs under their own name; and every zone's lines in the email
// are the lines the report (GET /api/report, same address, same day) gives that zone.
import { readFileSync } from "node:fs";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeDroughtZone, presentReport, type DroughtZoneText } from "../../src/core/report/index.ts";
import type { Report } from "../../src/core/types.ts";
import { runAlerts } from "../../src/server/alerts/run.ts";
import { encodeSubjectKey } from "../../src/server/db/alert-keys.ts";
import { toAddressColumnValues } from "../../src/server/db/schema/address-columns.ts";
import { alertStates, alertSubscriptions } from "../../src/server/db/schema/index.ts";
import { todayInParis } from "../../src/core/shared/time.ts";
import { resolvePlaceholders } from "../fakes/upstream-server.ts";
import { CRISIS_SCENARIO, reportQueryOf } from "../fixtures/scenarios.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { confirmedSignUpRow } from "../helpers/sign-ups.ts";

const DAY_MS = 24 * 3600 * 1000;
const DAY1 = new Date("2026-11-22T16:00:00Z"); // 17:00 in Paris
const day = (n: number) => new Date(DAY1.getTime() + (n - 1) * DAY_MS);
const NEW_READER = "camille@exemple-zs.fr";
/** Watched before issue 20: the run stored `{ gravity }` for this sign-up. */
const OLD_READER = "dominique@exemple-zs.fr";

let t: TestApp;
/** the app of the day (rebuilt by runDay: an empty cache) */
let app: TestApp["app"];

function fixtureAt(file: string, at: Date): unknown {
  return JSON.parse(resolvePlaceholders(readFileSync(new URL(`../fixtures/${file}`, import.meta.url), "utf8"), at));
}

/** A confirmed sign-up in Maraussan, written as the confirmation leaves it. */
async function signUp(id: string, email: string) {
  const atMs = DAY1.getTime() - 3600_000;
  await t.db.insert(alertSubscriptions).values(confirmedSignUpRow({ id, email, atMs, address: toAddressColumnValues(CRISIS_SCENARIO) }));
}

/** The day's queued run (ingest, plan, process, send) on a fresh app; that run's alert emails. */
async function runDay(n: number) {
  t.setNow(day(n));
  app = t.rebuild();
  const before = t.resend.emails.length;
  await runAlerts(t.deps(), { retryDelayMs: 5 });
  return t.resend.emails.slice(before).filter((email) => /^Zone Santé – /.test(email.subject));
}

/** What the report shows for the address that day: its drought zones, as the page and the PDF present them. */
async function reportZones(): Promise<{ report: Report; zones: DroughtZoneText[] }> {
  const response = await app.request(`/api/report?${reportQueryOf(CRISIS_SCENARIO)}`);
  expect(response.status).toBe(200);
  const report = (await response.json()) as Report;
  return { report, zones: presentReport(report).drought.zones.map(describeDroughtZone) };
}

/**
 * The drought event of an email's text part, read back: its lines, then each block (a heading
 * and its « - » lines) up to the event's date and source.
 */
function droughtEventOf(text: string): { title: string; lines: string[]; zones: DroughtZoneText[] } {
  const rows = text.split("\n");
  const start = rows.findIndex((row) => row.startsWith("Sécheresse\u00a0: "));
  expect(start).toBeGreaterThan(-1);
  const event = { title: rows[start] ?? "", lines: [] as string[], zones: [] as DroughtZoneText[] };
  for (const row of rows.slice(start + 1)) {
    if (row.startsWith("Données du ") || row.startsWith("Source\u00a0: ")) break;
    if (row.startsWith("  - ")) event.zones.at(-1)?.lines.push(row.slice(4));
    else if (row.startsWith("- ")) event.lines.push(row.slice(2));
    else event.zones.push({ heading: row, lines: [] });
  }
  return event;
}

beforeAll(async () => {
  t = await createTestApp({ now: DAY1 });
  // The water sample stays the day-1 one: later days bring no water news.
  t.upstreams.setData("results", CRISIS_SCENARIO.citycode, fixtureAt("hubeau/resultats-dis-derived-nitrates-62.json", DAY1));
  await signUp("drought0new", NEW_READER);
  await signUp("drought0old", OLD_READER);
  await t.db.insert(alertStates).values({
    subjectKey: encodeSubjectKey({ kind: "subscription", id: "drought0old" }),
    source: "drought",
    stateJson: JSON.stringify({ gravity: "crise" }),
    updatedAtMs: DAY1.getTime() - DAY_MS,
  });
});
afterAll(async () => {
  await t?.close();
});

describe("drought alerts per zone type, through the queued run", () => {
  it("day 1: SUP « crise », AEP « alerte »: a baseline for both sign-ups, the one stored before issue 20 too — no drought email", async () => {
    const emails = await runDay(1);
    for (const reader of [NEW_READER, OLD_READER]) {
      const sent = emails.filter((email) => email.to.includes(reader));
      // The non-compliant water sample only.
      expect(sent.map((email) => email.subject)).toEqual(["Zone Santé – Eau du robinet\u00a0: non-conformité signalée — Avenue du 8 Mai 1945, Maraussan"]);
      expect(sent[0]?.text).not.toContain("Sécheresse");
    }
    const states = await t.db.select().from(alertStates).where(eq(alertStates.source, "drought"));
    expect(states.map((row) => JSON.parse(row.stateJson) as unknown)).toEqual([
      { version: 2, zones: { AEP: "alerte", SUP: "crise" } },
      { version: 2, zones: { AEP: "alerte", SUP: "crise" } },
    ]);
  });

  it("day 2: AEP goes from « alerte » to « crise » while SUP already was: one email, the AEP zone named above its own rules only", async () => {
    t.upstreams.setData("zones", CRISIS_SCENARIO.citycode, fixtureAt("vigieau/zones-derived-34148-aep-crise.json", day(2)));
    const emails = await runDay(2);
    const { report, zones } = await reportZones();
    const [aep, sup] = report.drought.zones;
    expect([aep?.type, aep?.label, sup?.type, sup?.label]).toEqual(["AEP", "Crise", "SUP", "Crise"]);

    for (const reader of [NEW_READER, OLD_READER]) {
      const sent = emails.filter((email) => email.to.includes(reader));
      // The tap's restrictions of use, never « (eau potable) » read as a warning about drinking it;
      // the title whole, the place shortened to its commune to fit the subject.
      expect(sent.map((email) => email.subject)).toEqual(["Zone Santé – Sécheresse\u00a0: restrictions d'usage, niveau Crise — Maraussan"]);
      const event = droughtEventOf(sent[0]?.text ?? "");
      // Which zone type changed, in VigiEau's words.
      expect(event.lines[0]).toBe("Restrictions d'usage de l'eau du réseau\u00a0: le niveau passe de «\u00a0Alerte\u00a0» à «\u00a0Crise\u00a0».");
      // Every zone exactly as the report shows it that day, the tap's first.
      expect(event.zones).toEqual(zones);
      const [tap, river] = event.zones;
      expect(tap?.heading).toBe("Restrictions d'usage de l'eau du réseau\u00a0: Crise");
      expect(tap?.lines).toContain(`Zone\u00a0: ${aep?.name}`);
      expect(tap?.lines).toEqual(expect.arrayContaining((aep?.restrictions ?? []).map((rule) => `${rule.usage}\u00a0: ${rule.description}`)));
      expect(tap?.lines).toContain("Arrosage des jardins potagers\u00a0: Interdit sauf de 22h à 6h, au goutte-à-goutte.");
      // Nothing of the river's zone under the tap's name…
      expect(tap?.lines.join("\n")).not.toContain(sup?.name ?? "?");
      expect(tap?.lines).not.toContain("Arrosage des jardins potagers\u00a0: Interdit sauf de 20h à 8h, au goutte-à-goutte ou au pied des plants.");
      expect(tap?.lines.join("\n")).not.toContain("Nettoyage des façades");
      // …and the river's rules under its own.
      expect(river?.heading).toBe("Eau superficielle\u00a0: Crise");
      expect(river?.lines).toContain(`Zone\u00a0: ${sup?.name}`);
      expect(river?.lines).toContain("Arrosage des jardins potagers\u00a0: Interdit sauf de 20h à 8h, au goutte-à-goutte ou au pied des plants.");
      // The HTML part keeps each heading right above its own list.
      const html = sent[0]?.html ?? "";
      const tapAt = html.indexOf("<strong>Restrictions d&#39;usage de l&#39;eau du réseau\u00a0: Crise</strong>");
      const riverAt = html.indexOf("<strong>Eau superficielle\u00a0: Crise</strong>");
      expect(tapAt).toBeGreaterThan(-1);
      expect(riverAt).toBeGreaterThan(tapAt);
      expect(html.slice(tapAt, riverAt)).toContain("Interdit sauf de 22h à 6h, au goutte-à-goutte.");
      expect(html.slice(tapAt, riverAt)).not.toContain("Nettoyage des façades");
    }
  });

  it("day 3: a groundwater zone comes in whose rule for lawns contradicts the others': each rule under its own zone's name", async () => {
    t.upstreams.setData("zones", CRISIS_SCENARIO.citycode, fixtureAt("vigieau/zones-derived-34148-sou-alerte.json", day(3)));
    const emails = await runDay(3);
    const { report, zones } = await reportZones();
    expect(report.drought.zones.map((zone) => zone.type)).toEqual(["AEP", "SUP", "SOU"]);

    const sent = emails.filter((email) => email.to.includes(NEW_READER));
    expect(sent.map((email) => email.subject)).toEqual(["Zone Santé – Sécheresse\u00a0: niveau Alerte (eau souterraine) — Maraussan"]);
    const event = droughtEventOf(sent[0]?.text ?? "");
    expect(event.lines[0]).toBe("Eau souterraine\u00a0: le niveau passe à «\u00a0Alerte\u00a0» (aucune restriction jusqu'ici).");
    expect(event.zones).toEqual(zones);
    const lawns = (block: DroughtZoneText | undefined) => block?.lines.filter((line) => line.startsWith("Arrosage des pelouses, massifs fleuris\u00a0: "));
    expect(event.zones.map((block) => [block.heading, block.lines.find((line) => line.startsWith("Zone\u00a0: ")), lawns(block)])).toEqual([
      [
        "Restrictions d'usage de l'eau du réseau\u00a0: Crise",
        `Zone\u00a0: ${report.drought.zones[0]?.name}`,
        ["Arrosage des pelouses, massifs fleuris\u00a0: Interdit."],
      ],
      ["Eau superficielle\u00a0: Crise", `Zone\u00a0: ${report.drought.zones[1]?.name}`, ["Arrosage des pelouses, massifs fleuris\u00a0: Interdit."]],
      ["Eau souterraine\u00a0: Alerte", "Zone\u00a0: Nappe astienne", ["Arrosage des pelouses, massifs fleuris\u00a0: Autorisé de 20h à 8h."]],
    ]);
    // The farmers' rule of the groundwater zone is not a household's.
    expect(sent[0]?.text).not.toContain("Irrigation par aspersion");
    expect(emails.filter((email) => email.to.includes(OLD_READER)).map((email) => email.subject)).toEqual([
      "Zone Santé – Sécheresse\u00a0: niveau Alerte (eau souterraine) — Maraussan",
    ]);

    // The same day again: nothing new, nothing sent twice.
    expect(await runDay(3)).toEqual([]);
    const [state] = await t.db
      .select()
      .from(alertStates)
      .where(and(eq(alertStates.source, "drought"), eq(alertStates.subjectKey, encodeSubjectKey({ kind: "subscription", id: "drought0new" }))));
    expect(JSON.parse(state?.stateJson ?? "null")).toEqual({ version: 2, zones: { AEP: "crise", SUP: "crise", SOU: "alerte" } });
  });

  it("days 4–6: the groundwater decree's last day, then the day after: VigiEau still answers it, but its restrictions ended — one email, as the report says, never « en vigueur »", async () => {
    // A decree counts only between its own dates (arrete.dateDebutValidite ≤ the commune's day ≤
    // arrete.dateFinValidite). From day 4 VigiEau answers the same zones every day, the groundwater
    // decree ending on day 4: nothing in VigiEau's answer changes on day 5, the date does.
    const zones = fixtureAt("vigieau/zones-derived-34148-sou-alerte.json", day(3)) as Array<{ type: string; arrete: { dateFinValidite: string } }>;
    const lastDay = todayInParis(day(4));
    for (const zone of zones) if (zone.type === "SOU") zone.arrete.dateFinValidite = lastDay;
    t.upstreams.setData("zones", CRISIS_SCENARIO.citycode, zones);

    // Day 4, its last day: still in force, no change of level.
    expect(await runDay(4)).toEqual([]);
    expect((await reportZones()).report.drought.zones.map((zone) => zone.type)).toEqual(["AEP", "SUP", "SOU"]);

    // Day 5: the same answer, the decree ended yesterday.
    const emails = await runDay(5);
    const { report } = await reportZones();
    expect(report.drought.zones.map((zone) => zone.type)).toEqual(["AEP", "SUP"]);
    expect(report.drought.zones_not_in_force).toEqual([
      expect.objectContaining({ type: "SOU", status: "ended", decree: expect.objectContaining({ end: lastDay }) }),
    ]);
    const notes = presentReport(report).drought.notes;
    expect(notes).toEqual([
      "Eau souterraine – zone «\u00a0Nappe astienne\u00a0»\u00a0: l'arrêté (niveau «\u00a0Alerte\u00a0») était en vigueur jusqu'au 25\u00a0novembre\u00a02026 et ne s'applique plus.",
    ]);
    for (const reader of [NEW_READER, OLD_READER]) {
      const sent = emails.filter((email) => email.to.includes(reader));
      expect(sent.map((email) => email.subject)).toEqual(["Zone Santé – Sécheresse\u00a0: fin des restrictions (eau souterraine) — Maraussan"]);
      const event = droughtEventOf(sent[0]?.text ?? "");
      expect(event.lines).toEqual([
        "Eau souterraine\u00a0: fin des restrictions (niveau «\u00a0Alerte\u00a0» jusqu'ici).",
        ...notes,
        "Les restrictions pour les particuliers, zone par zone, comme sur votre bilan\u00a0:",
      ]);
      // The zones still in force, exactly as the report shows them; nothing of the groundwater's rules.
      expect(event.zones.map((zone) => zone.heading)).toEqual(["Restrictions d'usage de l'eau du réseau\u00a0: Crise", "Eau superficielle\u00a0: Crise"]);
      expect(sent[0]?.text).not.toContain("Autorisé de 20h à 8h.");
    }

    // Day 6: the same answer again — nothing more to say.
    expect(await runDay(6)).toEqual([]);
  });
});
