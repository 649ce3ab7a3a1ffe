import { describe, expect, it } from "vitest";
import { ALERT_TEXTS, type AlertFacts, type AlertKind, renderAlertText } from "../../../src/sections/rules.ts";
import { diffAir } from "../../../src/sections/air/alert.ts";
import { diffDrought } from "../../../src/sections/drought/alert.ts";
import { diffWater } from "../../../src/sections/water/alert.ts";
import { evaluateAirQuality } from "../../../src/sections/air/index.ts";
import { evaluateDrought } from "../../../src/sections/drought/index.ts";
import type { DroughtGravity, WaterResult } from "../../../src/core/types.ts";
import { presentWater, presentWaterRow } from "../../../src/core/report/present.ts";
import { evaluateWaterQuality, judgeWaterQuality, TAP_ONLY_TEXT } from "../../../src/sections/water/index.ts";
import { atmoIndex, camsEstimate, droughtZone, noBathing, NOW, waterResult } from "./builders.ts";
import { ARS_RESTRICTION_FIRST, DRINKING_WARNINGS } from "../../../src/sections/water/drinking.ts";
import { selectRecommendations } from "../../../src/core/recommendations/index.ts";
import { frenchTypography } from "../../../src/core/shared/format.ts";

const AMIENS_CENTRE = { code: "080000512", name: "AMIENS CENTRE", quarter: null };
const SAINT_ACHEUL = { code: "080000513", name: "SAINT-ACHEUL", quarter: null };
/** One network judged as the report judges it (judgeWaterQuality), for diffWater. */
const judged = (results: Partial<WaterResult>[], udi = AMIENS_CENTRE) => ({
  code: udi.code,
  ...judgeWaterQuality({
    results: { ok: true, data: results.map((result) => waterResult({ networks: [{ code: udi.code, name: udi.name }], ...result })) },
    udi,
    udis: [AMIENS_CENTRE, SAINT_ACHEUL],
    now: NOW,
  }),
});
const water = (results: Partial<WaterResult>[]) => [judged(results)];
const failedWater = [{ code: AMIENS_CENTRE.code, ...judgeWaterQuality({ results: { ok: false, reason: "timeout" }, udi: AMIENS_CENTRE, udis: [], now: NOW }) }];
/** The tap's zone (AEP) at a level, or none in force. */
const drought = (gravity: DroughtGravity | null) =>
  evaluateDrought({ zones: { ok: true, data: gravity ? [droughtZone({ type: "AEP", gravity })] : [] }, now: NOW, citycode: "80021" });
const air = (tomorrowCode: number, now = NOW, tomorrowDate = "2026-11-23") =>
  evaluateAirQuality({
    citycode: "80021",
    atmo: {
      ok: true,
      data: [
        atmoIndex({ date: "2026-11-22", code: 1 }),
        atmoIndex({ date: tomorrowDate, code: tomorrowCode, label: ["", "Bon", "Moyen", "Dégradé", "Mauvais"][tomorrowCode] ?? "" }),
      ],
    },
    cams: { ok: true, data: camsEstimate() },
    now,
  });

