// `npm run lint`. Recommended rules only, plus what this codebase relies on: promises are awaited
// (a dropped promise is an unhandled rejection in a Worker), hooks follow React's rules,
// `src/core` and `src/sections` stay pure (a section's `*.server.ts` aside), and `src/` has no import cycle
// (`npm run lint` first runs scripts/check-import-circles.ts, which counts type imports too and covers workers/).
// Formatting is Prettier's (`npm run format:check`, part of `npm run check`).
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig, globalIgnores } from "eslint/config";
import globals from "globals";
import tseslint from "typescript-eslint";
import { coreIsPure } from "./scripts/eslint/core-is-pure.ts";
import { noImportCycles } from "./scripts/eslint/no-import-cycles.ts";

export default defineConfig(
  globalIgnores(["dist/", "build/", ".astro/", ".wrangler/", ".data/", "test-results/", "playwright-report/", "migrations/", "worker-configuration.d.ts"]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/await-thenable": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    // The Worker's own files are checked against the Workers runtime types (tsconfig.worker.json).
    files: [
      "workers/cloudflare.ts",
      "workers/bathing-dataset.ts",
      "workers/radon-dataset.ts",
      "workers/commune-history.ts",
      "workers/ceilings-object.ts",
      "workers/worker-env.ts",
    ],
    languageOptions: { parserOptions: { projectService: false, project: "./tsconfig.worker.json", tsconfigRootDir: import.meta.dirname } },
  },
  {
    files: ["**/*.mjs"],
    languageOptions: { globals: globals.node },
  },
  {
    files: ["src/**/*.tsx"],
    // Only the rules: the package's exported `configs` do not match ESLint's Plugin type.
    plugins: { "react-hooks": { rules: reactHooks.rules } },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  noImportCycles(["src/**/*.{ts,tsx}"]),
  {
    files: ["src/core/**", "src/sections/**"],
    plugins: { "zone-sante": { rules: { "core-is-pure": coreIsPure } } },
    rules: { "zone-sante/core-is-pure": "error" },
  },
);
