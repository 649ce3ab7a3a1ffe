// Does the domain of an address typed at sign-up receive mail at all? Asked of a DNS-over-HTTPS
// resolver's JSON API (MX_CHECK_URL, e.g. https://cloudflare-dns.com/dns-query): a fetch, so it
// works on Node and on Workers alike. Only the domain leaves, never the address. It fails open:
// only a definite answer refuses — the domain does not exist (NXDOMAIN), or it has neither a mail
// server (MX, or only RFC 7505's « null MX ») nor an address to take mail at (A/AAAA, RFC 5321
// § 5.1) — and any error, timeout, SERVFAIL or odd answer lets the address through (decision 090).
import * as z from "zod";
import { mailDomainOf } from "../../core/shared/email-address.ts";
import { fetchBytes } from "../../sources/http.ts";
import type { AppDeps } from "../deps.ts";
import { createLogThrottle } from "../logger.ts";

/** A resolver that stopped answering is said once a minute, not by every sign-up. */
const inconclusiveLogThrottle = createLogThrottle(60_000);

/** Short: someone is waiting for the sign-up's answer; the whole check (up to three look-ups) fits in it. */
export const MX_CHECK_TIMEOUT_MS = 1500;
/** A domain's answer is kept a day (a new domain's mail servers rarely appear within the day someone signs up with it). */
export const MX_CHECK_CACHE_SECONDS = 24 * 3600;

const DNS_TYPES = { A: 1, MX: 15, AAAA: 28 } as const;
type DnsType = keyof typeof DNS_TYPES;

/** RFC 1035 RCODEs as the JSON API names them: NOERROR and NXDOMAIN are the only definite ones here. */
const NOERROR = 0;
const NXDOMAIN = 3;

const dnsJsonAnswer = z.object({
  Status: z.number().int(),
  Answer: z.array(z.object({ type: z.number().int(), data: z.string() })).optional(),
});

type Lookup = { kind: "records"; data: string[] } | { kind: "no-domain" } | { kind: "unknown" };

async function lookUp(url: string, domain: string, type: DnsType, deadlineMs: number): Promise<Lookup> {
  const timeoutMs = Math.max(1, Math.round(deadlineMs - performance.now()));
  const query = new URLSearchParams({ name: domain, type });
  const answer = await fetchBytes({ url: `${url}?${query}`, timeoutMs, accept: "application/dns-json" });
  if (!answer.ok) return { kind: "unknown" };
  let parsed: z.infer<typeof dnsJsonAnswer>;
  try {
    parsed = dnsJsonAnswer.parse(JSON.parse(new TextDecoder().decode(answer.data)));
  } catch {
    return { kind: "unknown" };
  }
  if (parsed.Status === NXDOMAIN) return { kind: "no-domain" };
  if (parsed.Status !== NOERROR) return { kind: "unknown" };
  // Only the records of the type asked (a CNAME chain comes with its own records first).
  return { kind: "records", data: (parsed.Answer ?? []).filter((record) => record.type === DNS_TYPES[type]).map((record) => record.data.trim()) };
}

/** RFC 7505: « 0 . » says the domain accepts no mail. */
const isNullMx = (data: string) => /^0\s+\.$/.test(data);

export type MailDomainCheck = "receives" | "no-mail" | "unknown";

async function askResolver(url: string, domain: string): Promise<MailDomainCheck> {
  const deadlineMs = performance.now() + MX_CHECK_TIMEOUT_MS;
  const mx = await lookUp(url, domain, "MX", deadlineMs);
  if (mx.kind === "no-domain") return "no-mail";
  if (mx.kind === "unknown") return "unknown";
  if (mx.data.length > 0) return mx.data.every(isNullMx) ? "no-mail" : "receives";
  // No MX: mail goes to the domain's own address, if it has one.
  const addresses = await Promise.all([lookUp(url, domain, "A", deadlineMs), lookUp(url, domain, "AAAA", deadlineMs)]);
  if (addresses.some((lookup) => lookup.kind === "records" && lookup.data.length > 0)) return "receives";
  return addresses.every((lookup) => lookup.kind !== "unknown") ? "no-mail" : "unknown";
}

/**
 * « no-mail » only on a definite answer; « unknown » (not kept) when the resolver could not say.
 * Without MX_CHECK_URL, always « unknown »: no call.
 */
export async function checkMailDomain(deps: Pick<AppDeps, "config" | "cache" | "log">, domain: string): Promise<MailDomainCheck> {
  const url = deps.config.MX_CHECK_URL;
  if (!url) return "unknown";
  const key = `mx-check:v1:${domain}`;
  const kept = await deps.cache.get<MailDomainCheck>(key);
  if (kept === "receives" || kept === "no-mail") return kept;
  const answer = await askResolver(url, domain);
  if (answer === "unknown") {
    // The domain is not logged: it can name a person (a family's own domain).
    const quiet = inconclusiveLogThrottle("mx-check");
    if (quiet !== null) deps.log({ level: "warn", message: "mx check inconclusive: addresses let through", fields: { quiet } });
    return answer;
  }
  await deps.cache.set(key, answer, MX_CHECK_CACHE_SECONDS);
  return answer;
}

/** True only when the resolver said for sure that the address's domain takes no mail. */
export async function refusesMail(deps: Pick<AppDeps, "config" | "cache" | "log">, email: string): Promise<boolean> {
  const domain = mailDomainOf(email);
  return domain !== null && (await checkMailDomain(deps, domain)) === "no-mail";
}
