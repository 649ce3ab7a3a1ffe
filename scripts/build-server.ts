// `npm run build`'s last step: the Node server as one ES module, build/node/server.mjs, so that
// `npm start` runs no TypeScript at start-up and loads only what the server uses (decision 068).
// The libSQL client stays outside the bundle: it loads a native binary (`libsql`) for the platform.
// Everything else the server imports is bundled; the static site (dist/) and the migrations are
// read from the project folder at run time (src/server/project-root.ts).
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { build } from "esbuild";

const ROOT = resolve(import.meta.dirname, "..");
export const SERVER_BUNDLE = join(ROOT, "build", "node", "server.mjs");

mkdirSync(join(ROOT, "build", "node"), { recursive: true });
const result = await build({
  entryPoints: [join(ROOT, "workers", "node.ts")],
  outfile: SERVER_BUNDLE,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  external: ["@libsql/client", "libsql"],
  // Some bundled packages are CommonJS and call require() for Node's built-ins.
  banner: { js: 'import { createRequire as __zsCreateRequire } from "node:module"; const require = __zsCreateRequire(import.meta.url);' },
  legalComments: "linked",
  metafile: true,
  logLevel: "warning",
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
console.log(`Node server bundle: ${SERVER_BUNDLE.slice(ROOT.length + 1)} (${(bytes / 1024).toFixed(0)} KiB)`);
