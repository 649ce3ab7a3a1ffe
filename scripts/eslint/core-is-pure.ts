// `src/core` holds the domain rules: it takes `now` as a parameter and imports nothing but itself —
// no package (Hono, drizzle, libSQL, Astro, React, Resend, pdf-lib, zod…), no `node:*`, no
// `../server`, `../sources` or `../islands`. A path check rather than `no-restricted-imports`
// patterns, because whether `../../x` leaves the folder depends on how deep the importing file is.
import { dirname, relative, resolve } from "node:path";
import type { Rule } from "eslint";

const CORE = resolve(import.meta.dirname, "../../src/core");

function isInsideCore(path: string): boolean {
  const rest = relative(CORE, path);
  return rest === "" || (!rest.startsWith("..") && !rest.startsWith("/"));
}

export const coreIsPure: Rule.RuleModule = {
  meta: {
    type: "problem",
    docs: { description: "files under src/core import only files under src/core" },
    messages: {
      outside:
        "src/core is pure and imports only src/core (no package, no node:*, no server, sources or islands), not '{{source}}'. Pass what it needs in as a parameter.",
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
