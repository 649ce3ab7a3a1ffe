// The embedded default as `npm start` runs it (the server bundle build/node/server.mjs with the
// V8 flags of package.json's start script, after the build — decision 068): it creates
// the libSQL file, applies the migrations, serves pages and /api on 127.0.0.1, refuses an invalid
// configuration with a message naming the variable, and stops cleanly on SIGTERM.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createClient } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeUpstreams, type FakeUpstreams } from "../fakes/upstream-server.ts";
import { APP_ROUTES, PAGE_ROUTES, REDIRECTS } from "../helpers/routes.ts";
import { freePort } from "../helpers/net.ts";
import { npmStartEnv, npmStartNodeArgs } from "../helpers/start-command.ts";

const ROOT = resolve(import.meta.dirname, "../..");

function startNode(env: Record<string, string>) {
  const child = spawn(process.execPath, npmStartNodeArgs(), {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "test", ALERTS_SCHEDULER: "off", ...npmStartEnv(), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolveExit) => child.once("exit", (code) => resolveExit(code)));
  return { child, exited, output: () => output };
}

let upstreams: FakeUpstreams;
let directory: string;
beforeAll(async () => {
  upstreams = await startFakeUpstreams();
  directory = mkdtempSync(join(tmpdir(), "zone-sante-node-"));
});
afterAll(async () => {
  await upstreams.close();
  rmSync(directory, { recursive: true, force: true });
});

describe("the Node entry (npm start)", () => {
  it("creates and migrates the database, serves pages and the API, and stops cleanly on SIGTERM", async () => {
    const port = await freePort();
    const databaseFile = join(directory, "nested", "local.db");
    const server = startNode({ ...upstreams.config, PORT: String(port), DATABASE_URL: `file:${databaseFile}`, APP_SECRET: "x".repeat(40) });
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 20_000;
    for (;;) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline || server.child.exitCode !== null) throw new Error(`server did not start:\n${server.output()}`);
      await new Promise((wait) => setTimeout(wait, 200));
    }

    for (const route of [...PAGE_ROUTES, ...APP_ROUTES]) {
      const response = await fetch(`${base}${route}`);
      expect(response.status, route).toBe(200);
      expect(response.headers.get("content-type"), route).toContain("text/html");
    }
    for (const [from, to] of Object.entries(REDIRECTS)) {
      const response = await fetch(`${base}${from}`, { redirect: "manual" });
      expect(response.status, from).toBe(301);
      expect(new URL(response.headers.get("location") ?? "", base).pathname, from).toBe(to);
    }

    const frameable = await fetch(`${base}/inscription/cadre`);
    expect(frameable.headers.get("x-frame-options")).toBeNull();
    expect(frameable.headers.get("content-security-policy")).toMatch(/frame-ancestors \*$/);
    expect((await fetch(`${base}/inscription`)).headers.get("x-frame-options")).toBe("DENY");
    expect((await fetch(`${base}/widget`)).headers.get("x-frame-options")).toBe("DENY");

    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get("x-frame-options")).toBe("DENY");
    expect(await home.text()).toContain("Analysez votre zone");
    const missing = await fetch(`${base}/nulle-part`);
    expect(missing.status).toBe(404);
    const missingPage = await missing.text();
    expect(missingPage).toContain("Page introuvable");
    expect(missingPage).toContain('<a class="btn btn--primary" href="/#analyse">Saisir mon adresse</a>');
    const suggestions = (await (await fetch(`${base}/api/geocode?q=8+bd+du+Port`)).json()) as { results: unknown[] };
    expect(suggestions.results.length).toBeGreaterThan(0);

    expect(existsSync(databaseFile)).toBe(true);
    const client = createClient({ url: `file:${databaseFile}` });
    const tables = await client.execute("select name from sqlite_master where type = 'table'");
    client.close();
    expect(tables.rows.map((row) => row.name)).toEqual(expect.arrayContaining(["rate_limits", "__drizzle_migrations"]));

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  }, 30_000);

  it("refuses to start with an invalid configuration, naming the variable", async () => {
    const server = startNode({ PORT: "not-a-port", DATABASE_URL: `file:${join(directory, "never.db")}` });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/Configuration invalide/);
    expect(server.output()).toMatch(/PORT/);
    expect(server.output()).not.toMatch(/at .*\.ts:\d+/);
  }, 20_000);
});
