// The pages' headers have one definition, dist/_headers (built from public/_headers): Cloudflare's
// static assets apply it, and the Node runtime applies the same file with this reader
// (static/node.ts). Only the part of Cloudflare's format the project uses: paths with `*` (any
// suffix) and `:name` (one segment), `Name: value` lines, `! Name` to drop a header an earlier
// rule set, `#` comments.

export interface HeaderRule {
  pattern: RegExp;
  detach: string[];
  set: Array<[name: string, value: string]>;
}

function patternOf(path: string): RegExp {
  const source = path
    .split(/(\*|:[A-Za-z]\w*)/)
    .map((part) => (part === "*" ? ".*" : part.startsWith(":") ? "[^/]+" : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(`^${source}$`);
}

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim() || line.trim().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: patternOf(line.trim()), detach: [], set: [] });
      continue;
    }
    const rule = rules.at(-1);
    if (!rule) throw new Error(`_headers : en-tête sans chemin (« ${line.trim()} »)`);
    const detached = /^\s*!\s*([\w-]+)\s*$/.exec(line);
    if (detached?.[1]) {
      rule.detach.push(detached[1]);
      continue;
    }
    const header = /^\s*([\w-]+)\s*:\s*(.*?)\s*$/.exec(line);
    if (!header?.[1]) throw new Error(`_headers : ligne illisible (« ${line.trim()} »)`);
    rule.set.push([header[1], header[2] ?? ""]);
  }
  return rules;
}

/** The headers of a page: every matching rule in order; a header set twice is joined with ", " (as Cloudflare does). */
export function headersForPath(rules: HeaderRule[], path: string): Headers {
  const normalised = path.length > 1 ? path.replace(/\/+$/, "") : path;
  const headers = new Headers();
  for (const rule of rules) {
    if (!rule.pattern.test(normalised)) continue;
    for (const name of rule.detach) headers.delete(name);
    for (const [name, value] of rule.set) headers.append(name, value);
  }
  return headers;
}
