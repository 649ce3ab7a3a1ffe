// Page aliases (/home, /tarifs…) in Cloudflare's _redirects format, which Workers static assets
// obey; the Node runtime reads the same file with this parser.

export interface RedirectRule {
  from: string;
  to: string;
  status: 301 | 302 | 307 | 308;
}

/** Lines "from to [status]"; comments and blanks skipped; an unknown status reads as 302. */
export function parseRedirectsFile(text: string): RedirectRule[] {
  const rules: RedirectRule[] = [];
  for (const line of text.split("\n")) {
    const [from, to, code] = line.replace(/#.*/, "").trim().split(/\s+/);
    if (!from || !to) continue;
    const status = Number(code ?? 302);
    rules.push({ from, to, status: status === 301 || status === 307 || status === 308 ? status : 302 });
  }
  return rules;
}
