// Refusals are thrown where they are decided (src/server/refusals.ts) and answered once, by the
// app's onError: the answer is the one the route used to build itself, with every header the
// request had gathered, logged as the request it is and never as an unhandled error.
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { frenchTypography } from "../../src/core/shared/format.ts";
import { ApiRefusal } from "../../src/server/http-errors.ts";
import { REFUSALS, refusal } from "../../src/server/refusals.ts";
import { useTestApp } from "../helpers/test-app.ts";

const t = useTestApp({}, { resetUpstreams: true });

describe("a thrown refusal", () => {
  it("answers its status, code and French words, with the headers set before it was thrown", async () => {
    const app = t.rebuild();
    t.logs.length = 0;
    // The report's own route sets Vary before it looks the address up.
    const response = await app.request(`/api/report?q=${encodeURIComponent("zzzzzzzz introuvable")}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: "Adresse introuvable. Vérifiez l'orthographe ou choisissez une suggestion.",
      code: "address_not_found",
    });
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(response.headers.get("Vary")).toBe("Accept");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("X-Request-Id")).toBeTruthy();
    expect(t.logs.filter((entry) => entry.message === "unhandled error")).toEqual([]);
    expect(t.logs.find((entry) => entry.message === "request")?.fields).toMatchObject({ path: "/api/report", status: 404 });
  });

  it("thrown from a query's validator, answers as the route did", async () => {
    const response = await t.rebuild().request("/api/report?lat=0&lon=0&citycode=75056");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: "Ces coordonnées sont en dehors de la France (métropole et départements d'outre-mer).",
      code: "outside_france",
    });
  });

  it("answers the same JSON, in French typography, where no onError of ours runs", async () => {
    const bare = new Hono().get("/", () => {
      throw refusal("codeRefused");
    });
    const response = await bare.request("/");
    expect(response.status).toBe(401);
    const body = (await response.json()) as { error: string; code: string };
    expect(body).toEqual({ error: frenchTypography(REFUSALS.codeRefused.message), code: "invalid_code" });
    expect(body.error).toMatch(/[\u00a0\u202f]:/);
  });

  it("each refusal of the catalogue is a client's or an upstream's, never a 500, with a snake_case code", () => {
    for (const [name, spec] of Object.entries(REFUSALS)) {
      expect(spec.status, name).toBeGreaterThanOrEqual(400);
      expect(spec.status, name).toBeLessThan(600);
      expect(spec.status, name).not.toBe(500);
      expect(spec.code, name).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(refusal(name as keyof typeof REFUSALS)).toBeInstanceOf(ApiRefusal);
    }
  });
});
