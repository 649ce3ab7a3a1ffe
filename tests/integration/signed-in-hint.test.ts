// The header's « Mon compte » on static pages (issue 23: « the header never shows you are signed in »).
// Pages are prerendered, so a script reads a hint cookie set beside the session's; the session cookie
// itself stays HttpOnly (decision 006: HttpOnly, SameSite=Lax, Secure on https).
import { beforeEach, describe, expect, it } from "vitest";
import { BrowserClient, confirmAccount, signUpForLink } from "../helpers/browser-client.ts";
import { type TestApp, useTestApp } from "../helpers/test-app.ts";

const START = new Date("2026-11-22T10:00:00Z");
const t = useTestApp({ now: START }, { now: START, resetResend: true });
let app: TestApp["app"];
beforeEach(() => {
  app = t.rebuild();
});
const browser = () => new BrowserClient(() => app);

describe("the signed-in hint cookie", () => {
  it("the header's signed-in hint is set with the session, carries no credential, and goes at sign-out while the session cookie stays HttpOnly", async () => {
    const client = browser();
    const confirm = await confirmAccount(client, await signUpForLink(t, client, { email: "indice@exemple-zs.fr" }));
    expect(confirm.status).toBe(200);
    const session = confirm.setCookies.find((line) => line.startsWith("zs_session="));
    const hint = confirm.setCookies.find((line) => line.startsWith("zs_signed_in="));
    expect(session).toMatch(/HttpOnly/i);
    expect(hint).toMatch(/^zs_signed_in=1;/);
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(hint).toMatch(/SameSite=Lax/i);
    expect(hint).toMatch(/Path=\//);
    expect(client.cookies.get("zs_signed_in")).toBe("1");

    const out = await client.post("/api/auth/signout");
    expect(out.status).toBe(200);
    expect(client.cookies.has("zs_session")).toBe(false);
    expect(client.cookies.has("zs_signed_in")).toBe(false);
  });

  it("a session the server no longer knows takes the signed-in hint with it", async () => {
    const client = browser();
    client.cookies.set("zs_session", "inconnu.secret");
    client.cookies.set("zs_signed_in", "1");
    const answer = await client.get("/api/auth/session");
    expect(answer.body.user).toBeNull();
    expect(client.cookies.has("zs_signed_in")).toBe(false);
  });
});
