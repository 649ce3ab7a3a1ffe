// A fake Google OAuth 2.0 / OpenID Connect provider on 127.0.0.1: /authorize consents at once and
// redirects back with a code; /token checks the client, the redirect URI and the PKCE verifier
// (S256), then answers an ID token for the configured identity, echoing the nonce it was given.
import { createHash } from "node:crypto";
import { type IncomingMessage, type ServerResponse } from "node:http";
import { listenLocally } from "./listen.ts";

export interface FakeIdentity {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
  /** sent as is in place of the nonce received at /authorize (to test a replayed or foreign token) */
  nonce?: string;
  azp?: string;
}

export interface FakeOAuth {
  baseUrl: string;
  config: { GOOGLE_CLIENT_ID: string; GOOGLE_CLIENT_SECRET: string; GOOGLE_AUTH_URL: string; GOOGLE_TOKEN_URL: string; GOOGLE_ISSUER: string };
  setIdentity(identity: FakeIdentity): void;
  /** "deny": the person refuses consent; "token-error": the token endpoint answers 400 */
  setMode(mode: "ok" | "deny" | "token-error"): void;
  readonly tokenRequests: Array<{ status: number }>;
  close(): Promise<void>;
}

const CLIENT_ID = "fake-client-id.apps.googleusercontent.com";
const CLIENT_SECRET = "fake-client-secret";
const base64url = (input: Buffer | string) => Buffer.from(input).toString("base64url");

export async function startFakeOAuth(options: { port?: number } = {}): Promise<FakeOAuth> {
  let identity: FakeIdentity = { sub: "1234567890", email: "marie.google@exemple-zs.fr", email_verified: true, given_name: "Marie", family_name: "Curie" };
  let mode: "ok" | "deny" | "token-error" = "ok";
  const codes = new Map<string, { challenge: string; redirectUri: string; nonce: string | null; identity: FakeIdentity }>();
  const tokenRequests: FakeOAuth["tokenRequests"] = [];
  let issuer = "";

  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  };

  const readForm = (request: IncomingMessage) =>
    new Promise<URLSearchParams>((resolve) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => resolve(new URLSearchParams(body)));
    });

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://fake.local");
    if (url.pathname === "/authorize") {
      const redirectUri = url.searchParams.get("redirect_uri") ?? "";
      const state = url.searchParams.get("state") ?? "";
      const target = new URL(redirectUri);
      if (mode === "deny" || url.searchParams.get("client_id") !== CLIENT_ID || url.searchParams.get("code_challenge_method") !== "S256") {
        target.searchParams.set("error", "access_denied");
      } else {
        const code = base64url(createHash("sha256").update(String(Math.random())).digest());
        codes.set(code, { challenge: url.searchParams.get("code_challenge") ?? "", redirectUri, nonce: url.searchParams.get("nonce"), identity });
        target.searchParams.set("code", code);
      }
      target.searchParams.set("state", state);
      response.writeHead(302, { location: target.toString() });
      response.end();
      return;
    }
    if (url.pathname === "/token" && request.method === "POST") {
      const form = await readForm(request);
      const basic = request.headers.authorization?.replace(/^Basic /, "") ?? "";
      const [clientId, clientSecret] = Buffer.from(basic, "base64").toString().split(":").map(decodeURIComponent);
      const grant = codes.get(form.get("code") ?? "");
      codes.delete(form.get("code") ?? "");
      const verifier = form.get("code_verifier") ?? "";
      const challengeOk = grant && base64url(createHash("sha256").update(verifier).digest()) === grant.challenge;
      if (
        mode === "token-error" ||
        clientId !== CLIENT_ID ||
        clientSecret !== CLIENT_SECRET ||
        !grant ||
        !challengeOk ||
        grant.redirectUri !== form.get("redirect_uri")
      ) {
        tokenRequests.push({ status: 400 });
        return json(response, 400, { error: "invalid_grant" });
      }
      const now = Math.floor(Date.now() / 1000);
      const claims = { iss: issuer, aud: CLIENT_ID, iat: now, exp: now + 3600, ...(grant.nonce === null ? {} : { nonce: grant.nonce }), ...grant.identity };
      // Unsigned for the fake: the app reads the ID token it received directly over the token
      // endpoint's TLS channel, which OpenID Connect allows in place of signature validation.
      const idToken = `${base64url(JSON.stringify({ alg: "RS256", typ: "JWT" }))}.${base64url(JSON.stringify(claims))}.${base64url("signature")}`;
      tokenRequests.push({ status: 200 });
      return json(response, 200, {
        access_token: "fake-access-token",
        token_type: "Bearer",
        expires_in: 3599,
        scope: "openid email profile",
        id_token: idToken,
      });
    }
    json(response, 404, { error: "not_found" });
  };

  // A malformed request (say, no redirect_uri) answers 500 instead of an unhandled rejection.
  const local = await listenLocally(handle, (response, error) => json(response, 500, { error: "fake_failure", message: String(error) }), options);
  const baseUrl = local.baseUrl;
  issuer = baseUrl;

  return {
    baseUrl,
    config: {
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
      GOOGLE_AUTH_URL: `${baseUrl}/authorize`,
      GOOGLE_TOKEN_URL: `${baseUrl}/token`,
      GOOGLE_ISSUER: baseUrl,
    },
    setIdentity(next) {
      identity = next;
    },
    setMode(next) {
      mode = next;
    },
    tokenRequests,
    close: local.close,
  };
}
