import * as z from "zod";
import { isLoopbackHost, parseAllowedHosts } from "./allowed-hosts.ts";
import { parseTrustedProxies } from "./client-ip.ts";

// All configuration is parsed here, once, from a plain record of strings (process.env on Node,
// the Worker's env bindings on Cloudflare). A missing or invalid value fails fast with a message
// naming the variable — never a silent default for a secret.

const url = (fallback: string) =>
  z
    .string()
    .trim()
    .default(fallback)
    .pipe(z.url({ protocol: /^https?$/, error: "doit être une URL http(s) valide" }))
    .transform((value) => value.replace(/\/+$/, ""));

/** calls per minute (a fraction is allowed: 0,5 is one call every two minutes) */
const callRate = (fallback: number) => z.coerce.number().positive("doit être un nombre positif").default(fallback);

/** a count per window */
const ceiling = (fallback: number) => z.coerce.number().int("doit être un nombre entier").min(1, "doit valoir au moins 1").default(fallback);

const optionalSecret = z
  .string()
  .trim()
  .min(1)
  .optional()
  .transform((value) => value || undefined);

/** Where docs/configuration.md lists a key (scripts/config-reference.ts writes it from these descriptions). */
export type ConfigGroup = "server" | "database" | "accounts" | "email" | "sources" | "limits" | "alerts";

/** A key's documentation, kept in the schema so that the reference and `.env.example` cannot drift from it. */
const doc = (group: ConfigGroup, description: string) => ({ group, description });