describe("water alerts (decision 052: the report's verdict, per network)", () => {
  const at = (day: string) => `${day}T08:30:00Z`;
  const nitrates = (day: string, raw: string, flags: Partial<WaterResult> = {}) =>
    ({ sampleCode: `N${day}`, parameterCode: "1340", rawValue: raw, numericValue: Number(raw), sampledAt: at(day), ...flags }) satisfies Partial<WaterResult>;
  const coli = (day: string, raw = "<1") => ({
    sampleCode: `N${day}`,
    parameterCode: "1506",
    parameterLabel: "Escherichia coli /100ml - MF",
    rawValue: raw,
    numericValue: 0,
    unit: "n/(100mL)",
    qualityLimit: "<=0 n/(100mL)",
    sampledAt: at(day),
  });
  const bad = nitrates("2026-11-10", "62", { limitsPhysicochemical: "N" });
  const text = (events: readonly { title: string; lines: string[] }[]) => events.map((event) => [event.title, ...event.lines].join("\n")).join("\n\n");

  it("alerts on a non-compliant result once, naming the value with the day it was measured", () => {
    const first = diffWater(null, water([bad]));
    expect(first.events).toHaveLength(1);
    expect(first.events[0]).toMatchObject({ severity: "critical", dataDate: "2026-11-10", kind: "water-alert" });
    expect(text(first.events)).toContain("Nitrates\u00a0: 62\u00a0mg/L – Non conforme. Mesuré le 10\u00a0novembre\u00a02026.");
    expect(diffWater(first.next, water([bad]))).toEqual({ events: [], next: null });
  });

  it("a new compliant sample that does not measure the old non-compliant parameter is no new alert, and never called non-compliant", () => {
    const first = diffWater(null, water([bad]));
    // 10 September: bacteriology only, declared compliant; nitrates 62 (November 2025) is still the latest nitrates.
    const old = nitrates("2025-11-20", "62", { limitsPhysicochemical: "N" });
    const base = diffWater(null, water([old]));
    const later = diffWater(base.next, water([coli("2026-09-10"), old]));
    expect(later.events).toEqual([]);
    expect(later.next?.networks[AMIENS_CENTRE.code]?.sampledAt).toBe(at("2026-09-10"));
    // The first e-mail never pins 62 mg/L on another sample.
    expect(text(first.events)).not.toMatch(/prélèvement du .* signale/);
  });

  it("keeps a non-compliance measured more than a year ago, with its date (never « retour à la conformité » without a newer result)", () => {
    const old = nitrates("2025-09-01", "62", { limitsPhysicochemical: "N" });
    const first = diffWater(null, water([coli("2026-11-01"), old]));
    expect(first.events).toHaveLength(1);
    expect(text(first.events)).toContain("Mesuré le 1er\u00a0septembre\u00a02025 (mesure de plus d'un an).");
    const stillOld = diffWater(first.next, water([coli("2026-11-15"), old]));
    expect(stillOld.events).toEqual([]);
  });

  it("announces « retour à la conformité » only when a newer result of the same parameter is compliant", () => {
    const first = diffWater(null, water([bad]));
    const ok = diffWater(first.next, water([nitrates("2026-11-18", "30"), bad]));
    expect(ok.events.map((event) => event.kind)).toEqual(["water-ok"]);
    expect(text(ok.events)).toContain("Nitrates\u00a0: 30\u00a0mg/L – Conforme. Mesuré le 18\u00a0novembre\u00a02026.");
    // A compliant first judgement is a silent baseline.
    expect(diffWater(null, water([nitrates("2026-11-18", "30")])).events).toEqual([]);
  });

  it.each(["44", "45", "50"])("never alerts on a compliant value near its limit (nitrates %s mg/L, issue 9)", (raw) => {
    expect(diffWater(null, water([nitrates("2026-11-10", raw)])).events).toEqual([]);
  });

  it("alerts on a derogation (concerning, « Conforme sous dérogation »), never as non-compliant", () => {
    const derogation = diffWater(null, water([nitrates("2026-11-10", "58", { limitsPhysicochemical: "D" })]));
    expect(derogation.events[0]?.severity).toBe("warning");
    expect(text(derogation.events)).toMatch(/Conforme sous dérogation/);
    expect(text(derogation.events)).not.toMatch(/Non conforme/);
  });

  it("a non-compliant sample published late (dated before the newest known) is an alert", () => {
    const base = diffWater(null, water([nitrates("2026-11-18", "30")]));
    const late = diffWater(base.next, water([nitrates("2026-11-18", "30"), { ...coli("2026-11-05", "3"), limitsBacteriological: "N" }]));
    expect(late.events).toHaveLength(1);
    expect(text(late.events)).toMatch(/Escherichia coli \/100ml - MF\u00a0: 3\s+par 100\s+mL – Non conforme\./);
    expect(text(late.events)).toContain("Mesuré le 5\u00a0novembre\u00a02026");
  });

  it("watches every network: a problem on another network is its own alert, naming that network", () => {
    const networks = [
      judged([nitrates("2026-11-18", "30")]),
      judged([{ ...coli("2026-11-12", "4"), sampleCode: "X", limitsBacteriological: "N" }], SAINT_ACHEUL),
    ];
    const first = diffWater(null, networks);
    expect(first.events).toHaveLength(1);
    expect(first.events[0]?.key).toContain(SAINT_ACHEUL.code);
    expect(text(first.events)).toContain("(réseau SAINT-ACHEUL)");
    // A network no longer watched leaves the state.
    expect(Object.keys(diffWater(first.next, [networks[0]!]).next?.networks ?? {})).toEqual([AMIENS_CENTRE.code]);
  });

  it("reads a state stored before decision 052 as a silent baseline", () => {
    const legacy = diffWater({ lastSampleAt: "2026-10-01T08:30:00Z", alerted: false }, water([bad]));
    expect(legacy.events).toEqual([]);
    expect(legacy.next?.version).toBe(2);
  });

  // Observed (issue 21): an ARS « N » whose parameter cannot be read as a number (« Présence ») gave
  // an e-mail that named nothing; lead alone above its limit at one tap, with an ARS « N », was titled
  // « un paramètre à surveiller ». The e-mail says the ARS's verdict and the facts, in the report's words.
  describe("an ARS « N » is said as the ARS's verdict, with what the laboratory wrote and the conclusion — never an empty list", () => {
    const presence = (flags: Partial<WaterResult> = {}) => ({
      sampleCode: "P2026",
      parameterCode: "6455",
      parameterLabel: "Entérocoques /100ml-MS",
      rawValue: "Présence",
      numericValue: null,
      unit: "n/(100mL)",
      qualityLimit: "<=0 n/(100mL)",
      sampledAt: at("2026-11-10"),
      limitsBacteriological: "N" as const,
      sampleConclusion: null,
      ...flags,
    });
    const calm = {
      sampleCode: "P2026",
      parameterCode: "1340",
      rawValue: "20",
      numericValue: 20,
      sampledAt: at("2026-11-10"),
      limitsBacteriological: "N" as const,
      sampleConclusion: null,
    };

    it("« Présence » without a conclusion: the verdict, the parameter and its word, and where to look", () => {
      const [event, ...rest] = diffWater(null, water([presence(), calm])).events;
      expect(rest).toEqual([]);
      expect(event).toMatchObject({ severity: "critical", title: "Eau du robinet\u00a0: non-conformité signalée" });
      expect(event?.lines).toEqual([
        "Dernier prélèvement (réseau AMIENS CENTRE)\u00a0: 10\u00a0novembre\u00a02026 – Non conforme.",
        "L'Agence régionale de santé a déclaré le prélèvement du 10\u00a0novembre\u00a02026 non conforme.",
        "Résultat rendu sans valeur chiffrée dans le prélèvement déclaré non conforme\u00a0: Entérocoques intestinaux\u00a0: «\u00a0Présence\u00a0».",
        "Suivez les consignes de votre mairie et de l'Agence régionale de santé.",
      ]);
    });

    it("the report's water card says the same fact", () => {
      const [network] = water([presence(), calm]);
      expect(network?.section.qualitative_findings).toEqual([{ code: "6455", name: "Entérocoques intestinaux", result: "Présence" }]);
      expect(presentWater(network!.section).notes).toContain(
        "Résultat rendu sans valeur chiffrée dans le prélèvement déclaré non conforme\u00a0: Entérocoques intestinaux\u00a0: «\u00a0Présence\u00a0».",
      );
    });

    it("with the ARS's conclusion: quoted", () => {
      const conclusion = "Eau non conforme : présence d'entérocoques. Faire bouillir l'eau avant consommation.";
      const [event] = diffWater(null, water([presence({ sampleConclusion: conclusion }), { ...calm, sampleConclusion: conclusion }])).events;
      expect(text([event!])).toContain(
        `Conclusion officielle de l'ARS sur le prélèvement du 10\u00a0novembre\u00a02026\u00a0: «\u00a0${conclusion.replace(" :", "\u00a0:")}\u00a0»`,
      );
      expect(text([event!])).toContain("Entérocoques intestinaux\u00a0: «\u00a0Présence\u00a0»");
    });

    it("nothing readable and no conclusion: the verdict, and that the published data do not name the parameter", () => {
      const [event] = diffWater(null, water([calm])).events;
      expect(event?.lines).toContain("L'Agence régionale de santé a déclaré le prélèvement du 10\u00a0novembre\u00a02026 non conforme.");
      expect(event?.lines).toContain("Les données publiées ne précisent pas le paramètre en cause\u00a0: consultez les résultats officiels de votre commune.");
    });

    it("« Absence » and « Non détecté » are not findings", () => {
      const [network] = water([presence({ rawValue: "Absence" }), presence({ parameterCode: "1449", rawValue: "Non détecté" }), calm]);
      expect(network?.section.qualitative_findings).toEqual([]);
    });
  });

  it("lead alone above its limit at one building's tap, ARS « N »: a non-compliance measured at that tap, in the report's words", () => {
    const lead = {
      sampleCode: "L2026",
      parameterCode: "1382",
      parameterLabel: "Plomb",
      rawValue: "14",
      numericValue: 14,
      unit: "µg/L",
      qualityLimit: "<=10 µg/L",
      sampledAt: at("2026-11-10"),
      limitsPhysicochemical: "N" as const,
    };
    const [network] = water([lead]);
    expect(network?.section).toMatchObject({ level: "concerning", tap_only_exceedance: true });
    const row = presentWaterRow(network!.section.parameters[0]!, network!.section.sampled_at);
    const [event] = diffWater(null, [network!]).events;
    expect(event).toMatchObject({ severity: "warning", title: "Eau du robinet\u00a0: non-conformité mesurée au robinet d'un bâtiment" });
    expect(event?.title).not.toMatch(/à surveiller/);
    expect(text([event!])).toContain(`Plomb\u00a0: ${row.value} – ${row.badge.word}.`);
    expect(row.badge.word).toBe("Non conforme");
    expect(event?.lines).toContain(TAP_ONLY_TEXT);
    expect(presentWater(network!.section).notes).toContain(TAP_ONLY_TEXT);
  });

  it("never alerts nor moves on a failed read", () => {
    const first = diffWater(null, water([bad]));
    expect(diffWater(first.next, failedWater)).toEqual({ events: [], next: null });
  });
});

