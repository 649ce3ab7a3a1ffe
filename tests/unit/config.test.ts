import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../../src/server/config.ts";

describe("parseConfig", () => {
  it("gives the documented Node defaults", () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      PORT: 4321,
      HOST: "127.0.0.1",
      DATABASE_URL: "file:.data/local.db",
      UPSTREAM_TIMEOUT_MS: 2500,
    });
    // The production default points at the Géoplateforme; tests only read it, they never call it.
    const ban = new URL(config.BAN_API_URL);
    expect([ban.protocol, ban.host, ban.pathname]).toEqual(["https:", "data.geopf.fr", "/geocodage"]);
    expect(config.GOOGLE_CLIENT_ID).toBeUndefined();
  });

  it("reads the UV forecast from Open-Meteo's forecast host, apart from its air-quality host (decision 069), and refuses a bad URL in French", () => {
    expect(parseConfig({})).toMatchObject({
      OPENMETEO_FORECAST_URL: "https://api.open-meteo.com/v1",
      OPENMETEO_API_URL: "https://air-quality-api.open-meteo.com/v1",
    });
    expect(parseConfig({ OPENMETEO_FORECAST_URL: "http://127.0.0.1:4400/openmeteo/" }).OPENMETEO_FORECAST_URL).toBe("http://127.0.0.1:4400/openmeteo");
    expect(() => parseConfig({ OPENMETEO_FORECAST_URL: "pas une url" })).toThrow(/OPENMETEO_FORECAST_URL.*doit être une URL http\(s\) valide/);
  });

  it("has a service-wide ceiling by default for each upstream, outbound e-mail and PDF rendering (issue 22), and refuses a ceiling that is none, in French", () => {
    expect(parseConfig({})).toMatchObject({
      // VigiEau allows about 300 calls per 15 minutes for the whole service: with a burst of 50, at most 200 here.
      UPSTREAM_VIGIEAU_PER_MINUTE: 10,
      ALERT_VIGIEAU_PER_SECOND: 0.2,
      // Open-Meteo's free API: under 10 000 calls a day.
      UPSTREAM_OPENMETEO_PER_MINUTE: 6,
      EMAIL_GLOBAL_PER_HOUR: 200,
      EMAIL_SECURITY_PER_HOUR: 300,
      PDF_GLOBAL_PER_MINUTE: 120,
      PDF_MAX_CONCURRENT: 4,
      CACHE_MAX_MB: 64,
    });
    expect(() => parseConfig({ UPSTREAM_VIGIEAU_PER_MINUTE: "0" })).toThrow(/UPSTREAM_VIGIEAU_PER_MINUTE : doit être un nombre positif/);
    expect(() => parseConfig({ EMAIL_GLOBAL_PER_HOUR: "0" })).toThrow(/EMAIL_GLOBAL_PER_HOUR : doit valoir au moins 1/);
    expect(() => parseConfig({ PDF_MAX_CONCURRENT: "1.5" })).toThrow(/PDF_MAX_CONCURRENT : doit être un nombre entier/);
  });

  // Issue 23: « `PORT=4511 npm run demo` leaves `SITE_URL` on port 4321, so every form is refused « origine non
  // autorisée » : the local default follows PORT and HOST. »
  it("builds the local SITE_URL from HOST and PORT when it is not set, keeping loopback names; production and an explicit SITE_URL are untouched", () => {
    expect(parseConfig({}).SITE_URL).toBe("http://127.0.0.1:4321");
    expect(parseConfig({ PORT: "4511" }).SITE_URL).toBe("http://127.0.0.1:4511");
    expect(parseConfig({ PORT: "4511", HOST: "localhost" }).SITE_URL).toBe("http://localhost:4511");
    expect(parseConfig({ PORT: "4511", HOST: "::1" }).SITE_URL).toBe("http://[::1]:4511");
    expect(parseConfig({ PORT: "4511", HOST: "0.0.0.0" }).SITE_URL).toBe("http://127.0.0.1:4511");
    expect(parseConfig({ PORT: "4511", HOST: "::" }).SITE_URL).toBe("http://127.0.0.1:4511");
    // The demo's /dev/mails still accepts a loopback default.
    expect(parseConfig({ PORT: "4511", HOST: "localhost", DEV_OUTBOX: "on" }).SITE_URL).toBe("http://localhost:4511");
    expect(parseConfig({ PORT: "4511", SITE_URL: "http://127.0.0.1:4321/" }).SITE_URL).toBe("http://127.0.0.1:4321");
    const secrets = { NODE_ENV: "production", APP_SECRET: "x".repeat(32), RESEND_API_KEY: "re_key" };
    expect(parseConfig({ ...secrets, PORT: "8080" }).SITE_URL).toBe("http://127.0.0.1:4321");
    expect(parseConfig({ ...secrets, PORT: "8080", SITE_URL: "https://zone-sante.fr" }).SITE_URL).toBe("https://zone-sante.fr");
  });

  it("treats empty values as unset and trims trailing slashes of base URLs", () => {
    const config = parseConfig({ PORT: "", HUBEAU_API_URL: "http://127.0.0.1:9999/hubeau/" });
    expect(config.PORT).toBe(4321);
    expect(config.HUBEAU_API_URL).toBe("http://127.0.0.1:9999/hubeau");
  });

  it("fails fast, naming every invalid variable", () => {
    try {
      parseConfig({ PORT: "abc", BAN_API_URL: "pas une url", DATABASE_URL: "postgres://x" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      expect(message).toContain("PORT");
      expect(message).toContain("BAN_API_URL");
      expect(message).toContain("DATABASE_URL");
    }
  });

  it("requires a real APP_SECRET in production and a token for Turso", () => {
    expect(() => parseConfig({ NODE_ENV: "production" })).toThrow(/APP_SECRET/);
    expect(() => parseConfig({ APP_SECRET: "short" })).toThrow(/APP_SECRET/);
    expect(() => parseConfig({ DATABASE_URL: "libsql://db.turso.io" })).toThrow(/DATABASE_AUTH_TOKEN/);
  });
});

