// The shipped radon classification on Workers (`#radon-dataset` under the `workerd` condition,
// package.json "imports"): fetched from the Worker's static assets, where the build published it
// (src/pages/donnees/radon.json.ts), instead of being bundled (decision 072). A changed shape is refused.
import { env } from "cloudflare:workers";
import type { RadonDatasetFile } from "../src/sources/radon/dataset.ts";
import { RADON_DATASET_ASSET_PATH } from "../src/sources/radon/asset.ts";
import { RadonDatasetFileSchema } from "../src/sources/radon/schema.ts";

export async function readShippedRadonDataset(): Promise<RadonDatasetFile> {
  // The host is not looked at: the ASSETS binding serves the path from the static build.
  const response = await env.ASSETS.fetch(new Request(`https://assets.invalid${RADON_DATASET_ASSET_PATH}`));
  if (!response.ok) throw new Error(`radon data set asset: HTTP ${response.status}`);
  return RadonDatasetFileSchema.parse(await response.json());
}
