import { describe, expect, it } from "vitest";
import { evaluateAirQuality } from "../../../src/sections/air/index.ts";
import { evaluateDrought } from "../../../src/sections/drought/index.ts";
import {
  ADVICE_TEXTS,
  type AdviceFacts,
  type AdviceId,
  type RecommendationInput,
  renderRecommendation,
  type SelectedAdvice,
  selectRecommendations,
} from "../../../src/core/recommendations/index.ts";
import { todayInParis } from "../../../src/core/shared/time.ts";
import type { AirQualitySection, DroughtSection, DroughtZone, WaterQualitySection, WaterResult } from "../../../src/core/types.ts";
import { evaluateWaterQuality } from "../../../src/sections/water/index.ts";
import { atmoIndex, camsEstimate, droughtZone, noBathing, NOW, waterResult } from "./builders.ts";

const water = (results: WaterResult[] = [waterResult({ rawValue: "20", numericValue: 20 })]): WaterQualitySection =>
  evaluateWaterQuality({ results: { ok: true, data: results }, udi: null, udis: [], now: NOW });
const air = (code = 1, pm25 = 8): AirQualitySection =>
  evaluateAirQuality({
    citycode: "80021",
    atmo: { ok: true, data: [atmoIndex({ code, label: ["", "Bon", "Moyen", "Dégradé", "Mauvais"][code] ?? "" })] },
    cams: { ok: true, data: camsEstimate({ pm2_5: pm25 }) },
    now: NOW,
  });
/** An ARS conclusion that restricts the use of the water (a derogation's usual instruction). */
const BABY_BOTTLES = "Eau d'alimentation conforme sous dérogation pour le paramètre arsenic. Ne pas utiliser pour la préparation des biberons.";
const drought = (zones: DroughtZone[] = []): DroughtSection => evaluateDrought({ zones: { ok: true, data: zones }, now: NOW, citycode: "80021" });

/** The rules at NOW (22 November, out of the ozone season, no bathing site nearby) unless a test says otherwise. */
const select = (input: Omit<RecommendationInput, "now" | "bathing"> & { now?: Date; bathing?: RecommendationInput["bathing"] }) =>
  selectRecommendations({ now: NOW, bathing: noBathing(), ...input });
const ids = (input: Partial<{ water: WaterQualitySection; air: AirQualitySection; drought: DroughtSection }>) =>
  select({ water: water(), air: air(), drought: drought(), ...input }).map((recommendation) => recommendation.id);