describe("the alert queue's retry delay (issue 24)", () => {
  // Cloudflare Queues: « delaySeconds […] can be set from 0 to 43200 seconds (12 hours) » (retry options).
  it("ALERT_RETRY_DELAY_SECONDS is 60 s by default, takes 0 to 43200 whole seconds, and refuses anything else in French", () => {
    expect(parseConfig({}).ALERT_RETRY_DELAY_SECONDS).toBe(60);
    expect(parseConfig({ ALERT_RETRY_DELAY_SECONDS: "0" }).ALERT_RETRY_DELAY_SECONDS).toBe(0);
    expect(parseConfig({ ALERT_RETRY_DELAY_SECONDS: "43200" }).ALERT_RETRY_DELAY_SECONDS).toBe(43_200);
    expect(() => parseConfig({ ALERT_RETRY_DELAY_SECONDS: "43201" })).toThrow(/ALERT_RETRY_DELAY_SECONDS : doit valoir au plus 43200/);
    expect(() => parseConfig({ ALERT_RETRY_DELAY_SECONDS: "-1" })).toThrow(/ALERT_RETRY_DELAY_SECONDS : doit valoir au moins 0/);
    expect(() => parseConfig({ ALERT_RETRY_DELAY_SECONDS: "1.5" })).toThrow(/ALERT_RETRY_DELAY_SECONDS : doit être un nombre entier/);
    expect(() => parseConfig({ ALERT_RETRY_DELAY_SECONDS: "une minute" })).toThrow(/ALERT_RETRY_DELAY_SECONDS/);
  });
});

describe("self-hosting configuration (issue 22, decision 059)", () => {
  // /dev/mails publishes every sign-in code and link. Behind a local reverse proxy, HOST is a
  // loopback address while the proxy serves the site to the world: SITE_URL is what tells.
  it("DEV_OUTBOX=on is refused when SITE_URL is not a loopback URL (a local proxy would publish /dev/mails)", () => {
    for (const siteUrl of ["https://zone-sante.example.org", "http://192.168.1.20:4321", "http://demo.example.org:4321"]) {
      expect(() => parseConfig({ DEV_OUTBOX: "on", SITE_URL: siteUrl }), siteUrl).toThrow(ConfigError);
      expect(() => parseConfig({ DEV_OUTBOX: "on", SITE_URL: siteUrl }), siteUrl).toThrow(/DEV_OUTBOX.*SITE_URL/);
    }
  });

  it("DEV_OUTBOX=on stays allowed on a loopback SITE_URL (npm run demo, npm run dev, the e2e server)", () => {
    for (const siteUrl of [undefined, "http://127.0.0.1:4331", "http://localhost:4321", "http://[::1]:4321"]) {
      expect(parseConfig({ DEV_OUTBOX: "on", NODE_ENV: "test", SITE_URL: siteUrl }).DEV_OUTBOX, siteUrl).toBe("on");
    }
  });

  it("the Node server's limits have bounded defaults (never Node's 300 s request timeout and no connection cap)", () => {
    const config = parseConfig({});
    expect(config.SERVER_HEADERS_TIMEOUT_MS).toBe(10_000);
    expect(config.SERVER_REQUEST_TIMEOUT_MS).toBe(30_000);
    expect(config.SERVER_KEEP_ALIVE_TIMEOUT_MS).toBe(5000);
    expect(config.SERVER_MAX_CONNECTIONS).toBe(512);
    expect(config.SERVER_MAX_CONNECTIONS_PER_CLIENT).toBe(32);
    expect(() => parseConfig({ SERVER_MAX_CONNECTIONS_PER_CLIENT: "0" })).toThrow(/SERVER_MAX_CONNECTIONS_PER_CLIENT/);
    expect(() => parseConfig({ SERVER_HEADERS_TIMEOUT_MS: "40000", SERVER_REQUEST_TIMEOUT_MS: "30000" })).toThrow(/SERVER_HEADERS_TIMEOUT_MS/);
    expect(() => parseConfig({ SERVER_MAX_CONNECTIONS: "0" })).toThrow(/SERVER_MAX_CONNECTIONS/);
  });

  it("ALLOWED_HOSTS takes host names, lower-cased, and refuses ports, schemes and wildcards with a French message", () => {
    expect(parseConfig({ ALLOWED_HOSTS: " App.Internal , 192.0.2.10,[fd00::1] " }).ALLOWED_HOSTS).toEqual(["app.internal", "192.0.2.10", "[fd00::1]"]);
    expect(parseConfig({}).ALLOWED_HOSTS).toEqual([]);
    for (const value of ["app.internal:4321", "https://app.internal", "*.example.org", "a b"]) {
      expect(() => parseConfig({ ALLOWED_HOSTS: value }), value).toThrow(/ALLOWED_HOSTS.*nom d'hôte/);
    }
  });
});

describe("logJson", () => {
  it("never writes an email address", async () => {
    const { logJson } = await import("../../src/server/logger.ts");
    const lines: string[] = [];
    const original = console.error;
    console.error = (line: string) => lines.push(line);
    try {
      logJson({ level: "error", message: "email failed", fields: { error: "Invalid `to`: marie.curie@exemple-zs.fr" } });
    } finally {
      console.error = original;
    }
    expect(lines[0]).toContain("[email]");
    expect(lines[0]).not.toContain("marie.curie@exemple-zs.fr");
  });
});
