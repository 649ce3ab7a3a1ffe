// `npm run lint` fails on any import circle in src/ and workers/, type imports included
// (scripts/check-import-circles.ts): the checker run on small modules written to a temporary
// folder, and on the project itself.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { describeImportCircles, findImportCircles } from "../../../scripts/check-import-circles.ts";

const ROOT = resolve(import.meta.dirname, "../../..");
let directory: string | undefined;

afterEach(() => {
  if (directory) rmSync(directory, { recursive: true, force: true });
  directory = undefined;
});

function circlesOf(modules: Record<string, string>) {
  directory = mkdtempSync(join(tmpdir(), "zone-sante-circles-"));
  for (const [name, text] of Object.entries(modules)) {
    mkdirSync(dirname(join(directory, name)), { recursive: true });
    writeFileSync(join(directory, name), text);
  }
  return findImportCircles(directory, ["src", "workers"]);
}

describe("import circles, type imports included", () => {
  it("finds a circle closed only by `import type`, and names its files", () => {
    const circles = circlesOf({
      "src/deps.ts": 'import type { Mailer } from "./mailer.ts";\nexport interface AppDeps { mailer: Mailer }\n',
      "src/mailer.ts": 'import type { AppDeps } from "./deps.ts";\nexport interface Mailer { send(deps: AppDeps): void }\n',
      "src/leaf.ts": 'import type { AppDeps } from "./deps.ts";\nexport const use = (deps: AppDeps) => deps;\n',
    });
    expect(circles).toEqual([{ files: ["src/deps.ts", "src/mailer.ts"], path: ["src/deps.ts", "src/mailer.ts"] }]);
    expect(describeImportCircles(circles)).toContain("src/deps.ts\n    → src/mailer.ts\n    → src/deps.ts");
  });

  it('sees `import { type X }`, `export … from` and `import("…")` types through three modules', () => {
    const circles = circlesOf({
      "src/a.ts": 'import { type B } from "./b.ts";\nexport type A = { b: B };\n',
      "src/b.ts": 'export type { C as B } from "./c.ts";\n',
      "src/c.ts": 'export type C = import("./a.ts").A[];\n',
    });
    expect(circles.map((circle) => circle.files)).toEqual([["src/a.ts", "src/b.ts", "src/c.ts"]]);
  });

  it("resolves package.json `imports` aliases from workers/, every condition's target", () => {
    const circles = circlesOf({
      "package.json": JSON.stringify({ imports: { "#dataset": { workerd: "./workers/dataset.ts", default: "./src/dataset.ts" } } }),
      "src/dataset.ts": "export const read = () => 1;\n",
      "src/service.ts": 'import { read } from "#dataset";\nexport const serve = () => read();\n',
      "workers/dataset.ts": 'import type { serve } from "../src/service.ts";\nexport const read = (): ReturnType<typeof serve> => 1;\n',
    });
    expect(circles.map((circle) => circle.files)).toEqual([["src/service.ts", "workers/dataset.ts"]]);
  });

  it("reads an Astro component's frontmatter", () => {
    const circles = circlesOf({
      "src/Card.astro": '---\nimport type { Props as ListProps } from "./List.astro";\nexport type Props = { list: ListProps };\n---\n<p>card</p>\n',
      "src/List.astro": '---\nimport Card from "./Card.astro";\nexport type Props = { items: string[] };\n---\n<Card />\n',
    });
    expect(circles.map((circle) => circle.files)).toEqual([["src/Card.astro", "src/List.astro"]]);
  });

  it("accepts interfaces moved into a leaf that imports none of their users", () => {
    const circles = circlesOf({
      "src/ports.ts": "export interface Mailer { send(): void }\nexport interface AppDeps { mailer: Mailer }\n",
      "src/mailer.ts": 'import type { AppDeps, Mailer } from "./ports.ts";\nexport const createMailer = (_deps: AppDeps): Mailer => ({ send() {} });\n',
      "src/app.ts":
        'import type { AppDeps } from "./ports.ts";\nimport { createMailer } from "./mailer.ts";\nexport const start = (deps: AppDeps) => createMailer(deps);\n',
      "src/outside.ts": 'import { z } from "zod";\nimport content from "astro:content";\nexport const x = [z, content];\n',
    });
    expect(circles).toEqual([]);
  });

  // It parses every module of the project: seconds on a busy 2-core machine.
  it("finds no circle in src/ and workers/, and is part of `npm run lint`", () => {
    expect(describeImportCircles(findImportCircles(ROOT, ["src", "workers"]))).toBe("");
    const { scripts } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };
    expect(scripts.lint).toMatch(/^node scripts\/check-import-circles\.ts && /);
    expect(scripts.check).toContain("npm run lint");
  });
});
