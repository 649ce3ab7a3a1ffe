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

export const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  HOST: z.string().trim().min(1).default("127.0.0.1"),
  /** unset outside production: built from HOST and PORT (localSiteUrl), so that `PORT=4511 npm run demo` accepts its own forms */
  SITE_URL: url("http://127.0.0.1:4321"),
  DATABASE_URL: z
    .string()
    .trim()
    .default("file:.data/local.db")
    .refine((value) => /^(file:|libsql:|https?:|wss?:)/.test(value), "doit commencer par file:, libsql:, http(s): ou ws(s):"),
  DATABASE_AUTH_TOKEN: optionalSecret,
  APP_SECRET: z.string().min(32, "doit contenir au moins 32 caractères").optional(),
  RESEND_API_KEY: optionalSecret,
  RESEND_BASE_URL: url("https://api.resend.com"),
  MAIL_FROM: z.string().trim().default("Zone Santé <alertes@zone-sante.fr>"),
  ADMIN_EMAILS: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
  GOOGLE_CLIENT_ID: optionalSecret,
  GOOGLE_CLIENT_SECRET: optionalSecret,
  /** Google's endpoints, configurable so tests can point them at a local fake */
  GOOGLE_AUTH_URL: url("https://accounts.google.com/o/oauth2/v2/auth"),
  GOOGLE_TOKEN_URL: url("https://oauth2.googleapis.com/token"),
  GOOGLE_ISSUER: z.string().trim().default("https://accounts.google.com"),
  /**
   * Have I Been Pwned's Pwned Passwords API (https://api.pwnedpasswords.com), asked with the first 5
   * hex digits of a password's SHA-1 only; unset: no check. Fails open (src/server/auth/pwned-passwords.ts).
   */
  PWNED_PASSWORDS_URL: z
    .string()
    .trim()
    .pipe(z.url({ protocol: /^https?$/, error: "doit être une URL http(s) valide" }))
    .transform((value) => value.replace(/\/+$/, ""))
    .optional(),
  BAN_API_URL: url("https://data.geopf.fr/geocodage"),
  HUBEAU_API_URL: url("https://hubeau.eaufrance.fr/api/v1/qualite_eau_potable"),
  VIGIEAU_API_URL: url("https://api.vigieau.gouv.fr/api"),
  ATMO_WFS_URL: url("https://data.atmo-france.org/geoserver/ind/ows"),
  /** the indice pollen's national WFS (no account), layer `ind_pol:ind_national_pol` (decision 070) */
  POLLEN_WFS_URL: url("https://data.atmo-france.org/geoserver/ind_pol/ows"),
  OPENMETEO_API_URL: url("https://air-quality-api.open-meteo.com/v1"),
  /** Open-Meteo's weather forecast API (`/forecast`): the day's maximum UV index, a model forecast (decision 069) */
  OPENMETEO_FORECAST_URL: url("https://api.open-meteo.com/v1"),
  /** API Géo (découpage administratif): a commune's intercommunality, for its ATMO index */
  GEO_API_URL: url("https://geo.api.gouv.fr"),
  /**
   * Météo-France's API portal key for « Données Publiques Vigilance » (free, portail-api.meteofrance.fr):
   * a secret, never logged. Unset: the weather-warnings section says it is not configured, and nothing is asked.
   */
  METEOFRANCE_API_KEY: optionalSecret,
  /** the vigilance API's base (the map is `{base}/cartevigilance/encours`), configurable for the fakes */
  METEOFRANCE_VIGILANCE_URL: url("https://public-api.meteofrance.fr/public/DPVigilance/v1"),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(2500),
  /** the ministry's bathing-water portal: slow, so read in the background and by the alert run */
  BAIGNADES_URL: url("https://baignades.sante.gouv.fr/baignades"),
  BAIGNADES_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(20_000),
  /** per IP and per minute; raised only by benchmarks */
  RATE_LIMIT_REPORT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_GEOCODE_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /**
   * The service's calls per minute to each upstream, whoever asks (decision 058): a token bucket
   * per upstream holding 5 minutes of its rate, per process on Node, per isolate on Workers. The
   * alert run's calls count but are never refused; visitors' calls past it get the last good
   * answer or « indisponible ». VigiEau allows about 300 calls per 15 minutes for the whole
   * service: at 10 a minute (a burst of 50), any 15 minutes hold at most 50 + 150 calls, or
   * 50 + 180 while the alert run spends at its default 0,2 a second; Open-Meteo's free API asks
   * for under 10 000 calls a day.
   */
  UPSTREAM_BAN_PER_MINUTE: callRate(600),
  UPSTREAM_HUBEAU_PER_MINUTE: callRate(300),
  UPSTREAM_VIGIEAU_PER_MINUTE: callRate(10),
  UPSTREAM_ATMO_PER_MINUTE: callRate(300),
  UPSTREAM_POLLEN_PER_MINUTE: callRate(300),
  UPSTREAM_OPENMETEO_PER_MINUTE: callRate(6),
  UPSTREAM_GEO_PER_MINUTE: callRate(300),
  UPSTREAM_BAIGNADES_PER_MINUTE: callRate(30),
  /** the portal allows 60 calls a minute per key; one national map serves everyone for 10 minutes */
  UPSTREAM_METEOFRANCE_PER_MINUTE: callRate(6),
  /**
   * Node only: the byte budget of the in-process cache of upstream answers (lru-cache, decision 066), in MiB of
   * their JSON (about what they take on the heap: 64 MiB of Hub'Eau-shaped answers take +51 MiB, tests/bench/cache-memory.ts).
   * 64 keeps a big city's ~12 MiB answer (an entry may take a quarter) and leaves the server's 200 MB peak room.
   */
  CACHE_MAX_MB: z.coerce.number().int("doit être un nombre entier de Mio").min(8, "doit valoir au moins 8 (Mio)").default(64),
  /**
   * E-mails the whole service sends per minute, hour and day (decision 058), counted in the
   * database (so across Workers isolates): every e-mail a stranger can start (sign-up and alert
   * sign-up confirmations, reports…) on one budget; security e-mails (sign-in codes, account
   * notices) on their own, which the others can never spend. The daily alert digests are not counted.
   */
  EMAIL_GLOBAL_PER_MINUTE: ceiling(20),
  EMAIL_GLOBAL_PER_HOUR: ceiling(200),
  EMAIL_GLOBAL_PER_DAY: ceiling(1000),
  EMAIL_SECURITY_PER_MINUTE: ceiling(30),
  EMAIL_SECURITY_PER_HOUR: ceiling(300),
  EMAIL_SECURITY_PER_DAY: ceiling(2000),
  /** PDF reports rendered per minute by the whole service (database counter), and at once per process or isolate */
  PDF_GLOBAL_PER_MINUTE: ceiling(120),
  PDF_MAX_CONCURRENT: z.coerce.number().int("doit être un nombre entier").min(1, "doit valoir au moins 1").default(4),
  /** the daily alert run: communes processed at once, and calls per second allowed per upstream (0: no spacing) */
  ALERT_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(4),
  ALERT_HUBEAU_PER_SECOND: z.coerce.number().min(0).default(8),
  /** VigiEau's share: 12 calls a minute, the web's calls refused while the run spends (UPSTREAM_VIGIEAU_PER_MINUTE) */
  ALERT_VIGIEAU_PER_SECOND: z.coerce.number().min(0).default(0.2),
  ALERT_ATMO_PER_SECOND: z.coerce.number().min(0).default(5),
  ALERT_BAIGNADES_PER_SECOND: z.coerce.number().min(0).default(1),
  /** the run's bulk reads (decision 048): ATMO features per WFS page, Hub'Eau results per page */
  ALERT_ATMO_PAGE_SIZE: z.coerce.number().int().min(1).max(50_000).default(5000),
  ALERT_HUBEAU_PAGE_SIZE: z.coerce.number().int().min(1).max(20_000).default(20_000),
  /** Hub'Eau results per page when every field is asked (decision 049): ~6 MB of JSON a page */
  ALERT_HUBEAU_RESULTS_PAGE_SIZE: z.coerce.number().int().min(1).max(20_000).default(10_000),
  /**
   * How far before the last complete read the Hub'Eau read starts: samples are published a month
   * or two after they are taken, so "newer than the last run" by sample date would miss them.
   */
  ALERT_HUBEAU_LOOKBACK_DAYS: z.coerce.number().int().min(1).max(400).default(100),
  /**
   * A département with at least this many watched communes without a water digest reads its
   * whole year once to build them (decision 049); fewer are read per commune, which seeds them.
   */
  ALERT_HUBEAU_SEED_MIN_COMMUNES: z.coerce.number().int().min(1).default(5),
  /**
   * Per-commune VigiEau reads a run may spend on first judgements (communes whose subjects have no
   * drought state yet, in a département with zones in force); changes are always read.
   */
  ALERT_VIGIEAU_FIRST_READS_PER_RUN: z.coerce.number().int().min(0).default(1000),
  /**
   * Workers only: how long a failed alert queue message waits before its next delivery (an upstream
   * or Turso hiccup passes); after wrangler.toml's max_retries it goes to the dead-letter queue.
   * At most 12 hours, Cloudflare Queues' longest delay.
   */
  ALERT_RETRY_DELAY_SECONDS: z.coerce
    .number()
    .int("doit être un nombre entier de secondes")
    .min(0, "doit valoir au moins 0 (secondes)")
    .max(43_200, "doit valoir au plus 43200 (secondes, 12 heures)")
    .default(60),
  /** "test": the test suites' cheap password hashing (auth/password.ts); refused outside NODE_ENV=test */
  PASSWORD_HASH_COST: z.enum(["production", "test"]).default("production"),
  /**
   * How often a running alert run writes its heartbeat (alert_runs.heartbeat_at_ms); a run silent
   * for 3 beats (45 s by default) is dead: its lock is free and Node's scheduler catches it up (decision 076).
   */
  ALERT_RUN_HEARTBEAT_MS: z.coerce
    .number()
    .int("doit être un nombre entier de millisecondes")
    .min(100, "doit valoir au moins 100 (millisecondes)")
    .max(600_000, "doit valoir au plus 600000 (millisecondes, 10 minutes)")
    .default(15_000),
  /** Node only: "off" disables the in-process daily scheduler */
  ALERTS_SCHEDULER: z.enum(["on", "off"]).default("on"),
  /** Node only: reverse proxies (IPs/CIDRs) whose X-Forwarded-For is believed; empty: the socket peer is the client */
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
    }),
  /** Node only: "on" serves the local outbox at /dev/mails (demo, tests), and only on a loopback HOST and SITE_URL */
  DEV_OUTBOX: z.enum(["on", "off"]).default("off"),
  /**
   * Node only (decision 059): host names, without port, the server answers to besides SITE_URL's
   * and the loopback names; any other Host gets a 421 (DNS rebinding).
   */
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
    }),
  /** Node only: how long a client may take to send its headers, and its whole request (slow clients) */
  SERVER_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(20_000),
  SERVER_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** Node only: an idle keep-alive connection is closed after this (behind a proxy that reuses connections, above its idle timeout) */
  SERVER_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  /** Node only: open connections at once; beyond, new ones are dropped (and logged) */
  SERVER_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(100_000).default(512),
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
 * The address a local run is opened at when SITE_URL is not set (issue 23: « `PORT=4511 npm run demo`
 * leaves SITE_URL on port 4321, so every form is refused »): the server's own HOST and PORT, a
 * loopback name kept as written (localhost stays localhost), a wildcard bind read as 127.0.0.1.
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
