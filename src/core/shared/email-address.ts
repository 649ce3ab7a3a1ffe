/**
 * The mailbox an address reaches, for counting emails and requests per person: lower case, the
 * `+tag` of the local part dropped (every domain: most providers deliver `name+x@` to `name@`),
 * and for Gmail the dots of the local part ignored and googlemail.com read as gmail.com — Gmail
 * delivers all those spellings to one mailbox. Only for limits and matching: emails are still
 * sent to the address as typed.
 */
export function normaliseRecipientAddress(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at <= 0) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (domain === "googlemail.com") domain = "gmail.com";
  if (domain === "gmail.com") local = local.replaceAll(".", "");
  return `${local}@${domain}`;
}

/**
 * The mailbox domains most used in France, as people spell them. A typed domain close to one of
 * these (and not itself one of them) is probably a typo: « gmial.com » for « gmail.com ».
 */
const KNOWN_DOMAINS: readonly string[] = [
  "gmail.com",
  "hotmail.fr",
  "hotmail.com",
  "outlook.fr",
  "outlook.com",
  "live.fr",
  "yahoo.fr",
  "yahoo.com",
  "icloud.com",
  "orange.fr",
  "wanadoo.fr",
  "free.fr",
  "laposte.net",
  "sfr.fr",
  "neuf.fr",
  "bbox.fr",
];

/** The largest edit distance (insertions, deletions, substitutions, swaps of neighbours) read as a typo. */
const MAX_TYPO_DISTANCE = 2;

/** Optimal string alignment distance: Levenshtein where swapping two neighbouring letters counts one. */
function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/** Real mailbox domains close to a known one, never « corrected » (mail.com is not a typo of gmail.com). */
const OTHER_REAL_DOMAINS: readonly string[] = [
  "mail.com",
  "ymail.com",
  "gmx.fr",
  "gmx.com",
  "aol.com",
  "aol.fr",
  "msn.com",
  "live.com",
  "me.com",
  "mac.com",
  "proton.me",
  "protonmail.com",
];

/** Mistyped top-level domains and what was meant (« .con » → « .com », « .f » → « .fr »). */
const TLD_TYPOS: ReadonlyMap<string, string> = new Map([
  ["con", "com"],
  ["cm", "com"],
  ["cmo", "com"],
  ["ocm", "com"],
  ["vom", "com"],
  ["xom", "com"],
  ["f", "fr"],
  ["ft", "fr"],
  ["frr", "fr"],
  ["nte", "net"],
]);

function splitDomain(domain: string): { name: string; tld: string } {
  const dot = domain.lastIndexOf(".");
  return { name: domain.slice(0, dot), tld: domain.slice(dot + 1) };
}

/**
 * The known domain a typed one is closest to, preferring the same top-level domain on a tie
 * (« hotmial.fr » → hotmail.fr). A known name under another real top-level domain (« yahoo.es »)
 * is not a typo: only the names are compared for closeness, the TLD is fixed only from TLD_TYPOS.
 */
function closestKnownDomain(domain: string): string | null {
  const typed = splitDomain(domain);
  let best: { domain: string; distance: number; sameTld: boolean } | null = null;
  for (const known of KNOWN_DOMAINS) {
    const candidate = splitDomain(known);
    if (candidate.name === typed.name) continue;
    const distance = editDistance(domain, known);
    if (distance > MAX_TYPO_DISTANCE) continue;
    const sameTld = candidate.tld === typed.tld;
    if (!best || distance < best.distance || (distance === best.distance && sameTld && !best.sameTld)) best = { domain: known, distance, sameTld };
  }
  return best?.domain ?? null;
}

/**
 * The address with its domain corrected when the domain looks like a typo of a common French
 * mailbox domain (« jean.dupont@gmial.com » → « jean.dupont@gmail.com », « @orange.f » →
 * « @orange.fr », « @exemple.con » → « @exemple.com »), or null when it looks right, is not close
 * to a known one, or is not an address yet. Only a suggestion: the address as typed stays valid.
 */
export function suggestEmailCorrection(email: string): string | null {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf("@");
  if (at <= 0 || at === trimmed.length - 1) return null;
  const domain = trimmed.slice(at + 1).toLowerCase();
  if (!domain.includes(".") || KNOWN_DOMAINS.includes(domain) || OTHER_REAL_DOMAINS.includes(domain)) return null;
  const { name, tld } = splitDomain(domain);
  const fixedTld = TLD_TYPOS.get(tld);
  const tldFixed = fixedTld && name ? `${name}.${fixedTld}` : null;
  const corrected = (tldFixed && KNOWN_DOMAINS.includes(tldFixed) ? tldFixed : null) ?? closestKnownDomain(domain) ?? tldFixed;
  return corrected ? `${trimmed.slice(0, at)}@${corrected}` : null;
}

/**
 * The names reserved so that they never reach a real mailbox: the top-level domains of RFC 2606
 * (test, example, invalid, localhost), RFC 6761's special-use names, local (RFC 6762, multicast
 * DNS) and onion (RFC 7686, not reachable by ordinary mail); and the second-level example.com,
 * example.net and example.org (RFC 2606 § 3). An e-mail sent there bounces at best, and every
 * bounce counts against the sending domain's reputation (issue 39).
 */
const RESERVED_MAIL_DOMAIN = /(^|\.)(test|example|invalid|localhost|local|onion|example\.(com|net|org))$/;

export const UNDELIVERABLE_ADDRESS_MESSAGE = "Cette adresse ne peut pas recevoir d'e-mails\u00a0: vérifiez le nom de domaine après «\u00a0@\u00a0».";

/** The domain of an address as DNS reads it: lower case, without a final dot; null when there is none. */
export function mailDomainOf(email: string): string | null {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf("@");
  if (at <= 0 || at === trimmed.length - 1) return null;
  return trimmed
    .slice(at + 1)
    .toLowerCase()
    .replace(/\.+$/, "");
}

/** True when the address's domain is one of the reserved names above (or under one): no mail can ever reach it. */
export function isReservedMailDomain(email: string): boolean {
  const domain = mailDomainOf(email);
  return domain !== null && RESERVED_MAIL_DOMAIN.test(domain);
}
