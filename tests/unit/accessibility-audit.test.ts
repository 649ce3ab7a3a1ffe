// The RGAA 4.1 audit (docs/accessibilite/): the criteria as the official text lists them, a grid
// with every criterion for every page of the sample, the rate computed as the RGAA says, and a
// declaration (/accessibilite) and a footer that say the same.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { computeRgaaRate, formatRgaaPercent, parseCsv, parseRgaaGrid, rgaaConformity, type RgaaGridRow } from "../../src/core/shared/rgaa.ts";
import { SAMPLE } from "../../scripts/rgaa-grid.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const read = (path: string) => readFileSync(resolve(ROOT, path), "utf8");

const criteria = parseCsv(read("docs/accessibilite/criteres.csv"));
const gridText = read("docs/accessibilite/grille.csv");
const grid = parseCsv(gridText);
const rows = parseRgaaGrid(gridText);
const rate = computeRgaaRate(rows);

describe("the RGAA 4.1 criteria (docs/accessibilite/criteres.csv)", () => {
  // « Le RGAA 4.1 […] 106 critères répartis en 13 thématiques » — counts per topic as in the
  // official criteres.json (DISIC/accessibilite.numerique.gouv.fr, RGAA/4.1).
  it("are the 106 criteria of the 13 topics, numbered as the official text", () => {
    const [header, ...lines] = criteria;
    expect(header).toEqual(["critere", "thematique", "intitule"]);
    expect(lines).toHaveLength(106);
    const perTopic = new Map<string, number>();
    for (const [number] of lines) perTopic.set(number!.split(".")[0]!, (perTopic.get(number!.split(".")[0]!) ?? 0) + 1);
    expect([...perTopic.values()]).toEqual([9, 2, 3, 13, 8, 2, 5, 10, 4, 14, 13, 11, 12]);
    expect(new Set(lines.map(([number]) => number)).size).toBe(106);
    expect(lines.find(([number]) => number === "6.1")?.[2]).toBe("Chaque lien est-il explicite (hors cas particuliers) ?");
    expect(lines.find(([number]) => number === "11.10")?.[2]).toBe(
      "Dans chaque formulaire, le contrôle de saisie est-il utilisé de manière pertinente (hors cas particuliers) ?",
    );
  });
});

describe("the audit grid (docs/accessibilite/grille.csv)", () => {
  it("has every criterion for every page of the sample, once, with a valid status, a method and its evidence", () => {
    const [header, ...lines] = grid;
    expect(header).toEqual(["page", "url", "critere", "statut", "methode", "preuve"]);
    expect(lines).toHaveLength(SAMPLE.length * 106);
    const numbers = criteria.slice(1).map(([number]) => number);
    for (const page of SAMPLE) {
      expect(
        lines.filter(([name]) => name === page).map(([, , criterion]) => criterion),
        page,
      ).toEqual(numbers);
    }
    for (const [page, , criterion, status, method, evidence] of lines) {
      expect(["C", "NC", "NA"], `${page} ${criterion}`).toContain(status);
      expect(["auto", "manuel"], `${page} ${criterion}`).toContain(method);
      expect(evidence!.length, `${page} ${criterion}`).toBeGreaterThan(10);
    }
  });

  it("samples the pages the RGAA asks for: home, authentication, accessibility, legal notice, each kind of service and every step of a process", () => {
    for (const page of [
      "accueil",
      "auth",
      "accessibilite",
      "mentions-legales",
      "rapport",
      "inscription",
      "inscription-cadre",
      "compte",
      "confirmation-alertes",
      "confirmation-compte",
      "desinscription",
      "article",
      "sources",
      "developpeurs",
      "etat",
      "404",
    ]) {
      expect(SAMPLE).toContain(page);
    }
  });

  it("records the defects found by hand in issue 27 as found, then « corrigé »", () => {
    const evidenceOf = (page: string, criterion: string) => grid.find(([name, , number]) => name === page && number === criterion)?.[5] ?? "";
    expect(evidenceOf("rapport", "6.1")).toMatch(/À retenir.*corrigé/);
    expect(evidenceOf("inscription", "11.10")).toMatch(/grisé.*corrigé/);
    expect(evidenceOf("compte", "11.10")).toMatch(/casse.*corrigé/);
    expect(evidenceOf("accueil", "11.10")).toMatch(/obligatoire.*corrigé/);
    expect(evidenceOf("rapport", "10.4")).toMatch(/7 px.*corrigé/);
    expect(evidenceOf("rapport", "13.3")).toMatch(/PDF.*alternative.*corrigé/);
  });
});

