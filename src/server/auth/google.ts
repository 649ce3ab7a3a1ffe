// Google sign-in (authorization code + PKCE) with arctic's generic OAuth 2.0 client, so that the
// endpoints come from configuration (Google in production, a local fake in tests).
import { CodeChallengeMethod, decodeIdToken, generateCodeVerifier, generateState, OAuth2Client } from "arctic";
import * as z from "zod";
import type { Config } from "../config.ts";

export interface GoogleIdentity {
  subject: string;
  email: string;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
}

const idTokenClaims = z.object({
  iss: z.string(),
  aud: z.union([z.string(), z.array(z.string())]),
  exp: z.number(),
  /** authorized party: the client the token was issued to, when the audience has several */
  azp: z.string().optional(),
  nonce: z.string().optional(),
  sub: z.string().min(1),
  email: z.email(),
  email_verified: z.boolean().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
});

export function isGoogleConfigured(config: Config): boolean {
  return Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);
}

function createClient(config: Config): OAuth2Client {
  return new OAuth2Client(config.GOOGLE_CLIENT_ID ?? "", config.GOOGLE_CLIENT_SECRET ?? "", `${config.SITE_URL}/api/auth/google/callback`);
}

export function createGoogleAuthorization(config: Config): { url: URL; state: string; codeVerifier: string; nonce: string } {
  const state = generateState();
  const codeVerifier = generateCodeVerifier();
  const nonce = generateState();
  const url = createClient(config).createAuthorizationURLWithPKCE(config.GOOGLE_AUTH_URL, state, CodeChallengeMethod.S256, codeVerifier, [
    "openid",
    "email",
    "profile",
  ]);
  url.searchParams.set("prompt", "select_account");
  url.searchParams.set("nonce", nonce);
  return { url, state, codeVerifier, nonce };
}

/**
 * Exchanges the code and reads the ID token. It comes straight from the token endpoint over TLS,
 * which OpenID Connect (Core 3.1.3.7) accepts instead of checking its signature; issuer, audience,
 * authorized party, expiry and the nonce sent with this browser's request are still checked.
 */
export async function exchangeGoogleCode(config: Config, input: { code: string; codeVerifier: string; nonce: string; nowMs: number }): Promise<GoogleIdentity> {
  const tokens = await createClient(config).validateAuthorizationCode(config.GOOGLE_TOKEN_URL, input.code, input.codeVerifier);
  const claims = idTokenClaims.parse(decodeIdToken(tokens.idToken()));
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  const issuers = new Set([config.GOOGLE_ISSUER, config.GOOGLE_ISSUER.replace(/^https:\/\//, "")]);
  if (!issuers.has(claims.iss)) throw new Error("unexpected ID token issuer");
  if (!audiences.includes(config.GOOGLE_CLIENT_ID ?? "")) throw new Error("ID token not issued for this client");
  // Core 3.1.3.7 §4–5: with several audiences azp must be there, and when there it must be us.
  if ((audiences.length > 1 || claims.azp !== undefined) && claims.azp !== config.GOOGLE_CLIENT_ID) throw new Error("ID token for another party");
  // Core 3.1.3.7 §11: the nonce ties the token to the authorization request this browser started.
  if (claims.nonce !== input.nonce) throw new Error("ID token nonce mismatch");
  if (claims.exp * 1000 < input.nowMs) throw new Error("expired ID token");
  return {
    subject: claims.sub,
    email: claims.email.toLowerCase(),
    emailVerified: claims.email_verified === true,
    firstName: claims.given_name ?? null,
    lastName: claims.family_name ?? null,
  };
}
