// The docs tell the truth about themselves (issue 24, item 5): a README a newcomer can read, one
// decision index, no citation of a file that is not in the repository, no dead relative link.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { TTL_SECONDS } from "../../src/server/services/sources.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const DECISIONS = join(ROOT, "docs/decisions");

/** Every file under `directory` (relative to the root), recursively. */
function filesUnder(directory: string): string[] {
  return readdirSync(join(ROOT, directory), { recursive: true, encoding: "utf8" })
    .map((name) => join(directory, name))
    .filter((path) => statSync(join(ROOT, path)).isFile());
}

const markdownDocs = ["README.md", ...filesUnder("docs").filter((path) => path.endsWith(".md"))];

describe("the README stays a README", () => {
  it("is under 300 lines: benchmarks, known limits, tests, security and architecture detail live in docs/", () => {
    const lines = readFileSync(join(ROOT, "README.md"), "utf8").split("\n").length;
    expect(lines).toBeLessThan(300);
  });

  it("gives the two commands, and points to the generated configuration reference instead of keeping a table", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    const block = /## The two commands\s+```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? "";
    expect(
      block
        .split("\n")
        .filter(Boolean)
        .map((line) => line.split("#")[0]?.trim()),
    ).toEqual(["npm install && npm start", "npm test"]);
    expect(readme).toContain("](docs/configuration.md)");
    expect(readme).not.toMatch(/^\|\s*name\s*\|/m);
  });
});

describe("no comment or doc cites a file outside the repository", () => {
  // The team's notes outside the repository are not there for a newcomer: cite the repository's own
  // decision or doc instead. The names are built here so that this file does not match itself.
  const outside = [["ARCHITECTURE", "md"].join("."), ["TOOLCHAIN", "md"].join("."), ["DATA-SOURCES", "md"].join("."), ["/work", "shared"].join("/")];
  it.each(["src", "tests", "docs", "scripts", "workers"])("nothing under %s/ names the team's notes outside the repository", (directory) => {
    const offenders = filesUnder(directory)
      .filter((path) => /\.(ts|tsx|astro|md|mjs|js|json|css|toml|sh)$/.test(path))
      .flatMap((path) => {
        const text = readFileSync(join(ROOT, path), "utf8");
        return outside.filter((name) => text.includes(name)).map((name) => `${path}: ${name}`);
      });
    expect(offenders).toEqual([]);
  });

  it("nor does the README", () => {
    const text = readFileSync(join(ROOT, "README.md"), "utf8");
    expect(outside.filter((name) => text.includes(name))).toEqual([]);
  });
});

describe("one decision index", () => {
  it("docs/decisions/README.md lists every decision record", () => {
    const index = readFileSync(join(DECISIONS, "README.md"), "utf8");
    const records = readdirSync(DECISIONS).filter((name) => /^\d{3}-.+\.md$/.test(name));
    expect(records.length).toBeGreaterThan(0);
    expect(records.filter((name) => !index.includes(`](${name})`))).toEqual([]);
  });

  it("the README links to that index instead of keeping its own list", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    expect(readme).toContain("](docs/decisions/README.md)");
    const recordLinks = readme.match(/\]\(docs\/decisions\/\d{3}-[^)]+\)/g) ?? [];
    // A few decisions are cited inline where they explain a step; the list itself is gone.
    expect(recordLinks.length).toBeLessThan(10);
  });
});

