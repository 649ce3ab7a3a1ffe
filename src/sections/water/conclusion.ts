// Reading the ARS's own conclusion of a sample (`conclusion_conformite_prelevement`, free text): does
// it restrict the use of the water? When it does, it prevails over any general advice of ours, which
// must never say that there is no restriction (issue 21: « Aucune restriction n'est liée à ce seul
// constat » beside a conclusion « … ne pas utiliser pour la préparation des biberons »).

/** Phrases that say there is no restriction: removed before looking for one. */
const NO_RESTRICTION =
  /(?:aucune|pas de|sans)\s+restrictions?(?:\s+(?:de|d'|d’)\s*(?:consommation|usage|utilisation))?|pas\s+lieu\s+de\s+(?:restreindre|limiter)|ne\s+justifie\s+pas\s+de\s+restriction/gi;

/** How ARS conclusions word a restriction: « ne pas consommer », « déconseillée aux nourrissons », « faire bouillir »… */
const RESTRICTION = [
  /\bne\s+(?:doit|doivent|peut|peuvent)\s+pas\s+(?:être\s+)?(?:bue?s?|consommée?s?|utilisée?s?|boire|consommer|utiliser)/i,
  /\bne\s+pas\s+(?:la\s+|l'|l’)?(?:boire|consommer|utiliser|employer)/i,
  /\bdéconseill/i,
  /\binterdi(?:t|te|ts|tes|ction)\b/i,
  /\bimpropre\b/i,
  /(?<!\p{L})(?:bouillir|ébullition)(?!\p{L})/iu,
  /\brestriction|\brestrein|\blimiter\s+(?:la\s+)?consommation/i,
  /\bbiberons?\b|\bnourrissons?\b|\bfemmes?\s+enceintes?\b/i,
  /\beau\s+(?:en\s+bouteille|embouteillée|conditionnée)/i,
];

/**
 * Whether an ARS conclusion restricts the use of the water (for everyone or for some people):
 * « Eau conforme sous dérogation … ne pas utiliser pour la préparation des biberons » does; « Il
 * n'y a donc pas lieu de restreindre la consommation » does not.
 */
export function conclusionRestrictsUse(conclusion: string | null): boolean {
  if (!conclusion) return false;
  const text = conclusion.replace(NO_RESTRICTION, " ");
  return RESTRICTION.some((pattern) => pattern.test(text));
}
