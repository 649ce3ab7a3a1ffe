// `npm run lint` fails on an import cycle in src/: the rule block of eslint.config.ts, run on small
// modules written to a temporary folder, and the project's config applying it to src/.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { afterEach, describe, expect, it } from "vitest";
import { noImportCycles } from "../../../scripts/eslint/no-import-cycles.ts";

const ROOT = resolve(import.meta.dirname, "../../..");
let directory: string | undefined;

afterEach(() => {
  if (directory) rmSync(directory, { recursive: true, force: true });
  directory = undefined;
});

async function lintModules(modules: Record<string, string>): Promise<Array<{ file: string; rule: string | null }>> {
  directory = mkdtempSync(join(tmpdir(), "zone-sante-cycles-"));
  for (const [name, text] of Object.entries(modules)) writeFileSync(join(directory, name), text);
  const eslint = new ESLint({
    cwd: directory,
    overrideConfigFile: true,
    overrideConfig: [{ files: ["**/*.ts"], languageOptions: { parser: tseslint.parser } }, noImportCycles(["**/*.ts"])],
  });
  const results = await eslint.lintFiles(Object.keys(modules));
  return results.flatMap((result) => result.messages.map((message) => ({ file: result.filePath.slice(directory!.length + 1), rule: message.ruleId })));
}

describe("no import cycle", () => {
  it("reports both ends of a cycle between two modules", async () => {
    const problems = await lintModules({
      "ingest.ts": 'import { gate } from "./process.ts";\nexport const BUDGET = "b";\nexport const read = () => gate;\n',
      "process.ts": 'import { BUDGET } from "./ingest.ts";\nexport const gate = () => BUDGET;\n',
    });
    expect(problems).toEqual([
      { file: "ingest.ts", rule: "import-x/no-cycle" },
      { file: "process.ts", rule: "import-x/no-cycle" },
    ]);
  });

  it("reports a cycle through a third module", async () => {
    const problems = await lintModules({
      "a.ts": 'import { b } from "./b.ts";\nexport const a = () => b;\n',
      "b.ts": 'import { c } from "./c.ts";\nexport const b = () => c;\n',
      "c.ts": 'import { a } from "./a.ts";\nexport const c = () => a;\n',
    });
    expect(problems.map((problem) => problem.file).sort()).toEqual(["a.ts", "b.ts", "c.ts"]);
  });

  it("accepts a shared piece moved out of the cycle, and type-only imports", async () => {
    const problems = await lintModules({
      "gates.ts": "export const gate = () => undefined;\n",
      "ingest.ts": 'import { gate } from "./gates.ts";\nexport interface Changes { day: string }\nexport const read = () => gate;\n',
      "process.ts":
        'import { gate } from "./gates.ts";\nimport type { Changes } from "./ingest.ts";\nexport const run = (changes: Changes) => [gate, changes];\n',
    });
    expect(problems).toEqual([]);
  });

  it("is on for every TypeScript file of src/ in the project's config", async () => {
    const eslint = new ESLint({ cwd: ROOT, flags: ["unstable_native_nodejs_ts_config"] });
    for (const file of ["src/server/alerts/process.ts", "src/core/alerts/diff.ts", "src/islands/admin/AdminPanel.tsx"]) {
      const config = (await eslint.calculateConfigForFile(join(ROOT, file))) as { rules: Record<string, unknown> };
      expect(config.rules["import-x/no-cycle"], file).toEqual([2]);
    }
  });
});
