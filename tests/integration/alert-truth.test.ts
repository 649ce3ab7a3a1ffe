// Issue 20: what an alert e-mail says is what the report says that day (decision 052). Each case
// found by testers runs through the queued pipeline (runAlerts: plan → queue → process → send) on
// the fake upstreams and the fake Resend, on scripted days; each e-mail is read against the
// report's own rows for the same address and day (GET /api/report, presentWater).
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { presentWater } from "../../src/core/report/present.ts";
import { formatDateFr } from "../../src/core/shared/format.ts";
import type { WaterQualitySection } from "../../src/core/types.ts";
import { eq } from "drizzle-orm";
import { runAlerts } from "../../src/server/alerts/run.ts";
import { waterDigests } from "../../src/server/db/schema/index.ts";
import { CRISIS_SCENARIO } from "../fixtures/scenarios.ts";
import { BrowserClient, findLink } from "../helpers/browser-client.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

const DAY_MS = 24 * 3600 * 1000;
const DAY1 = new Date("2026-11-22T16:00:00Z"); // 17:00 in Paris
const day = (n: number) => new Date(DAY1.getTime() + (n - 1) * DAY_MS);
const sampledAt = (daysBeforeDay1: number) => `${new Date(DAY1.getTime() - daysBeforeDay1 * DAY_MS).toISOString().slice(0, 10)}T08:30:00Z`;

// Derived from the Maraussan fixture (itself derived from Hub'Eau's recorded shape): its nitrates row is the template.
const TEMPLATE = (
  JSON.parse(readFileSync(new URL("../fixtures/hubeau/resultats-dis-derived-nitrates-62.json", import.meta.url), "utf8")) as {
    data: Array<Record<string, unknown>>;
  }
).data.find((row) => row.code_parametre === "1340")!;
const VILLAGE = { code: "034000871", nom: "MARAUSSAN VILLAGE" };
const HAMEAUX = { code: "034000872", nom: "MARAUSSAN HAMEAUX" };
const COMPLIANT = "Eau d'alimentation conforme aux exigences de qualité en vigueur pour l'ensemble des paramètres mesurés.";

interface Row {
  sample: string;
  daysAgo: number;
  parameter: "nitrates" | "coli";
  value: string;
  verdict?: "C" | "N";
  network?: typeof VILLAGE;
}

/** Hub'Eau rows (derived): nitrates against 50 mg/L or E. coli against 0/100 mL, the verdict on the sample's flag. */
function rows(list: Row[]): { count: number; data: Array<Record<string, unknown>> } {
  const data = list.map((row) => {
    const coli = row.parameter === "coli";
    const verdict = row.verdict ?? "C";
    return {
      ...TEMPLATE,
      code_prelevement: row.sample,
      reference_analyse: row.sample,
      date_prelevement: sampledAt(row.daysAgo),
      code_parametre: coli ? "1506" : "1340",
      libelle_parametre: coli ? "Escherichia coli /100ml - MF" : "Nitrates (en NO3)",
      resultat_alphanumerique: row.value,
      resultat_numerique: Number(row.value.replace("<", "").replace(",", ".")),
      libelle_unite: coli ? "n/(100mL)" : "mg/L",
      limite_qualite_parametre: coli ? "<=0 n/(100mL)" : "<=50 mg/L",
      conclusion_conformite_prelevement: verdict === "N" ? "Eau d'alimentation non-conforme aux limites de qualité." : COMPLIANT,
      conformite_limites_bact_prelevement: coli ? verdict : "C",
      conformite_limites_pc_prelevement: coli ? "C" : verdict,
      reseaux: [row.network ?? VILLAGE],
    };
  });
  return { count: data.length, data };
}

function udis(networks: Array<typeof VILLAGE>, citycode: string) {
  return {
    count: networks.length,
    data: networks.map((network) => ({
      code_commune: citycode,
      nom_commune: "MARAUSSAN",
      nom_quartier: "commune",
      code_reseau: network.code,
      nom_reseau: network.nom,
      debut_alim: "2006-04-01",
      annee: "2026",
    })),
  };
}

let t: TestApp;
let app: TestApp["app"];
let seq = 0;

/**
 * Maraussan, as a commune the run has never read: each case starts without its water digest, so
 * that no case inherits samples another case published (upstream, published samples never vanish).
 */
