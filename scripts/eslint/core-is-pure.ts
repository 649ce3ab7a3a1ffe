// `src/core` and `src/sections` hold the domain rules: they take `now` as a parameter and import
// nothing but each other —
// no package (Hono, drizzle, libSQL, Astro, React, Resend, pdf-lib, zod…), no `node:*`, no
// `../server`, `../sources` or `../islands`. A path check rather than `no-restricted-imports`
// patterns, because whether `../../x` leaves the folder depends on how deep the importing file is.
import { dirname, relative, resolve } from "node:path";
import type { Rule } from "eslint";

const PURE = [resolve(import.meta.dirname, "../../src/core"), resolve(import.meta.dirname, "../../src/sections")];

/** A section's `*.server.ts` files read its sources and are the server's: the rest of its folder is pure. */
function isInsideCore(path: string): boolean {
  if (path.endsWith(".server.ts")) return false;
  return PURE.some((folder) => {
    const rest = relative(folder, path);
    return rest === "" || (!rest.startsWith("..") && !rest.startsWith("/"));
  });
}

export const coreIsPure: Rule.RuleModule = {
  meta: {
    type: "problem",
    docs: { description: "files under src/core and src/sections (but *.server.ts) import only such files" },
    messages: {
      outside:
        "src/core and src/sections are pure and import only each other (no package, no node:*, no server, sources or islands), not '{{source}}'. Pass what it needs in as a parameter.",
    },
    schema: [],
  },
  create(context) {
    if (!isInsideCore(context.filename)) return {};
    const check = (node: { source?: unknown }) => {
      const source = node.source as { type: string; value?: unknown } | null | undefined;
      if (!source || source.type !== "Literal" || typeof source.value !== "string") return;
      const specifier = source.value;
      const local = specifier.startsWith("./") || specifier.startsWith("../");
      if (local && isInsideCore(resolve(dirname(context.filename), specifier))) return;
      context.report({ node: source as Rule.Node, messageId: "outside", data: { source: specifier } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
