// The configuration reference and .env.example are generated from the zod schemas (npm run docs:config):
// this test renders them again and fails when the committed files say something else.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import {
  ENV_EXAMPLE_PATH,
  REFERENCE_PATH,
  keysRequiredInProduction,
  listConfigKeys,
  renderConfigReference,
  renderEnvExample,
} from "../../scripts/config-reference.ts";
import { configSchema } from "../../src/server/config.ts";
import { readSiteSettings } from "../../src/site.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const STALE = "is out of date: run `npm run docs:config` and commit the result";

/** .env.example's assignments: the last line of each block, `KEY=` or `# KEY=default`. */
function envAssignments(text: string): { name: string; value: string; commented: boolean }[] {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((block) => block.split("\n").at(-1) ?? "")
    .filter((line) => /^(# )?[A-Z][A-Z0-9_]*=/.test(line))
    .map((line) => {
      const commented = line.startsWith("# ");
      const [name = "", ...rest] = line.replace(/^# /, "").split("=");
      return { name, value: rest.join("="), commented };
    });
}

describe("the generated configuration docs", () => {
  it(`${REFERENCE_PATH} is what the schema says`, async () => {
    const committed = readFileSync(join(ROOT, REFERENCE_PATH), "utf8");
    expect(committed === (await renderConfigReference()), `${REFERENCE_PATH} ${STALE}`).toBe(true);
  });

  it(`${ENV_EXAMPLE_PATH} is what the schema says`, () => {
    const committed = readFileSync(join(ROOT, ENV_EXAMPLE_PATH), "utf8");
    expect(committed === renderEnvExample(), `${ENV_EXAMPLE_PATH} ${STALE}`).toBe(true);
  });

  it("describes every key the server parses and the build reads, each once", () => {
    const names = listConfigKeys().map((key) => key.name);
    expect(names).toEqual(expect.arrayContaining([...Object.keys(configSchema.shape), ...Object.keys(readSiteSettings({}))]));
    const assigned = envAssignments(readFileSync(join(ROOT, ENV_EXAMPLE_PATH), "utf8")).map((line) => line.name);
    expect(assigned.toSorted()).toEqual([...new Set(names)].toSorted());
    for (const key of listConfigKeys()) expect(key.description.length, key.name).toBeGreaterThan(10);
  });

  it("leaves every secret empty in .env.example, and writes each default commented out so that copying it changes nothing", () => {
    const lines = envAssignments(readFileSync(join(ROOT, ENV_EXAMPLE_PATH), "utf8"));
    const secrets = lines.filter((line) => /SECRET|_KEY$|_TOKEN$/.test(line.name));
    expect(secrets.map((line) => line.name)).toEqual(
      expect.arrayContaining(["APP_SECRET", "RESEND_API_KEY", "DATABASE_AUTH_TOKEN", "GOOGLE_CLIENT_SECRET", "METEOFRANCE_API_KEY"]),
    );
    expect(secrets.filter((line) => line.value !== "")).toEqual([]);
    expect(lines.filter((line) => !line.commented && line.value !== "")).toEqual([]);
  });

  it("marks as required in production what parseConfig refuses production without", () => {
    expect([...keysRequiredInProduction()].toSorted()).toEqual(["APP_SECRET", "RESEND_API_KEY"]);
    const required = listConfigKeys()
      .filter((key) => key.requiredInProduction)
      .map((key) => key.name);
    expect(required).toEqual(["APP_SECRET", "RESEND_API_KEY", "LEGAL_PUBLISHER_NAME", "LEGAL_PUBLISHER_ADDRESS", "LEGAL_PUBLICATION_DIRECTOR"]);
  });
});
