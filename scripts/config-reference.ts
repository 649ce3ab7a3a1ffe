// `npm run docs:config`: writes docs/configuration.md and .env.example from the zod schemas that parse
// the environment (src/server/config.ts at run time, src/site.ts at build time), so that the reference
// cannot drift from the code. tests/unit/config-reference.test.ts renders both again and fails when the
// committed files differ. A key's words live in its schema's `.meta()`; this file only lays them out.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import * as prettier from "prettier";
import * as z from "zod";
import { ConfigError, configSchema, parseConfig, type ConfigGroup } from "../src/server/config.ts";
import { PUBLISHER_SETTINGS, readSiteSettings } from "../src/site.ts";

const ROOT = resolve(import.meta.dirname, "..");
export const REFERENCE_PATH = "docs/configuration.md";
export const ENV_EXAMPLE_PATH = ".env.example";

/** The reference's sections, in the order a newcomer needs them. */
const GROUPS: Record<ConfigGroup, { title: string; intro: string }> = {
  server: {
    title: "Server and runtime",
    intro: "Where the server listens and whom it believes. Most keys are Node only: on Workers, Cloudflare holds the socket.",
  },
  database: { title: "Database", intro: "The same drizzle migrations run on the embedded libSQL file and on Turso (`npm run db:migrate`)." },
  accounts: { title: "Accounts and sign-in", intro: "Sessions, codes and links are keyed by APP_SECRET; Google sign-in is optional." },
  email: { title: "E-mail", intro: "Resend sends every e-mail; without a key outside production, a local outbox keeps them." },
  sources: {
    title: "Upstream sources",
    intro: "Every upstream base URL is configurable, so the tests and `npm run demo` point them at a local fake server: tests never reach the internet.",
  },
  limits: {
    title: "Rate limits and service-wide ceilings",
    intro: "Per-client limits of the public API, and the quotas the whole service keeps (decision 058).",
  },
  alerts: { title: "The daily alert run", intro: "Plan, ingest, process and send (decision 053): how fast the run reads, how much, and how it recovers." },
};

/** Read by `astro build` (src/site.ts) because every page is prerendered; that schema carries no descriptions. */
const BUILD_DESCRIPTIONS: Record<string, string> = {
  SITE_URL: "Canonical URLs, Open Graph, sitemap.xml, robots.txt (the same key as the server's).",
  CONTACT_EMAIL: "The contact mailbox in the footer and the legal pages.",
  LEGAL_PUBLISHER_NAME: "The publisher's name on /mentions-legales (loi n° 2004-575 du 21 juin 2004, art. 6).",
  LEGAL_PUBLISHER_ADDRESS: "The publisher's address on /mentions-legales.",
  LEGAL_PUBLICATION_DIRECTOR: "The director of publication on /mentions-legales.",
  LEGAL_HOST_NAME: "The host's name on /mentions-legales.",
  LEGAL_HOST_ADDRESS: "The host's address on /mentions-legales.",
  LEGAL_HOST_URL: "The host's website on /mentions-legales.",
};

export interface ConfigKey {
  name: string;
  group: ConfigGroup | "build";
  description: string;
  /** the value an unset key takes, as it would be written in the environment; undefined: none */
  defaultValue: string | undefined;
  /** accepted values, when the schema narrows them (an enum, a range) */
  values: string | undefined;
  requiredInProduction: boolean;
}

type JsonProperty = { default?: unknown; enum?: unknown[]; minimum?: number; maximum?: number; exclusiveMinimum?: number; type?: string };

/** The largest integer JSON Schema prints for `.int()` without a maximum: no bound worth printing. */
const NO_BOUND = Number.MAX_SAFE_INTEGER;

