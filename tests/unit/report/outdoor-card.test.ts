// Issue 26 on the report page: pollen, UV, vigilance and radon each in a card laid out from the one
// presentation (present-outdoor.ts), with the source's own word and colour as the headline, its
// grid of official words as a real table, its source, and plain words when it could not be read.
// The sections are DERIVED (tests/unit/core/outdoor-builders.ts), not upstream answers.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { presentReport, sectionOf } from "../../../src/core/report/index.ts";
import type { ReportAnswer } from "../../../src/core/types.ts";
import ReportView from "../../../src/islands/report/ReportView.tsx";
import { report } from "../core/amiens-report.ts";
import {
  outdoorSections,
  pollenNotCovered,
  pollenUnavailable,
  radonNotClassified,
  uvUnavailable,
  weatherNotConfigured,
  weatherUnavailable,
} from "../core/outdoor-builders.ts";
import { asSent } from "../../helpers/site-report.ts";

const page = (whole: ReturnType<typeof report>) => {
  const answer: ReportAnswer = { ...whole, address: { ...whole.address, signature: "sig" } };
  return renderToStaticMarkup(createElement(ReportView, { report: asSent(answer), pendingUdi: null, updating: false, onChooseUdi: () => {} }));
};

/** The markup of one card, by its anchor. */
const cardOf = (html: string, anchor: string) => {
  const match = html.match(new RegExp(`<article id="${anchor}"[\\s\\S]*?</article>`));
  expect(match, `card #${anchor}`).not.toBeNull();
  return match![0];
};

/** The words read, tags dropped (non-breaking spaces kept: they are French typography). */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/[ \t\n\r]+/g, " ");

/** What assistive technologies read of a grid's row: each cell's day (shown on a phone, aria-hidden) left out. */
const read = (html: string) => text(html.replace(/<span class="level-table__day" aria-hidden="true">[^<]*<\/span>/g, ""));

describe("the four cards of issue 26 on the report page", () => {
  const html = page(report({ outdoor: outdoorSections() }));

  it("the pollen card: the agencies' word in their colour, the taxa per day as a table with a caption and header cells", () => {
    const card = cardOf(html, "pollens");
    // Atmo France's « Modéré » colour (#F0E641), as coul_qual publishes it.
    expect(card).toMatch(/<span class="badge badge--official card__badge" style="background-color:#F0E641;color:#302e0d">Modéré<\/span>/);
    expect(card).toContain("<caption>Indice pollen par taxon</caption>");
    // The year is the page's, not repeated in each column.
    const columns = [...card.matchAll(/<th scope="col">([\s\S]*?)<\/th>/g)].map((match) => text(match[1]!).trim());
    expect(columns).toEqual(["Aujourd'hui (22\u00a0novembre)", "Demain (23\u00a0novembre)", "Après-demain (24\u00a0novembre)"]);
    expect(card).toContain('<th scope="row">Graminées</th>');
    const grasses = card.match(/<th scope="row">Graminées<\/th>([\s\S]*?)<\/tr>/)![1]!;
    expect(read(grasses).trim()).toBe("Modéré Élevé Faible");
    // Each cell also shows its day, for the stacked rows of a phone; the column's header says it to a screen reader.
    expect(grasses).toContain('<td><span class="level-table__day" aria-hidden="true">Demain (23\u00a0novembre)</span><span class="badge');
    expect(text(card)).toContain("Source\u00a0: Indice pollen des AASQA (Atmo France)");
  });

  it("the UV card says « prévision » in its headline and credits Open-Meteo (CC BY 4.0)", () => {
    const card = cardOf(html, "uv");
    expect(card).toMatch(/card__badge"[^>]*>Élevé \(prévision\)<\/span>/);
    expect(text(card)).toContain("Prévision d'un modèle météorologique, pas une mesure");
    expect(card).toMatch(/Prévision <a href="https:\/\/open-meteo.com\/"[^>]*>Open-Meteo.com/);
  });

  it("the vigilance card: Météo-France's colour word for the day, each phenomenon above green per day", () => {
    const card = cardOf(html, "vigilance");
    expect(card).toMatch(/style="background-color:#FFB82B;color:#2b1d00">Vigilance orange<\/span>/);
    expect(card).toContain("<caption>Vigilance par phénomène</caption>");
    expect(read(card.match(/<th scope="row">Canicule<\/th>([\s\S]*?)<\/tr>/)![1]!).trim()).toBe("Vigilance orange Vigilance verte");
    expect(read(card.match(/<th scope="row">Orages<\/th>([\s\S]*?)<\/tr>/)![1]!).trim()).toBe("Vigilance verte Vigilance jaune");
    expect(text(card)).toContain("Département Somme (80)");
  });

  it("the radon card: the category of the arrêté du 27 juin 2018 and its meaning", () => {
    const card = cardOf(html, "radon");
    expect(card).toMatch(/card__badge"[^>]*>Catégorie 3<\/span>/);
    expect(text(card)).toContain("potentiel radon significatif");
    expect(text(card)).toContain("Classement officiel des communes (arrêté du 27 juin 2018)");
  });

  it("« L'essentiel » has a line for each of the four, linking to its card, with the card's words", () => {
    const summary = html.match(/<section class="summary"[\s\S]*?<\/section>/)![0];
    for (const [anchor, label] of [
      ["vigilance", "Vigilance météo"],
      ["pollens", "Pollens"],
      ["uv", "Indice UV"],
      ["radon", "Radon"],
    ]) {
      expect(summary).toContain(`<a class="summary__link" href="#${anchor}">${label}</a>`);
    }
    // The sentence as read, its link's tags dropped: the presentation's summary, word for word.
    const said = summary.replace(/<[^>]+>/g, "").replace(/&#x27;/g, "'");
    const presentation = presentReport(report({ outdoor: outdoorSections() }));
    // Each line of « L'essentiel » word for word: those needing attention in their sentence, pollen « Modéré » on the calm line (issue 38).
    for (const line of presentation.summary) expect(said).toContain(line.text);
    for (const line of ["uv", "weather", "radon"].map((key) => sectionOf(presentation, key))) expect(said).toContain(line.summary);
    expect(said).toContain("Pollens – Modéré");
  });

  it("never reassures without data: unread, not configured and not covered are said plainly, with no table and no colour", () => {
    const unread = page(report({ outdoor: { pollen: pollenUnavailable(), uv: uvUnavailable(), weatherWarnings: weatherUnavailable() } }));
    for (const anchor of ["pollens", "uv", "vigilance"]) {
      const card = cardOf(unread, anchor);
      expect(card).toMatch(/badge--neutral card__badge">Indisponible<\/span>/);
      expect(card).not.toContain("<table");
      expect(card).toContain('class="card__message"');
    }
    const other = page(report({ outdoor: { pollen: pollenNotCovered(), weatherWarnings: weatherNotConfigured(), radon: radonNotClassified() } }));
    expect(cardOf(other, "pollens")).toContain(">Pas d&#x27;indice officiel</span>");
    expect(cardOf(other, "vigilance")).toContain(">Non configurée</span>");
    expect(cardOf(other, "radon")).toContain(">Non classée</span>");
  });
});
