// The shipped commune history on Node: imported from the source tree on first use. The Worker
// resolves `#commune-history` to workers/commune-history.ts instead (package.json "imports", the
// `workerd` condition), which reads the static asset: the data never enters the Worker's bundle.
import type { CommuneHistoryFile } from "../../sources/cog/history.ts";

export async function readShippedCommuneHistory(): Promise<CommuneHistoryFile> {
  return (await import("../../sources/cog/data.ts")).COMMUNE_HISTORY;
}