export const configSchema = z.object({
  NODE_ENV: z
    .enum(["development", "production", "test"])
    .default("development")
    .meta(
      doc(
        "server",
        "`production` requires APP_SECRET and RESEND_API_KEY and refuses DEV_OUTBOX. The Worker runs with `production` (wrangler.toml); `test` is the test suites'.",
      ),
    ),
  PORT: z.coerce.number().int().min(1).max(65535).default(4321).meta(doc("server", "Node only: the server's port.")),
  HOST: z
    .string()
    .trim()
    .min(1)
    .default("127.0.0.1")
    .meta(doc("server", "Node only: the bind address (loopback by default; `0.0.0.0` or `::` to listen on every interface).")),
  SITE_URL: url("http://127.0.0.1:4321").meta(
    doc(
      "server",
      "The site's public address: absolute links in e-mails, the Google redirect, the only origin allowed to send non-GET requests; https turns on HSTS. Set it in production. Unset outside production it is built from HOST and PORT (a wildcard HOST reads as 127.0.0.1), so that `PORT=4511 npm run demo` accepts its own forms.",
    ),
  ),
  DATABASE_URL: z
    .string()
    .trim()
    .default("file:.data/local.db")
    .refine((value) => /^(file:|libsql:|https?:|wss?:)/.test(value), "doit commencer par file:, libsql:, http(s): ou ws(s):")
    .meta(
      doc(
        "database",
        "libSQL URL: `file:` for the embedded database (created 0600 in a 0700 directory, decision 059), `libsql://…` for Turso. On Workers only http(s)/ws(s) URLs work.",
      ),
    ),
  DATABASE_AUTH_TOKEN: optionalSecret.meta(
    doc("database", "Secret: the Turso token, required with a `libsql://` DATABASE_URL. On Workers: `wrangler secret put`."),
  ),
  APP_SECRET: z
    .string()
    .min(32, "doit contenir au moins 32 caractères")
    .optional()
    .meta(
      doc(
        "accounts",
        "Secret: the HMAC and hash key of codes, links and sessions, at least 32 characters. A local Node start without it generates one into `.data/app-secret` (0600).",
      ),
    ),
  RESEND_API_KEY: optionalSecret.meta(
    doc(
      "email",
      "Secret: the Resend API key. Without it (Node, outside production) e-mails are not sent: they are kept in the `dev_outbox` table, and the start-up log says so.",
    ),
  ),
  RESEND_BASE_URL: url("https://api.resend.com").meta(doc("email", "The Resend API (tests point it at a local fake).")),
  MAIL_FROM: z.string().trim().default("Zone Santé <alertes@zone-sante.fr>").meta(doc("email", "The sender of every e-mail.")),
  ADMIN_EMAILS: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .meta(doc("accounts", "Comma-separated e-mail addresses whose accounts are admins.")),
  GOOGLE_CLIENT_ID: optionalSecret.meta(
    doc(
      "accounts",
      "Google sign-in's OAuth client (both or neither with GOOGLE_CLIENT_SECRET); the button is hidden when unset. Redirect URI: `${SITE_URL}/api/auth/google/callback`.",
    ),
  ),
  GOOGLE_CLIENT_SECRET: optionalSecret.meta(doc("accounts", "Secret: Google sign-in's client secret (both or neither with GOOGLE_CLIENT_ID).")),
  GOOGLE_AUTH_URL: url("https://accounts.google.com/o/oauth2/v2/auth").meta(
    doc("accounts", "Google's authorization endpoint, configurable so tests can point it at a local fake."),
  ),
  GOOGLE_TOKEN_URL: url("https://oauth2.googleapis.com/token").meta(doc("accounts", "Google's token endpoint, configurable for the tests' fake.")),
  GOOGLE_ISSUER: z.string().trim().default("https://accounts.google.com").meta(doc("accounts", "The `iss` a Google ID token must carry.")),
  PWNED_PASSWORDS_URL: z
    .string()
    .trim()
    .pipe(z.url({ protocol: /^https?$/, error: "doit être une URL http(s) valide" }))
    .transform((value) => value.replace(/\/+$/, ""))
    .optional()
    .meta(
      doc(
        "accounts",
        "Have I Been Pwned's Pwned Passwords range API (`https://api.pwnedpasswords.com`, set in wrangler.toml for production), asked with the first 5 hex digits of a password's SHA-1 only; unset: no check. Fails open (decision 057).",
      ),
    ),
  MX_CHECK_URL: z
    .string()
    .trim()
    .pipe(z.url({ protocol: /^https?$/, error: "doit être une URL http(s) valide" }))
    .optional()
    .meta(
      doc(
        "email",
        "A DNS-over-HTTPS JSON endpoint (`https://cloudflare-dns.com/dns-query`, set in wrangler.toml for production) asked whether a sign-up's mail domain exists and has mail servers (MX, else A/AAAA); only the domain leaves. Unset: no check. Refuses only a definite « no such domain » or « no mail server »; any error, timeout or SERVFAIL lets the address through (decision 090).",
      ),
    ),
  BAN_API_URL: url("https://data.geopf.fr/geocodage").meta(doc("sources", "Base Adresse Nationale (Géoplateforme): `/search`, `/reverse`.")),
  HUBEAU_API_URL: url("https://hubeau.eaufrance.fr/api/v1/qualite_eau_potable").meta(
    doc("sources", "Hub'Eau drinking water (the ARS's sanitary control): `/communes_udi`, `/resultats_dis`."),
  ),
  VIGIEAU_API_URL: url("https://api.vigieau.gouv.fr/api").meta(doc("sources", "VigiEau's drought restrictions: `/zones`.")),
  ATMO_WFS_URL: url("https://data.atmo-france.org/geoserver/ind/ows").meta(doc("sources", "Atmo France's ATMO index WFS, layer `ind:ind_atmo_2021`.")),
  POLLEN_WFS_URL: url("https://data.atmo-france.org/geoserver/ind_pol/ows").meta(
    doc("sources", "The indice pollen's national WFS (no account), layer `ind_pol:ind_national_pol` (decision 070)."),
  ),
  OPENMETEO_API_URL: url("https://air-quality-api.open-meteo.com/v1").meta(
    doc("sources", "Open-Meteo's air-quality API (`/air-quality`): the Copernicus CAMS model, used when no official ATMO index is published."),
  ),
  OPENMETEO_FORECAST_URL: url("https://api.open-meteo.com/v1").meta(
    doc(
      "sources",
      "Open-Meteo's weather forecast API (`/forecast?daily=uv_index_max`): the day's maximum UV index, a model forecast labelled as such (decision 069).",
    ),
  ),
  GEO_API_URL: url("https://geo.api.gouv.fr").meta(
    doc("sources", "API Géo (découpage administratif): a commune's intercommunality, for the EPCI's ATMO index."),
  ),
  METEOFRANCE_API_KEY: optionalSecret.meta(
    doc(
      "sources",
      "Secret: Météo-France's API portal key for « Données Publiques Vigilance » (free, portail-api.meteofrance.fr), never logged. Unset: the weather-warnings section says it is not configured, and Météo-France is never asked (decision 071).",
    ),
  ),
  METEOFRANCE_VIGILANCE_URL: url("https://public-api.meteofrance.fr/public/DPVigilance/v1").meta(
    doc("sources", "The vigilance API's base: the national map is `{base}/cartevigilance/encours`, one call for every département."),
  ),
  UPSTREAM_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(30_000)
    .default(2500)
    .meta(doc("sources", "The timeout of each upstream call, body included, in milliseconds.")),
  BAIGNADES_URL: url("https://baignades.sante.gouv.fr/baignades").meta(
    doc(
      "sources",
      "The ministry's bathing-water portal (`siteList.do`, `consultSite.do`): slow, so read in the background and by the alert run, never on a report's critical path.",
    ),
  ),
  BAIGNADES_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(60_000)
    .default(20_000)
    .meta(doc("sources", "The timeout of one bathing-water portal page, in milliseconds.")),
  RATE_LIMIT_REPORT_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .default(60)
    .meta(doc("limits", "Reports one client (IP, IPv6 by /64) may ask for per minute; raised only by benchmarks.")),
  RATE_LIMIT_GEOCODE_PER_MINUTE: z.coerce.number().int().min(1).default(120).meta(doc("limits", "Address searches one client may make per minute.")),
  UPSTREAM_BAN_PER_MINUTE: callRate(600).meta(
    doc(
      "limits",
      "The service's calls per minute to the BAN, whoever asks (decision 058): a token bucket holding 5 minutes of the rate, per process on Node, one for every isolate on Workers (a Durable Object, decision 089). The alert run's calls count but are never refused; visitors' calls past it get the last good answer or « indisponible ». A fraction is allowed (0.5: one call every two minutes).",
    ),
  ),
  UPSTREAM_HUBEAU_PER_MINUTE: callRate(300).meta(doc("limits", "The service's calls per minute to Hub'Eau (as UPSTREAM_BAN_PER_MINUTE).")),
  UPSTREAM_VIGIEAU_PER_MINUTE: callRate(10).meta(
    doc(
      "limits",
      "The service's calls per minute to VigiEau. VigiEau allows about 300 calls per 15 minutes for the whole service: at 10 a minute (a burst of 50), any 15 minutes hold at most 50 + 150 calls, or 50 + 180 while the alert run spends at ALERT_VIGIEAU_PER_SECOND's 0.2.",
    ),
  ),
  UPSTREAM_ATMO_PER_MINUTE: callRate(300).meta(doc("limits", "The service's calls per minute to Atmo France's ATMO index WFS.")),
  UPSTREAM_POLLEN_PER_MINUTE: callRate(300).meta(doc("limits", "The service's calls per minute to the indice pollen WFS.")),
  UPSTREAM_OPENMETEO_PER_MINUTE: callRate(6).meta(
    doc(
      "limits",
      "The service's calls per minute to Open-Meteo, shared by its air-quality and forecast (UV) hosts; its free API asks for under 10 000 calls a day.",
    ),
  ),
  UPSTREAM_GEO_PER_MINUTE: callRate(300).meta(doc("limits", "The service's calls per minute to API Géo.")),
  UPSTREAM_BAIGNADES_PER_MINUTE: callRate(30).meta(doc("limits", "The service's calls per minute to the bathing-water portal.")),
  UPSTREAM_METEOFRANCE_PER_MINUTE: callRate(6).meta(
    doc(
      "limits",
      "The service's calls per minute to Météo-France: the portal allows 60 a minute per key, and one national map serves everyone for 10 minutes.",
    ),
  ),
  CACHE_MAX_MB: z.coerce
    .number()
    .int("doit être un nombre entier de Mio")
    .min(8, "doit valoir au moins 8 (Mio)")
    .default(64)
    .meta(
      doc(
        "server",
        "Node only: the byte budget of the in-process cache of upstream answers (lru-cache, decision 066), in MiB of their JSON, about what they take on the heap (64 MiB of Hub'Eau-shaped answers take +51 MiB, tests/bench/cache-memory.ts). 64 keeps a big city's ~12 MiB answer (an entry may take a quarter) and leaves the server's 200 MB peak room.",
      ),
    ),
  EMAIL_GLOBAL_PER_MINUTE: ceiling(20).meta(
    doc(
      "email",
      "E-mails a stranger can start (sign-up and alert sign-up confirmations, reports…) that the whole service sends per minute, counted in the database, so across Workers isolates (decision 058). The daily alert digests are not counted.",
    ),
  ),
  EMAIL_GLOBAL_PER_HOUR: ceiling(200).meta(doc("email", "The same budget per hour.")),
  EMAIL_GLOBAL_PER_DAY: ceiling(1000).meta(doc("email", "The same budget per day.")),
  EMAIL_SECURITY_PER_MINUTE: ceiling(30).meta(
    doc(
      "email",
      "Security e-mails (sign-in codes from the owner's browser, account notices) per minute, on their own budget, which the others can never spend.",
    ),
  ),
  EMAIL_SECURITY_PER_HOUR: ceiling(300).meta(doc("email", "The security budget per hour.")),
  EMAIL_SECURITY_PER_DAY: ceiling(2000).meta(doc("email", "The security budget per day.")),
  EMAIL_OUTBOX_LEASE_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(3_600_000)
    .default(120_000)
    .meta(
      doc(
        "email",
        "How long a sender of the durable outbox holds an e-mail it is sending (decision 093): past it, another sender (or the next start after a crash) may try it again, once, by its idempotency key. Longer than a send (10 s) and a task's run.",
      ),
    ),
  EMAIL_OUTBOX_RETRY_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3600)
    .default(10)
    .meta(
      doc(
        "email",
        "The durable outbox's first retry delay (decision 093), doubled at each failed attempt up to an hour: Node's drainer and the Worker's e-mail queue (`message.retry`).",
      ),
    ),
  PDF_GLOBAL_PER_MINUTE: ceiling(120).meta(
    doc(
      "limits",
      "PDF reports the whole service renders per minute (database counter); beyond, 503 with Retry-After. Each client may take an eighth of it (at least 2; beyond, 429), and public PDFs stop a quarter before it, kept for account PDFs (decision 089).",
    ),
  ),
  PDF_MAX_CONCURRENT: z.coerce
    .number()
    .int("doit être un nombre entier")
    .min(1, "doit valoir au moins 1")
    .default(4)
    .meta(
      doc(
        "limits",
        "PDF reports rendered at once, per process on Node, for the whole service on Workers (a Durable Object); one per client, a quarter kept for account PDFs; beyond, 503 with Retry-After (decision 089).",
      ),
    ),
  ALERT_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(4).meta(doc("alerts", "Communes the daily alert run processes at once.")),
  ALERT_HUBEAU_PER_SECOND: z.coerce.number().min(0).default(8).meta(doc("alerts", "Calls per second the alert run allows itself to Hub'Eau (0: no spacing).")),
  ALERT_VIGIEAU_PER_SECOND: z.coerce
    .number()
    .min(0)
    .default(0.2)
    .meta(
      doc(
        "alerts",
        "The alert run's calls per second to VigiEau (0: no spacing): 12 a minute, its share while the web's calls are refused (UPSTREAM_VIGIEAU_PER_MINUTE).",
      ),
    ),
  ALERT_ATMO_PER_SECOND: z.coerce.number().min(0).default(5).meta(doc("alerts", "The alert run's calls per second to the ATMO WFS (0: no spacing).")),
  ALERT_BAIGNADES_PER_SECOND: z.coerce
    .number()
    .min(0)
    .default(1)
    .meta(doc("alerts", "The alert run's calls per second to the bathing-water portal (0: no spacing).")),
  ALERT_ATMO_PAGE_SIZE: z.coerce
    .number()
    .int()
    .min(1)
    .max(50_000)
    .default(5000)
    .meta(doc("alerts", "ATMO features per WFS page in the run's bulk read (decision 048).")),
  ALERT_HUBEAU_PAGE_SIZE: z.coerce
    .number()
    .int()
    .min(1)
    .max(20_000)
    .default(20_000)
    .meta(doc("alerts", "Hub'Eau results per page in the run's bulk read of sample dates (decision 048).")),
  ALERT_HUBEAU_RESULTS_PAGE_SIZE: z.coerce
    .number()
    .int()
    .min(1)
    .max(20_000)
    .default(10_000)
    .meta(doc("alerts", "Hub'Eau results per page when every field is asked (decision 049): ~6 MB of JSON a page, one such read at a time.")),
  ALERT_HUBEAU_LOOKBACK_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(400)
    .default(100)
    .meta(
      doc(
        "alerts",
        "How many days before the last complete read the bulk Hub'Eau read starts: samples are published a month or two after they are taken, so « newer than the last run » by sample date would miss them.",
      ),
    ),
  ALERT_HUBEAU_SEED_MIN_COMMUNES: z.coerce
    .number()
    .int()
    .min(1)
    .default(5)
    .meta(
      doc(
        "alerts",
        "A département with at least this many watched communes without a water digest reads its whole year once to build them (decision 049); fewer are read per commune, which seeds them.",
      ),
    ),
  ALERT_VIGIEAU_FIRST_READS_PER_RUN: z.coerce
    .number()
    .int()
    .min(0)
    .default(1000)
    .meta(
      doc(
        "alerts",
        "Per-commune VigiEau reads a run may spend on first judgements (communes whose subjects have no drought state yet, in a département with zones in force); changes are always read, the rest wait for the next run.",
      ),
    ),
  ALERT_RETRY_DELAY_SECONDS: z.coerce
    .number()
    .int("doit être un nombre entier de secondes")
    .min(0, "doit valoir au moins 0 (secondes)")
    .max(43_200, "doit valoir au plus 43200 (secondes, 12 heures)")
    .default(60)
    .meta(
      doc(
        "alerts",
        "Workers only: how long a failed alert queue message waits before its next delivery (an upstream or Turso hiccup passes), at most 12 hours, Cloudflare Queues' longest delay; after wrangler.toml's `max_retries` it goes to the dead-letter queue.",
      ),
    ),
  PASSWORD_HASH_COST: z
    .enum(["production", "test"])
    .default("production")
    .meta(doc("accounts", "`test`: the test suites' cheap password hashing (src/server/auth/password.ts); refused outside NODE_ENV=test.")),
  ALERT_RUN_HEARTBEAT_MS: z.coerce
    .number()
    .int("doit être un nombre entier de millisecondes")
    .min(100, "doit valoir au moins 100 (millisecondes)")
    .max(600_000, "doit valoir au plus 600000 (millisecondes, 10 minutes)")
    .default(15_000)
    .meta(
      doc(
        "alerts",
        "How often a running alert run writes its heartbeat (`alert_runs.heartbeat_at_ms`); a run silent for 3 beats (45 s by default) is dead: its lock is free and Node's scheduler catches it up (decision 076).",
      ),
    ),
  ALERTS_SCHEDULER: z
    .enum(["on", "off"])
    .default("on")
    .meta(doc("alerts", "Node only: `off` disables the in-process daily run at 17:00 Paris time (the tests set it).")),
  TRUSTED_PROXIES: z
    .string()
    .default("")
    .transform((value, context) => {
      try {
        return parseTrustedProxies(value);
      } catch (error) {
        context.addIssue({ code: "custom", message: error instanceof Error ? error.message : "liste invalide" });
        return z.NEVER;
      }
    })
    .meta(
      doc(
        "server",
        "Node only: comma-separated IPs or CIDRs of reverse proxies whose `X-Forwarded-For` is believed; empty: the socket peer is the client (Workers use `CF-Connecting-IP`).",
      ),
    ),
  DEV_OUTBOX: z
    .enum(["on", "off"])
    .default("off")
    .meta(
      doc(
        "email",
        "Node only: `on` serves the local outbox at `/dev/mails` (every code and link in clear), only outside production and with a loopback HOST and SITE_URL. `npm run demo` and `npm run dev` set it.",
      ),
    ),
  ALLOWED_HOSTS: z
    .string()
    .default("")
    .transform((value, context) => {
      try {
        return parseAllowedHosts(value);
      } catch (error) {
        context.addIssue({ code: "custom", message: error instanceof Error ? error.message : "liste invalide" });
        return z.NEVER;
      }
    })
    .meta(
      doc(
        "server",
        "Node only (decision 059): comma-separated host names, without port, the server answers to besides SITE_URL's, the loopback names and a single bind address; any other Host gets a 421 (DNS rebinding).",
      ),
    ),
  SERVER_HEADERS_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(300_000)
    .default(10_000)
    .meta(
      doc(
        "server",
        "Node only: how long a client may take to send its headers (slow clients), at most SERVER_REQUEST_TIMEOUT_MS; a connection that sends nothing is cut after it too (decision 092).",
      ),
    ),
  SERVER_REQUEST_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(600_000)
    .default(30_000)
    .meta(doc("server", "Node only: how long a client may take to send its whole request; 408 after.")),
  SERVER_KEEP_ALIVE_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(600_000)
    .default(5000)
    .meta(
      doc(
        "server",
        "Node only: an idle keep-alive connection is closed after this (behind a proxy that reuses connections, set it above the proxy's idle timeout).",
      ),
    ),
  SERVER_MAX_CONNECTIONS: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(512)
    .meta(doc("server", "Node only: open connections at once; beyond, new ones are dropped (and logged).")),
  SERVER_MAX_CONNECTIONS_PER_CLIENT: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(32)
    .meta(
      doc(
        "server",
        "Node only (decision 092): open connections at once from one client (an IPv4 address, an IPv6 /64); beyond, its idle keep-alive connection is closed to make room, else the new one gets a 429 and is closed. The proxies of TRUSTED_PROXIES are not counted (every visitor comes through them).",
      ),
    ),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  readonly issues: string[];
  constructor(issues: string[]) {
    super(`Configuration invalide :\n${issues.map((issue) => `  - ${issue}`).join("\n")}`);
    this.name = "ConfigError";
    this.issues = issues;
  }
}