describe("a changed decision gets a new record that supersedes the old one", () => {
  const records = readdirSync(DECISIONS)
    .filter((name) => /^\d{3}-.+\.md$/.test(name))
    .map((name) => ({ name, number: name.slice(0, 3), text: readFileSync(join(DECISIONS, name), "utf8") }));
  const byNumber = new Map(records.map((record) => [record.number, record]));
  type Relation = "Supersedes" | "Supersedes in part" | "Superseded by" | "Superseded in part by";
  const inverse: Record<Relation, Relation> = {
    Supersedes: "Superseded by",
    "Supersedes in part": "Superseded in part by",
    "Superseded by": "Supersedes",
    "Superseded in part by": "Supersedes in part",
  };
  /** The records a record names on its `Relation:` line, by number (the links must name the record's own file). */
  function related(text: string, relation: Relation): string[] {
    const line = new RegExp(`^${relation}: (.+)$`, "m").exec(text)?.[1] ?? "";
    return [...line.matchAll(/\[(\d{3})\]\((\d{3})-[^)]+\.md\)/g)].map((match) => {
      expect(match[1], `${relation}: ${match[0]}`).toBe(match[2]);
      return match[1] ?? "";
    });
  }

  it.each(records.map((record) => record.name))("%s has a status line, accepted or superseded", (name) => {
    const text = byNumber.get(name.slice(0, 3))?.text ?? "";
    expect(text).toMatch(/^# \d{3} .+\n\nStatus: (accepted|superseded) \(\d{4}-\d{2}-\d{2}/);
    // A record superseded whole says so in its status, and names what replaced it.
    expect(/^Status: superseded/m.test(text)).toBe(related(text, "Superseded by").length > 0);
  });

  it("every Supersedes / Superseded by names an existing record that names it back", () => {
    const problems: string[] = [];
    for (const record of records) {
      for (const relation of Object.keys(inverse) as Relation[]) {
        for (const other of related(record.text, relation)) {
          const target = byNumber.get(other);
          if (!target) problems.push(`${record.name}: ${relation} ${other}, no such record`);
          else if (!related(target.text, inverse[relation]).includes(record.number)) {
            problems.push(`${record.name}: ${relation} ${other}, but ${target.name} has no « ${inverse[relation]}: [${record.number}](…) »`);
          }
          if (relation.startsWith("Supersedes") && other >= record.number) problems.push(`${record.name}: supersedes the later ${other}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("an older record that says it was amended by another names it as its superseder", () => {
    const unnamed = records.flatMap((record) => {
      const status = /^Status: [\s\S]*?\n\n/m.exec(record.text)?.[0] ?? "";
      const amenders = [...status.matchAll(/amended (?:\d{4}-\d{2}-\d{2} )?by \[?(\d{3})/gi)].map((match) => match[1] ?? "");
      const named = related(record.text, "Superseded in part by").concat(related(record.text, "Superseded by"));
      return amenders.filter((number) => !named.includes(number)).map((number) => `${record.name}: amended by ${number}`);
    });
    expect(unnamed).toEqual([]);
  });
});

describe("every relative link of README.md and docs/ resolves", () => {
  it.each(markdownDocs)("%s", (path) => {
    const text = readFileSync(join(ROOT, path), "utf8").replace(/```[\s\S]*?```/g, "");
    const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? "");
    const broken = targets
      .filter((target) => !/^(https?:|mailto:|#)/.test(target))
      .map((target) => target.split("#")[0] ?? "")
      .filter((target) => !existsSync(resolve(dirname(join(ROOT, path)), target)))
      .map((target) => relative(ROOT, resolve(dirname(join(ROOT, path)), target)));
    expect(broken).toEqual([]);
  });
});

describe("docs/architecture.md tells the tree as it is", () => {
  const architecture = readFileSync(join(ROOT, "docs/architecture.md"), "utf8");
  /** the folders of src/, workers/ and scripts/, two levels down (src/core/radon), that hold code, not data */
  const folders = ["src", "workers", "scripts"].flatMap((top) =>
    readdirSync(join(ROOT, top), { recursive: true, encoding: "utf8" })
      .filter((name) => name.split("/").length <= 2 && statSync(join(ROOT, top, name)).isDirectory())
      .map((name) => join(top, name)),
  );
  it.each(folders)("names %s/", (folder) => {
    expect(architecture).toContain(`${folder.split("/").at(-1)}/`);
  });
  it("says how long a failed upstream call is remembered, as the code does", () => {
    expect(architecture).toContain(`a failure ${TTL_SECONDS.failure} s`);
  });
});
