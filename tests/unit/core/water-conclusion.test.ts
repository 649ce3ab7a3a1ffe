import { describe, expect, it } from "vitest";
import { conclusionRestrictsUse } from "../../../src/sections/water/index.ts";

// The ARS's conclusion of a sample (`conclusion_conformite_prelevement`) prevails over general
// advice: when it restricts the use of the water, no advice may say there is no restriction
// (issue 21). Conclusions as the ARS write them: the recorded Hub'Eau answers (tests/fixtures/hubeau)
// and conclusions published by communes.
describe("an ARS conclusion that restricts the use of the water is recognised as such", () => {
  it.each([
    // tests/fixtures/hubeau/resultats-dis-derived-nitrates-62.json
    "Eau d'alimentation non-conforme aux limites de qualité pour le paramètre nitrates. Cette eau ne doit pas être consommée par les femmes enceintes et les nourrissons de moins de 6 mois, ni utilisée pour la préparation des biberons. Elle peut être consommée par le reste de la population.",
    "Eau d'alimentation conforme sous dérogation pour le paramètre arsenic. Ne pas utiliser pour la préparation des biberons.",
    "Eau NON CONFORME pour les paramètres physico-chimiques contrôlés. L'eau peut être utilisée pour les usages sanitaires courants mais ne doit pas être consommée par les nourrissons et les femmes enceintes.",
    "Eau non conforme. La consommation de l'eau est déconseillée aux femmes enceintes et aux nourrissons.",
    "Contamination bactériologique : faire bouillir l'eau avant consommation.",
    "Eau impropre à la consommation humaine.",
    "Mesure de précaution : ébullition de l'eau une minute avant consommation.",
    "Interdiction de consommation de l'eau du robinet jusqu'à nouvel ordre.",
    "Eau non conforme : utiliser de l'eau embouteillée pour la boisson.",
  ])("restricts: %s", (conclusion) => {
    expect(conclusionRestrictsUse(conclusion)).toBe(true);
  });

  it.each([
    // tests/fixtures/hubeau/resultats-dis-59310.json
    "Eau d'alimentation conforme aux exigences de qualité en vigueur pour l'ensemble des paramètres mesurés.",
    "Eau d'alimentation non conforme aux exigences réglementaires fixées à 0,1 μg/l par molécule individuelle pour les paramètres pesticide. Cependant, la valeur détectée reste inférieure à la valeur sanitaire transitoire. Il n'y a donc pas lieu de restreindre la consommation d'eau. Toutefois, une surveillance renforcée est mise en place.",
    "Eau conforme aux limites de qualité. Dépassement de la référence de qualité pour la turbidité, sans restriction de consommation.",
    "",
    null,
  ])("does not restrict: %s", (conclusion) => {
    expect(conclusionRestrictsUse(conclusion)).toBe(false);
  });
});
