import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { AppEnv } from "../deps.ts";

export const healthRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const { db, clock, log } = c.get("deps");
  let database: "ok" | "error" = "ok";
  try {
    await db.run(sql`select 1`);
  } catch (error) {
    database = "error";
    log({ level: "error", message: "health: database unreachable", fields: { error: String(error) } });
  }
  c.header("Cache-Control", "no-store");
  // The API answers reports even without its database (rate limits fail open), so the service
  // is up; the database state is reported for monitoring.
  return c.json({ status: "ok", database, time: clock().toISOString() });
});
