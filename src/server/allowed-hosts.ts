// The host names the Node server answers to (decision 059). A page on attacker.example whose DNS
// name is rebound to 127.0.0.1 reaches a server on this machine with `Host: attacker.example` —
// a browser never lets a page choose its Host — so refusing every name but ours closes DNS
// rebinding (it read /dev/mails of a demo). Ports are not compared: a rebinding page cannot send
// one of our names on any port, and Astro's dev server forwards /api under its own port.
// On Workers the platform routes by host: only the zone's routes reach the Worker.
// Pure, so config.ts validates ALLOWED_HOSTS with it.
import type { Context, MiddlewareHandler } from "hono";
import { frenchTypography } from "../core/shared/format.ts";
import { jsonError } from "./http-errors.ts";
import type { LogEntry } from "./logger.ts";

/** The settings of Config this module reads, named here: config.ts imports this module to validate ALLOWED_HOSTS. */
export interface HostSettings {
  SITE_URL: string;
  HOST: string;
  ALLOWED_HOSTS: readonly string[];
}

/** localhost, 127.0.0.0/8 and ::1: names no other machine, and no rebinding page, can stand for. */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase();
  return name === "localhost" || name === "::1" || name === "[::1]" || /^127(\.\d{1,3}){3}$/.test(name);
}

const DNS_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;
const IPV6_LITERAL = /^\[[0-9a-f:.]+\]$/;

/** "app.internal, 192.0.2.10, [fd00::1]" → lower-cased names; throws on a port, a scheme or a wildcard (config.ts reports it). */
export function parseAllowedHosts(list: string): string[] {
  return list
    .split(",")
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean)
    .map((item) => {
      if (!DNS_NAME.test(item) && !IPV6_LITERAL.test(item)) {
        throw new Error(`« ${item} » n'est pas un nom d'hôte (sans schéma, port ni joker, par exemple app.internal)`);
      }
      return item;
    });
}

/** The name of a Host header or URL host: "Example.org.:443" → "example.org", "[::1]:4321" → "[::1]"; null if it is none. */
export function hostNameOf(host: string): string | null {
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::\d{1,5})?$/.exec(host.trim().toLowerCase());
  return match?.[1] ? match[1].replace(/\.$/, "") : null;
}

/** Addresses that bind every interface: no client names the server by them. */
const WILDCARD_BINDS = new Set(["0.0.0.0", "::", "[::]"]);

/**
 * SITE_URL's name, the bind address when it is a single one (HOST=192.0.2.10: the LAN opens the
 * site by that IP) and ALLOWED_HOSTS; the loopback names are always allowed.
 */
export function allowedHostNames(config: HostSettings): ReadonlySet<string> {
  const site = hostNameOf(new URL(config.SITE_URL).host);
  const bind = WILDCARD_BINDS.has(config.HOST)
    ? null
    : hostNameOf(config.HOST.includes(":") && !config.HOST.startsWith("[") ? `[${config.HOST}]` : config.HOST);
  return new Set([site, bind, ...config.ALLOWED_HOSTS].filter((name): name is string => name !== null));
}

/** Whether a Host header (or URL host) names this server. */
export function isAllowedHost(host: string | undefined, allowed: ReadonlySet<string>): boolean {
  const name = host ? hostNameOf(host) : null;
  return name !== null && (isLoopbackHost(name) || allowed.has(name));
}

/** How often, at most, a refused Host is logged (a scanner sends thousands). */
const REFUSAL_LOG_INTERVAL_MS = 60_000;

/**
 * Answers 421 to a request whose Host (or request-target authority, in absolute form) is not one
 * of ours. Mounted first on the Node server, before the API, the pages and /dev/mails.
 */
export function refuseUnknownHosts(config: HostSettings, log: (entry: LogEntry) => void): MiddlewareHandler {
  const allowed = allowedHostNames(config);
  let lastLoggedAtMs = -Infinity;
  return async (c: Context, next) => {
    const header = c.req.header("Host");
    if (isAllowedHost(header, allowed) && isAllowedHost(new URL(c.req.url).host, allowed)) return next();
    if (Date.now() - lastLoggedAtMs >= REFUSAL_LOG_INTERVAL_MS) {
      lastLoggedAtMs = Date.now();
      const name = header ? hostNameOf(header) : null;
      // The name helps an operator fix SITE_URL or ALLOWED_HOSTS; an IP literal is written as such, never quoted.
      const shown = name === null ? "none or invalid" : /^[\d.]+$|^\[/.test(name) ? "an IP address" : name.slice(0, 100);
      log({
        level: "warn",
        message: "request refused: Host not allowed (SITE_URL, ALLOWED_HOSTS); further refusals this minute are not logged",
        fields: { host: shown },
      });
    }
    const message = "Hôte non reconnu : ce serveur ne répond qu'à son adresse (SITE_URL) et aux noms déclarés dans ALLOWED_HOSTS.";
    if (c.req.path === "/api" || c.req.path.startsWith("/api/")) return jsonError(c, 421, message, "misdirected_request");
    c.header("Cache-Control", "no-store");
    return c.text(frenchTypography(message), 421);
  };
}
