import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PDFDocument, PDFName, PDFString, StandardFonts } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evaluateAirQuality } from "../../../src/sections/air/index.ts";
import { evaluateDrought } from "../../../src/sections/drought/index.ts";
import { evaluateBathing } from "../../../src/sections/bathing/index.ts";
import { deriveAddressInfo, presentReport } from "../../../src/core/report/index.ts";
import type { Address, Report } from "../../../src/core/types.ts";
import { evaluateWaterQuality, withWaterHistory } from "../../../src/sections/water/index.ts";
import { wrapText } from "../../../src/server/pdf/layout.ts";
import { renderReportPdf, renderReportPdfWithLayout } from "../../../src/server/pdf/report-pdf.ts";
import { selectWater } from "../../../src/server/services/commune-data.ts";
import { communesUdiResponseSchema, waterResultsResponseSchema } from "../../../src/sources/hubeau/schema.ts";
import { mapCommuneUdis, mapWaterResults } from "../../../src/sources/hubeau/to-domain.ts";
import { resolvePlaceholders } from "../../fakes/upstream-server.ts";
import { atmoIndex, bathingLive, bathingRecord, camsEstimate, droughtZone, NOW, noBathing, SUMMER, waterResult } from "../core/builders.ts";
import { MAIN_SCENARIO } from "../../fixtures/scenarios.ts";
import { unreadSections } from "../../helpers/unread-sections.ts";
import { outdoorSections } from "../core/outdoor-builders.ts";
import { assembleNamed } from "../../helpers/assemble.ts";
import { expectWellFilledPages } from "./page-fill.ts";

const DISCLAIMER =
  "Ces informations proviennent de données publiques officielles et donnent des conseils généraux. Elles ne remplacent pas l'avis d'un professionnel de santé ni les consignes de votre mairie, de l'Agence régionale de santé ou de la préfecture.";
const LONG_URL = `https://www.somme.gouv.fr/Actions-de-l-Etat/Environnement/Eau/Secheresse/${"arrete-cadre-".repeat(12)}2026.pdf`;

const AMIENS: Address = {
  ...MAIN_SCENARIO,
  context: "80, Somme, Hauts-de-France",
  type: "housenumber",
  score: 0.97,
};

const MARAUSSAN: Address = {
  label: "1 Place de la Mairie 34370 Maraussan",
  latitude: 43.369,
  longitude: 3.157,
  citycode: "34150",
  postcode: "34370",
  city: "Maraussan",
  context: "34, Hérault, Occitanie",
  type: "housenumber",
  score: 0.95,
};

function buildAmiensReport(): Report {
  const udi = { code: "080000512", name: "AMIENS CENTRE", quarter: null };
  const water = evaluateWaterQuality({
    results: {
      ok: true,
      data: [
        waterResult(),
        waterResult({
          parameterCode: "1449",
          parameterLabel: "Escherichia coli /100ml - MF",
          rawValue: "<1",
          numericValue: 0,
          unit: "n/(100mL)",
          qualityLimit: "<=0 n/(100mL)",
        }),
        waterResult({ parameterCode: "1382", parameterLabel: "Plomb", rawValue: "<2", numericValue: 0, unit: "µg/L", qualityLimit: "<=10 µg/L" }),
        waterResult({
          parameterCode: "1302",
          parameterLabel: "pH",
          rawValue: "7,6",
          numericValue: 7.6,
          unit: "unité pH",
          qualityLimit: null,
          qualityReference: ">=6,5 et <=9 unité pH",
        }),
        waterResult({ parameterCode: "1398", parameterLabel: "Chlore libre", rawValue: "0,15", numericValue: 0.15, unit: "mg/L", qualityLimit: null }),
      ],
    },
    udi,
    udis: [udi],
    now: NOW,
  });
  const air = evaluateAirQuality({
    citycode: "80021",
    atmo: {
      ok: true,
      data: [
        // Amiens: « Moyen » officially because of ozone, while the model's ozone sits in « Bon »'s band.
        atmoIndex({ code: 2, label: "Moyen", subIndices: { no2: 1, o3: 2, pm10: 1, pm25: 1, so2: 1 } }),
        atmoIndex({ date: "2026-11-23", code: 3, label: "Dégradé" }),
      ],
    },
    cams: { ok: true, data: camsEstimate({ pm2_5: 12.4 }) },
    now: NOW,
  });
  const zone = droughtZone();
  const drought = evaluateDrought({
    zones: {
      ok: true,
      data: [
        droughtZone({
          decree: { start: "2026-11-13", end: "2026-12-13", url: LONG_URL, frameworkUrl: null },
          usages: [
            ...zone.usages,
            {
              name: "Remplissage et vidange des piscines privées",
              theme: "Remplir",
              description:
                "Interdit, sauf pour le premier remplissage des piscines dont le chantier a débuté avant les premières restrictions, et pour la remise à niveau des piscines à usage collectif soumises au contrôle sanitaire de l'Agence régionale de santé.",
              concernsIndividuals: true,
            },
          ],
        }),
      ],
    },
    now: NOW,
    citycode: "80021",
  });
  return assembleNamed({
    // Issue 26's four, DERIVED: Modéré pollen (Élevé graminées tomorrow), UV Élevé, orange canicule, radon category 3.
    ...outdoorSections(),
    address: AMIENS,
    addressInfo: deriveAddressInfo(AMIENS),
    water,
    air,
    drought,
    bathing: noBathing(),
    now: NOW,
  });
}

