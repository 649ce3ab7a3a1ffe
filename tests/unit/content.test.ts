// Editorial rules of the content/ folder that a reader would notice if broken.
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { applyContentTypography, contentFiles } from "../../scripts/content-typography.ts";
import { MAX_MONITORED_ADDRESSES } from "../../src/core/shared/limits.ts";
import { countWords, readingMinutes } from "../../src/markdown/reading-time.ts";
import { evaluateParameter } from "../../src/sections/water/index.ts";
import { waterResult } from "./core/builders.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const BLOG = join(ROOT, "content/blog");

function readArticle(file: string): { frontmatter: string; body: string } {
  const text = readFileSync(join(BLOG, file), "utf8");
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
  if (!match) throw new Error(`${file}: no frontmatter`);
  return { frontmatter: match[1] ?? "", body: match[2] ?? "" };
}

const ARTICLES = [
  ["impact-eau-sante", "2024-08-20"],
  ["impact-air-sante", "2024-08-18"],
  ["impact-baignade-sante", "2024-08-16"],
  ["impact-secheresse-sante", "2024-08-14"],
  ["pfas-2026", null],
  ["lire-analyse-udi", null],
  ["restrictions-secheresse", null],
] as const;

describe("blog articles", () => {
  it("are the seven articles of the specification, with their dates", () => {
    expect(
      readdirSync(BLOG)
        .filter((file) => file.endsWith(".md"))
        .sort(),
    ).toEqual(ARTICLES.map(([slug]) => `${slug}.md`).sort());
    for (const [slug, date] of ARTICLES) {
      const { frontmatter } = readArticle(`${slug}.md`);
      const written = /^date:\s*"?(\d{4}-\d{2}-\d{2})"?/m.exec(frontmatter)?.[1];
      if (date) expect(written, slug).toBe(date);
      else expect(written, slug).toMatch(/^202[56]-/);
    }
  });

  it.each(ARTICLES.map(([slug]) => slug))("%s is a substantial article (800–1500 words) with sections and a link to an official source", (slug) => {
    const { body } = readArticle(`${slug}.md`);
    const words = countWords(body);
    expect(words).toBeGreaterThanOrEqual(800);
    expect(words).toBeLessThanOrEqual(1500);
    expect(body).toMatch(/^## /m);
    expect(body).not.toMatch(/^# /m);
    expect(body).toMatch(/\]\(https:\/\//);
    expect(body).not.toMatch(/lorem|ipsum|TODO|TBD|XXX/i);
  });

  it("at least three end with « Tester votre zone »", () => {
    const withCta = ARTICLES.filter(([slug]) => !/^testZoneCta:\s*false/m.test(readArticle(`${slug}.md`).frontmatter));
    expect(withCta.length).toBeGreaterThanOrEqual(3);
  });

  it("the bathing article invites to monitor bathing sites and links to the official data", () => {
    const { body } = readArticle("impact-baignade-sante.md");
    expect(body).toContain("[Surveiller mes sites de baignade](/auth)");
    expect(body).toContain("[Données officielles](/sources)");
  });
});

describe("the service is free forever", () => {
  it("no content mentions a trial, a paid plan or a monthly price", () => {
    const files = [
      ...readdirSync(join(ROOT, "content"), { recursive: true }).map((file) => join(ROOT, "content", String(file))),
      ...readdirSync(join(ROOT, "src/pages"), { recursive: true }).map((file) => join(ROOT, "src/pages", String(file))),
    ].filter((file) => /\.(md|json|astro)$/.test(file));
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      // « 30 jours » itself is fine (data deletion delay); a 30-day trial is not.
      expect(text, file).not.toMatch(/\bessai|30 jours (gratuits|offerts)|premium|abonnement (mensuel|annuel)|€\s*(\/|par)\s*(mois|an)\b/i);
    }
  });
});

describe("live features are described as live", () => {
  it("no page or island text announces accounts, alerts or bathing water as « bientôt »", () => {
    const files = ["content", "src"]
      .flatMap((folder) => readdirSync(join(ROOT, folder), { recursive: true }).map((file) => join(ROOT, folder, String(file))))
      .filter((file) => /\.(md|json|astro|tsx?)$/.test(file));
    for (const file of files) {
      expect(readFileSync(file, "utf8"), file).not.toMatch(/\bbientôt\b|lorsqu'ils seront ouverts|à l'ouverture des comptes/i);
    }
  });
});

/** Every file under `folder` whose name matches `pattern`, with its text. */
function filesUnder(folder: string, pattern: RegExp): Array<{ file: string; text: string }> {
  return readdirSync(join(ROOT, folder), { recursive: true })
    .map((file) => join(ROOT, folder, String(file)))
    .filter((file) => pattern.test(file))
    .map((file) => ({ file, text: readFileSync(file, "utf8") }));
}

/** What a reader sees of a content file: no URL, no `code`, no Markdown link target. */
function proseOf(text: string): string {
  return text
    .replace(/`[^`\n]*`/g, " ")
    .replace(/\]\([^)]*\)/g, "]")
    .replace(/https?:\/\/\S+/g, " ");
}

const FRENCH_NUMBERS: Record<string, number> = { deux: 2, trois: 3, quatre: 4, cinq: 5 };

describe("pages say what is true today", () => {
  const pages = [...filesUnder("content", /\.(md|json)$/), ...filesUnder("src/pages", /\.(astro|ts)$/), ...filesUnder("src/components", /\.astro$/)];

  it("no sponsored link and no commission wording while there is no affiliate programme", () => {
    for (const { file, text } of pages) {
      expect(text, file).not.toMatch(/sponsored/i);
      // « Commission européenne » is an institution; a lower-case « commission » is a fee.
      expect(text, file).not.toMatch(/\bcommissions?\b|affili/);
    }
  });

  it("the legal notice never prints the name of a setting: settings are read as `site.…`", () => {
    for (const { file, text } of pages) {
      const printed = text.match(/(?<!site\.)\bLEGAL_[A-Z_]+/g) ?? [];
      expect(printed, file).toEqual([]);
    }
    const legalPage = readFileSync(join(ROOT, "src/pages/[legal].astro"), "utf8");
    expect(legalPage).toContain("À compléter par l'éditeur");
    expect(legalPage).not.toMatch(/non renseigné/);
  });

  it("the French prose of content/ writes « e-mail », never « email » or « mail »", () => {
    for (const file of contentFiles()) {
      const prose = proseOf(readFileSync(file, "utf8"));
      expect(prose.match(/(?<![\w@./-])(?:e|E)?mails?\b/g) ?? [], file).toEqual([]);
    }
  });

  it("every « jusqu'à N adresses » states the limit the server enforces", () => {
    let found = 0;
    for (const { file, text } of pages) {
      for (const match of text.matchAll(/jusqu'à (\w+) adresses/gi)) {
        const stated = match[1] ?? "";
        const value = FRENCH_NUMBERS[stated.toLowerCase()] ?? Number(stated);
        expect(value, `${file}: « ${match[0]} »`).toBe(MAX_MONITORED_ADDRESSES);
        found++;
      }
    }
    expect(found).toBeGreaterThan(0);
  });

  it("no page opens a link in a new tab (internal links stay in the tab; external ones do too)", () => {
    for (const { file, text } of [...pages, ...filesUnder("src/layouts", /\.astro$/)]) {
      // Leaving a partner's frame for the whole window (_top) is not a new tab.
      expect(text, file).not.toMatch(/target=(?!["'](?:_top|_parent|_self)["'])/);
    }
  });
});

describe("French typography", () => {
  it("every content file has its no-break spaces (fix with `npm run content:typography`)", () => {
    for (const file of contentFiles()) {
      const text = readFileSync(file, "utf8");
      expect(applyContentTypography(text) === text, `${file}: run npm run content:typography`).toBe(true);
    }
  });
});

describe("reading time", () => {
  it("counts words, not Markdown syntax or URLs", () => {
    expect(countWords("## Titre\n\nUn [lien officiel](https://exemple.fr/a-b-c) et **du gras** : fin.")).toBe(8);
  });

  it("rounds to minutes at about 200 words a minute, at least one", () => {
    expect(readingMinutes("mot ".repeat(50))).toBe(1);
    expect(readingMinutes("mot ".repeat(1000))).toBe(5);
  });
});

/** A content file as a reader sees its words: no-break spaces as ordinary ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");
/** The paragraphs (and list items) of an article that mention `subject`. */
const paragraphsAbout = (slug: string, subject: RegExp) =>
  plain(readArticle(`${slug}.md`).body)
    .split(/\n\s*\n|\n(?=- )/)
    .filter((paragraph) => subject.test(paragraph));

// Issue 21: the articles and /sources said what the app no longer does (or never should):
// chlorine « à titre d'information », nitrates above 50 mg/L « consommable » with no 100 mg/L case,
// PFAS under a « valeur de gestion », a reference « N » shown « À surveiller », CAMS shown only
// without an ATMO index. The data rules (decisions 023 and 054) are the reference for each.
describe("the articles and /sources say what the app does (chlorine, nitrates above 100 mg/L, PFAS, references, CAMS)", () => {
  it("chlorine: a fact, a taste note above 0,6 mg/L, no regulatory value, never an alert — never a « référence de qualité » or a « dérogation »", () => {
    const [chlorine] = paragraphsAbout("impact-eau-sante", /^Le chlore sert/m);
    expect(chlorine).toBeDefined();
    expect(chlorine).toContain("aucune valeur limite");
    expect(chlorine).toContain("au-delà de 0,6 mg/L, une note indique seulement que le goût de chlore peut se sentir");
    expect(chlorine).toContain("ne déclenche jamais d'alerte");
    expect(chlorine).not.toMatch(/à titre d'information/);
    for (const { file, text } of filesUnder("content", /\.(md|json)$/)) {
      for (const paragraph of plain(text)
        .split(/\n\s*\n/)
        .filter((candidate) => /chlore/i.test(candidate))) {
        expect(paragraph, file).not.toMatch(/référence de qualité|dérogation/i);
      }
    }
  });

  it("nitrates: above 100 mg/L nobody drinks the water; « consommable » is said only of 50–100 mg/L", () => {
    const nitrates = paragraphsAbout("impact-eau-sante", /nitrates/i).join("\n");
    expect(nitrates).toContain("Au-delà de 100 mg/L, plus personne ne doit boire l'eau du robinet");
    const consumable = paragraphsAbout("impact-eau-sante", /consommable/).filter((paragraph) => /nitrates/i.test(paragraph));
    expect(consumable.length).toBeGreaterThan(0);
    for (const paragraph of consumable) expect(paragraph).toMatch(/Entre 50 et 100 mg\/L/);
  });

  it("PFAS: the sum of 20 has a limite de qualité of 0,1 µg/L from 1 January 2026, one PFAS above it is enough; never a « valeur de gestion »", () => {
    const pfas = plain(readFileSync(join(BLOG, "pfas-2026.md"), "utf8"));
    expect(pfas).toContain("depuis le **1er janvier 2026**, la somme de ces 20 PFAS a une **limite de qualité de 0,1 µg/L**");
    expect(pfas).toContain("un seul PFAS mesuré au-dessus de 0,1 µg/L suffit donc à la dépasser");
    expect(plain(readArticle("impact-eau-sante.md").body)).toContain("un seul de ces PFAS mesuré au-dessus de 0,1 µg/L suffit donc à la dépasser");
    for (const { file, text } of filesUnder("content", /\.(md|json)$/)) expect(plain(text), file).not.toMatch(/valeurs? de gestion/i);
  });

  it("a référence de qualité exceeded reads as the app labels it, never « À surveiller » nor « Non conforme »", () => {
    const turbidity = evaluateParameter(
      waterResult({
        parameterCode: "1295",
        parameterLabel: "Turbidité",
        rawValue: "3,4",
        numericValue: 3.4,
        unit: "NFU",
        qualityLimit: null,
        qualityReference: "<=2 NFU",
      }),
    );
    expect(turbidity?.limit_kind).toBe("reference");
    for (const slug of ["lire-analyse-udi", "impact-eau-sante"]) {
      const body = plain(readArticle(`${slug}.md`).body);
      expect(body, slug).toContain(`« ${turbidity?.label} »`);
      expect(body, slug).not.toMatch(/apparaît comme « À surveiller »/);
    }
  });

  it("/sources: the official ATMO index is the headline where it exists; the model's values are numbers labelled « estimation du modèle CAMS »", () => {
    const sources = JSON.parse(readFileSync(join(ROOT, "content/sources.json"), "utf8")) as Array<{ id: string; provides: string }>;
    const cams = plain(sources.find((source) => source.id === "copernicus-cams")?.provides ?? "");
    expect(cams).not.toMatch(/uniquement lorsqu'aucun indice/);
    expect(cams).toContain("c'est lui qui donne la qualité de l'air du jour, et ses sous-indices sont les faits affichés");
    expect(cams).toContain("« estimation du modèle CAMS »");
  });

  // Issue 26: each new source with its publisher and the licence its data are reused under — Atmo France's
  // data: ODbL; Open-Meteo: CC BY 4.0; Météo-France: Licence Ouverte Etalab 2.0; the IRSN's radon map: Licence Ouverte.
  it("/sources and the mentions légales list Météo-France's vigilance, the indice pollen, the UV forecast and the radon map with their licences", () => {
    type Source = { id: string; publisher: string; provides: string; licence: string; updateFrequency: string };
    const sources = JSON.parse(readFileSync(join(ROOT, "content/sources.json"), "utf8")) as Source[];
    const byId = (id: string) => sources.find((source) => source.id === id);
    expect(byId("vigilance-meteo")).toMatchObject({ publisher: "Météo-France", licence: "Licence Ouverte 2.0 (Etalab)" });
    expect(byId("indice-pollen")).toMatchObject({ licence: "ODbL (Open Database License)" });
    expect(byId("indice-pollen")?.publisher).toContain("Atmo France");
    expect(byId("indice-uv-open-meteo")).toMatchObject({ licence: "CC BY 4.0 (Open-Meteo)" });
    // A model's forecast, said as such (never an official one).
    expect(plain(byId("indice-uv-open-meteo")?.provides ?? "")).toContain("estimation par modèle");
    expect(byId("potentiel-radon")).toMatchObject({ licence: "Licence Ouverte 2.0 (Etalab)" });
    expect(byId("potentiel-radon")?.provides).toContain("arrêté du 27 juin 2018");
    for (const id of ["vigilance-meteo", "indice-pollen", "indice-uv-open-meteo", "potentiel-radon"]) expect(byId(id)?.updateFrequency, id).not.toBe("");

    const legal = plain(readFileSync(join(ROOT, "content/legal/mentions-legales.md"), "utf8"));
    const sectionOf = (heading: string) => legal.split(`### ${heading}`)[1]?.split(/\n##/)[0] ?? "";
    expect(sectionOf("Vigilance météorologique")).toContain("Licence Ouverte 2.0 (Etalab)");
    expect(sectionOf("Pollens : indice pollen")).toContain("Open Database License (ODbL)");
    expect(sectionOf("Indice UV : prévision modélisée")).toContain("Creative Commons Attribution 4.0 (CC BY 4.0)");
    expect(sectionOf("Radon")).toContain("Licence Ouverte 2.0 (Etalab)");
  });
});

// Issue 36: /sources said no UV forecast was « ouverte au public » in France. Météo-France and the
// Sécurité Solaire association do publish one, on their sites and apps, but not as open data: that
// is why the report shows a model's forecast (decision 069).
it("/sources: Météo-France and the Sécurité Solaire publish a UV forecast, not as open data — never « aucune prévision … ouverte au public »", () => {
  const sources = JSON.parse(readFileSync(join(ROOT, "content/sources.json"), "utf8")) as Array<{ id: string; provides: string }>;
  const uv = plain(sources.find((source) => source.id === "indice-uv-open-meteo")?.provides ?? "");
  expect(uv).not.toMatch(/ouverte? au public/);
  expect(uv).not.toMatch(/Aucune prévision officielle/);
  expect(uv).toContain("Météo-France et l'association Sécurité Solaire publient une prévision de l'indice UV, mais pas en données ouvertes");
  expect(uv).toContain("la prévision d'un modèle, diffusée en données ouvertes par Open-Meteo");
});
