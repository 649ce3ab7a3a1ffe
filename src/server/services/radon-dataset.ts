// The shipped radon classification on Node: imported from the source tree on first use. The Worker
// resolves `#radon-dataset` to workers/radon-dataset.ts instead (package.json "imports", the
// `workerd` condition), which reads the static asset: the data never enters the Worker's bundle.
import type { RadonDatasetFile } from "../../sources/radon/dataset.ts";

export async function readShippedRadonDataset(): Promise<RadonDatasetFile> {
  return (await import("../../sources/radon/data.ts")).RADON_DATASET;
}
