// The project's root folder (package.json, migrations/, dist/, .data/), found from this module's
// own folder: the same answer when the server runs from source (src/server/) and from the Node
// bundle `npm run build` writes (build/node/, decision 068). Node only.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";

function findProjectRoot(from: string): string {
  for (let directory = from; ; directory = dirname(directory)) {
    if (existsSync(join(directory, "package.json")) && existsSync(join(directory, "migrations"))) return directory;
    if (dirname(directory) === directory) throw new Error(`Zone Santé's folder (package.json, migrations/) not found above ${from}`);
  }
}

export const PROJECT_ROOT = findProjectRoot(import.meta.dirname);