const fixture = (path: string) => JSON.parse(resolvePlaceholders(readFileSync(new URL(`../../fixtures/${path}`, import.meta.url), "utf8"), NOW)) as unknown;

/** A report on the demo data (tests/fixtures/hubeau derived files): a year of results of one commune's network. */
function buildDemoWaterReport(address: Address, files: { results: string; udis: string }, udiCode?: string): Report {
  const results = mapWaterResults(waterResultsResponseSchema.parse(fixture(files.results)));
  const udis = mapCommuneUdis(communesUdiResponseSchema.parse(fixture(files.udis)));
  // As the report service does: the judged section, with the history of the same results.
  const selected = selectWater({ communeCode: address.citycode, udis: { ok: true, data: udis }, results: { ok: true, data: results } }, udiCode, NOW);
  const water = withWaterHistory(evaluateWaterQuality({ ...selected, now: NOW }), selected.results, NOW);
  const base = buildAmiensReport();
  return { ...base, address, address_info: deriveAddressInfo(address), water_quality: water };
}

function buildUnavailableReport(): Report {
  return assembleNamed({
    ...unreadSections(NOW, "80021"),
    address: MARAUSSAN,
    addressInfo: deriveAddressInfo(MARAUSSAN),
    water: evaluateWaterQuality({ results: { ok: false, reason: "timeout" }, udi: null, udis: [], now: NOW }),
    air: evaluateAirQuality({ citycode: "80021", atmo: { ok: false, reason: "http" }, cams: { ok: false, reason: "network" }, now: NOW }),
    drought: evaluateDrought({ zones: { ok: false, reason: "invalid" }, now: NOW, citycode: "80021" }),
    bathing: noBathing(),
    now: NOW,
  });
}

// ---------------------------------------------------------------- poppler

const POPPLER_TOOLS = ["pdftotext", "pdfinfo", "pdftoppm"] as const;
let workDir = "";

/** Each test that needs poppler fails with this message, rather than being skipped by a failed hook. */
function requirePoppler(): void {
  for (const tool of POPPLER_TOOLS) {
    const probe = spawnSync(tool, ["-v"], { encoding: "utf8" });
    if (probe.error) {
      throw new Error(`${tool} is missing: the PDF tests need poppler-utils. Install it with « apt-get install -y poppler-utils ».`);
    }
  }
}

/** Page 1 at 50 dpi as PNG; returns its size in bytes. */
function renderFirstPageSize(pdfPath: string): number {
  const prefix = pdfPath.replace(/\.pdf$/, "");
  execFileSync("pdftoppm", ["-png", "-r", "50", "-f", "1", "-l", "1", "-singlefile", pdfPath, prefix]);
  return statSync(`${prefix}.png`).size;
}

interface WordBox {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** PNG size of a blank A4 page, the baseline for « page 1 is not blank ». */
async function renderBlankPageSize(): Promise<number> {
  const blank = await PDFDocument.create();
  blank.addPage([595.28, 841.89]);
  const blankPath = join(workDir, "blank.pdf");
  writeFileSync(blankPath, await blank.save());
  return renderFirstPageSize(blankPath);
}

function inspectPdf(bytes: Uint8Array, name: string) {
  requirePoppler();
  const path = join(workDir, `${name}.pdf`);
  writeFileSync(path, bytes);
  const layoutText = execFileSync("pdftotext", ["-layout", path, "-"], { encoding: "utf8" });
  const info = execFileSync("pdfinfo", [path], { encoding: "utf8" });
  const bbox = execFileSync("pdftotext", ["-bbox", path, "-"], { encoding: "utf8" });
  const words: WordBox[] = [...bbox.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((match) => ({
    xMin: Number(match[1]),
    yMin: Number(match[2]),
    xMax: Number(match[3]),
    yMax: Number(match[4]),
    text: match[5] ?? "",
  }));
  return {
    // pdftotext breaks lines and pads columns; NBSPs of French typography become spaces too.
    text: layoutText.replace(/\s+/g, " "),
    /** the text without the page furniture, for a paragraph a page break may cut (a footer, then the next page's header) */
    flowText: layoutText.replace(/\s+/g, " ").replace(/ Zone Santé Page \d+ sur \d+ Zone Santé Bilan santé-environnement/g, ""),
    layoutText,
    pages: Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]),
    words,
    firstPagePngBytes: renderFirstPageSize(path),
  };
}

