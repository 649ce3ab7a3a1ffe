// `npm run data:radon`: refreshes the radon potential of the communes shipped with the app from the
// IRSN's CSV on data.gouv.fr « Connaître le potentiel radon de ma commune » (arrêté du 27 juin
// 2018), or from a local copy (`-- --file radon.csv`). Every row is checked (src/sources/radon/dataset.ts):
// the rejected ones are listed; nothing is written when the columns are missing or too many rows fail.
import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { basename, resolve } from "node:path";
import { parseRadonCsv, type RadonDatasetFile } from "../src/sources/radon/dataset.ts";

export const RADON_CSV_URL = "https://static.data.gouv.fr/resources/connaitre-le-potentiel-radon-de-ma-commune/20190506-174309/radon.csv";
const OUTPUT = resolve(import.meta.dirname, "../src/sources/radon/data/radon-2018.json");
/** Above this share of rejected rows the file is not the one we know: nothing is written. */
export const MAX_REJECTED_SHARE = 0.02;

const USAGE = `Usage : npm run data:radon [-- --file <radon.csv>]

Lit le fichier de l'IRSN « Connaître le potentiel radon de ma commune » (par défaut téléchargé depuis
${RADON_CSV_URL}), vérifie chaque ligne (code INSEE, catégorie 1, 2 ou 3) et écrit ${OUTPUT}.
Rien n'est écrit si une colonne manque ou si plus de ${MAX_REJECTED_SHARE * 100} % des lignes sont rejetées.`;

/** The data file from the CSV's text; throws when the file cannot be trusted. */
export function buildRadonDataset(
  text: string,
  source: { url: string; file: string },
): { file: RadonDatasetFile; rejected: ReturnType<typeof parseRadonCsv>["rejected"] } {
  const { categories, rejected } = parseRadonCsv(text);
  const kept = categories["1"].length + categories["2"].length + categories["3"].length;
  if (kept === 0) throw new Error("aucune commune classée dans le fichier");
  if (rejected.length / (kept + rejected.length) > MAX_REJECTED_SHARE) {
    throw new Error(`${rejected.length} lignes rejetées sur ${kept + rejected.length} : le fichier n'a pas la forme attendue`);
  }
  const sha256 = createHash("sha256").update(text).digest("hex");
  return { file: { source: { ...source, sha256 }, categories }, rejected };
}

if (import.meta.main) {
  if (process.argv.includes("--help") || process.argv.includes("-h")) {
    console.log(USAGE);
    process.exit(0);
  }
  try {
    const fileArgument = process.argv.indexOf("--file");
    const localPath = fileArgument >= 0 ? process.argv[fileArgument + 1] : undefined;
    let text: string;
    if (localPath) {
      text = await readFile(localPath, "utf8");
    } else {
      const response = await fetch(RADON_CSV_URL, { signal: AbortSignal.timeout(60_000) });
      if (!response.ok) throw new Error(`data.gouv.fr a répondu ${response.status}`);
      text = await response.text();
    }
    const { file, rejected } = buildRadonDataset(text, { url: RADON_CSV_URL, file: localPath ? basename(localPath) : "radon.csv" });
    for (const row of rejected) console.log(`ligne ${row.line} rejetée : ${row.reason} — ${row.text}`);
    await writeFile(OUTPUT, `${JSON.stringify(file)}\n`);
    const counts = (["1", "2", "3"] as const).map((category) => `catégorie ${category} : ${file.categories[category].length}`).join(", ");
    console.log(`Potentiel radon à jour (${counts} ; ${rejected.length} lignes rejetées).`);
  } catch (error) {
    console.error(`Échec de la mise à jour du potentiel radon : ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