describe("drought alerts", () => {
  // The table of changes per zone type is in drought-alerts.test.ts.
  it("records the first level silently, then alerts on every change, up or down", () => {
    const base = diffDrought(null, drought("vigilance"), NOW);
    expect(base).toEqual({ events: [], next: { version: 2, zones: { AEP: "vigilance" } } });
    const up = diffDrought(base.next, drought("crise"), NOW);
    expect(up.events[0]).toMatchObject({
      key: "drought:AEP-crise:2026-11-22",
      severity: "critical",
      title: "Sécheresse\u00a0: restrictions d'usage, niveau Crise",
    });
    expect(up.events[0]?.groups?.flatMap((group) => group.lines).join("\n")).toContain("Arrosage des pelouses");
    expect(up.events[0]?.groups?.flatMap((group) => group.lines).join("\n")).not.toContain("Irrigation agricole");
    const down = diffDrought(up.next, drought("alerte"), NOW);
    expect(down.events[0]?.key).toBe("drought:AEP-alerte:2026-11-22");
    const end = diffDrought(down.next, drought(null), NOW);
    expect(end.events[0]).toMatchObject({ key: "drought:AEP-none:2026-11-22", title: "Sécheresse\u00a0: fin des restrictions" });
    expect(diffDrought(down.next, drought("alerte"), NOW)).toEqual({ events: [], next: null });
  });

  it("never alerts on a failed read", () => {
    expect(
      diffDrought({ version: 2, zones: { AEP: "crise" } }, evaluateDrought({ zones: { ok: false, reason: "http" }, now: NOW, citycode: "80021" }), NOW),
    ).toEqual({
      events: [],
      next: null,
    });
  });
});

