// No import circle in `src/` and `workers/`, type imports included (decision 081). ESLint's
// import-x `no-cycle` skips `import type`, so a hub of interfaces that imports the modules which
// import it back closed a circle it never saw; this check reads every module reference with the
// TypeScript parser and counts them all: `import`, `import type`, `import { type X }`,
// `export … from`, `import("…")` (dynamic, and as a type), `import x = require("…")`. Specifiers are
// resolved the way Node and Vite do here: relative paths (every import names its `.ts` file), and
// package.json `imports` aliases (`#radon-dataset`), each condition's target counted (a circle on
// Workers is one too). Packages and `astro:*` modules are outside the graph. `.astro` files take
// part through their frontmatter and `<script>` blocks.
//
// `npm run lint` runs it; it prints every circle (a strongly connected group of modules) with one
// closed path through it, and exits 1 if there is any.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const SOURCE_EXTENSIONS = [".ts", ".tsx", ".mts", ".js", ".mjs", ".astro"];
const SKIPPED_FOLDERS = new Set(["node_modules", "dist", "build", ".astro", ".wrangler"]);

export interface ImportCircle {
  /** the modules of the circle, paths relative to the root, sorted */
  files: string[];
  /** one closed path through the circle: its first module is imported again by its last */
  path: string[];
}

