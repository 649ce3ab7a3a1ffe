// `npm run data:baignades`: refreshes the bathing-site data shipped with the app from the
// data.gouv.fr dataset « Données de rapportage de la saison balnéaire » (published around June
// for the season before). The work is in src/sources/baignades/dataset/update.ts; this entry
// only supplies the paths, the API address and the date, and turns a failure into exit code 1.
import { resolve } from "node:path";
import { todayInParis } from "../src/core/shared/time.ts";
import { runBathingDataUpdate } from "../src/sources/baignades/dataset/update.ts";

const DEFAULT_API_URL = "https://www.data.gouv.fr/api/1";
const DATA_DIR = resolve(import.meta.dirname, "../src/sources/baignades/data");
const DATA_MODULE = resolve(import.meta.dirname, "../src/sources/baignades/data.ts");

const USAGE = `Usage : npm run data:baignades

Télécharge la dernière saison du jeu de données data.gouv.fr « Données de rapportage de la saison
balnéaire », écrit ${DATA_DIR}/baignades-<saison>.json et, si la saison change, ${DATA_MODULE}.
Rien n'est écrit si un fichier de la saison manque ou ne se lit pas.

Variable d'environnement : DATAGOUV_API_URL (par défaut ${DEFAULT_API_URL}).`;

if (import.meta.main) {
  if (process.argv.includes("--help") || process.argv.includes("-h")) {
    console.log(USAGE);
    process.exit(0);
  }
  try {
    const update = await runBathingDataUpdate({
      apiUrl: process.env.DATAGOUV_API_URL ?? DEFAULT_API_URL,
      fetch,
      dataDir: DATA_DIR,
      dataModulePath: DATA_MODULE,
      today: todayInParis(new Date()),
      log: (line) => console.log(line),
    });
    console.log(`Données des baignades à jour (saison ${update.season}).`);
  } catch (error) {
    console.error(`Échec de la mise à jour des baignades : ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