describe("air alerts", () => {
  it("alerts on tomorrow's forecast Dégradé or worse, once per episode", () => {
    const first = diffAir(null, air(3), NOW);
    expect(first.events[0]).toMatchObject({ key: "air:episode:2026-11-23", severity: "warning", dataDate: "2026-11-23" });
    expect(first.events[0]?.lines.join(" ")).toMatch(/personnes vulnérables/);
    // Same day, same forecast: nothing more.
    expect(diffAir(first.next, air(3), NOW)).toEqual({ events: [], next: null });
    // Next day, the episode goes on: no new email, the episode is extended.
    const nextDay = new Date("2026-11-23T16:00:00Z");
    expect(diffAir({ episodeLastDay: "2026-11-23" }, air(4, nextDay, "2026-11-24"), nextDay)).toEqual({ events: [], next: { episodeLastDay: "2026-11-24" } });
  });

  it("starts a new episode after a clean day", () => {
    const later = new Date("2026-11-25T16:00:00Z");
    expect(diffAir({ episodeLastDay: "2026-11-23" }, air(4, later, "2026-11-26"), later).events[0]).toMatchObject({
      key: "air:episode:2026-11-26",
      severity: "critical",
    });
  });

  it("ignores Bon and Moyen, a missing forecast and a forecast for another day", () => {
    expect(diffAir(null, air(2), NOW).events).toEqual([]);
    expect(diffAir(null, air(4, NOW, "2026-11-24"), NOW).events).toEqual([]);
    const noForecast = evaluateAirQuality({
      citycode: "80021",
      atmo: { ok: false, reason: "timeout" },
      cams: { ok: true, data: camsEstimate({ pm2_5: 80 }) },
      now: NOW,
    });
    expect(diffAir(null, noForecast, NOW)).toEqual({ events: [], next: null });
  });
});

