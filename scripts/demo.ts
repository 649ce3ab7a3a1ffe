// `npm run demo`: the real app against local fake upstreams serving recorded and derived
// responses, so it can be tried without internet. Emails land in the local outbox (/dev/mails).
// Also the e2e tests' server: with DEMO_FAKE_RESEND_PORT / DEMO_FAKE_OAUTH_PORT it sends emails to
// a fake Resend and offers Google sign-in through a fake OpenID provider.
import { startFakeOAuth } from "../tests/fakes/oauth-server.ts";
import { startFakeResend } from "../tests/fakes/resend-server.ts";
import { startFakeUpstreams } from "../tests/fakes/upstream-server.ts";
import { startServer } from "../workers/node.ts";

// The demo's scene follows the season of the day it runs (no canicule nor grass pollen in
// December); DEMO_SEASON_DAY ("07-15") pins it, for the e2e runs that assert the summer scene.
const seasonDay = process.env.DEMO_SEASON_DAY;
if (seasonDay !== undefined && !/^\d{2}-\d{2}$/.test(seasonDay)) throw new Error(`DEMO_SEASON_DAY must read MM-DD (e.g. 07-15), not « ${seasonDay} »`);
const upstreams = await startFakeUpstreams({ port: Number(process.env.DEMO_UPSTREAM_PORT ?? 0), seasonal: { monthDay: seasonDay } });
const resend = process.env.DEMO_FAKE_RESEND_PORT ? await startFakeResend({ port: Number(process.env.DEMO_FAKE_RESEND_PORT) }) : null;
const oauth = process.env.DEMO_FAKE_OAUTH_PORT ? await startFakeOAuth({ port: Number(process.env.DEMO_FAKE_OAUTH_PORT) }) : null;
const running = await startServer({
  env: {
    DATABASE_URL: "file:.data/demo.db",
    // The demo's emails are read at /dev/mails (served only with a loopback HOST and SITE_URL, and
    // only to the loopback names: a DNS-rebinding page gets a 421).
    DEV_OUTBOX: "on",
    ...process.env,
    ...upstreams.config,
    ...(resend ? { RESEND_API_KEY: "re_demo_key", RESEND_BASE_URL: resend.baseUrl } : {}),
    ...(oauth ? oauth.config : {}),
  },
});
console.log(`Démo Zone Santé (données enregistrées, sans internet) : ${running.url}`);
console.log("Essayez l'adresse « 8 bd du Port » ou « Maraussan ».");
if (!resend) console.log(`Les e-mails (comptes, alertes) arrivent dans la boîte locale : ${running.url}/dev/mails`);

const shutdown = async () => {
  await running.close();
  await upstreams.close();
  await resend?.close();
  await oauth?.close();
  process.exit(0);
};
process.once("SIGTERM", () => void shutdown());
process.once("SIGINT", () => void shutdown());
