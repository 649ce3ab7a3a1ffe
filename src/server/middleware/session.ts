import { createMiddleware } from "hono/factory";
import { clearSessionCookie, readSessionCookie, setSessionCookie } from "../auth/cookies.ts";
import { validateSessionToken } from "../auth/session.ts";
import type { AppEnv } from "../deps.ts";
import { jsonError } from "../http-errors.ts";

/** Reads the session cookie on every API request; a stale or forged cookie is removed. */
export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  c.set("auth", null);
  const token = readSessionCookie(c);
  if (token) {
    const { db, clock, log } = c.get("deps");
    let valid: Awaited<ReturnType<typeof validateSessionToken>> | "unavailable";
    try {
      valid = await validateSessionToken(db, token, clock().getTime());
    } catch (error) {
      // Public pages must keep working if the database is unreachable: act as signed out, keep the cookie.
      log({ level: "error", message: "session store unavailable", fields: { error: error instanceof Error ? error.name : "unknown" } });
      valid = "unavailable";
    }
    if (valid === "unavailable") {
      // nothing: requireSession answers 401 on account routes
    } else if (valid) {
      c.set("auth", valid);
      if (valid.refreshed) setSessionCookie(c, token, valid.session.expiresAtMs);
    } else {
      clearSessionCookie(c);
    }
  }
  await next();
});

/** 401 in French when no valid session; the island asks the person to sign in again. */
export const requireSession = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get("auth")) return jsonError(c, 401, "Votre session a expiré. Veuillez vous reconnecter.", "unauthenticated");
  await next();
});
