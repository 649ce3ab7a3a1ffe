// Runs before `astro build` (package.json): a production build — NODE_ENV=production as the shell set
// it (astro build sets it to production on its own, hence this step before it), or `--production`
// (npm run build:workers, the build a Worker deploys) — refuses to start without the publisher's identity.
import { publisherBuildRefusal } from "../src/site.ts";

const production = process.env.NODE_ENV === "production" || process.argv.includes("--production");
const refusal = publisherBuildRefusal(process.env, { production });
if (refusal) {
  console.error(refusal);
  process.exit(1);
}
