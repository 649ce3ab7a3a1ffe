// No import cycle in `src/`, in the editor: import-x's `no-cycle`, with Node's resolution (every
// import names its `.ts` file). A cycle makes the load order decide what a module sees (a constant
// read before its module ran is undefined) and hides which module owns a concept. This rule skips
// type-only imports (it cannot be told otherwise); the gate that counts them too, in src/ and
// workers/, is scripts/check-import-circles.ts, run first by `npm run lint` (decision 081). One
// block, so that its test lints with exactly this setup.
import type { Linter } from "eslint";
import { createNodeResolver, importX } from "eslint-plugin-import-x";

const EXTENSIONS = [".ts", ".tsx", ".js", ".mjs"];

export function noImportCycles(files: string[]): Linter.Config {
  return {
    files,
    plugins: { "import-x": importX },
    settings: {
      // Without it import-x reads only `.js` files and sees no cycle through TypeScript.
      "import-x/extensions": EXTENSIONS,
      "import-x/resolver-next": [createNodeResolver({ extensions: [...EXTENSIONS, ".json"] })],
    },
    rules: { "import-x/no-cycle": "error" },
  };
}