async function freshCommune() {
  await t.db.delete(waterDigests).where(eq(waterDigests.citycode, CRISIS_SCENARIO.citycode));
  return CRISIS_SCENARIO;
}
type Place = typeof CRISIS_SCENARIO;

/** Sets what Hub'Eau serves for the place: its networks and its results. */
function serve(place: Place, networks: Array<typeof VILLAGE>, list: Row[]) {
  t.upstreams.setData("udis", place.citycode, udis(networks, place.citycode));
  t.upstreams.setData("results", place.citycode, rows(list));
}

async function subscribe(place: Place): Promise<string> {
  const email = `truth${seq++}@exemple-zs.fr`;
  const client = new BrowserClient(() => app);
  const response = await client.post("/api/subscriptions", { email, address: place, consent: true });
  expect(response.status, JSON.stringify(response.body)).toBe(202);
  const mail = [...t.resend.emails].reverse().find((candidate) => candidate.to.includes(email));
  const link = new URL(findLink(mail?.text ?? "", /confirmation-alertes/));
  expect((await client.post("/api/subscriptions/confirm", { i: link.searchParams.get("i"), t: link.searchParams.get("t") })).status).toBe(200);
  return email;
}

/** The day's run on a fresh app (empty cache), returning that run's water e-mails to `email`. */
async function runDay(n: number, email: string) {
  t.setNow(day(n));
  app = t.rebuild();
  const before = t.resend.emails.length;
  const summary = await runAlerts(t.deps());
  expect(summary.failed).toBe(0);
  return t.resend.emails.slice(before).filter((mail) => mail.to.includes(email) && /Eau du robinet/.test(mail.subject));
}