function describeValues(property: JsonProperty): string | undefined {
  if (property.enum) return property.enum.map((value) => `\`${String(value)}\``).join(", ");
  if (property.type !== "integer" && property.type !== "number") return undefined;
  const kind = property.type === "integer" ? "an integer" : "a number";
  const low =
    property.minimum !== undefined
      ? `at least ${property.minimum}`
      : property.exclusiveMinimum !== undefined
        ? `above ${property.exclusiveMinimum}`
        : undefined;
  const high = property.maximum !== undefined && property.maximum < NO_BOUND ? `at most ${property.maximum}` : undefined;
  return [kind, low, high].filter(Boolean).join(", ");
}

/**
 * The keys production cannot start without, found by asking parseConfig itself: parse a production
 * environment, give every key its refusal names a placeholder, parse again until it starts.
 */
export function keysRequiredInProduction(): Set<string> {
  const env: Record<string, string> = { NODE_ENV: "production" };
  const required = new Set<string>();
  for (let attempt = 0; attempt <= Object.keys(configSchema.shape).length; attempt += 1) {
    try {
      parseConfig(env);
      return required;
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      const named = error.issues.map((issue) => issue.split(" : ")[0]?.trim() ?? "");
      const fresh = named.filter((name) => name in configSchema.shape && !(name in env));
      if (fresh.length === 0) throw new Error(`parseConfig refuses production for a reason this script cannot read: ${error.message}`, { cause: error });
      for (const name of fresh) {
        required.add(name);
        env[name] = "x".repeat(64);
      }
    }
  }
  throw new Error("parseConfig never accepted a production environment");
}

/** Every key the server and the build read, with its words, default and accepted values. */
export function listConfigKeys(): ConfigKey[] {
  const json = z.toJSONSchema(configSchema, { io: "input", unrepresentable: "any" }) as { properties: Record<string, JsonProperty> };
  const required = keysRequiredInProduction();
  const runtime = Object.entries(configSchema.shape).map(([name, schema]): ConfigKey => {
    const meta = z.globalRegistry.get(schema);
    const group = meta?.group as ConfigGroup | undefined;
    if (!meta?.description || !group || !(group in GROUPS)) {
      throw new Error(`${name}: give it .meta(doc(group, description)) in src/server/config.ts`);
    }
    const property = json.properties[name] ?? {};
    return {
      name,
      group,
      description: meta.description,
      defaultValue: property.default === undefined ? undefined : String(property.default),
      values: describeValues(property),
      requiredInProduction: required.has(name),
    };
  });
  const siteDefaults = readSiteSettings({});
  const build = Object.entries(siteDefaults).map(([name, value]): ConfigKey => {
    const description = BUILD_DESCRIPTIONS[name];
    if (!description) throw new Error(`${name} (src/site.ts): describe it in BUILD_DESCRIPTIONS, scripts/config-reference.ts`);
    return {
      name,
      group: "build",
      description,
      defaultValue: value === null ? undefined : String(value),
      values: undefined,
      requiredInProduction: (PUBLISHER_SETTINGS as readonly string[]).includes(name),
    };
  });
  return [...runtime, ...build];
}

const cell = (text: string) => text.replaceAll("|", "\\|").replaceAll("\n", " ");

function defaultCell(key: ConfigKey): string {
  if (key.defaultValue === undefined) return "–";
  if (key.defaultValue === "") return "empty";
  return `\`${key.defaultValue}\``;
}

function table(keys: ConfigKey[]): string[] {
  const rows = keys.map((key) => {
    const description = key.values ? `${key.description} Values: ${key.values}.` : key.description;
    return `| \`${key.name}\` | ${cell(defaultCell(key))} | ${key.requiredInProduction ? "required" : ""} | ${cell(description)} |`;
  });
  return ["| key | default | production | description |", "| --- | --- | --- | --- |", ...rows];
}

