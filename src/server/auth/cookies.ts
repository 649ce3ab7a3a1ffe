import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../deps.ts";

export const SESSION_COOKIE = "zs_session";
export const OAUTH_STATE_COOKIE = "zs_oauth_state";
export const OAUTH_VERIFIER_COOKIE = "zs_oauth_verifier";
export const OAUTH_NONCE_COOKIE = "zs_oauth_nonce";
export const DEVICE_COOKIE = "zs_device";
/**
 * A hint, not a credential: "1" while a session cookie is set, readable by the pages' one inline
 * script so that the static header says « Mon compte » instead of « Se connecter » (issue 23). It
 * carries nothing about the person; the API never reads it. Set and cleared with the session cookie.
 */
export const SIGNED_IN_HINT_COOKIE = "zs_signed_in";

/** Secure everywhere but on a plain-http local address (http://127.0.0.1 in development and tests). */
function isSecure(c: Context<AppEnv>): boolean {
  return new URL(c.get("deps").config.SITE_URL).protocol === "https:";
}

/**
 * On https the session cookie is `__Host-zs_session`: the browser then accepts it only with Secure,
 * Path=/ and no Domain, so a sibling subdomain cannot plant a session of its own choosing (cookie
 * tossing). Sessions opened under the plain name before are not read: they sign in again once.
 */
function sessionCookiePrefix(c: Context<AppEnv>): "host" | undefined {
  return isSecure(c) ? "host" : undefined;
}

export function setSessionCookie(c: Context<AppEnv>, token: string, expiresAtMs: number): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    secure: isSecure(c),
    sameSite: "Lax",
    path: "/",
    expires: new Date(expiresAtMs),
    prefix: sessionCookiePrefix(c),
  });
  setCookie(c, SIGNED_IN_HINT_COOKIE, "1", {
    httpOnly: false,
    secure: isSecure(c),
    sameSite: "Lax",
    path: "/",
    expires: new Date(expiresAtMs),
    prefix: sessionCookiePrefix(c),
  });
}

export function readSessionCookie(c: Context<AppEnv>): string | undefined {
  return getCookie(c, SESSION_COOKIE, sessionCookiePrefix(c));
}

export function clearSessionCookie(c: Context<AppEnv>): void {
  deleteCookie(c, SESSION_COOKIE, { path: "/", secure: isSecure(c), httpOnly: true, sameSite: "Lax", prefix: sessionCookiePrefix(c) });
  deleteCookie(c, SIGNED_IN_HINT_COOKIE, { path: "/", secure: isSecure(c), sameSite: "Lax", prefix: sessionCookiePrefix(c) });
}

/**
 * The recent-device cookie (auth/device.ts): `__Host-` on https like the session's, and SameSite=Strict
 * since only our own pages' requests ever need it. It outlives sign-out: it is how the owner's browser is
 * recognised when someone else is hammering her account.
 */
export function setDeviceCookie(c: Context<AppEnv>, value: string, expiresAtMs: number): void {
  setCookie(c, DEVICE_COOKIE, value, {
    httpOnly: true,
    secure: isSecure(c),
    sameSite: "Strict",
    path: "/",
    expires: new Date(expiresAtMs),
    prefix: sessionCookiePrefix(c),
  });
}

export function readDeviceCookie(c: Context<AppEnv>): string | undefined {
  return getCookie(c, DEVICE_COOKIE, sessionCookiePrefix(c));
}

/** Short-lived cookies of the Google sign-in round trip (state, PKCE verifier, OpenID nonce). */
export function setOAuthCookie(c: Context<AppEnv>, name: string, value: string): void {
  setCookie(c, name, value, { httpOnly: true, secure: isSecure(c), sameSite: "Lax", path: "/api/auth/google", maxAge: 600 });
}

export function takeOAuthCookie(c: Context<AppEnv>, name: string): string | undefined {
  const value = getCookie(c, name);
  deleteCookie(c, name, { path: "/api/auth/google", secure: isSecure(c), httpOnly: true, sameSite: "Lax" });
  return value;
}