/** The report's water card for the address that day (the network chosen, or the default). */
async function reportWater(place: Place, udi?: string): Promise<{ section: WaterQualitySection; rows: string[]; headline: string; text: string }> {
  const query = new URLSearchParams({ lat: String(place.latitude), lon: String(place.longitude), citycode: place.citycode, label: place.label });
  if (udi) query.set("udi", udi);
  const response = await app.request(`/api/v1/report?${query}`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { water_quality: WaterQualitySection };
  const section = body.water_quality;
  const presented = presentWater(section);
  return {
    section,
    text: JSON.stringify(body),
    headline: presented.headline.word,
    // A row as the e-mail writes it: « Nom : valeur – mot. Mesuré le … ».
    rows: presented.rows.map((row) => `${row.name}\u00a0: ${row.value} – ${row.badge.word}.`),
  };
}

beforeAll(async () => {
  t = await createTestApp({ now: DAY1 });
  app = t.app;
});
afterAll(async () => {
  await t.close();
});

describe("water e-mails say what the report says (issue 20)", () => {
  it("a compliant sample is never called non-compliant while an older non-compliant nitrates result is the latest", async () => {
    const place = await freshCommune();
    const a1 = [
      { sample: "A1", daysAgo: 300, parameter: "nitrates", value: "62", verdict: "N" },
      { sample: "A1", daysAgo: 300, parameter: "coli", value: "<1", verdict: "N" },
    ] satisfies Row[];
    serve(place, [VILLAGE], a1);
    const email = await subscribe(place);
    const first = await runDay(1, email);
    expect(first).toHaveLength(1);
    const report = await reportWater(place);
    expect(report.section.level).toBe("critical");
    expect(first[0]?.text).toContain(report.rows.find((row) => row.startsWith("Nitrates"))!);
    expect(first[0]?.text).toContain(`Mesuré le ${formatDateFr(sampledAt(300))}`);

    // Day 2: a new sample, bacteriology only, declared compliant by the ARS: no e-mail.
    serve(place, [VILLAGE], [{ sample: "B2", daysAgo: 5, parameter: "coli", value: "<1" }, ...a1]);
    expect(await runDay(2, email)).toEqual([]);
    // The report still shows the nitrates with their own date, and the newest sample as compliant.
    const today = await reportWater(place);
    expect(today.section).toMatchObject({ level: "critical", official_verdict: "conforme" });
    expect(today.rows.some((row) => row.startsWith("Nitrates") && row.includes("Non conforme"))).toBe(true);

    // Day 3: a newer nitrates result, compliant: « retour à la conformité », quoting that result.
    serve(
      place,
      [VILLAGE],
      [{ sample: "C3", daysAgo: 2, parameter: "nitrates", value: "31" }, { sample: "B2", daysAgo: 5, parameter: "coli", value: "<1" }, ...a1],
    );
    const ok = await runDay(3, email);
    expect(ok.map((mail) => mail.subject)).toEqual(["Zone Santé – Eau du robinet\u00a0: retour à la conformité — Avenue du 8 Mai 1945, Maraussan"]);
    expect(ok[0]?.text).toContain((await reportWater(place)).rows.find((row) => row.startsWith("Nitrates"))!);
  });

  it("a non-compliance measured more than a year ago is kept, dated, and never « Bonne nouvelle »", async () => {
    const place = await freshCommune();
    serve(
      place,
      [VILLAGE],
      [
        { sample: "Y1", daysAgo: 3, parameter: "coli", value: "<1" },
        { sample: "Y0", daysAgo: 420, parameter: "nitrates", value: "62", verdict: "N" },
      ],
    );
    const email = await subscribe(place);
    const mails = await runDay(4, email);
    expect(mails).toHaveLength(1);
    const report = await reportWater(place);
    expect(report.section.parameters.find((parameter) => parameter.code === "1340")).toMatchObject({ older_than_a_year: true, label: "Non conforme" });
    expect(mails[0]?.text).toContain("(mesure de plus d'un an)");
    expect(mails[0]?.text).toContain(report.rows.find((row) => row.startsWith("Nitrates"))!);
    expect(report.text).not.toContain("Bonne nouvelle");
  });

  it("a non-compliant sample published late (dated before the newest known) alerts, as the report shows it", async () => {
    const place = await freshCommune();
    const l2 = [{ sample: "L2", daysAgo: 3, parameter: "nitrates", value: "20" }] satisfies Row[];
    serve(place, [VILLAGE], l2);
    const email = await subscribe(place);
    expect(await runDay(5, email)).toEqual([]);
    // Day 6: a sample taken before L2 is published, E. coli found: the latest E. coli result there is.
    serve(place, [VILLAGE], [...l2, { sample: "L1", daysAgo: 6, parameter: "coli", value: "4", verdict: "N" }]);
    const late = await runDay(6, email);
    expect(late).toHaveLength(1);
    const report = await reportWater(place);
    expect(report.section.level).toBe("critical");
    expect(late[0]?.text).toContain(report.rows.find((row) => /coli/.test(row))!);
    expect(late[0]?.text).toContain(`Mesuré le ${formatDateFr(sampledAt(6))}`);
  });

  it("without a chosen network, every network is watched and the e-mail names the one with the problem", async () => {
    const place = await freshCommune();
    serve(
      place,
      [VILLAGE, HAMEAUX],
      [
        { sample: "V1", daysAgo: 4, parameter: "nitrates", value: "12" },
        { sample: "V1", daysAgo: 4, parameter: "coli", value: "<1" },
        { sample: "V2", daysAgo: 10, parameter: "nitrates", value: "14" },
        { sample: "H1", daysAgo: 6, parameter: "coli", value: "5", verdict: "N", network: HAMEAUX },
      ],
    );
    const email = await subscribe(place);
    const mails = await runDay(7, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("(réseau MARAUSSAN HAMEAUX)");
    const hameaux = await reportWater(place, HAMEAUX.code);
    expect(hameaux.section.level).toBe("critical");
    expect(mails[0]?.text).toContain(hameaux.rows.find((row) => /coli/.test(row))!);
    // The default report (the most sampled network) tells of the other network's problem too.
    expect((await reportWater(place)).section.other_networks_with_issues.map((network) => network.code)).toEqual([HAMEAUX.code]);
  });

  it("two rows of one parameter in one sample: the worse counts, in the report and the e-mail alike", async () => {
    const place = await freshCommune();
    serve(
      place,
      [VILLAGE],
      [
        { sample: "T1", daysAgo: 4, parameter: "nitrates", value: "41", verdict: "N" },
        { sample: "T1", daysAgo: 4, parameter: "nitrates", value: "58", verdict: "N" },
      ],
    );
    const email = await subscribe(place);
    const mails = await runDay(8, email);
    const nitrates = (await reportWater(place)).rows.find((row) => row.startsWith("Nitrates"))!;
    expect(nitrates).toContain("58");
    expect(mails[0]?.text).toContain(nitrates);
  });
});