/** docs/configuration.md, formatted as `npm run format` would leave it. */
export async function renderConfigReference(): Promise<string> {
  const keys = listConfigKeys();
  const lines = [
    "# Configuration",
    "",
    "<!-- Generated by `npm run docs:config` from the zod schemas (src/server/config.ts, src/site.ts): edit the descriptions there, then run it. -->",
    "",
    "Every environment variable the server and the build read. The server parses them once, with zod, in",
    "`src/server/config.ts`: an invalid value stops it with a message naming the variable, and an empty value counts as",
    "unset. Node reads `process.env`; the Worker reads `wrangler.toml`'s `[vars]` and its secrets (`npx wrangler secret put NAME`).",
    "[`.env.example`](../.env.example) lists every key with its default; secrets are never written in the repository.",
    "",
    "« required » in the production column: with `NODE_ENV=production` the server (or, for the publisher's identity, the",
    "build) refuses to start without it.",
  ];
  for (const [group, { title, intro }] of Object.entries(GROUPS)) {
    lines.push("", `## ${title}`, "", intro, "", ...table(keys.filter((key) => key.group === group)));
  }
  lines.push(
    "",
    "## Read by the build",
    "",
    "`astro build` (`src/site.ts`) reads these because every page is prerendered: set them in the shell that builds",
    "(`npm start` builds first). A production build refuses to start without the publisher's identity; a development,",
    "test or CI build shows « À compléter par l'éditeur ».",
    "",
    ...table(keys.filter((key) => key.group === "build")),
    "",
  );
  const filepath = join(ROOT, REFERENCE_PATH);
  const options = (await prettier.resolveConfig(filepath)) ?? {};
  return prettier.format(lines.join("\n"), { ...options, filepath });
}

/** Comment lines of at most ~100 characters. */
function commentLines(text: string): string[] {
  const lines: string[] = [];
  let line = "#";
  for (const word of text.split(/\s+/)) {
    if (line.length + word.length + 1 > 100 && line !== "#") {
      lines.push(line);
      line = "#";
    }
    line += ` ${word}`;
  }
  lines.push(line);
  return lines;
}

/** A value as an env file writes it: quoted when it holds a space or a character a shell would read. */
const envValue = (value: string) => (/^[\w.:/@,+-]*$/.test(value) ? value : JSON.stringify(value));

/** .env.example: every key, its description as a comment, its default commented out, secrets empty. */
export function renderEnvExample(): string {
  const keys = listConfigKeys();
  const lines = [
    "# Zone Santé: every environment variable the server (src/server/config.ts) and the build (src/site.ts) read.",
    "# Generated by `npm run docs:config` from their zod schemas: edit the descriptions there. Reference: docs/configuration.md.",
    "# An empty value counts as unset. A default is shown commented out: uncomment the line to change it.",
    "# Secrets stay empty here: set them in your environment, never in a committed file.",
  ];
  const seen = new Set<string>();
  const sections: [string, ConfigKey[]][] = [
    ...Object.entries(GROUPS).map(([group, { title }]): [string, ConfigKey[]] => [title, keys.filter((key) => key.group === group)]),
    ["Read by the build", keys.filter((key) => key.group === "build")],
  ];
  for (const [title, members] of sections) {
    lines.push("", `# ─── ${title} ───`);
    for (const key of members) {
      if (seen.has(key.name)) continue;
      seen.add(key.name);
      const notes = [
        key.description,
        key.values ? `Values: ${key.values.replaceAll("`", "")}.` : "",
        key.requiredInProduction ? "Required in production." : "",
      ];
      lines.push("", ...commentLines(notes.filter(Boolean).join(" ")));
      lines.push(key.defaultValue === undefined ? `${key.name}=` : `# ${key.name}=${envValue(key.defaultValue)}`);
    }
  }
  return `${lines.join("\n")}\n`;
}

if (import.meta.main) {
  const reference = await renderConfigReference();
  const envExample = renderEnvExample();
  for (const [path, text] of [
    [REFERENCE_PATH, reference],
    [ENV_EXAMPLE_PATH, envExample],
  ] as const) {
    const target = join(ROOT, path);
    if (existsSync(target) && readFileSync(target, "utf8") === text) {
      console.log(`${path}: up to date`);
    } else {
      writeFileSync(target, text);
      console.log(`${path}: written`);
    }
  }
}