describe("the conformity rate", () => {
  const row = (page: string, criterion: string, status: RgaaGridRow["status"]): RgaaGridRow => ({ page, criterion, status });

  // « Critère validé : un critère est validé s'il est validé sur toutes les pages de l'échantillon. Si un
  // critère est invalidé sur une seule page de l'échantillon, il ne pourra pas être considéré comme
  // valide pour le calcul du taux. » (Évaluation de la conformité, « Taux de conformité à la norme »)
  it("a criterion is conforme only if conforme or non applicable on every page; one failing page makes it non conforme", () => {
    const result = computeRgaaRate([row("a", "1.1", "C"), row("b", "1.1", "NA"), row("a", "1.2", "C"), row("b", "1.2", "NC")]);
    expect(result).toMatchObject({ conforming: 1, failing: 1, notApplicable: 0, percent: 50 });
  });

  // « un critère est non applicable s'il est non applicable sur toutes les pages de l'échantillon sans exception »
  it("a criterion non applicable on every page is left out of the rate (criteria respected / criteria applicable)", () => {
    const result = computeRgaaRate([row("a", "1.1", "C"), row("a", "4.1", "NA"), row("b", "4.1", "NA"), row("a", "1.2", "NC")]);
    expect(result).toMatchObject({ conforming: 1, failing: 1, notApplicable: 1, percent: 50 });
  });

  // « Conformité totale : si tous les critères de contrôle du RGAA sont respectés ; Conformité partielle :
  // si au moins 50 % […] ; Non-conformité : […] si moins de 50 % » (Déclaration d'accessibilité)
  it("totalement conforme at 100 %, partiellement from 50 %, non conforme below 50 %", () => {
    expect(rgaaConformity({ conforming: 10, failing: 0, notApplicable: 0, percent: 100 })).toBe("totalement");
    expect(rgaaConformity({ conforming: 5, failing: 5, notApplicable: 0, percent: 50 })).toBe("partiellement");
    expect(rgaaConformity({ conforming: 99, failing: 1, notApplicable: 0, percent: 99 })).toBe("partiellement");
    expect(rgaaConformity({ conforming: 4, failing: 6, notApplicable: 0, percent: 40 })).toBe("non");
  });

  it("prints with a decimal comma and never rounds up to a rate not reached (99,96 % is « 99,9 % », not « 100 % »)", () => {
    expect(formatRgaaPercent({ conforming: 2499, failing: 1, notApplicable: 0, percent: 99.96 })).toBe("99,9\u00a0%");
    expect(formatRgaaPercent(rate)).toMatch(/^\d{1,3},\d\u00a0%$/);
  });

  it("docs/accessibilite/taux.json, which the footer reads, is the grid's rate", () => {
    expect(JSON.parse(read("docs/accessibilite/taux.json"))).toEqual(rate);
    expect(read("src/components/SiteFooter.astro")).toMatch(/label: `Accessibilité\\u00a0: \$\{rgaaConformity\(auditRate\)\} conforme`/);
  });
});

describe("the declaration (/accessibilite) says what the grid says", () => {
  const declaration = read("content/legal/accessibilite.md");

  it("gives the state and the rate computed from the grid, with the counts", () => {
    expect(declaration).toContain(
      `Zone Santé est **${rgaaConformity(rate)} conforme** avec le référentiel général d'amélioration de l'accessibilité (RGAA), version 4.1`,
    );
    expect(declaration).toContain(`**${formatRgaaPercent(rate)}** des critères du RGAA version 4.1 sont respectés`);
    expect(declaration).toContain(`${rate.conforming} critères conformes sur ${rate.conforming + rate.failing} critères applicables`);
    expect(declaration).toContain(`${rate.notApplicable} critères ne s'appliquent à aucune page`);
    expect(declaration).toContain(`chacune des ${SAMPLE.length} pages de l'échantillon`);
  });

  it("lists every criterion the grid finds non conforme", () => {
    const failing = [...new Set(rows.filter((gridRow) => gridRow.status === "NC").map((gridRow) => gridRow.criterion))];
    expect(failing.length).toBe(rate.failing);
    for (const criterion of failing) expect(declaration, criterion).toMatch(new RegExp(`critères? ${criterion.replace(".", "\\.")}\\b`));
  });

  it("has every section of the official model, and the Défenseur des droits' three ways of recourse", () => {
    for (const heading of [
      "## État de conformité",
      "### Résultats des tests",
      "## Contenus non accessibles",
      "### Non-conformités",
      "### Dérogations pour charge disproportionnée",
      "### Contenus non soumis à l'obligation d'accessibilité",
      "## Établissement de cette déclaration",
      "### Technologies utilisées pour la réalisation du site",
      "### Environnement de test",
      "### Outils utilisés pour évaluer l'accessibilité",
      "### Pages du site ayant fait l'objet de la vérification de conformité",
      "## Retour d'information et contact",
      "## Voies de recours",
    ]) {
      expect(declaration).toContain(heading);
    }
    expect(declaration).toContain("formulaire.defenseurdesdroits.fr");
    expect(declaration).toContain("délégué du Défenseur des droits");
    expect(declaration).toContain("Défenseur des droits – Libre réponse 71120 – 75342 Paris CEDEX 07");
  });
});
