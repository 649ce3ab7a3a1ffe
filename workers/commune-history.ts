// The shipped commune history on Workers (`#commune-history` under the `workerd` condition,
// package.json "imports"): fetched from the Worker's static assets, where the build published it
// (src/pages/donnees/communes-historique.json.ts), instead of being bundled. A changed shape is refused.
import { env } from "cloudflare:workers";
import { COMMUNE_HISTORY_ASSET_PATH } from "../src/sources/cog/asset.ts";
import { CommuneHistoryFileSchema, type CommuneHistoryFile } from "../src/sources/cog/history.ts";

export async function readShippedCommuneHistory(): Promise<CommuneHistoryFile> {
  // The host is not looked at: the ASSETS binding serves the path from the static build.
  const response = await env.ASSETS.fetch(new Request(`https://assets.invalid${COMMUNE_HISTORY_ASSET_PATH}`));
  if (!response.ok) throw new Error(`commune history asset: HTTP ${response.status}`);
  return CommuneHistoryFileSchema.parse(await response.json());
}
