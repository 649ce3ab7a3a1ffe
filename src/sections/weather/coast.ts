// The coastal strips of Météo-France's vigilance map (domain "3310" beside the département "33"):
// how they are named. A strip is the coast's, never its département's (decision 078).

/**
 * « de la Gironde »: the département after « littoral », with its article, for the metropolitan
 * départements that have a sea coast (the map draws a strip only for those). French articles do
 * not follow from the name, so they are written out.
 */
const OF_COASTAL_DEPARTMENT: Record<string, string> = {
  "06": "des Alpes-Maritimes",
  "11": "de l'Aude",
  "13": "des Bouches-du-Rhône",
  "14": "du Calvados",
  "17": "de la Charente-Maritime",
  "22": "des Côtes-d'Armor",
  "27": "de l'Eure",
  "29": "du Finistère",
  "2A": "de la Corse-du-Sud",
  "2B": "de la Haute-Corse",
  "30": "du Gard",
  "33": "de la Gironde",
  "34": "de l'Hérault",
  "35": "d'Ille-et-Vilaine",
  "40": "des Landes",
  "44": "de la Loire-Atlantique",
  "50": "de la Manche",
  "56": "du Morbihan",
  "59": "du Nord",
  "62": "du Pas-de-Calais",
  "64": "des Pyrénées-Atlantiques",
  "66": "des Pyrénées-Orientales",
  "76": "de la Seine-Maritime",
  "80": "de la Somme",
  "83": "du Var",
  "85": "de la Vendée",
};

/** « Littoral de la Gironde »; a strip we cannot name with its article: « Littoral du département Gironde (33) ». */
export function coastNameOf(department: { code: string; name: string }): string {
  const of = OF_COASTAL_DEPARTMENT[department.code.toUpperCase()];
  if (of) return `Littoral ${of}`;
  return department.name ? `Littoral du département ${department.name} (${department.code})` : `Littoral du département ${department.code}`;
}

/** « le littoral de la Gironde », inside a sentence. */
export function coastInSentence(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1);
}