/** A wildcard bind address is no address a browser can open: the local site is then at 127.0.0.1. */
const WILDCARD_HOSTS = new Set(["0.0.0.0", "::", "[::]"]);

/**
 * The address a local run is opened at when SITE_URL is not set: the server's own HOST and PORT, so
 * that a run on another port (`PORT=4511 npm run demo`) accepts its own forms; a loopback name kept
 * as written (localhost stays localhost), a wildcard bind read as 127.0.0.1.
 */
export function localSiteUrl(host: string, port: number): string {
  const name = WILDCARD_HOSTS.has(host) ? "127.0.0.1" : host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
  try {
    return new URL(`http://${name}:${port}`).origin;
  } catch {
    return new URL(`http://127.0.0.1:${port}`).origin;
  }
}

/** Parses the environment; empty strings count as unset so `FOO=` falls back to the default. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const cleaned: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (typeof value === "string" && value.trim() !== "") cleaned[key] = value;
  }
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join(".")} : ${issue.message}`));
  }
  const config = parsed.data;
  // Production names its public address itself; a local run is opened where it listens.
  if (cleaned.SITE_URL === undefined && config.NODE_ENV !== "production") config.SITE_URL = localSiteUrl(config.HOST, config.PORT);
  if (config.PASSWORD_HASH_COST === "test" && config.NODE_ENV !== "test") {
    throw new ConfigError(["PASSWORD_HASH_COST : « test » seulement avec NODE_ENV=test (les mots de passe réels sont hachés au coût de production)"]);
  }
  if (config.NODE_ENV === "production" && !config.APP_SECRET) {
    throw new ConfigError(["APP_SECRET : obligatoire en production (au moins 32 caractères)"]);
  }
  if (config.NODE_ENV === "production" && !config.RESEND_API_KEY) {
    throw new ConfigError(["RESEND_API_KEY : obligatoire en production (envoi des e-mails)"]);
  }
  // /dev/mails publishes every code and sign-in link: never in production, never beyond this machine.
  if (config.DEV_OUTBOX === "on" && (config.NODE_ENV === "production" || !isLoopbackHost(config.HOST))) {
    throw new ConfigError(["DEV_OUTBOX : « on » seulement hors production et avec HOST en boucle locale (127.0.0.1, ::1, localhost)"]);
  }
  // A local reverse proxy publishes a loopback HOST to the world; a public SITE_URL says it does.
  if (config.DEV_OUTBOX === "on" && !isLoopbackHost(new URL(config.SITE_URL).hostname)) {
    throw new ConfigError([
      "DEV_OUTBOX : « on » seulement avec SITE_URL en boucle locale (http://127.0.0.1:…, http://localhost:…) ; derrière un proxy public, /dev/mails publierait chaque code de connexion",
    ]);
  }
  if (config.SERVER_HEADERS_TIMEOUT_MS > config.SERVER_REQUEST_TIMEOUT_MS) {
    throw new ConfigError(["SERVER_HEADERS_TIMEOUT_MS : ne peut pas dépasser SERVER_REQUEST_TIMEOUT_MS (les en-têtes font partie de la requête)"]);
  }
  if (Boolean(config.GOOGLE_CLIENT_ID) !== Boolean(config.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError(["GOOGLE_CLIENT_ID et GOOGLE_CLIENT_SECRET : renseignez les deux, ou aucun"]);
  }
  if (!config.DATABASE_URL.startsWith("file:") && config.DATABASE_URL.startsWith("libsql:") && !config.DATABASE_AUTH_TOKEN) {
    throw new ConfigError(["DATABASE_AUTH_TOKEN : obligatoire pour une base Turso (libsql://)"]);
  }
  return config;
}