describe("alert words (issue 10, item 1: one table keyed by kind)", () => {
  // Every kind of the table with the facts of its variants: a new kind fails to compile here until it is tested.
  const SAMPLES: { [K in AlertKind]: AlertFacts[K][] } = {
    "water-alert": [
      {
        nonCompliant: true,
        tapOnly: false,
        unexplainedVerdict: false,
        qualitativeFindings: null,
        networkName: "AMIENS CENTRE",
        sample: { sampledAt: "2026-11-10T08:30:00Z", word: "Non conforme" },
        flagged: [{ name: "Nitrates", value: "62 mg/L", label: "Non conforme", measured: "Mesuré le 10 novembre 2026" }],
        conclusion: "Eau non conforme.",
      },
      {
        nonCompliant: false,
        tapOnly: false,
        unexplainedVerdict: false,
        qualitativeFindings: null,
        networkName: null,
        sample: { sampledAt: "2026-11-10T08:30:00Z", word: "Conforme" },
        flagged: [],
        conclusion: null,
      },
      {
        nonCompliant: true,
        tapOnly: false,
        unexplainedVerdict: true,
        qualitativeFindings: "Résultat rendu sans valeur chiffrée dans le prélèvement déclaré non conforme : Entérocoques : « Présence ».",
        networkName: null,
        sample: { sampledAt: "2026-11-10T08:30:00Z", word: "Non conforme" },
        flagged: [],
        conclusion: null,
      },
      {
        nonCompliant: false,
        tapOnly: true,
        unexplainedVerdict: false,
        qualitativeFindings: null,
        networkName: "AMIENS CENTRE",
        sample: { sampledAt: "2026-11-10T08:30:00Z", word: "Non conforme" },
        flagged: [{ name: "Plomb", value: "14 µg/L", label: "Non conforme", measured: "Mesuré le 10 novembre 2026" }],
        conclusion: null,
      },
    ],
    "water-ok": [
      {
        networkName: "AMIENS CENTRE",
        sample: { sampledAt: "2026-11-18T08:30:00Z", word: "Conforme" },
        recovered: [{ name: "Nitrates", value: "30 mg/L", label: "Conforme", measured: "Mesuré le 18 novembre 2026" }],
        conclusion: "Eau conforme.",
      },
    ],
    "drought-change": [
      {
        changes: [{ tap: true, typeLabel: "Restrictions d'usage de l'eau du réseau", before: "Alerte", after: "Crise" }],
        zones: [
          {
            heading: "Restrictions d'usage de l'eau du réseau : Crise",
            lines: ["Zone : Réseaux de l'Orb", "1 restriction s'applique aux particuliers :", "Arrosage des pelouses : Interdit."],
          },
        ],
        notes: [],
      },
      {
        changes: [
          { tap: false, typeLabel: "Eau souterraine", before: null, after: "Alerte renforcée" },
          { tap: false, typeLabel: "Eau superficielle", before: "Crise", after: null },
        ],
        zones: [{ heading: "Eau souterraine : Alerte renforcée", lines: ["Aucune restriction ne concerne les particuliers."] }],
        notes: ["Pas de restriction d'usage de l'eau du réseau à votre adresse."],
      },
    ],
    "drought-end": [
      {
        changes: [{ tap: false, typeLabel: "Eau superficielle", before: "Vigilance", after: null }],
        notes: ["Eau superficielle – zone « Orb aval » : l'arrêté (niveau « Vigilance ») était en vigueur jusqu'au 21 novembre 2026 et ne s'applique plus."],
      },
    ],
    "air-episode": [{ forecastDate: "2026-11-23", indexLabel: "Dégradé" }],
    "air-event": [{ forecastDate: "2026-11-23" }],
    "bathing-prohibition": [{ siteName: "LE CASINO", commune: "VALRAS-PLAGE", prohibitionTitle: "Interdiction de baignade du 18/07/2026" }],
    "bathing-lifted": [{ siteName: "LE CASINO", commune: "VALRAS-PLAGE" }],
    "bathing-poor": [{ siteName: "LE CASINO", commune: "VALRAS-PLAGE", sampleDate: "2026-07-17" }],
    "bathing-classement": [{ siteName: "LE CASINO", commune: "VALRAS-PLAGE", year: 2026, label: "Bonne" }],
    "pollen-episode": [
      {
        forecastDate: "2026-04-15",
        taxa: [{ name: "Bouleau", label: "Élevé" }],
        summary: "Pollens\u00a0: Modéré (Bouleau)\u00a0; demain\u00a0: Élevé.",
      },
    ],
    "pollen-rise": [
      {
        forecastDate: "2026-04-16",
        taxa: [
          { name: "Graminées", label: "Extrêmement élevé", before: "Élevé" },
          { name: "Bouleau", label: "Élevé", before: null },
        ],
        summary: "Pollens\u00a0: Élevé (Graminées)\u00a0; demain\u00a0: Extrêmement élevé.",
      },
    ],
    "weather-warning": [
      {
        date: "2026-07-20",
        tomorrow: true,
        label: "Vigilance orange",
        phenomenonName: "Canicule",
        department: "Hérault (34)",
        summary: "Vigilance météo\u00a0: Vigilance jaune (canicule)\u00a0; demain\u00a0: Vigilance orange (canicule).",
      },
    ],
    "weather-coast-warning": [
      {
        date: "2026-07-20",
        tomorrow: false,
        label: "Vigilance orange",
        phenomenonName: "Vagues-submersion",
        coast: "Littoral de la Gironde",
        department: "Gironde (33)",
        departmentLabel: "Vigilance verte",
        summary:
          "Vigilance météo\u00a0: Vigilance verte\u00a0; demain\u00a0: Vigilance verte. Le littoral de la Gironde est en vigilance orange vagues-submersion aujourd'hui.",
      },
    ],
  };
  const rows = (Object.keys(SAMPLES) as AlertKind[]).flatMap((kind) => SAMPLES[kind].map((facts, variant) => [kind, variant, facts] as const));

  it("covers every kind of the table", () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(Object.keys(ALERT_TEXTS).sort());
  });

  it.each(rows)("%s (variant %i) renders a title and lines in French typography", (kind, _variant, facts) => {
    const rendered = renderAlertText(kind, facts as never);
    expect(rendered.kind).toBe(kind);
    expect(rendered.title.length).toBeGreaterThan(10);
    expect(rendered.lines.length).toBeGreaterThan(0);
    for (const text of [rendered.title, ...rendered.lines, ...(rendered.groups ?? []).flatMap((group) => [group.heading, ...group.lines])]) {
      expect(text).not.toMatch(/ [:;!?»]|« /);
      expect(text).not.toMatch(/undefined|null|\d{4}-\d{2}-\d{2}|\s{2}/);
    }
  });

  // Issue 23: « who must not drink the water is buried inside the quoted ARS paragraph and the
  // bottled-water advice is missing ». The ARS guidance (decision 029): above 50 mg/L of nitrates,
  // pregnant women and infants under 6 months do not drink the water (bottled water labelled
  // suitable for infant feeding); above 100 mg/L, nobody does (DGS).
  it("a water alert says first, in its own sentences, who must not drink the water and to use bottled water — the page advice's own words", () => {
    const conclusion = "Eau non conforme en nitrates. Ne pas utiliser pour les femmes enceintes et les nourrissons.";
    for (const [value, restriction] of [
      [62, "vulnerable"],
      [120, "everyone"],
    ] as const) {
      const event = diffWater(
        null,
        water([
          {
            rawValue: String(value),
            numericValue: value,
            sampledAt: "2026-11-10T08:30:00Z",
            sampleCode: "B",
            limitsPhysicochemical: "N",
            sampleConclusion: conclusion,
          },
        ]),
      ).events[0];
      const warning = DRINKING_WARNINGS[restriction];
      expect(event?.lines.slice(0, 3)).toEqual([frenchTypography(warning.who), frenchTypography(warning.bottled), frenchTypography(ARS_RESTRICTION_FIRST)]);
      expect(event?.lines[0]).not.toMatch(/«/);
      // …and the page's advice opens with the very same sentences (one source: sections/water/drinking.ts).
      const advice = selectRecommendations({
        water: evaluateWaterQuality({
          results: { ok: true, data: [waterResult({ rawValue: String(value), numericValue: value, limitsPhysicochemical: "N" })] },
          udi: AMIENS_CENTRE,
          udis: [AMIENS_CENTRE],
          now: NOW,
        }),
        air: evaluateAirQuality({ atmo: { ok: true, data: [] }, cams: { ok: true, data: camsEstimate({ day: "2026-11-21" }) }, now: NOW, citycode: "80021" }),
        drought: evaluateDrought({ zones: { ok: true, data: [] }, now: NOW, citycode: "80021" }),
        bathing: noBathing(),
        now: NOW,
      });
      expect(advice[0]?.text.startsWith(frenchTypography(`${warning.who} ${warning.bottled}`))).toBe(true);
    }
  });

  it("the diff writes its events through the table: same kind, same words", () => {
    const event = diffWater(null, water([{ rawValue: "62", numericValue: 62, sampledAt: "2026-11-10T08:30:00Z", sampleCode: "B", limitsPhysicochemical: "N" }]))
      .events[0];
    expect(event?.kind).toBe("water-alert");
    expect(event?.title).toBe("Eau du robinet\u00a0: non-conformité signalée");
    // Nitrates at 62 mg/L: who must not drink it and the bottled water come first (issue 23).
    expect(event?.lines[2]).toBe("Dernier prélèvement (réseau AMIENS CENTRE)\u00a0: 10\u00a0novembre\u00a02026 – Non conforme.");
    expect(diffDrought({ version: 2, zones: { AEP: "alerte" } }, drought(null), NOW).events[0]?.kind).toBe("drought-end");
    expect(diffDrought({ version: 2, zones: { AEP: "vigilance" } }, drought("crise"), NOW).events[0]?.kind).toBe("drought-change");
    expect(diffAir(null, air(3), NOW).events[0]).toMatchObject({ kind: "air-episode", title: "Qualité de l'air demain\u00a0: dégradé" });
  });
});
