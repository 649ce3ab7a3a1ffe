// INSEE codes: communes, the arrondissements of Paris, Lyon and Marseille, departments.

// The arrondissement codes live in their own module, free of the tables below, so that the
// browser's presentation can use them without carrying the tables (the home page's size budget).
export { isArrondissementCode, toCommuneCode } from "./arrondissement.ts";

/** 5 characters: digits, or 2A/2B + 3 digits for Corsica. */
export function isValidInseeCode(code: string): boolean {
  return /^(\d{5}|2[AB]\d{3})$/.test(code.trim().toUpperCase());
}

/** An EPCI (intercommunality) is named by its SIREN, nine digits; a commune by its five-character INSEE code. */
export function isEpciCode(code: string): boolean {
  return /^\d{9}$/.test(code);
}

/** "80021" → "80", "2A004" → "2A", "97101" → "971". */
export function departmentCodeOf(citycode: string): string {
  const code = citycode.trim().toUpperCase();
  return code.startsWith("97") || code.startsWith("98") ? code.slice(0, 3) : code.slice(0, 2);
}

const DEPARTMENTS: Record<string, string> = {
  "01": "Ain",
  "02": "Aisne",
  "03": "Allier",
  "04": "Alpes-de-Haute-Provence",
  "05": "Hautes-Alpes",
  "06": "Alpes-Maritimes",
  "07": "Ardèche",
  "08": "Ardennes",
  "09": "Ariège",
  "10": "Aube",
  "11": "Aude",
  "12": "Aveyron",
  "13": "Bouches-du-Rhône",
  "14": "Calvados",
  "15": "Cantal",
  "16": "Charente",
  "17": "Charente-Maritime",
  "18": "Cher",
  "19": "Corrèze",
  "2A": "Corse-du-Sud",
  "2B": "Haute-Corse",
  "21": "Côte-d'Or",
  "22": "Côtes-d'Armor",
  "23": "Creuse",
  "24": "Dordogne",
  "25": "Doubs",
  "26": "Drôme",
  "27": "Eure",
  "28": "Eure-et-Loir",
  "29": "Finistère",
  "30": "Gard",
  "31": "Haute-Garonne",
  "32": "Gers",
  "33": "Gironde",
  "34": "Hérault",
  "35": "Ille-et-Vilaine",
  "36": "Indre",
  "37": "Indre-et-Loire",
  "38": "Isère",
  "39": "Jura",
  "40": "Landes",
  "41": "Loir-et-Cher",
  "42": "Loire",
  "43": "Haute-Loire",
  "44": "Loire-Atlantique",
  "45": "Loiret",
  "46": "Lot",
  "47": "Lot-et-Garonne",
  "48": "Lozère",
  "49": "Maine-et-Loire",
  "50": "Manche",
  "51": "Marne",
  "52": "Haute-Marne",
  "53": "Mayenne",
  "54": "Meurthe-et-Moselle",
  "55": "Meuse",
  "56": "Morbihan",
  "57": "Moselle",
  "58": "Nièvre",
  "59": "Nord",
  "60": "Oise",
  "61": "Orne",
  "62": "Pas-de-Calais",
  "63": "Puy-de-Dôme",
  "64": "Pyrénées-Atlantiques",
  "65": "Hautes-Pyrénées",
  "66": "Pyrénées-Orientales",
  "67": "Bas-Rhin",
  "68": "Haut-Rhin",
  "69": "Rhône",
  "70": "Haute-Saône",
  "71": "Saône-et-Loire",
  "72": "Sarthe",
  "73": "Savoie",
  "74": "Haute-Savoie",
  "75": "Paris",
  "76": "Seine-Maritime",
  "77": "Seine-et-Marne",
  "78": "Yvelines",
  "79": "Deux-Sèvres",
  "80": "Somme",
  "81": "Tarn",
  "82": "Tarn-et-Garonne",
  "83": "Var",
  "84": "Vaucluse",
  "85": "Vendée",
  "86": "Vienne",
  "87": "Haute-Vienne",
  "88": "Vosges",
  "89": "Yonne",
  "90": "Territoire de Belfort",
  "91": "Essonne",
  "92": "Hauts-de-Seine",
  "93": "Seine-Saint-Denis",
  "94": "Val-de-Marne",
  "95": "Val-d'Oise",
  "971": "Guadeloupe",
  "972": "Martinique",
  "973": "Guyane",
  "974": "La Réunion",
  "975": "Saint-Pierre-et-Miquelon",
  "976": "Mayotte",
  "977": "Saint-Barthélemy",
  "978": "Saint-Martin",
};

/** French name of a department (or overseas collectivity); "" when unknown. */
export function departmentNameOf(departmentCode: string): string {
  return DEPARTMENTS[departmentCode.toUpperCase()] ?? "";
}

/** INSEE code of the region of each department (2016 regions; overseas departments are regions). */
const REGION_OF_DEPARTMENT: Record<string, string> = Object.fromEntries(
  Object.entries({
    "84": "01 03 07 15 26 38 42 43 63 69 73 74",
    "27": "21 25 39 58 70 71 89 90",
    "53": "22 29 35 56",
    "24": "18 28 36 37 41 45",
    "94": "2A 2B",
    "44": "08 10 51 52 54 55 57 67 68 88",
    "32": "02 59 60 62 80",
    "11": "75 77 78 91 92 93 94 95",
    "28": "14 27 50 61 76",
    "75": "16 17 19 23 24 33 40 47 64 79 86 87",
    "76": "09 11 12 30 31 32 34 46 48 65 66 81 82",
    "52": "44 49 53 72 85",
    "93": "04 05 06 13 83 84",
    "01": "971",
    "02": "972",
    "03": "973",
    "04": "974",
    "06": "976",
  }).flatMap(([region, departments]) => departments.split(" ").map((department) => [department, region])),
);

/** INSEE region code of a department ("80" → "32"); null outside the regions (975, 977, 978). */
export function regionCodeOf(departmentCode: string): string | null {
  return REGION_OF_DEPARTMENT[departmentCode.toUpperCase()] ?? null;
}