/** How many pixels of a binary PPM (P6, 8 bits) have each colour, give or take one step of rounding. */
function countColours<Name extends string>(ppm: Buffer, colours: Record<Name, [number, number, number]>): Record<Name, number> {
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.subarray(0, 50).toString("latin1"));
  if (!header) throw new Error("not a binary PPM");
  const pixels = ppm.subarray(header[0].length);
  const counts = Object.fromEntries(Object.keys(colours).map((name) => [name, 0])) as Record<Name, number>;
  for (let index = 0; index + 2 < pixels.length; index += 3) {
    for (const [name, [red, green, blue]] of Object.entries(colours) as Array<[Name, [number, number, number]]>) {
      if (Math.abs(pixels[index]! - red) <= 1 && Math.abs(pixels[index + 1]! - green) <= 1 && Math.abs(pixels[index + 2]! - blue) <= 1) counts[name] += 1;
    }
  }
  return counts;
}

beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), "zone-sante-pdf-"));
});

afterAll(() => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------- tests

describe("renderReportPdf", { timeout: 60_000 }, () => {
  it("renders one Amiens report with every section, readable as text", async () => {
    const report = buildAmiensReport();
    expect(report.water_quality.parameters.length).toBeGreaterThanOrEqual(4);
    expect(report.drought.gravity).toBe("alerte");
    expect(report.recommendations.length).toBeGreaterThan(0);

    const bytes = await renderReportPdf({ reports: [report], generatedAt: NOW, recipientName: "Camille Dubois", origin: "account" });
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const pdf = inspectPdf(bytes, "amiens");

    for (const expected of [
      "Zone Santé",
      "Bilan santé-environnement",
      "Votre bilan santé-environnement",
      "Généré le 22 novembre 2026",
      "Établi pour Camille Dubois",
      "1 adresse suivie",
      "8 Boulevard du Port 80000 Amiens",
      "Amiens (80021), Somme (80)",
      "Eau du robinet",
      "Prélèvement du 10 novembre 2026",
      "Réseau : AMIENS CENTRE",
      "Distributeur : AMIENS METROPOLE - REGIE DE L'EAU",
      // The ARS verdict is the section's word, with the sample's date.
      "Prélèvement du 10 novembre 2026, verdict de l'Agence régionale de santé",
      "Conclusion officielle de l'ARS : Eau d'alimentation conforme",
      // Plain name, the laboratory's label kept as a detail, the comparison in words.
      "Nitrates 32,5 mg/L 65 % de la limite de qualité (50 mg/L) Conforme",
      "Libellé du laboratoire : Nitrates (en NO3)",
      "< 2 µg/L",
      "Non détecté",
      "Escherichia coli (E. coli)",
      "< 1 par 100 mL",
      "limite de qualité : aucun germe toléré dans",
      "référence de qualité : entre 6,5 et 9 unité pH",
      // Chlorine: a fact and a taste note, no share of a threshold (no regulatory value).
      "Chlore libre 0,15 mg/L pas de limite réglementaire ; goût de chlore",
      "Qualité de l'air",
      "Indice du 22 novembre 2026",
      "Indice ATMO : Moyen",
      "Demain : Dégradé (indice ATMO prévu)",
      // The official sub-indices in ATMO's words; the model's values beside them are numbers only.
      "Sous-indices officiels, polluant par polluant (indice ATMO) :",
      "Ozone (O3) Moyen",
      "Estimation du modèle CAMS pour aujourd'hui, en valeurs calculées (pas des mesures, ni l'indice officiel, qui fait foi) :",
      "Particules fines (PM2,5) : 12,4 µg/m³ (moyenne du jour)",
      "Ozone (O3) : 50 µg/m³ (maximum horaire du jour)",
      "Estimations Copernicus CAMS via Open-Meteo.com (CC BY 4.0)",
      "Sécheresse",
      "Situation au 22 novembre 2026",
      // The tap's verdict first (no drinking-water zone in force), then the river's zone under the
      // card's question (decision 086): its water type and official level word, its decree, its restrictions by theme.
      "Sécheresse Pas de restrictions Situation au 22 novembre 2026 Pas de restriction d'usage de l'eau du réseau à votre adresse. Vous utilisez un puits, un forage ou l'eau d'une rivière ? Eau superficielle Alerte",
      "Zone : Somme aval et Avre",
      "Arrêté : en vigueur du 13 novembre 2026 au 13 décembre 2026",
      "3 restrictions s'appliquent aux particuliers",
      "Arroser • Arrosage des pelouses, massifs fleuris",
      "Nettoyer • Lavage de véhicules par des particuliers",
      "Baignade Aucun site proche",
      "Texte de l'arrêté :",
      "Source : VigiEau (https://vigieau.gouv.fr/)",
      // Issue 26 (DERIVED sections): the source's word as the headline, the grid as rows of official words per day.
      "Vigilance météo Vigilance orange",
      "Carte de vigilance du 22 novembre 2026, mise à jour le 22 novembre 2026 à 5 h 00",
      "Département : Somme (80)",
      "Demain : Vigilance jaune (orages)",
      "Vigilance par phénomène Aujourd'hui (22 novembre) Demain (23 novembre)",
      "Canicule Vigilance orange Vigilance verte",
      "Orages Vigilance verte Vigilance jaune",
      "Source : Vigilance météorologique (Météo-France) (https://vigilance.meteofrance.fr/fr)",
      "Pollens Modéré",
      "Indice pollen officiel du 22 novembre 2026",
      "Pollens responsables : Graminées",
      "Indice pollen par taxon",
      "Graminées Modéré Élevé Faible",
      "Bouleau Faible Faible Très faible",
      "Source : Indice pollen des AASQA (Atmo France) (https://www.atmo-france.org/article/lindice-pollen)",
      "Indice UV Élevé (prévision)",
      "Maximum prévu : 6 (catégorie de l'OMS « Élevé »)",
      "Prévision d'un modèle météorologique, pas une mesure",
      "Prévision Open-Meteo.com (CC BY 4.0)",
      "Radon Catégorie 3",
      "Classement officiel des communes (arrêté du 27 juin 2018)",
      "Potentiel radon : potentiel radon significatif",
      "Recommandations",
      `Source : ${report.recommendations[0]?.source.name}`,
      "Page 1 sur",
      DISCLAIMER,
    ]) {
      expect(pdf.text).toContain(expected);
    }
    // A long rule is drawn whole, wherever a page break falls in it.
    expect(pdf.flowText).toContain("la remise à niveau des piscines à usage collectif soumises au contrôle sanitaire de l'Agence régionale de santé.");
    // Individuals only: the farmers' restriction is not listed.
    expect(pdf.text).not.toContain("Irrigation agricole");
    // Beside an official index, no model value carries an ATMO word (« Bon » jusqu'à 50 µg/m³ for ozone).
    expect(pdf.text).not.toMatch(/µg\/m³ \([^)]*«/);
    expect(pdf.text).toContain(report.recommendations[0]?.title.replace(/\s+/g, " "));
    // « L'essentiel » comes right after the address, before the first section, in the official words.
    const presentation = presentReport(report);
    const essentials = pdf.text.indexOf("L'essentiel");
    expect(essentials).toBeGreaterThan(pdf.text.indexOf("Données consultées le"));
    expect(essentials).toBeLessThan(pdf.text.indexOf("Eau du robinet Conforme"));
    for (const line of presentation.summary) expect(pdf.text).toContain(line.text.replace(/\s+/g, " "));
    // In full what needs attention (issue 38), each with its official word; the calm sections on one line.
    expect(presentation.summary.map((line) => line.badge?.word)).toEqual([
      undefined,
      "Vigilance orange (canicule)",
      "Élevé (prévision)",
      "Catégorie 3",
      undefined,
    ]);
    // The river's « Alerte » is not the tap's: the drought is calm, its tap not restricted (decision 086).
    expect(presentation.summary.at(-1)?.calm?.map((entry) => entry.word)).toEqual(["Conforme", "Moyen", "Pas de restrictions", "Aucun site proche", "Modéré"]);
    // The sections in the summary's order, the advice after them.
    const order = [
      "Baignade Aucun site proche",
      "Vigilance météo Vigilance orange",
      "Pollens Modéré",
      "Indice UV Élevé",
      "Radon Catégorie 3",
      "Recommandations",
    ];
    const at = order.map((heading) => pdf.text.lastIndexOf(heading));
    expect(at).toEqual([...at].sort((a, b) => a - b));
    // Our scale's words never stand as a section's word.
    for (const word of ["Excellent ", "Acceptable", "À surveiller", "Critique"]) expect(pdf.text).not.toContain(word);
    // One disclaimer.
    expect(pdf.text.split(DISCLAIMER)).toHaveLength(2);
    // The long decree URL is cut across lines, not lost.
    expect(pdf.layoutText.replace(/\s+/g, "")).toContain(LONG_URL);
    expect(pdf.text).toContain(`Page ${pdf.pages} sur ${pdf.pages}`);
    expect(pdf.firstPagePngBytes).toBeGreaterThan(3 * (await renderBlankPageSize()));
  });

  it("renders two reports, one with every section unavailable, each address on its own page", async () => {
    const bytes = await renderReportPdf({ reports: [buildAmiensReport(), buildUnavailableReport()], generatedAt: NOW, origin: "account" });
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const pdf = inspectPdf(bytes, "two-addresses");

    expect(pdf.pages).toBeGreaterThanOrEqual(2);
    for (const expected of [
      "2 adresses suivies",
      "8 Boulevard du Port 80000 Amiens",
      "1 Place de la Mairie 34370 Maraussan",
      "Maraussan (34150), Hérault (34)",
      // The unavailable sections say so in their own word, not our scale's « Non disponible ».
      "Eau du robinet Indisponible",
      "Qualité de l'air Indisponible",
      "Sécheresse Indisponible",
      "Eau du robinet : résultats momentanément indisponibles.",
      "Les résultats du contrôle sanitaire de l'eau sont momentanément indisponibles.",
      "Les données de qualité de l'air sont momentanément indisponibles.",
      "Les restrictions d'eau (VigiEau) sont momentanément indisponibles.",
      // Issue 26's four, unread: said, never a blank nor a reassuring word.
      "Vigilance météo Indisponible",
      "Pollens Indisponible",
      "Indice UV Indisponible",
      "Radon Indisponible",
      "Pollens : données momentanément indisponibles.",
      "Radon : classement momentanément indisponible.",
      "Eau du robinet",
      "Qualité de l'air",
      "Sécheresse",
      "Prélèvement",
      "Recommandations",
      "Généré le 22 novembre 2026",
      "Page 1 sur",
      `Page ${pdf.pages} sur ${pdf.pages}`,
      DISCLAIMER,
    ]) {
      expect(pdf.text).toContain(expected);
    }
    expect(pdf.text).not.toContain("Établi pour");
    expect(pdf.text).not.toContain("Non disponible");

    // The second address starts a page: its label is the first content after that page's header.
    const pages = pdf.layoutText.split("\f");
    const maraussanPage = pages.findIndex((page) => page.includes("1 Place de la Mairie 34370 Maraussan") && !page.includes("2 adresses suivies"));
    expect(maraussanPage).toBeGreaterThan(0);
    expect(pages[maraussanPage]?.includes("8 Boulevard du Port")).toBe(false);
    expect(pdf.firstPagePngBytes).toBeGreaterThan(3 * (await renderBlankPageSize()));
  });

  it("lists each drought zone type with its level, decree and restrictions, and an unknown level as unknown", async () => {
    const decree = { start: "2026-11-17", end: "2026-12-17", url: "https://example.invalid/34668.pdf", frameworkUrl: null };
    const drought = evaluateDrought({
      zones: {
        ok: true,
        data: [
          droughtZone({
            type: "AEP",
            gravity: "alerte",
            name: "Réseaux d'eau potable de l'Orb",
            decree,
            usages: [{ name: "Arrosage des pelouses, massifs fleuris", theme: "Arroser", description: "Interdit de 8h à 20h.", concernsIndividuals: true }],
          }),
          droughtZone({ type: "SUP", gravity: "crise", name: "Orb aval", decree }),
          droughtZone({ type: "SOU", gravity: null, name: "Nappe astienne", decree }),
        ],
      },
      now: NOW,
      citycode: "80021",
    });
    const report = { ...buildAmiensReport(), drought };
    const pdf = inspectPdf(await renderReportPdf({ reports: [report], generatedAt: NOW }), "drought-zones");
    // Each zone's title with its VigiEau word as a tag beside it: the tap's restrictions of use first
    // (never « Alerte (eau potable) », which reads as a warning about drinking it), then, under the
    // card's question, the rivers' and the groundwater's (AEP, SUP, SOU: issue 20, decision 086).
    const alerte = pdf.text.indexOf("Restrictions d'usage de l'eau du réseau Alerte Pour l'eau du robinet");
    const question = pdf.text.indexOf("Vous utilisez un puits, un forage ou l'eau d'une rivière ?");
    const crise = pdf.text.indexOf("Eau superficielle Crise");
    const unknown = pdf.text.indexOf("Eau souterraine Niveau non reconnu");
    expect(alerte).toBeGreaterThan(-1);
    expect(question).toBeGreaterThan(alerte);
    expect(crise).toBeGreaterThan(question);
    // The unknown level never « Aucune restriction ».
    expect(unknown).toBeGreaterThan(crise);
    expect(pdf.text).not.toContain("Eau potable Alerte");
    expect(pdf.text).toContain("Zone : Réseaux d'eau potable de l'Orb");
    expect(pdf.text).toContain("Interdit de 8h à 20h.");
    expect(pdf.text.match(/Arrêté : en vigueur du 17 novembre 2026 au 17 décembre 2026/g)).toHaveLength(3);
    expect(pdf.text).toContain("1 restriction s'applique aux particuliers");
    expect(pdf.text.match(/Texte de l'arrêté : https:\/\/example\.invalid\/34668\.pdf/g)).toHaveLength(3);
    // The section's word is the tap zone's, not the river's crise.
    expect(pdf.text).toContain("Sécheresse Alerte");
    expect(pdf.text).not.toContain("Sécheresse Crise");
    expect(pdf.text).not.toContain("Niveau : Aucune restriction");
    expect(pdf.text).not.toContain("Pas de restrictions");
  });

  it("dates bathing facts by their read: no « bilan de la saison 2024 » over a live read", async () => {
    const summer = SUMMER;
    const bathing = evaluateBathing({
      nearby: [
        {
          site: {
            id: "FRJ1334324M034010",
            name: "LE CASINO",
            communeCode: "34324",
            communeName: "VALRAS-PLAGE",
            department: "034",
            waterType: "Mer",
            latitude: 43.247,
            longitude: 3.29,
          },
          distanceKm: 17.63,
          record: bathingRecord(),
          live: bathingLive(),
          officialUrl: "https://portail-baignades.example/site/x",
        },
      ],
      recordSeason: 2024,
      now: summer,
    });
    const report: Report = { ...buildAmiensReport(), bathing };
    const presentation = presentReport(report);
    const pdf = inspectPdf(await renderReportPdf({ reports: [report], generatedAt: summer }), "bathing-live");
    // The read of the ministry's page is said once, under the sites, as on the page (issue 23).
    expect(presentation.bathing?.dateLine).toBeNull();
    expect(presentation.bathing?.liveRead).toMatch(/^Lu sur le site du ministère le 20/);
    expect(pdf.text).toContain("Le Casino Bon");
    expect(pdf.text).toContain("Dernier prélèvement : Bon, le 14 juillet 2026");
    expect(pdf.text).toContain("Classement : Excellente (2025)");
    expect(pdf.text).toMatch(/Classement : Excellente \(2025\) Fiche officielle : \S+ Lu sur le site du ministère le 20 juillet 2026/);
    expect(pdf.text.match(/Lu sur le site du ministère/g)).toHaveLength(1);
    expect(pdf.text).not.toMatch(/bilan (officiel )?de la saison 2024|dernier bilan officiel/);
  });

  it("draws twelve months of the key water parameters for the Amiens and Maraussan data, charts included", async () => {
    const amiens = buildDemoWaterReport(
      AMIENS,
      { results: "hubeau/resultats-dis-derived-80021.json", udis: "hubeau/communes-udi-derived-80021.json" },
      "080000512",
    );
    const maraussan = buildDemoWaterReport(
      { ...MARAUSSAN, citycode: "34148" },
      { results: "hubeau/resultats-dis-derived-nitrates-62.json", udis: "hubeau/communes-udi-derived-34148.json" },
    );
    expect(amiens.water_quality.history.map((series) => series.points.length)).toEqual([3, 3, 3, 3, 3, 3]);
    const bytes = await renderReportPdf({ reports: [amiens, maraussan], generatedAt: NOW });
    const pdf = inspectPdf(bytes, "water-history");
    // The chart's labels sit beside the text in the layout: read the text in drawing order too.
    const raw = execFileSync("pdftotext", ["-raw", join(workDir, "water-history.pdf"), "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
    expect(pdf.text.match(/Historique sur 12 mois \(eau du robinet\)/g)).toHaveLength(2);
    const presentation = presentReport(amiens);
    expect(presentation.water.history.map((item) => item.name)).toEqual([
      "Nitrates",
      "Pesticides (total)",
      "PFAS (somme de 20)",
      "Escherichia coli (E. coli)",
      "Entérocoques intestinaux",
      "Plomb",
    ]);
    for (const item of presentation.water.history) expect(raw).toContain(item.line.replace(/\s+/g, " "));
    for (const expected of [
      "Nitrates : 3 prélèvements, tous conformes ; dernier le 10 novembre 2026 : 32,5 mg/L (Conforme) ; limite de qualité : 50 mg/L",
      "Plomb : 3 prélèvements, tous conformes ; dernier le 10 novembre 2026 : Non détecté (< 2 µg/L) ; limite de qualité : 10 µg/L",
      "Escherichia coli (E. coli) : 3 prélèvements, tous conformes ; dernier le 10 novembre 2026 : Non détecté (< 1 par 100 mL) ; limite de qualité : 0 par 100 mL",
      // Maraussan: both nitrates samples above the limit, in the ARS's word.
      // Issue 23: « dont 2 « Non conforme » » → natural French, agreed with its number.
      "Nitrates : 2 prélèvements, dont 2 non conformes ; dernier le 7 novembre 2026 : 62 mg/L (Non conforme) ; limite de qualité : 50 mg/L",
      "Limite de qualité : 50 mg/L",
      "janv.",
    ]) {
      expect(raw).toContain(expected);
    }
    // After the parameters, inside the water section.
    const amiensText = raw.slice(raw.indexOf("Données consultées le"), raw.lastIndexOf("Données consultées le"));
    const history = amiensText.indexOf("Historique sur 12 mois");
    expect(history).toBeGreaterThan(amiensText.indexOf("Par rapport à la limite"));
    expect(history).toBeLessThan(amiensText.indexOf("Source : Contrôle sanitaire des ARS"));

    // Pages 1 and 2 and Maraussan's charts as images, to look at (kept in the system's temp folder).
    const pngPrefix = join(tmpdir(), "zone-sante-water-history");
    execFileSync("pdftoppm", ["-png", "-r", "110", "-f", "1", "-l", "2", join(workDir, "water-history.pdf"), pngPrefix]);
    // The page of Maraussan's charts: its non-compliant points and the dashed limit lines in our
    // critical red, its hollow « Non détecté » rings (pesticides are quantified, lead is not).
    const page = pdf.layoutText.split("\f").findIndex((text) => text.includes("Nitrates : 2 prélèvements")) + 1;
    expect(page).toBeGreaterThan(1);
    execFileSync("pdftoppm", [
      "-png",
      "-r",
      "110",
      "-f",
      String(page),
      "-l",
      String(page),
      "-singlefile",
      join(workDir, "water-history.pdf"),
      `${pngPrefix}-maraussan`,
    ]);
    const pageImage = (pageNumber: number) =>
      execFileSync(
        "pdftoppm",
        ["-r", "60", "-f", String(pageNumber), "-l", String(pageNumber), "-aa", "no", "-aaVector", "no", join(workDir, "water-history.pdf")],
        {
          maxBuffer: 64 * 1024 * 1024,
        },
      );
    expect(countColours(pageImage(page), { red: [0x9e, 0x21, 0x1c] }).red).toBeGreaterThan(40);
  });

  it("draws a « Non quantifié » point at the laboratory's limit, never as « non détecté », and says so in the legend (issue 21)", async () => {
    // « <0,2 » µg/L of the sum of 20 PFAS against its 0,1 µg/L limite de qualité (from 2026): the
    // value lies somewhere under 0,2 — the analysis cannot say whether it respects the limit.
    const udi = { code: "080000512", name: "AMIENS CENTRE", quarter: null };
    const pfas = (sampleCode: string, sampledAt: string, rawValue: string) =>
      waterResult({
        sampleCode,
        sampledAt,
        parameterCode: "8847",
        parameterLabel: "Somme des 20 PFAS",
        rawValue,
        numericValue: 0,
        unit: "µg/L",
        qualityLimit: "<=0,1 µg/L",
      });
    const results = { ok: true as const, data: [pfas("A", "2026-04-02T08:30:00Z", "<0,05"), pfas("B", "2026-09-02T08:30:00Z", "<0,2")] };
    const water = withWaterHistory(evaluateWaterQuality({ results, udi, udis: [udi], now: NOW }), results, NOW);
    const report = assembleNamed({
      ...unreadSections(NOW, "80021"),
      address: AMIENS,
      addressInfo: deriveAddressInfo(AMIENS),
      water,
      air: evaluateAirQuality({ atmo: { ok: true, data: [atmoIndex()] }, cams: { ok: true, data: camsEstimate() }, now: NOW, citycode: "80021" }),
      drought: evaluateDrought({ zones: { ok: true, data: [] }, now: NOW, citycode: "80021" }),
      bathing: noBathing(),
      now: NOW,
    });
    const bytes = await renderReportPdf({ reports: [report], generatedAt: NOW });
    inspectPdf(bytes, "not-quantified");
    const raw = execFileSync("pdftotext", ["-raw", join(workDir, "not-quantified.pdf"), "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
    expect(raw).toContain("cercle vide relié à l'axe par un pointillé : non quantifié");
    expect(raw).toContain("PFAS (somme de 20) : 2 prélèvements, dont 1 non quantifié ; dernier le 2 septembre 2026 : Non quantifié (< 0,2 µg/L)");
    execFileSync("pdftoppm", [
      "-png",
      "-r",
      "110",
      "-f",
      "1",
      "-l",
      "1",
      "-singlefile",
      join(workDir, "not-quantified.pdf"),
      join(tmpdir(), "zone-sante-not-quantified"),
    ]);
  });

  it("draws every word inside the page margins", async () => {
    const bytes = await renderReportPdf({ reports: [buildAmiensReport(), buildUnavailableReport()], generatedAt: NOW });
    const pdf = inspectPdf(bytes, "margins");
    expect(pdf.words.length).toBeGreaterThan(300);
    const outside = pdf.words.filter((word) => word.xMin < 45 || word.xMax > 595.28 - 45 || word.yMin < 5 || word.yMax > 841.89 - 20);
    expect(outside).toEqual([]);
  });

  it("sets the document metadata", async () => {
    const generatedAt = new Date("2026-11-22T10:00:00Z");
    const doc = await PDFDocument.load(await renderReportPdf({ reports: [buildAmiensReport()], generatedAt }), { updateMetadata: false });
    expect(doc.getTitle()).toBe("Bilan santé-environnement — Zone Santé");
    expect(doc.getAuthor()).toBe("Zone Santé");
    expect(doc.getCreationDate()?.toISOString()).toBe(generatedAt.toISOString());
    const language = doc.catalog.get(PDFName.of("Lang"));
    expect(language instanceof PDFString ? language.decodeText() : null).toBe("fr-FR");
    const { width, height } = doc.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
  });

  it("draws texts that the standard fonts cannot encode", async () => {
    const report = buildAmiensReport();
    const tricky: Report = {
      ...report,
      water_quality: { ...report.water_quality, message: "Nitrates ≤ 50\u202Fmg/L → conforme ✓" },
      air_quality: { ...report.air_quality, message: "Dioxyde d'azote (NO₂) et PM₂.₅ : 1\u202F234\u2009µg/m³" },
      recommendations: [
        {
          id: "test",
          category: "air",
          severity: "warning",
          title: "Pic de NO₂ → limitez l'effort",
          text: "Seuil ≥ 200\u202Fµg/m³ 💨",
          link: "/blog",
          source: { name: "Ministère", url: "https://sante.gouv.fr/" },
          vulnerable: false,
          prominent: true,
        },
      ],
    };
    const bytes = await renderReportPdf({ reports: [tricky], generatedAt: NOW });
    const pdf = inspectPdf(bytes, "tricky");
    expect(pdf.text).toContain("Nitrates <= 50 mg/L -> conforme oui");
    expect(pdf.text).toContain("Dioxyde d'azote (NO2) et PM2.5 : 1 234 µg/m³");
    expect(pdf.text).toContain("Pic de NO2 -> limitez l'effort");
    expect(pdf.text).toContain("Seuil >= 200 µg/m³ ?");
  });

  it("titles each address with the person's name for it, in the list and above its report", async () => {
    const bytes = await renderReportPdf({
      reports: [
        { report: buildAmiensReport(), nickname: "Maison" },
        { report: buildUnavailableReport(), nickname: null },
      ],
      generatedAt: NOW,
    });
    const pdf = inspectPdf(bytes, "nicknames");
    expect(pdf.text).toContain("1. Maison – 8 Boulevard du Port 80000 Amiens");
    expect(pdf.text).toContain("2. 1 Place de la Mairie 34370 Maraussan");
    const amiensPage = pdf.layoutText.split("\f").find((page) => page.includes("Données consultées le") && page.includes("Amiens (80021)"));
    expect(amiensPage?.replace(/\s+/g, " ")).toContain("Maison – 8 Boulevard du Port 80000 Amiens Amiens (80021), Somme (80)");
  });

  it("draws in the site's green (--color-primary), not in navy", async () => {
    requirePoppler();
    const path = join(workDir, "colours.pdf");
    writeFileSync(path, await renderReportPdf({ reports: [buildAmiensReport()], generatedAt: NOW }));
    // Without anti-aliasing, glyphs and fills keep their exact colour.
    const ppm = execFileSync("pdftoppm", ["-r", "50", "-f", "1", "-l", "1", "-aa", "no", "-aaVector", "no", path]);
    const counts = countColours(ppm, { green: [0x0b, 0x5e, 0x55], band: [0xe2, 0xf1, 0xee], navy: [28, 61, 110] });
    expect(counts.green).toBeGreaterThan(200);
    expect(counts.band).toBeGreaterThan(2000);
    expect(counts.navy).toBe(0);
  });

  // Issue 23: « the PDF says « 1 adresse suivie » for a one-off report ».
  it("a one-off report (asked from the page, no account address) says nothing about follow-up", async () => {
    const pdf = inspectPdf(await renderReportPdf({ reports: [buildAmiensReport()], generatedAt: NOW }), "one-off");
    expect(pdf.text).toContain("8 Boulevard du Port 80000 Amiens");
    expect(pdf.text).not.toMatch(/suivie/);
  });

  // Issue 23: « the PDF … orders advice differently from the page »; issue 38: one ranking for every
  // channel (rank.ts), severity first, even for a report stored in another order.
  it("lists the advice in the page's order: the one ranking, severity first", async () => {
    const report = buildAmiensReport();
    const advice = (id: string, category: "water" | "drought", prominent: boolean, severity: "critical" | "warning" = "critical") => ({
      id,
      category,
      severity,
      title: `Conseil ${id}`,
      text: `Texte du conseil ${id}.`,
      link: "/blog",
      source: { name: "Source", url: "https://example.org/" },
      vulnerable: false,
      prominent,
    });
    // Stored out of order: a precaution before two important ones.
    report.recommendations = [advice("eau-deux", "water", true, "warning"), advice("eau-un", "water", false), advice("secheresse", "drought", true)];
    const pdf = inspectPdf(await renderReportPdf({ reports: [report], generatedAt: NOW }), "advice-order");
    const text = pdf.text.replace(/\s+/g, " ");
    const positions = ["Conseil eau-un", "Conseil secheresse", "Conseil eau-deux"].map((title) => text.indexOf(title));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it("ends no address on a near-empty page, whatever its sections: full, unavailable, with a year of water history", async () => {
    const amiensHistory = buildDemoWaterReport(
      AMIENS,
      { results: "hubeau/resultats-dis-derived-80021.json", udis: "hubeau/communes-udi-derived-80021.json" },
      "080000512",
    );
    const maraussanHistory = buildDemoWaterReport(
      { ...MARAUSSAN, citycode: "34148" },
      { results: "hubeau/resultats-dis-derived-nitrates-62.json", udis: "hubeau/communes-udi-derived-34148.json" },
    );
    const cases: Array<[string, Report[]]> = [
      ["Amiens", [buildAmiensReport()]],
      ["unavailable", [buildUnavailableReport()]],
      ["Amiens + unavailable", [buildAmiensReport(), buildUnavailableReport()]],
      ["Amiens and Maraussan with history", [amiensHistory, maraussanHistory]],
      ["Maraussan with history", [maraussanHistory]],
    ];
    for (const [name, reports] of cases) {
      const { layout } = await renderReportPdfWithLayout({ reports, generatedAt: NOW, recipientName: "Camille Dubois", origin: "account" });
      expectWellFilledPages(layout, name);
    }
  });

  it("refuses an empty list of reports", async () => {
    await expect(renderReportPdf({ reports: [], generatedAt: NOW })).rejects.toThrow(RangeError);
  });
});

describe("wrapText", () => {
  it("keeps every line within the width and cuts words longer than a line", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const text = `Les restrictions s'appliquent jusqu'au 13\u00A0décembre\u00A02026 : ${LONG_URL} fin.\nDeuxième paragraphe.`;
    const lines = wrapText(text, font, 10, 200);
    expect(lines.length).toBeGreaterThan(4);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(200);
    expect(lines.join("")).toContain(LONG_URL);
    expect(lines.some((line) => line.includes("13\u00A0décembre\u00A02026"))).toBe(true);
    expect(lines.at(-1)).toBe("Deuxième paragraphe.");
  });
});