describe("selectRecommendations", () => {
  it("says « Bonne nouvelle ! » when nothing applies", () => {
    const [only, ...rest] = select({ water: water(), air: air(), drought: drought() });
    expect(rest).toHaveLength(0);
    expect(only).toMatchObject({ id: "all-clear", severity: "success", title: "Bonne nouvelle\u00a0!" });
  });

  it("does not claim good news when no data could be obtained", () => {
    const [only, ...rest] = select({
      water: evaluateWaterQuality({ results: { ok: false, reason: "timeout" }, udi: null, udis: [], now: NOW }),
      air: evaluateAirQuality({ citycode: "80021", atmo: { ok: false, reason: "timeout" }, cams: { ok: false, reason: "timeout" }, now: NOW }),
      drought: evaluateDrought({ zones: { ok: false, reason: "timeout" }, now: NOW, citycode: "80021" }),
    });
    // The tap water unread is its own advice (decision 084), then what else could not be checked.
    expect(only).toMatchObject({
      id: "water-unchecked",
      severity: "warning",
      basis: "unread",
      title: "Nous n'avons pas pu vérifier l'eau du robinet aujourd'hui",
    });
    expect(rest).toHaveLength(1);
    expect(rest[0]).toMatchObject({ id: "unchecked", severity: "info", title: "Données momentanément incomplètes" });
    expect(rest[0]?.text).toContain("La qualité de l'air n'a pas pu être vérifiée");
    expect(rest[0]?.text).not.toContain("eau du robinet");
    const [{ text } = { text: "" }] = rest;
    expect(text).toContain("La qualité de l'air n'a pas pu être vérifiée");
    expect(text).toContain("Les restrictions d'eau liées à la sécheresse n'ont pas pu être vérifiées");
  });

  it.each([
    ["40", []],
    ["41", ["water-nitrates"]],
    ["48", ["water-nitrates"]],
  ])("nitrates at %s mg/L", (raw, expected) => {
    expect(ids({ water: water([waterResult({ rawValue: raw, numericValue: Number(raw) })]) }).filter((id) => id.startsWith("water"))).toEqual(expected);
  });

  it("above 50 mg/L: the advice for pregnant women and infants, once (issue 38: no « Eau non conforme » repeating it)", () => {
    const list = select({ water: water([waterResult({ rawValue: "62", numericValue: 62, limitsPhysicochemical: "N" })]), air: air(2), drought: drought() });
    // Before issue 10 the non-compliance came first; since issue 38 the nitrates' own advice says it alone.
    expect(list.map((recommendation) => recommendation.id)).toEqual(["water-nitrates", "air-moderate"]);
    // Issue 23: who must not drink the water first, in its own sentence, then the bottled water.
    expect(list[0]?.text).toMatch(
      /^Les femmes enceintes et les nourrissons de moins de 6\smois ne doivent pas boire l'eau du robinet \(recommandation des agences régionales de santé\)\.\s/,
    );
    expect(list[0]?.text).toMatch(/utilisez de l'eau en bouteille/);
    expect(list[0]?.text).toMatch(/convient pour la préparation des aliments des nourrissons/);
    expect(list[0]?.text).toMatch(/Pour les autres personnes/);
    expect(list[0]).toMatchObject({ severity: "critical", vulnerable: true, prominent: true });
    expect(list[1]).toMatchObject({ severity: "info", calm: true, prominent: false });
  });

  describe("the nitrates advice depends on the level and on microbiology (issue 9, item 4)", () => {
    const nitrates = (raw: string, flag: "C" | "N" = "N") => waterResult({ rawValue: raw, numericValue: Number(raw), limitsPhysicochemical: flag });
    const advice = (results: WaterResult[]) => select({ water: water(results), air: air(), drought: drought() }).find((r) => r.id === "water-nitrates");

    it("44 mg/L (Amiens Nord, ARS « conforme »): information, compliant, no precaution", () => {
      const found = advice([nitrates("44", "C")]);
      expect(found).toMatchObject({ severity: "info", title: "Nitrates conformes, proches de la limite de qualité" });
      expect(found?.text).toMatch(/est conforme/);
    });

    // DGS guidance (decision 029; ANSES and the DGS's nitrates reports): « au-delà de 100 mg/L,
    // l'eau ne doit pas être utilisée pour la boisson ni la préparation des aliments », for everyone.
    // Observed (issue 21): a laboratory's « >100 » read as 100 and got the 50–100 advice, which
    // says the water « ne justifie pas de restriction » for others.
    it.each([
      ["120", 120, "120\u00a0mg/L"],
      [">100", 100, "plus de 100\u00a0mg/L"],
      [">150", 150, "plus de 150\u00a0mg/L"],
    ])("above 100 mg/L (%s): its own advice, nobody drinks the water, with its source", (raw, numeric, written) => {
      const list = select({
        water: water([waterResult({ rawValue: raw, numericValue: numeric, limitsPhysicochemical: "N" })]),
        air: air(),
        drought: drought(),
      });
      expect(list.map((r) => r.id)).not.toContain("water-nitrates");
      const found = list.find((r) => r.id === "water-nitrates-above-100");
      expect(found).toMatchObject({ severity: "critical", vulnerable: true, prominent: true });
      expect(found?.title).toBe("Nitrates au-delà de 100\u00a0mg/L\u00a0: personne ne doit boire l'eau du robinet");
      expect(found?.text).toContain(`Le dernier résultat (${written}) dépasse 100\u00a0mg/L.`);
      // Issue 23: nobody, first and in its own sentence, then the bottled water.
      expect(found?.text).toMatch(
        /^Personne ne doit boire l'eau du robinet, adultes compris \(ministère chargé de la santé\)\. Utilisez de l'eau en bouteille pour boire et pour préparer les aliments et les biberons\./,
      );
      expect(found?.text).not.toMatch(/autres personnes|ne justifie pas de restriction/);
      expect(found?.source.url).toBe("https://eaufrance.fr/publications/la-qualite-de-leau-potable-vis-vis-des-nitrates-donnees-2015");
      expect(list[0]?.id).toBe("water-nitrates-above-100");
    });

    it("exactly 100 mg/L is not above 100: the advice for pregnant women and infants", () => {
      expect(advice([nitrates("100")])?.title).toMatch(/femmes enceintes et les nourrissons/);
    });

    it("with E. coli detected, never says others can drink it", () => {
      const ecoli = waterResult({
        parameterCode: "1449",
        parameterLabel: "Escherichia coli /100ml - MF",
        rawValue: "3",
        numericValue: 3,
        unit: "n/(100mL)",
        qualityLimit: "<=0 n/(100mL)",
        limitsBacteriological: "N",
        limitsPhysicochemical: "N",
      });
      const found = advice([nitrates("62"), ecoli]);
      expect(found?.text).not.toMatch(/autres personnes/);
      expect(found?.text).toMatch(/Des germes ont aussi été détectés/);
    });
  });

  describe("pesticides: a substance above 0,1 µg/L or the total above 0,5 µg/L (issue 9, item 7)", () => {
    it.each([
      // Observed: a compliant total of 0,32 µg/L produced « Pesticides au-dessus de 0,1 µg/L ».
      ["0,32", "C", false],
      ["0,5", "C", false],
      ["0,6", "N", true],
    ] as const)("total pesticides at %s µg/L (ARS %s): advice %s", (raw, flag, expected) => {
      const result = waterResult({
        parameterCode: "6276",
        parameterLabel: "Total des pesticides analysés",
        rawValue: raw,
        numericValue: Number(raw.replace(",", ".")),
        unit: "µg/L",
        qualityLimit: "<=0,5 µg/L",
        limitsPhysicochemical: flag,
      });
      expect(ids({ water: water([result]) }).includes("water-pesticides")).toBe(expected);
    });

    it("a single substance above 0,1 µg/L triggers it, with its name", () => {
      const atrazine = waterResult({
        parameterCode: "1107",
        parameterLabel: "Atrazine",
        rawValue: "0,15",
        numericValue: 0.15,
        unit: "µg/L",
        qualityLimit: "<=0,1 µg/L",
        limitsPhysicochemical: "N",
      });
      const found = select({ water: water([atrazine]), air: air(), drought: drought() }).find((r) => r.id === "water-pesticides");
      expect(found?.text).toMatch(/^Atrazine atteint 0,15\u00a0µg\/L \(limite de qualité\u00a0: 0,1\u00a0µg\/L par substance\)/);
    });

    it("a non-relevant metabolite under 0,9 µg/L does not", () => {
      const metabolite = waterResult({
        parameterCode: "6854",
        parameterLabel: "ESA métolachlore",
        rawValue: "0,32",
        numericValue: 0.32,
        unit: "µg/L",
        qualityLimit: "<=0,1 µg/L",
        limitsPhysicochemical: "C",
      });
      expect(ids({ water: water([metabolite]) })).toEqual(["all-clear"]);
    });
  });

  it("water « À surveiller » never gets « Bonne nouvelle ! » (issue 9, item 9)", () => {
    const turbidity = waterResult({
      parameterCode: "1295",
      parameterLabel: "Turbidité néphélométrique NFU",
      rawValue: "3,4",
      numericValue: 3.4,
      unit: "NFU",
      qualityLimit: null,
      qualityReference: "<=2 NFU",
    });
    expect(water([turbidity]).level).toBe("concerning");
    expect(ids({ water: water([turbidity]) })).toEqual(["water-watch"]);
  });

  it("PFAS above 0,1 µg/L and lead above 5 µg/L get their own advice", () => {
    const results = [
      waterResult({
        parameterCode: "8847",
        parameterLabel: "Somme des 20 PFAS",
        rawValue: "0,12",
        numericValue: 0.12,
        unit: "µg/L",
        qualityLimit: "<=0,1 µg/L",
        limitsPhysicochemical: "N",
      }),
      waterResult({ parameterCode: "1382", parameterLabel: "Plomb", rawValue: "7", numericValue: 7, unit: "µg/L", qualityLimit: "<=10 µg/L" }),
    ];
    const list = ids({ water: water(results) });
    expect(list).toContain("water-pfas");
    expect(list).toContain("water-lead");
  });

  it.each([
    [1, 8, []],
    [2, 8, ["air-moderate"]],
    [3, 8, ["air-poor"]],
    [4, 8, ["air-poor"]],
    // Issue 9, item 9: an official « Bon » is not contradicted by the model's PM2,5 above 25 µg/m³.
    [1, 26, []],
  ])("ATMO code %s with PM2.5 %s µg/m³", (code, pm25, expected) => {
    expect(ids({ air: air(code, pm25) }).filter((id) => id.startsWith("air"))).toEqual(expected);
  });

  it("without an official index, the model's worst pollutant sets the advice and is named", () => {
    const ozoneDay = evaluateAirQuality({
      citycode: "80021",
      atmo: { ok: true, data: [] },
      cams: { ok: true, data: camsEstimate({ pm2_5: 8, o3: 116 }) },
      now: NOW,
    });
    const [advice] = select({ water: water(), air: ozoneDay, drought: drought() }).filter((r) => r.category === "air");
    expect(advice?.id).toBe("air-poor");
    expect(advice?.text).toMatch(/^Indice du jour \(estimation modélisée\)\u00a0: Dégradé, d'après l'ozone/);
    expect(advice?.text).toMatch(/Les jours d'ozone/);
  });

  it("ATMO « Événement » (code 7) gets its own advice, not « Air dégradé » (issue 9, low)", () => {
    const event = evaluateAirQuality({
      citycode: "80021",
      atmo: { ok: true, data: [atmoIndex({ code: 7, label: "Événement" })] },
      cams: { ok: true, data: camsEstimate({ pm2_5: 8 }) },
      now: NOW,
    });
    const advice = select({ water: water(), air: event, drought: drought() }).filter((r) => r.category === "air");
    expect(advice.map((r) => [r.id, r.severity])).toEqual([["air-event", "warning"]]);
    expect(advice[0]?.title).not.toMatch(/dégradé/i);
  });

  it("« Moyen » mentions the afternoon ozone only when ozone sets the level (no ozone advice in November by default)", () => {
    const moderate = select({ water: water(), air: air(2), drought: drought() }).find((r) => r.id === "air-moderate");
    expect(moderate?.text).not.toMatch(/ozone/i);
  });

  it("air « Mauvais » is critical and addresses vulnerable people", () => {
    const [first] = select({ water: water(), air: air(4), drought: drought() });
    expect(first?.severity).toBe("critical");
    expect(first?.text).toMatch(/personnes vulnérables/);
    expect(first?.source.url).toMatch(/legifrance/);
  });

  // The tap's zone (AEP) sets the advice (decision 086); a river's or a groundwater zone's, whatever
  // its level, only informs whoever draws that water.
  it.each([
    ["AEP", "vigilance", ["drought-vigilance"]],
    ["AEP", "alerte", ["drought-alert"]],
    ["AEP", "alerte_renforcee", ["drought-severe"]],
    ["AEP", "crise", ["drought-severe"]],
    ["SUP", "vigilance", ["drought-own-supply"]],
    ["SUP", "crise", ["drought-own-supply"]],
    ["SOU", "alerte_renforcee", ["drought-own-supply"]],
  ] as const)("drought %s %s", (type, gravity, expected) => {
    expect(ids({ drought: drought([droughtZone({ type, gravity })]) }).filter((id) => id.startsWith("drought"))).toEqual(expected);
  });

  it("a drought crisis lists the first two restrictions for individuals", () => {
    const [first] = select({ water: water(), air: air(), drought: drought([droughtZone({ type: "AEP", gravity: "crise" })]) });
    expect(first?.text).toContain("«\u00a0Arrosage des pelouses, massifs fleuris\u00a0»");
    expect(first?.text).toContain("«\u00a0Lavage de véhicules par des particuliers\u00a0»");
    expect(first?.text).not.toContain("Irrigation agricole");
  });

  it("each recommendation has a title, a text, an article link and a public source, in French typography", () => {
    const list = select({
      water: water([waterResult({ rawValue: "62", numericValue: 62, limitsPhysicochemical: "N" })]),
      air: air(3, 30),
      drought: drought([droughtZone({ type: "AEP", gravity: "crise" })]),
    });
    // Nitrates, the drought crisis and the air (« Eau non conforme » is said by the nitrates' own advice).
    expect(list.length).toBeGreaterThanOrEqual(3);
    for (const recommendation of list) {
      expect(recommendation.title.length).toBeGreaterThan(5);
      expect(recommendation.text.length).toBeGreaterThan(40);
      expect(recommendation.link).toMatch(/^\/blog\/impact-(eau|air|secheresse)-sante$/);
      expect(recommendation.source.url).toMatch(/^https:\/\//);
      // No ordinary space before a high punctuation mark or inside guillemets.
      expect(`${recommendation.title} ${recommendation.text}`).not.toMatch(/ [:;!?»]|« /);
      // General advice, never a diagnosis.
      expect(recommendation.text).not.toMatch(/diagnostic|vous êtes malade/i);
    }
  });
});

// The data rules (decision 054): « « Bonne nouvelle » only when water, air and drought were all read
// and clear; otherwise say what could not be checked. » Observed (issue 21): an overseas commune with
// Hub'Eau failing got « Bonne nouvelle ! … aucune précaution particulière » as its only advice.
describe("« Bonne nouvelle » only when water, air and drought were all read and clear; otherwise say what could not be checked", () => {
  const hubEauDown = evaluateWaterQuality({ results: { ok: false, reason: "http", status: 503 }, udi: null, udis: [], now: NOW });
  const noAnalysis = evaluateWaterQuality({ results: { ok: true, data: [] }, udi: null, udis: [], now: NOW });
  const airDown = evaluateAirQuality({ atmo: { ok: false, reason: "timeout" }, cams: { ok: false, reason: "timeout" }, now: NOW, citycode: "80021" });
  const noAirPublished = evaluateAirQuality({
    atmo: { ok: true, data: [] },
    cams: { ok: true, data: camsEstimate({ day: "2026-11-21" }) },
    now: NOW,
    citycode: "80021",
  });
  const vigieauDown = evaluateDrought({ zones: { ok: false, reason: "network" }, now: NOW, citycode: "80021" });
  const reassurance = /Bonne nouvelle|aucune précaution/i;
  const words = (list: ReturnType<typeof select>) => list.map((r) => `${r.title} ${r.text}`).join(" ");

  it("Hub'Eau down, air « Bon », no drought restriction: the water could not be checked, no good news", () => {
    const list = select({ water: hubEauDown, air: air(), drought: drought() });
    expect(list.map((r) => r.id)).toEqual(["water-unchecked"]);
    // Said plainly, with where to look and a retry (issue 38).
    expect(list[0]).toMatchObject({
      category: "water",
      severity: "warning",
      basis: "unread",
      prominent: true,
      title: "Nous n'avons pas pu vérifier l'eau du robinet aujourd'hui",
    });
    expect(list[0]?.text).toBe(
      "Les résultats du contrôle sanitaire (Hub'Eau) n'ont pas répondu\u00a0: ce bilan ne dit donc rien de la qualité de votre eau. Réessayez dans quelques minutes avec le bouton «\u00a0Réessayer\u00a0» de la carte «\u00a0Eau du robinet\u00a0». Les résultats officiels du contrôle sanitaire de votre commune sont aussi publiés sur le site du ministère chargé de la santé et affichés en mairie.",
    );
    expect(words(list)).not.toMatch(reassurance);
  });

  // Issue 23: « the account says « Réseau d'eau non identifié » while the report, PDF and e-mail say
  // « aucune analyse publiée pour ce réseau » with « Réseau : Non précisé » »: two cases, one wording each.
  it("a known network without analyses says « aucune analyse publiée pour ce réseau », no good news", () => {
    const udi = { code: "034000123", name: "MARAUSSAN", quarter: null };
    const withNetwork = evaluateWaterQuality({ results: { ok: true, data: [] }, udi, udis: [udi], now: NOW });
    const list = select({ water: withNetwork, air: air(), drought: drought() });
    expect(list.map((r) => r.id)).toEqual(["water-unchecked"]);
    expect(list[0]).toMatchObject({ severity: "info", title: "L'eau du robinet n'a pas pu être vérifiée" });
    expect(list[0]?.text).toContain("aucune analyse publiée pour ce réseau");
    expect(list[0]?.text).not.toContain("non identifié");
    expect(list[0]?.text).not.toContain("réessayez");
  });

  it("no network known for the address says « Réseau d'eau non identifié pour cette adresse », as the account does, no good news", () => {
    const list = select({ water: noAnalysis, air: air(), drought: drought() });
    expect(list.map((r) => r.id)).toEqual(["water-unchecked"]);
    expect(list[0]?.text).toContain("réseau d'eau non identifié pour cette adresse");
    expect(list[0]?.text).not.toContain("pour ce réseau");
  });

  it.each([
    ["the air sources fail", () => ({ air: airDown }), "La qualité de l'air n'a pas pu être vérifiée\u00a0: les données sont momentanément indisponibles."],
    ["no air index nor estimate is published today", () => ({ air: noAirPublished }), "aucun indice n'est publié aujourd'hui pour votre commune"],
    ["VigiEau fails", () => ({ drought: vigieauDown }), "VigiEau est momentanément indisponible"],
    [
      "a drought zone's level is not one we know",
      () => ({ drought: drought([droughtZone({ gravity: null })]) }),
      "Le niveau de restriction d'une zone de sécheresse n'est pas reconnu\u00a0: consultez l'arrêté préfectoral.",
    ],
  ])("%s: that section is named, never « Bonne nouvelle »", (_case, sections, sentence) => {
    const list = select({ water: water(), air: air(), drought: drought(), ...sections() });
    expect(list.map((r) => r.id)).toContain("unchecked");
    expect(list.find((r) => r.id === "unchecked")?.text).toContain(sentence);
    expect(words(list)).not.toMatch(reassurance);
  });

  it("names every section that could not be checked, alongside the advice that applies", () => {
    const list = select({ water: hubEauDown, air: air(2), drought: vigieauDown });
    // The tap water unread first (a precaution), then the official information, then what else is unread.
    expect(list.map((r) => r.id)).toEqual(["water-unchecked", "air-moderate", "unchecked"]);
    const text = list[2]?.text ?? "";
    expect(text).toContain("Les restrictions d'eau liées à la sécheresse n'ont pas pu être vérifiées");
    expect(text).not.toContain("La qualité de l'air");
    expect(text).toContain("Ce bilan ne permet donc pas de conclure sur ce point");
  });

  it("drought « Vigilance » is not clear: never « Bonne nouvelle » (vigilance calls for saving water)", () => {
    const list = select({ water: water(), air: air(), drought: drought([droughtZone({ type: "AEP", gravity: "vigilance" })]) });
    expect(list.map((r) => r.id)).not.toContain("all-clear");
    expect(words(list)).not.toMatch(reassurance);
  });

  it("all three read and clear: « Bonne nouvelle ! », and only then", () => {
    expect(ids({})).toEqual(["all-clear"]);
    // The model's estimate is read too: a « Bon » estimate is clear.
    const estimated = evaluateAirQuality({ atmo: { ok: true, data: [] }, cams: { ok: true, data: camsEstimate() }, now: NOW, citycode: "80021" });
    expect(estimated.origin).toBe("cams");
    expect(ids({ air: estimated })).toEqual(["all-clear"]);
  });
});

// The ARS's conclusion of the sample prevails (issue 21): observed, a derogation's advice said
// « Aucune restriction n'est liée à ce seul constat » while the conclusion on the same card read
// « … ne pas utiliser pour la préparation des biberons ».
describe("when the ARS conclusion restricts the use of the water, no advice says there is no restriction: it points to the conclusion", () => {
  const NO_RESTRICTION = /aucune restriction|n'entraîne pas à lui seul de restriction|ne justifie pas de restriction|Aucune précaution n'est demandée/i;
  const arsenic = (flag: "C" | "D" | "N", conclusion: string) =>
    waterResult({
      parameterCode: "1369",
      parameterLabel: "Arsenic",
      rawValue: "14",
      numericValue: 14,
      unit: "µg/L",
      qualityLimit: "<=10 µg/L",
      limitsPhysicochemical: flag,
      sampleConclusion: conclusion,
    });
  const waterAdvice = (results: WaterResult[]) => select({ water: water(results), air: air(), drought: drought() }).filter((r) => r.category === "water");

  it("a derogation (ARS flag D) whose conclusion restricts baby bottles: the conclusion is quoted and prevails", () => {
    const [advice, ...rest] = waterAdvice([arsenic("D", BABY_BOTTLES)]);
    expect(rest).toEqual([]);
    expect(advice).toMatchObject({ id: "water-watch", title: "Eau distribuée sous dérogation\u00a0: suivez les consignes de l'ARS" });
    expect(advice?.text).not.toMatch(NO_RESTRICTION);
    expect(advice?.text).toContain(
      "La conclusion officielle de l'ARS sur le dernier prélèvement comporte une consigne\u00a0: «\u00a0Eau d'alimentation conforme sous dérogation pour le paramètre arsenic. Ne pas utiliser pour la préparation des biberons\u00a0». Elle prime sur ce conseil général\u00a0: suivez-la.",
    );
  });

  it("a derogation never reads « no restriction », even when its conclusion says nothing of one", () => {
    const [advice] = waterAdvice([arsenic("D", "Eau d'alimentation conforme sous dérogation pour le paramètre arsenic.")]);
    expect(advice?.id).toBe("water-watch");
    expect(advice?.text).not.toMatch(NO_RESTRICTION);
    expect(advice?.text).toContain("Suivez les consignes de votre mairie et de l'ARS.");
  });

  it("nitrates above 50 mg/L with the ARS's instruction: « others » are not told there is no restriction, the conclusion is quoted", () => {
    // tests/fixtures/hubeau/resultats-dis-derived-nitrates-62.json
    const conclusion =
      "Eau d'alimentation non-conforme aux limites de qualité pour le paramètre nitrates. Cette eau ne doit pas être consommée par les femmes enceintes et les nourrissons de moins de 6 mois, ni utilisée pour la préparation des biberons. Elle peut être consommée par le reste de la population.";
    const nitrates = waterAdvice([waterResult({ rawValue: "62", numericValue: 62, limitsPhysicochemical: "N", sampleConclusion: conclusion })]).find(
      (r) => r.id === "water-nitrates",
    );
    expect(nitrates?.text).not.toMatch(NO_RESTRICTION);
    expect(nitrates?.text).toContain("Elle prime sur ce conseil général");
  });

  it("nitrates near the limit and a pesticide above it: each points to the conclusion", () => {
    const list = waterAdvice([
      waterResult({ rawValue: "44", numericValue: 44, sampleConclusion: BABY_BOTTLES }),
      waterResult({
        parameterCode: "1107",
        parameterLabel: "Atrazine",
        rawValue: "0,15",
        numericValue: 0.15,
        unit: "µg/L",
        qualityLimit: "<=0,1 µg/L",
        limitsPhysicochemical: "D",
        sampleConclusion: BABY_BOTTLES,
      }),
    ]);
    expect(list.map((r) => r.id).sort()).toEqual(["water-nitrates", "water-pesticides"]);
    for (const advice of list) {
      expect(advice.text).not.toMatch(NO_RESTRICTION);
      expect(advice.text).toContain("Ne pas utiliser pour la préparation des biberons");
    }
  });

  it("a conclusion that restricts nothing keeps the plain words", () => {
    const turbidity = waterResult({
      parameterCode: "1295",
      parameterLabel: "Turbidité néphélométrique NFU",
      rawValue: "3,4",
      numericValue: 3.4,
      unit: "NFU",
      qualityLimit: null,
      qualityReference: "<=2 NFU",
      referencesPhysicochemical: "N",
    });
    const [advice] = waterAdvice([turbidity]);
    expect(advice).toMatchObject({ id: "water-watch", title: "Eau du robinet\u00a0: un résultat à suivre" });
    expect(advice?.text).toBe(
      "Un résultat dépasse une référence de qualité\u00a0: c'est un indicateur du bon fonctionnement des installations, pas une limite sanitaire. Ce constat n'entraîne pas à lui seul de restriction\u00a0: suivez les éventuelles consignes de votre mairie et de l'ARS.",
    );
  });
});

// ANSES classes some pesticide metabolites « non pertinents » for drinking water; they are compared
// with a valeur indicative of 0,9 µg/L, not with the 0,1 µg/L limite de qualité (decision 023;
// DGS instruction of 18 December 2020). Observed (issue 21): above 0,9 µg/L the advice spoke of a
// « référence de qualité » or a « dérogation ».
describe("a non-relevant metabolite above its 0,9 µg/L valeur indicative (ANSES): its own words, never « référence de qualité » nor « dérogation »", () => {
  it("ESA-métolachlore at 1,2 µg/L", () => {
    const metabolite = waterResult({
      parameterCode: "6854",
      parameterLabel: "ESA métolachlore",
      rawValue: "1,2",
      numericValue: 1.2,
      unit: "µg/L",
      qualityLimit: "<=0,1 µg/L",
      limitsPhysicochemical: "C",
    });
    const section = water([metabolite]);
    expect(section.parameters[0]).toMatchObject({ limit_kind: "indicative", level: "concerning", label: "Au-dessus de la valeur indicative" });
    const [advice, ...rest] = select({ water: section, air: air(), drought: drought() });
    expect(rest).toEqual([]);
    expect(advice).toMatchObject({ id: "water-watch", title: "Métabolite de pesticide au-dessus de sa valeur indicative" });
    expect(advice?.text).toContain("ESA-métolachlore atteint 1,2\u00a0µg/L.");
    expect(advice?.text).toContain("«\u00a0non pertinent\u00a0» pour l'eau de boisson");
    expect(advice?.text).toContain("une valeur indicative de 0,9\u00a0µg/L, qui n'est pas une limite de qualité");
    expect(advice?.text).toContain("Son dépassement ne rend pas l'eau non conforme");
    expect(advice?.text).not.toMatch(/référence de qualité|dérogation/i);
    expect(advice?.source.url).toMatch(/^https:\/\/www\.anses\.fr\//);
  });
});

describe("the advice words (issue 10, item 1: one table keyed by id)", () => {
  const restrictions = ["Arrosage des pelouses, massifs fleuris", "Lavage de véhicules par des particuliers", "Remplissage des piscines privées"];
  // Every id of the table with the facts of each of its variants: a new id fails to compile here until it is tested.
  const SAMPLES: { [K in AdviceId]: AdviceFacts[K][] } = {
    "water-non-compliant": [
      { carriedForward: null },
      { carriedForward: { sampledAt: "2026-11-17T08:30:00Z", verdict: "conforme", parameters: [{ name: "Nitrates", measuredAt: "2026-01-26T08:30:00Z" }] } },
      {
        carriedForward: {
          sampledAt: "2026-11-17T08:30:00Z",
          verdict: "derogation",
          parameters: [
            { name: "Nitrates", measuredAt: "2026-01-26T08:30:00Z" },
            { name: "Atrazine", measuredAt: "2026-02-03T08:30:00Z" },
          ],
        },
      },
    ],
    "water-nitrates": [
      { mgPerL: 62, lowerBound: false, band: "above-limit", germsDetected: true, arsInstruction: null },
      { mgPerL: 62, lowerBound: false, band: "above-limit", germsDetected: false, arsInstruction: null },
      { mgPerL: 60, lowerBound: true, band: "above-limit", germsDetected: false, arsInstruction: BABY_BOTTLES },
      { mgPerL: 44, lowerBound: false, band: "near-limit", germsDetected: false, arsInstruction: null },
      { mgPerL: 44, lowerBound: false, band: "near-limit", germsDetected: false, arsInstruction: BABY_BOTTLES },
    ],
    "water-nitrates-above-100": [
      { mgPerL: 120, lowerBound: false, germsDetected: false },
      { mgPerL: 100, lowerBound: true, germsDetected: true },
    ],
    "water-pesticides": [
      { total: true, substance: "Total des pesticides analysés", microgramsPerL: 0.6, arsInstruction: null },
      { total: false, substance: "Atrazine", microgramsPerL: 0.15, arsInstruction: BABY_BOTTLES },
    ],
    "water-pfas": [
      { microgramsPerL: 0.12, substance: null, measuredBeforeLimit: null },
      { microgramsPerL: 0.15, substance: "PFOA", measuredBeforeLimit: null },
      { microgramsPerL: 0.15, substance: null, measuredBeforeLimit: "2025-12-02T08:00:00Z" },
      { microgramsPerL: 0.15, substance: "PFHxS", measuredBeforeLimit: "2025-12-02T08:00:00Z" },
    ],
    "water-lead": [{ microgramsPerL: 12 }],
    "water-watch": [
      { tapOnly: true, derogation: false, referenceExceeded: false, metabolite: null, arsInstruction: null },
      { tapOnly: false, derogation: true, referenceExceeded: false, metabolite: null, arsInstruction: BABY_BOTTLES },
      { tapOnly: false, derogation: false, referenceExceeded: true, metabolite: null, arsInstruction: null },
      { tapOnly: false, derogation: false, referenceExceeded: false, metabolite: { name: "ESA-métolachlore", microgramsPerL: 1.2 }, arsInstruction: null },
      { tapOnly: false, derogation: false, referenceExceeded: false, metabolite: null, arsInstruction: null },
    ],
    "pollen-allergy": [
      { label: "Modéré", code: 3, when: "tomorrow", responsible: ["Graminées"] },
      { label: "Très élevé", code: 5, when: "today", responsible: [] },
    ],
    "air-event": [{}],
    "air-poor": [
      { reason: { kind: "index", label: "Dégradé", estimated: false, pollutant: "o3" }, ozone: "responsible" },
      { reason: { kind: "index", label: "Mauvais", estimated: true, pollutant: null }, ozone: "season" },
      { reason: { kind: "pm25", microgramsPerM3: 30 }, ozone: null },
    ],
    "air-moderate": [
      { ozone: "responsible", estimated: false },
      { ozone: "season", estimated: true },
      { ozone: null, estimated: false },
    ],
    "drought-severe": [
      { levelLabel: "Crise", householdRestrictions: restrictions, ownSupply: null },
      { levelLabel: "Alerte renforcée", householdRestrictions: [], ownSupply: { levelLabel: "Crise", waters: "eau superficielle" } },
    ],
    "drought-alert": [
      { householdRestrictions: restrictions.slice(0, 1), ownSupply: { levelLabel: "Alerte", waters: "eau superficielle et eau souterraine" } },
      { householdRestrictions: [], ownSupply: null },
    ],
    "drought-vigilance": [
      { householdRestrictions: restrictions, ownSupply: null },
      { householdRestrictions: [], ownSupply: { levelLabel: "Vigilance", waters: "eau souterraine" } },
    ],
    "drought-own-supply": [
      { levelLabel: "Crise", vigilance: false, waters: "eau superficielle", householdRestrictions: restrictions, tapRestricted: false },
      { levelLabel: "Alerte", vigilance: false, waters: "eau superficielle et eau souterraine", householdRestrictions: [], tapRestricted: true },
      { levelLabel: "Vigilance", vigilance: true, waters: "eau souterraine", householdRestrictions: restrictions.slice(0, 1), tapRestricted: false },
    ],
    "bathing-prohibited": [{ sites: ["Plage du Bonin", "Lac de Jaunay"] }],
    "uv-protection": [
      { days: [{ when: "today", date: "2026-07-14", uvIndex: 4, label: "Modéré", category: "modere" }], category: "modere", label: "Modéré" },
      { days: [{ when: "today", date: "2026-07-14", uvIndex: 7, label: "Élevé", category: "eleve" }], category: "eleve", label: "Élevé" },
      {
        days: [{ when: "tomorrow", date: "2026-07-15", uvIndex: 9, label: "Très élevé", category: "tres_eleve" }],
        category: "tres_eleve",
        label: "Très élevé",
      },
      {
        days: [
          { when: "today", date: "2026-07-14", uvIndex: 11, label: "Extrême", category: "extreme" },
          { when: "tomorrow", date: "2026-07-15", uvIndex: 12, label: "Extrême", category: "extreme" },
        ],
        category: "extreme",
        label: "Extrême",
      },
    ],
    "bathing-prohibition-unconfirmed": [{ sites: [{ name: "Plage du Bonin", readOn: "2026-07-22" }] }, { sites: [{ name: "Lac de Jaunay", readOn: null }] }],
    "bathing-cyanobacteria": [{}],
    radon: [
      { category: 3, place: { kind: "commune" } },
      { category: 2, place: { kind: "commune" } },
      { category: 3, place: { kind: "former_commune", name: "Tremblay", today: "Val-Couesnon" } },
      { category: 3, place: { kind: "arrondissement", name: "Lyon 9e Arrondissement" } },
      { category: 3, place: { kind: "part", names: ["Tremblay"] } },
      { category: 2, place: { kind: "part", names: ["Marseille 11e Arrondissement", "Marseille 12e Arrondissement"] } },
    ],
    "bathing-poor": [
      { sites: [{ name: "Plage du Bonin", poorClassement: 2025, lastSample: { date: "2026-07-14", verdict: "Bon" } }] },
      { sites: [{ name: "Lac de Jaunay", poorClassement: null, lastSample: { date: "2026-07-17", verdict: "Mauvais" } }] },
      {
        sites: [
          { name: "Plage du Bonin", poorClassement: 2025, lastSample: null },
          { name: "Lac de Jaunay", poorClassement: null, lastSample: { date: "2026-07-17", verdict: "Mauvais" } },
        ],
      },
    ],
    unchecked: [
      { sections: [{ section: "air", reason: "unavailable" }] },
      { sections: [{ section: "air", reason: "not-published" }] },
      {
        sections: [
          { section: "air", reason: "unavailable" },
          { section: "drought", reason: "unavailable" },
        ],
      },
      { sections: [{ section: "drought", reason: "unrecognised" }] },
    ],
    "water-unchecked": [{ reason: "unavailable" }, { reason: "not-published" }, { reason: "no-network" }],
    "all-clear": [{}],
    "weather-warning": [
      { warnings: [{ phenomenon: "canicule", color: "orange", when: "today" }] },
      {
        warnings: [
          { phenomenon: "orages", color: "rouge", when: "tomorrow" },
          { phenomenon: "vagues_submersion", color: "orange", when: "today" },
        ],
      },
    ],
    "weather-attentive": [{ phenomena: ["orages", "vent"] }],
  };
  const rows = (Object.keys(SAMPLES) as AdviceId[]).flatMap((id) => SAMPLES[id].map((facts, variant) => [id, variant, facts] as const));

  it("covers every id the rules can choose", () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(Object.keys(ADVICE_TEXTS).sort());
  });

  it.each(rows)("%s (variant %i) renders a French title and text, a link and a public source", (id, _variant, facts) => {
    const [rendered] = renderAdviceFor(id, facts);
    expect(rendered?.title.length).toBeGreaterThan(5);
    expect(rendered?.text.length).toBeGreaterThan(40);
    expect(rendered?.link).toMatch(/^\/blog/);
    expect(rendered?.source.url).toMatch(/^(https:\/\/|\/sources$)/);
    expect(rendered?.source.name.length).toBeGreaterThan(5);
    // French typography: no ordinary space before : ; ! ? », none after «.
    expect(`${rendered?.title} ${rendered?.text}`).not.toMatch(/ [:;!?»]|« /);
    // Facts are written as numbers, never as JavaScript's: no "0.6", no "undefined".
    expect(`${rendered?.title} ${rendered?.text}`).not.toMatch(/\d\.\d|undefined|null|\[object/);
  });

  it("says how many restrictions apply to individuals, never a bare number (issue 10, item 5)", () => {
    const [severe] = renderAdviceFor("drought-severe", { levelLabel: "Crise", householdRestrictions: restrictions, ownSupply: null });
    expect(severe?.text).toContain(
      "3 restrictions s'appliquent aux particuliers, par exemple «\u00a0Arrosage des pelouses, massifs fleuris\u00a0» et «\u00a0Lavage de véhicules par des particuliers\u00a0».",
    );
    const [alert] = renderAdviceFor("drought-alert", { householdRestrictions: restrictions.slice(0, 1), ownSupply: null });
    expect(alert?.text).toContain("1 restriction s'applique aux particuliers\u00a0: «\u00a0Arrosage des pelouses, massifs fleuris\u00a0».");
    const [none] = renderAdviceFor("drought-alert", { householdRestrictions: [], ownSupply: null });
    expect(none?.text).toContain("Aucune restriction ne concerne les particuliers.");
  });

  it("a real drought crisis counts the restrictions of the section", () => {
    const section = drought([droughtZone({ type: "AEP", gravity: "crise" })]);
    const advice = select({ water: water(), air: air(), drought: section }).find((r) => r.id === "drought-severe");
    expect(advice?.text).toContain(`${section.restrictions.length} restrictions s'appliquent aux particuliers`);
  });
});

describe("advice that fits the day (issue 10, item 5)", () => {
  const JULY = new Date("2026-07-15T10:00:00Z");
  const OZONE = /ozone/i;
  const airOn = (now: Date, code: number, subIndices?: { no2: number; o3: number; pm10: number; pm25: number; so2: number }) => {
    const day = todayInParis(now);
    const label = ["", "Bon", "Moyen", "Dégradé", "Mauvais"][code] ?? "";
    return evaluateAirQuality({
      citycode: "80021",
      atmo: { ok: true, data: [atmoIndex({ date: day, code, label, ...(subIndices ? { subIndices } : {}) })] },
      cams: { ok: true, data: camsEstimate({ day }) },
      now,
    });
  };
  const airAdvice = (now: Date, section: AirQualitySection) =>
    select({ water: water(), air: section, drought: drought(), now }).find((r) => r.category === "air");

  it("severity first, strictly (issue 38): nitrates 62 and the drought crisis (Important), then air Dégradé (Précaution)", () => {
    const list = select({
      water: water([waterResult({ rawValue: "62", numericValue: 62, limitsPhysicochemical: "N" })]),
      air: air(3),
      drought: drought([droughtZone({ type: "AEP", gravity: "crise" })]),
    });
    expect(list.map((r) => r.id)).toEqual(["water-nitrates", "drought-severe", "air-poor"]);
    expect(list.map((r) => r.severity)).toEqual(["critical", "critical", "warning"]);
  });

  it("then by severity: critical, warning, info", () => {
    const list = select({
      water: water([
        waterResult({ rawValue: "44", numericValue: 44 }),
        waterResult({
          parameterCode: "8847",
          parameterLabel: "Somme des 20 PFAS",
          rawValue: "0,12",
          numericValue: 0.12,
          unit: "µg/L",
          qualityLimit: "<=0,1 µg/L",
          limitsPhysicochemical: "N",
        }),
      ]),
      air: air(2),
      drought: drought([droughtZone({ type: "AEP", gravity: "crise" })]),
    });
    // The PFAS row is « Non conforme » (ARS « N »): the section's non-compliance is critical too.
    expect(list.map((r) => r.severity)).toEqual(["critical", "critical", "warning", "info", "info"]);
  });

  it("gives each domain at most one prominent box: its first critical or warning advice", () => {
    const results = [
      waterResult({ rawValue: "62", numericValue: 62, limitsPhysicochemical: "N" }),
      waterResult({
        parameterCode: "8847",
        parameterLabel: "Somme des 20 PFAS",
        rawValue: "0,12",
        numericValue: 0.12,
        unit: "µg/L",
        qualityLimit: "<=0,1 µg/L",
        limitsPhysicochemical: "N",
      }),
      waterResult({ parameterCode: "1382", parameterLabel: "Plomb", rawValue: "7", numericValue: 7, unit: "µg/L", qualityLimit: "<=10 µg/L" }),
    ];
    const list = select({ water: water(results), air: air(4), drought: drought([droughtZone({ type: "AEP", gravity: "alerte" })]) });
    expect(list.filter((r) => r.category === "water").length).toBeGreaterThanOrEqual(3);
    for (const category of ["water", "air", "drought", "bathing", "general"] as const) {
      expect(list.filter((r) => r.category === category && r.prominent).length).toBeLessThanOrEqual(1);
    }
    expect(list.filter((r) => r.prominent).map((r) => r.id)).toEqual(["water-nitrates", "air-poor", "drought-alert"]);
    // Information is never a prominent box, nor is good news.
    expect(select({ water: water(), air: air(2), drought: drought() }).some((r) => r.prominent)).toBe(false);
    expect(select({ water: water(), air: air(), drought: drought() })[0]).toMatchObject({ id: "all-clear", prominent: false });
  });

  it("no ozone sentence in November unless ozone sets the level", () => {
    for (const code of [2, 3, 4]) expect(airAdvice(NOW, airOn(NOW, code))?.text).not.toMatch(OZONE);
    const ozoneDay = airOn(NOW, 3, { no2: 1, o3: 3, pm10: 1, pm25: 1, so2: 1 });
    expect(ozoneDay.responsible_pollutant?.code).toBe("o3");
    expect(airAdvice(NOW, ozoneDay)?.text).toMatch(/Les jours d'ozone, évitez l'effort physique l'après-midi/);
  });

  it("an ozone sentence in July on a Moyen day, whatever the pollutant", () => {
    const moyen = airOn(JULY, 2, { no2: 1, o3: 1, pm10: 2, pm25: 1, so2: 1 });
    expect(moyen.responsible_pollutant?.code).not.toBe("o3");
    const advice = airAdvice(JULY, moyen);
    expect(advice?.id).toBe("air-moderate");
    expect(advice?.text).toMatch(/D'avril à septembre, l'ozone est plus présent l'après-midi/);
    // The season is the section's own day (Paris's here): 30 September 23:30 UTC is already October in Paris.
    const lateSeptember = new Date("2026-09-30T23:30:00Z");
    const octoberInParis = airOn(lateSeptember, 2, { no2: 1, o3: 1, pm10: 2, pm25: 1, so2: 1 });
    expect(airAdvice(lateSeptember, octoberInParis)?.text).not.toMatch(OZONE);
  });
});

/** One advice rendered through the public function, from its facts. */
function renderAdviceFor<K extends AdviceId>(id: K, facts: AdviceFacts[K]) {
  return [renderRecommendation({ id, category: "general", severity: "info", vulnerable: false, prominent: false, facts } as SelectedAdvice)];
}
