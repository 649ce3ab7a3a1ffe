// The shipped bathing data set on Node: imported from the source tree on first use. The Worker
// resolves `#bathing-dataset` to workers/bathing-dataset.ts instead (package.json "imports", the
// `workerd` condition), which reads the static asset: the data never enters the Worker's bundle.
import type { BathingDataset } from "../../sections/bathing/types.ts";

export async function readShippedBathingDataset(): Promise<BathingDataset> {
  return (await import("../../sources/baignades/data.ts")).BATHING_DATASET;
}
