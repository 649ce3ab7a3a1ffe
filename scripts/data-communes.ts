// `npm run data:communes`: refreshes the commune history shipped with the app (which former
// communes each commune of today was formed from, the arrondissements of Paris, Lyon and
// Marseille) from INSEE's Code officiel géographique as @etalab/decoupage-administratif publishes
// it (a pinned devDependency, Licence Ouverte), or from a local copy of its `communes.json`
// (`-- --file communes.json`). Then prints how the radon answers change against the shipped
// classification (the radon section reads the arrêté's communes through this history).
import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import * as z from "zod";
import { compareRadonAnswers } from "../src/sections/radon/compare.ts";
import { RADON_DATASET } from "../src/sources/radon/data.ts";
import { radonLookup } from "../src/sources/radon/dataset.ts";
import { buildCommuneHistory, cogCommuneSchema, communeHistory, type CommuneHistoryFile } from "../src/sources/cog/history.ts";

const PACKAGE = "@etalab/decoupage-administratif";
export const COG_SOURCE_URL = "https://www.insee.fr/fr/information/2560452";
const OUTPUT = resolve(import.meta.dirname, "../src/sources/cog/data/commune-history.json");

const USAGE = `Usage : npm run data:communes [-- --file <communes.json>]

Lit le Code officiel géographique de l'INSEE tel que le publie ${PACKAGE} (par défaut la version
installée, data/communes.json), en tire l'historique des communes (communes nouvelles et leurs
anciennes communes, arrondissements de Paris, Lyon et Marseille) et écrit ${OUTPUT}.
Affiche ensuite combien de réponses radon changent avec cet historique.`;

/** The history file from the text of `communes.json`; throws when the file does not have the COG's shape. */
export function buildCommuneHistoryFile(text: string, origin: { package: string }): { file: CommuneHistoryFile; communesToday: string[] } {
  const rows = z.array(cogCommuneSchema).min(30_000).parse(JSON.parse(text));
  const sha256 = createHash("sha256").update(text).digest("hex");
  const file = buildCommuneHistory(rows, { name: "Code officiel géographique (INSEE)", url: COG_SOURCE_URL, package: origin.package, sha256 });
  const communesToday = rows.filter((row) => row.type === "commune-actuelle" || row.type === "arrondissement-municipal").map((row) => row.code);
  return { file, communesToday };
}

if (import.meta.main) {
  if (process.argv.includes("--help") || process.argv.includes("-h")) {
    console.log(USAGE);
    process.exit(0);
  }
  try {
    const fileArgument = process.argv.indexOf("--file");
    const localPath = fileArgument >= 0 ? process.argv[fileArgument + 1] : undefined;
    const require = createRequire(import.meta.url);
    const version = (require(`${PACKAGE}/package.json`) as { version: string }).version;
    const path = localPath ?? require.resolve(`${PACKAGE}/data/communes.json`);
    const { file, communesToday } = buildCommuneHistoryFile(await readFile(path, "utf8"), {
      package: localPath ? `local file ${localPath}` : `${PACKAGE}@${version}`,
    });
    await writeFile(OUTPUT, `${JSON.stringify(file)}\n`);
    console.log(
      `Historique des communes à jour (${Object.keys(file.parts).length} communes issues d'anciennes communes, ${Object.keys(file.arrondissements).length} communes à arrondissements).`,
    );
    const changes = compareRadonAnswers(radonLookup(RADON_DATASET), communeHistory(file), communesToday);
    console.log(changes.lines.join("\n"));
  } catch (error) {
    console.error(`Échec de la mise à jour de l'historique des communes : ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
