// A throwaway Worker for the smoke test: proves the password module (scrypt through node:crypto)
// runs in workerd, and lets the test time it from outside. Never deployed.
import { hashPassword, verifyPassword } from "../../../src/server/auth/password.ts";

export default {
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === "/noop") return Response.json({ ok: true });
    const hash = await hashPassword("mot de passe de test");
    const verified = await verifyPassword("mot de passe de test", hash);
    const rejected = await verifyPassword("autre mot de passe", hash);
    return Response.json({ hash: hash.split("$").slice(0, 4).join("$"), verified, rejected });
  },
};
