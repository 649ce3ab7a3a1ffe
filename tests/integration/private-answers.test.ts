// Issue 39 (low): every answer of the account and of sign-in carries `Cache-Control: private,
// no-store`, errors and refusals included, so no browser history, back-forward cache or shared cache
// keeps a person's addresses, preferences or session state. The routes are read from the routers
// themselves: a route added later is covered without touching this file.
import { describe, expect, it } from "vitest";
import { accountRoutes } from "../../src/server/routes/account.ts";
import { adminRoutes } from "../../src/server/routes/admin.ts";
import { authRoutes } from "../../src/server/routes/auth.ts";
import { BrowserClient, signedInAs } from "../helpers/browser-client.ts";
import { useFreshApp, useTestApp } from "../helpers/test-app.ts";

const START = new Date("2026-11-22T10:00:00Z");
const t = useTestApp({ now: START }, { now: START, resetResend: true });
const app = useFreshApp(t);

type Router = { routes: Array<{ method: string; path: string }> };

/** Every method and path of a router (its middleware apart), `:id`-like segments filled with a made-up value. */
function routesOf(base: string, router: Router): Array<{ method: string; path: string }> {
  const seen = new Set<string>();
  return router.routes
    .filter((route) => route.method !== "ALL")
    .map((route) => ({ method: route.method, path: `/api${base}${route.path === "/" ? "" : route.path}`.replace(/:[A-Za-z]\w*/g, "inconnu") }))
    .filter((route) => !seen.has(`${route.method} ${route.path}`) && seen.add(`${route.method} ${route.path}`));
}

const ROUTES = [
  ...routesOf("/account", accountRoutes),
  ...routesOf("/auth", authRoutes),
  ...routesOf("/admin", adminRoutes),
  // An address of these routers that does not exist: the 404 is theirs too.
  { method: "GET", path: "/api/account/inexistant" },
  { method: "POST", path: "/api/auth/inexistant" },
];

let accounts = 0;

describe("Cache-Control: private, no-store on every account, sign-in and admin answer", () => {
  it("covers the routers' routes (the list is not empty, GET and writes alike)", () => {
    const methods = new Set(ROUTES.map((route) => route.method));
    expect(ROUTES.length).toBeGreaterThan(20);
    for (const method of ["GET", "POST", "PATCH", "PUT", "DELETE"]) expect(methods).toContain(method);
    expect(ROUTES.map((route) => route.path)).toEqual(expect.arrayContaining(["/api/account/addresses", "/api/account/preferences"]));
  });

  for (const route of ROUTES) {
    it(`${route.method} ${route.path}, signed out and signed in`, async () => {
      const signedOut = new BrowserClient(app);
      const anonymous = await signedOut.request(route.method, route.path, route.method === "GET" ? undefined : {});
      expect(anonymous.headers.get("Cache-Control"), `signed out: ${anonymous.status}`).toBe("private, no-store");
      const signedIn = await signedInAs(t, app, `prive${++accounts}@exemple-zs.fr`);
      const answer = await signedIn.request(route.method, route.path, route.method === "GET" ? undefined : {});
      expect(answer.headers.get("Cache-Control"), `signed in: ${answer.status}`).toBe("private, no-store");
    });
  }

  it("the account's addresses and preferences, read successfully, are not stored", async () => {
    const client = await signedInAs(t, app, "lecture@exemple-zs.fr");
    for (const path of ["/api/account/addresses", "/api/account/preferences"]) {
      const answer = await client.get(path);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    }
  });
});
