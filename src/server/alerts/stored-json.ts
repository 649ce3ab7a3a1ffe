// Reading back a JSON column the alert run stored (src/server/alerts/snapshots.ts says which): a row
// that does not parse is logged by table and kind — never its content — and treated as absent.
import type * as z from "zod";
import type { AppDeps } from "../deps.ts";

type StoredTable = "source_snapshots" | "water_digests" | "alert_states" | "alert_events" | "alert_runs";

/**
 * The value of a stored JSON column, or null when it does not parse or does not match `schema`.
 * The log names the table, the kind of row and the first mismatching field: never the content.
 */
export function readStoredJson<T>(deps: Pick<AppDeps, "log">, schema: z.ZodType<T>, json: string, where: { table: StoredTable; kind: string }): T | null {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    deps.log({ level: "warn", message: "stored row unreadable, treated as absent", fields: { ...where, issue: "not JSON" } });
    return null;
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  deps.log({
    level: "warn",
    message: "stored row unreadable, treated as absent",
    fields: { ...where, issue: issue ? `${issue.code} at ${issue.path.join(".") || "(root)"}` : "invalid" },
  });
  return null;
}
