// Issue 23 (« Smaller »): a second confirmation link said « Lien invalide » to someone confirmed and
// signed in. Opened again by the owner of the account, signed in, the account's link says it is
// already confirmed (with its address); to anyone else it stays invalid, as before.
import { describe, expect, it } from "vitest";
import { BrowserClient, confirmAccount, signUpForLink } from "../helpers/browser-client.ts";
import { useTestApp } from "../helpers/test-app.ts";

const t = useTestApp({ now: new Date("2026-11-22T10:00:00Z") }, { resetResend: true });

const paramsOf = (link: string) => {
  const url = new URL(link);
  return { u: url.searchParams.get("u"), x: url.searchParams.get("x"), s: url.searchParams.get("s") };
};

describe("a confirmation link opened again", () => {
  it("the account link opened again by its owner, confirmed and signed in, says « déjà confirmé » with the address, never « Lien invalide »", async () => {
    const owner = new BrowserClient(() => t.app);
    const link = await signUpForLink(t, owner, { email: "deux-fois@exemple-zs.fr", firstName: "Lou" });
    await confirmAccount(owner, link);

    const again = await owner.post("/api/auth/confirm/check", paramsOf(link));
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ email: "deux-fois@exemple-zs.fr", alreadyConfirmed: true });

    // Someone else (not signed in to that account) learns nothing from the used link.
    const stranger = await new BrowserClient(() => t.app).post("/api/auth/confirm/check", paramsOf(link));
    expect(stranger.status).toBe(400);
    expect(JSON.stringify(stranger.body)).not.toContain("deux-fois@exemple-zs.fr");
  });
});
