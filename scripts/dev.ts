// `npm run dev`: Astro's dev server (hot reload) on :4321 with /api proxied to the Node API on
// :4322, restarted by `node --watch` when server code changes.
import { spawn } from "node:child_process";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");
const API_PORT = process.env.API_PORT ?? "4322";

const api = spawn(process.execPath, ["--watch", "workers/node.ts"], {
  cwd: ROOT,
  stdio: "inherit",
  // Pages and forms are opened on Astro's address, not the API's own port: SITE_URL names it unless set.
  env: { DEV_OUTBOX: "on", SITE_URL: "http://127.0.0.1:4321", ...process.env, PORT: API_PORT, SERVE_STATIC: "false" },
});
const astro = spawn(join(ROOT, "node_modules", ".bin", "astro"), ["dev"], {
  cwd: ROOT,
  stdio: "inherit",
  env: { ...process.env, API_PORT },
});

const stop = () => {
  api.kill("SIGTERM");
  astro.kill("SIGTERM");
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
api.once("exit", stop);
astro.once("exit", (code) => {
  stop();
  process.exit(code ?? 0);
});
