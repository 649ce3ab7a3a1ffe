import { Hono } from "hono";
import type { AppEnv } from "../deps.ts";
import { isBusyError, noWait } from "../db/busy.ts";
import { describeError } from "../logger.ts";

export const healthRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const { db, clock, log } = c.get("deps");
  let database: "ok" | "busy" | "error" = "ok";
  try {
    // A write probe, not just a read: a full disk, a read-only file or a Turso database blocked
    // for writes still answers `select 1`. The statement deletes nothing, but only a connection
    // that may write can run it; as a one-statement write batch it is one round trip on Turso
    // (BEGIN IMMEDIATE … COMMIT on a local file). Tried once, never waited for: another process
    // holding the write lock is « busy » (decision 074), and the check answers at once.
    await noWait(db.$client).batch(["delete from rate_limits where 0"], "write");
  } catch (error) {
    database = isBusyError(error) ? "busy" : "error";
    if (database === "error") log({ level: "error", message: "health: database cannot write", fields: describeError(error) });
  }
  c.header("Cache-Control", "no-store");
  // The API answers reports even without its database (rate limits fail open), so the service
  // is up; the database state is reported for monitoring.
  return c.json({ status: "ok", database, time: clock().toISOString() });
});
