// The shipped bathing data set on Workers (`#bathing-dataset` under the `workerd` condition,
// package.json "imports"): fetched from the Worker's static assets, where the build published it
// (src/pages/donnees/baignades.json.ts), instead of being bundled (0.7 MB of the Worker, decision 065).
import { env } from "cloudflare:workers";
import type { BathingDataset } from "../src/sections/bathing/types.ts";
import { BATHING_DATASET_ASSET_PATH } from "../src/sources/baignades/asset.ts";

export async function readShippedBathingDataset(): Promise<BathingDataset> {
  // The host is not looked at: the ASSETS binding serves the path from the static build.
  const response = await env.ASSETS.fetch(new Request(`https://assets.invalid${BATHING_DATASET_ASSET_PATH}`));
  if (!response.ok) throw new Error(`bathing data set asset: HTTP ${response.status}`);
  return (await response.json()) as BathingDataset;
}