/** Every module reference of a source text, as written (not resolved). */
export function listModuleSpecifiers(fileName: string, text: string): string[] {
  const scripts = fileName.endsWith(".astro") ? astroScripts(text) : [text];
  const specifiers: string[] = [];
  for (const script of scripts) {
    const kind = fileName.endsWith(".tsx") || fileName.endsWith(".astro") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const source = ts.createSourceFile(fileName, script, ts.ScriptTarget.Latest, false, kind);
    const visit = (node: ts.Node): void => {
      if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        specifiers.push(node.moduleSpecifier.text);
      } else if (
        ts.isImportEqualsDeclaration(node) &&
        ts.isExternalModuleReference(node.moduleReference) &&
        ts.isStringLiteral(node.moduleReference.expression)
      ) {
        specifiers.push(node.moduleReference.expression.text);
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
        specifiers.push(node.argument.literal.text);
      } else if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments[0] &&
        ts.isStringLiteralLike(node.arguments[0])
      ) {
        specifiers.push(node.arguments[0].text);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return specifiers;
}

/** The TypeScript of an Astro component: its frontmatter and its `<script>` blocks. */
function astroScripts(text: string): string[] {
  const scripts: string[] = [];
  const frontmatter = /^\s*---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  if (frontmatter?.[1]) scripts.push(frontmatter[1]);
  for (const match of text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) if (match[1]) scripts.push(match[1]);
  return scripts;
}

type ImportAliases = Record<string, string[]>;

/** package.json `imports`: each alias to every file its conditions name. */
function readImportAliases(root: string): ImportAliases {
  const packagePath = join(root, "package.json");
  if (!existsSync(packagePath)) return {};
  const { imports } = JSON.parse(readFileSync(packagePath, "utf8")) as { imports?: Record<string, unknown> };
  const aliases: ImportAliases = {};
  const targetsOf = (value: unknown): string[] =>
    typeof value === "string" ? [value] : value && typeof value === "object" ? Object.values(value).flatMap(targetsOf) : [];
  for (const [alias, value] of Object.entries(imports ?? {})) {
    // A wildcard alias would need pattern matching; none exists here, and one must not pass unseen.
    if (alias.includes("*")) throw new Error(`check-import-circles: the wildcard import alias ${alias} is not supported`);
    aliases[alias] = targetsOf(value).map((target) => resolve(root, target));
  }
  return aliases;
}

/** The files a specifier names, or none when it is a package or a virtual module. */
function resolveSpecifier(specifier: string, importer: string, aliases: ImportAliases): string[] {
  if (specifier.startsWith("#")) {
    const targets = aliases[specifier];
    if (!targets) throw new Error(`check-import-circles: ${importer} imports ${specifier}, which package.json "imports" does not define`);
    return targets;
  }
  if (!specifier.startsWith(".") && !specifier.startsWith("/")) return [];
  const base = resolve(dirname(importer), specifier.replace(/[?#].*$/, ""));
  const candidates = [
    base,
    ...SOURCE_EXTENSIONS.map((extension) => base + extension),
    ...SOURCE_EXTENSIONS.map((extension) => join(base, `index${extension}`)),
  ];
  const found = candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
  return found ? [found] : [];
}

function listSourceFiles(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : listSourceFiles(path);
    return SOURCE_EXTENSIONS.some((extension) => entry.name.endsWith(extension)) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

/** The import graph of the folders' modules: each file to the files of the folders it references. */
export function buildImportGraph(root: string, folders: string[]): Map<string, Set<string>> {
  const aliases = readImportAliases(root);
  const files = folders.flatMap((folder) => listSourceFiles(resolve(root, folder)));
  const inGraph = new Set(files);
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const targets = new Set<string>();
    for (const specifier of listModuleSpecifiers(file, readFileSync(file, "utf8"))) {
      for (const target of resolveSpecifier(specifier, file, aliases)) if (inGraph.has(target)) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Tarjan's strongly connected components of more than one module (or a module importing itself). */
function findCircularGroups(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let counter = 0;
  // Iterative, so that a long chain of imports cannot overflow the call stack.
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; targets: string[]; next: number }> = [];
    const enter = (node: string) => {
      index.set(node, counter);
      lowLink.set(node, counter);
      counter += 1;
      stack.push(node);
      onStack.add(node);
      work.push({ node, targets: [...(graph.get(node) ?? [])], next: 0 });
    };
    enter(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      if (frame.next < frame.targets.length) {
        const target = frame.targets[frame.next]!;
        frame.next += 1;
        if (!index.has(target)) enter(target);
        else if (onStack.has(target)) lowLink.set(frame.node, Math.min(lowLink.get(frame.node)!, index.get(target)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) lowLink.set(parent.node, Math.min(lowLink.get(parent.node)!, lowLink.get(frame.node)!));
      if (lowLink.get(frame.node) === index.get(frame.node)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.node);
        if (group.length > 1 || graph.get(frame.node)?.has(frame.node)) groups.push(group);
      }
    }
  }
  return groups;
}

/** The shortest closed path from the group's first module back to it, inside the group. */
function shortestClosedPath(graph: Map<string, Set<string>>, group: string[]): string[] {
  const members = new Set(group);
  const start = [...group].sort()[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  for (let head = 0; head < queue.length; head += 1) {
    const node = queue[head]!;
    for (const target of [...(graph.get(node) ?? [])].sort()) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(previous.get(path[0]!)!);
        return path;
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start];
}

/** Every import circle among the modules of `folders` (relative to `root`). */
export function findImportCircles(root: string, folders: string[]): ImportCircle[] {
  const graph = buildImportGraph(root, folders);
  const toRelative = (file: string) => relative(root, file).split(sep).join("/");
  return findCircularGroups(graph)
    .map((group) => ({ files: group.map(toRelative).sort(), path: shortestClosedPath(graph, group).map(toRelative) }))
    .sort((a, b) => (a.files[0]! < b.files[0]! ? -1 : 1));
}

export function describeImportCircles(circles: ImportCircle[]): string {
  return circles
    .map((circle, number) =>
      [
        `Import circle ${number + 1} of ${circles.length}: ${circle.files.length} modules (type imports count too)`,
        `  for example ${[...circle.path, circle.path[0]].join("\n    → ")}`,
        "  its modules:",
        ...circle.files.map((file) => `    ${file}`),
      ].join("\n"),
    )
    .join("\n\n");
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
  const circles = findImportCircles(root, ["src", "workers"]);
  if (circles.length > 0) {
    console.error(describeImportCircles(circles));
    console.error(
      `\n${circles.length} import circle(s) in src/ and workers/. Move the shared piece (often an interface) into a leaf module that imports none of the circle (decision 081).`,
    );
    process.exit(1);
  }
  console.log("No import circle in src/ and workers/ (type imports included).");
}
