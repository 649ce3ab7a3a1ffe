// `npm run demo`: the real app against local fake upstreams serving recorded and derived
// responses, so it can be tried without internet. Also the e2e tests' server.
import { startFakeUpstreams } from "../tests/fakes/upstream-server.ts";
import { startServer } from "../workers/node.ts";

const upstreams = await startFakeUpstreams({ port: Number(process.env.DEMO_UPSTREAM_PORT ?? 0) });
const running = await startServer({
  env: {
    DATABASE_URL: "file:.data/demo.db",
    ...process.env,
    ...upstreams.config,
  },
});
console.log(`Démo Zone Santé (données enregistrées, sans internet) : ${running.url}`);
console.log('Essayez l\'adresse « 8 bd du Port ».');

const shutdown = async () => {
  await running.close();
  await upstreams.close();
  process.exit(0);
};
process.once("SIGTERM", () => void shutdown());
process.once("SIGINT", () => void shutdown());
