// The Node the project needs, checked before anything else runs (`npm start`, `npm run build`):
// plain JavaScript, so that an older Node reads it and says so clearly instead of failing on the
// TypeScript it cannot run. The version comes from package.json's `engines` (.node-version names
// the exact one the project is tested on).
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

/** The message for a Node older than `engines` (">=MAJOR.MINOR.PATCH"), or null when it will do. */
export function nodeVersionProblem(version, enginesNode) {
  const required = /^>=\s*(\d+)\.(\d+)(?:\.(\d+))?$/.exec(enginesNode ?? "");
  if (!required) throw new Error(`package.json: engines.node must read ">=MAJOR.MINOR.PATCH", not ${JSON.stringify(enginesNode)}`);
  const need = required.slice(1, 4).map((part) => Number(part ?? 0));
  const have = version.replace(/^v/, "").split(".").map(Number);
  for (let index = 0; index < 3; index++) {
    if ((have[index] ?? 0) > need[index]) return null;
    if ((have[index] ?? 0) < need[index]) {
      const wanted = need.join(".");
      return [
        `Zone Santé a besoin de Node ${wanted} ou plus récent ; celui-ci est le ${version}.`,
        `Installez Node ${need[0]} (la version essayée est dans .node-version), ou lancez « npm install » sans --omit=dev : le paquet « node » des dépendances de développement fournit la bonne version.`,
        `(Zone Santé needs Node ${wanted} or newer; this is Node ${version}.)`,
      ].join("\n");
    }
  }
  return null;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { engines } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  const problem = nodeVersionProblem(process.versions.node, engines?.node);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
