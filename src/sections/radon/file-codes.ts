// Communes of today that the IRSN's file (arrêté du 27 juin 2018) lists under another code. Each
// entry was read in the recorded file (tests/fixtures/radon/radon.csv: the row's name names the
// commune) and in INSEE's history; tests/unit/core/radon.test.ts checks each against both.

export const RADON_FILE_CODES: Readonly<Record<string, { code: string; why: string }>> = {
  // « saint pierre;Saint-Pierre-et-Miquelon;97500;3 » and « miquelon langlade;…;97500;3 »: the
  // collectivity's postcode, shared by its two communes, stands for their INSEE codes.
  "97501": { code: "97500", why: "Miquelon-Langlade figure dans le fichier sous le code 97500, commun aux deux communes de Saint-Pierre-et-Miquelon." },
  "97502": { code: "97500", why: "Saint-Pierre figure dans le fichier sous le code 97500, commun aux deux communes de Saint-Pierre-et-Miquelon." },
  // « saint martin;Saint-Martin;97127;1 »: Saint-Martin's code when it was a commune of Guadeloupe (before 2007).
  "97801": { code: "97127", why: "Saint-Martin figure dans le fichier sous son ancien code de commune de la Guadeloupe, 97127." },
  // « sada;Mayotte;97605;3 »: Sada's row carries Chiconi's code (Chiconi is listed too, also category 3).
  "97616": { code: "97605", why: "Sada figure dans le fichier sous le code 97605." },
  // L'Oie and Sainte-Florence were communes déléguées of Essarts-en-Bocage (85084), which the file
  // lists as one commune (COG 2021); they have been communes again since (COG 2026).
  "85165": { code: "85084", why: "L'Oie faisait partie d'Essarts-en-Bocage, que le fichier classe comme une seule commune." },
  "85212": { code: "85084", why: "Sainte-Florence faisait partie d'Essarts-en-Bocage, que le fichier classe comme une seule commune." },
};
