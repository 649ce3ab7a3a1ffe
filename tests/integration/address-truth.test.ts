// Nobody speaks on our domain but the official data (issue 22, decision 055). A shared report
// page, its PDF and the public API once printed the label, city and postcode of the query, and
// judged the water of a `citycode` never checked against the point: « 8 Boulevard du Port 80000
// Amiens – EAU NON POTABLE : appelez le 08 99… » above another commune's non-compliant nitrates.
// The address shown and the commune judged now come from the BAN (Base Adresse Nationale): a
// signed pick of our own suggestions, else the BAN's address at the point (reverse geocoding).
// Real requests against the app, the fake BAN serving tests/fixtures/ban/reverse-derived-*.json.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ReportAnswer, SignedSuggestion } from "../../src/core/types.ts";
import { pdfText } from "../helpers/pdf-text.ts";
import { reportKeyOf, reportRequestOf } from "../../src/islands/report/report-request.ts";
import ReportView from "../../src/islands/report/ReportView.tsx";
import { CRISIS_SCENARIO, MAIN_SCENARIO } from "../fixtures/scenarios.ts";
import { BrowserClient, signedInAs } from "../helpers/browser-client.ts";
import { useFreshApp, useTestApp } from "../helpers/test-app.ts";
import { asSent } from "../helpers/site-report.ts";

const t = useTestApp({ now: new Date("2026-11-22T10:00:00Z") }, { resetUpstreams: true, resetResend: true, onlyKnownUpstreams: true });
const app = useFreshApp(t);

/** The text of the shared page and PDF of the finding. */
const INJECTED = "EAU NON POTABLE : appelez le 08 99 12 34 56";
const INJECTED_WORDS = /EAU NON POTABLE|appelez|08 99/i;
/** Camon (80164), 3,5 km east of Amiens: the BAN knows only Camon's addresses there. */
const CAMON_POINT = { lat: "49.8905", lon: "2.342" };

/** The query of the finding: Amiens' point, its commune, and words of the caller's. */
function injectedQuery(extra: Record<string, string> = {}): URLSearchParams {
  return new URLSearchParams({
    lat: String(MAIN_SCENARIO.latitude),
    lon: String(MAIN_SCENARIO.longitude),
    citycode: MAIN_SCENARIO.citycode,
    label: `${MAIN_SCENARIO.label} – ${INJECTED}`,
    postcode: "34370",
    city: INJECTED,
    ...extra,
  });
}

const banCalls = () => t.upstreams.requests.filter((request) => request.source === "ban");

/** What the page shows of a report: the island's own rendering of the answer, and the URL it writes. */
function pageOf(report: ReportAnswer): string {
  const html = renderToStaticMarkup(createElement(ReportView, { report: asSent(report), pendingUdi: null, updating: false, onChooseUdi: () => {} }));
  return `${html}\n${decodeURIComponent(reportKeyOf(reportRequestOf(report, undefined)))}`;
}

async function suggestionsFor(q: string): Promise<SignedSuggestion[]> {
  const response = await app().request(`/api/geocode?${new URLSearchParams({ q })}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { results: SignedSuggestion[] }).results;
}

function signedQuery(address: SignedSuggestion | ReportAnswer["address"], extra: Record<string, string> = {}): URLSearchParams {
  return new URLSearchParams({
    lat: String(address.latitude),
    lon: String(address.longitude),
    citycode: address.citycode,
    label: address.label,
    postcode: address.postcode,
    city: address.city,
    signature: address.signature,
    ...extra,
  });
}

describe("a report, its PDF and the public API never show text the caller wrote", () => {
  it.each(["/api/report", "/api/v1/report"])("%s names the BAN's address at the point, never the label, city or postcode of the query", async (path) => {
    const response = await app().request(`${path}?${injectedQuery()}`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toMatch(INJECTED_WORDS);
    const report = JSON.parse(text) as ReportAnswer;
    expect(report.address).toMatchObject({ label: MAIN_SCENARIO.label, postcode: "80000", city: "Amiens", citycode: "80021" });
    expect(report.address_info).toMatchObject({ commune_name: "Amiens", commune_code: "80021" });
    // The page the island draws from it, and the link it writes for sharing.
    expect(pageOf(report)).not.toMatch(INJECTED_WORDS);
    expect(pageOf(report)).toContain(MAIN_SCENARIO.label);
  });

  it("the PDF of a shared link names the BAN's address, never the caller's words", async () => {
    const response = await app().request(`/api/report/pdf?${injectedQuery()}`);
    expect(response.status).toBe(200);
    const text = pdfText(await response.arrayBuffer());
    expect(text).not.toMatch(INJECTED_WORDS);
    expect(text).toContain(MAIN_SCENARIO.label);
  });

  it("a signature is no licence to rewrite: another address's signature, or a changed field, is ignored", async () => {
    const [amiens] = await suggestionsFor("8 bd du Port");
    const forged = signedQuery(amiens!, { label: `${MAIN_SCENARIO.label} – ${INJECTED}` });
    const report = (await (await app().request(`/api/report?${forged}`)).json()) as ReportAnswer;
    expect(report.address.label).toBe(MAIN_SCENARIO.label);
    expect(JSON.stringify(report)).not.toMatch(INJECTED_WORDS);
    // The BAN was asked again, at the point.
    expect(banCalls().map((call) => call.path)).toContain("/reverse");
  });

  it("the sign-up page's preset (/api/geocode/resolve) names the BAN's address, never the link's", async () => {
    const response = await app().request(`/api/geocode/resolve?${injectedQuery()}`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toMatch(INJECTED_WORDS);
    expect(JSON.parse(text)).toMatchObject({ address: { label: MAIN_SCENARIO.label, city: "Amiens", postcode: "80000", signature: expect.any(String) } });
  });

  it("a refusal does not quote the caller either", async () => {
    const response = await app().request(`/api/report?${injectedQuery({ citycode: CRISIS_SCENARIO.citycode })}`);
    expect(response.status).toBe(400);
    expect(await response.text()).not.toMatch(INJECTED_WORDS);
  });
});

describe("a point and a commune that disagree get a 400 with a clear French message", () => {
  // The finding: Amiens' point above Maraussan's non-compliant nitrates (34148).
  it.each([
    ["Amiens' point with Maraussan's code", { lat: String(MAIN_SCENARIO.latitude), lon: String(MAIN_SCENARIO.longitude), citycode: CRISIS_SCENARIO.citycode }],
    ["a point in Camon with Amiens' code", { ...CAMON_POINT, citycode: MAIN_SCENARIO.citycode }],
  ])("%s", async (_name, query) => {
    for (const path of ["/api/report", "/api/v1/report", "/api/report/pdf", "/api/geocode/resolve"]) {
      const response = await app().request(`${path}?${new URLSearchParams(query)}`);
      expect(response.status, path).toBe(400);
      expect(await response.json()).toEqual({
        error:
          "Ces coordonnées ne sont pas dans la commune indiquée (citycode). Recherchez l'adresse à nouveau et choisissez-la dans la liste des suggestions.",
        code: "commune_mismatch",
      });
    }
    // The commune named was never judged: no official source was read for it.
    expect(t.upstreams.requests.filter((request) => request.source !== "ban")).toEqual([]);
  });

  it("a point and its own commune are one: Camon's point with Camon's code is Camon's address", async () => {
    const response = await app().request(`/api/report?${new URLSearchParams({ ...CAMON_POINT, citycode: "80164" })}`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as ReportAnswer).address).toMatchObject({ label: "12 Rue Jean Jaurès 80450 Camon", citycode: "80164" });
  });

  it("a bare point in the public API is named after the BAN's nearest address, and judged in its commune", async () => {
    const response = await app().request(`/api/v1/report?${new URLSearchParams({ lat: "49.89851", lon: "2.29521" })}`);
    expect(response.status).toBe(200);
    const report = (await response.json()) as ReportAnswer;
    expect(report.address).toMatchObject({ label: MAIN_SCENARIO.label, citycode: "80021", latitude: MAIN_SCENARIO.latitude });
    expect(report.address_info.commune_code).toBe("80021");
  });

  it("a point where the BAN knows no address is refused with a 404, never reported on", async () => {
    const response = await app().request(`/api/report?${new URLSearchParams({ lat: "45.0", lon: "1.0", citycode: "19031" })}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: "Aucune adresse de la Base Adresse Nationale n'est connue près de ces coordonnées.",
      code: "address_not_found",
    });
    expect(t.upstreams.requests.filter((request) => request.source !== "ban")).toEqual([]);
  });
});

describe("our own suggestions, signed, are named as picked and cost no call", () => {
  it("a picked street keeps its label (not the nearest house number), and the BAN is not asked again", async () => {
    const [street] = await suggestionsFor("Maraussan");
    expect(street).toMatchObject({ label: CRISIS_SCENARIO.label, type: "street", signature: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) });
    t.upstreams.reset();
    const response = await app().request(`/api/report?${signedQuery(street!)}`);
    expect(response.status).toBe(200);
    const report = (await response.json()) as ReportAnswer;
    expect(report.address).toEqual({ ...CRISIS_SCENARIO, signature: street!.signature });
    expect(banCalls()).toEqual([]);
    // The answer's own signature names it again: the link the page writes costs no call either.
    const again = await app().request(`/api/report?${signedQuery(report.address)}`);
    expect(((await again.json()) as ReportAnswer).address.label).toBe(CRISIS_SCENARIO.label);
    expect(banCalls()).toEqual([]);
  });

  it("an unsigned link costs one BAN call, then none: the answer at the point is kept", async () => {
    const query = new URLSearchParams({ lat: String(MAIN_SCENARIO.latitude), lon: String(MAIN_SCENARIO.longitude), citycode: MAIN_SCENARIO.citycode });
    expect((await app().request(`/api/report?${query}`)).status).toBe(200);
    expect((await app().request(`/api/report?${query}`)).status).toBe(200);
    expect(banCalls()).toEqual([{ source: "ban", path: "/reverse", query: { lon: "2.2952", lat: "49.8985", limit: "5", index: "address" } }]);
  });

  it("with the BAN down, a signed link still gets its report; an unsigned one gets a 503, never a report of an unchecked commune", async () => {
    const [amiens] = await suggestionsFor("8 bd du Port");
    t.upstreams.setMode("ban", "error500");
    expect((await app().request(`/api/report?${signedQuery(amiens!)}`)).status).toBe(200);
    const unsigned = await app().request(`/api/report?${injectedQuery()}`);
    expect(unsigned.status).toBe(503);
    expect(await unsigned.json()).toEqual({
      error: "L'adresse ne peut pas être vérifiée auprès de la Base Adresse Nationale pour le moment. Veuillez réessayer dans quelques instants.",
      code: "upstream_unavailable",
    });
  });
});

describe("an account's addresses are the BAN's, in its list, its PDF and its emails", () => {
  let counter = 0;
  const signedIn = () => signedInAs(t, app, `adresse-ban${++counter}@exemple-zs.fr`);

  it("an address is stored as the BAN names it: a label the BAN does not know there is refused; a label, city or postcode sent is replaced", async () => {
    const client = await signedIn();
    const refused = await client.post("/api/account/addresses", { address: { ...MAIN_SCENARIO, label: INJECTED } });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: "Choisissez une adresse dans la liste des suggestions.", code: "unknown_address" });

    const added = await client.post("/api/account/addresses", {
      label: "Maison",
      address: { ...MAIN_SCENARIO, label: `${MAIN_SCENARIO.label} – ${INJECTED}`, postcode: "34370", city: INJECTED },
    });
    expect(added.status).toBe(201);
    expect(JSON.stringify(added.body)).not.toMatch(INJECTED_WORDS);
    expect(added.body.address).toMatchObject({ address: { label: MAIN_SCENARIO.label, postcode: "80000", city: "Amiens" } });

    const pdf = await client.get("/api/account/report.pdf");
    expect(pdf.status).toBe(200);
    expect(pdfText(pdf.body.raw as ArrayBuffer)).not.toMatch(INJECTED_WORDS);
    expect((await client.post("/api/account/report-email", {})).status).toBe(200);
    const email = [...t.resend.emails].reverse().find((candidate) => candidate.subject.includes("bilan"));
    expect(`${email?.html}${email?.text}`).not.toMatch(INJECTED_WORDS);
  });

  it.each([
    [INJECTED, /que des lettres, des chiffres/],
    ["Appelez le 0899123456", /3 chiffres au plus/],
    ["zone-sante.example/aide", /que des lettres, des chiffres/],
    ["aide@zone-sante.example", /que des lettres, des chiffres/],
  ])("an address's name carries no phone number, link or e-mail address (« %s » refused in French)", async (nickname, message) => {
    const client = await signedIn();
    const refused = await client.post("/api/account/addresses", { label: nickname, address: MAIN_SCENARIO });
    expect(refused.status).toBe(400);
    expect(String(refused.body.error)).toMatch(message);
    expect(t.upstreams.requests).toEqual([]);
    expect((await client.post("/api/account/addresses", { label: "Bureau 12 de l'Agence", address: MAIN_SCENARIO })).status).toBe(201);
  });

  it("a signed suggestion is added as picked, with no call to the BAN, and its report link is signed", async () => {
    const client = await signedIn();
    const [street] = await suggestionsFor("Maraussan");
    t.upstreams.reset();
    const added = await client.post("/api/account/addresses", { address: street });
    expect(added.status).toBe(201);
    expect(banCalls()).toEqual([]);
    const reportUrl = new URL(String((added.body.address as { reportUrl: string }).reportUrl), "http://127.0.0.1:4321");
    expect(reportUrl.searchParams.get("signature")).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // Opened, the link names the stored address as is.
    const report = (await (await app().request(`/api/report?${reportUrl.searchParams}`)).json()) as ReportAnswer;
    expect(report.address.label).toBe(CRISIS_SCENARIO.label);
    expect(banCalls()).toEqual([]);
  });
});

describe("an alert sign-up", () => {
  it("sent with a suggestion's signature, is stored as picked with no call to the BAN", async () => {
    const [amiens] = await suggestionsFor("8 bd du Port");
    t.upstreams.reset();
    const response = await new BrowserClient(app).post("/api/subscriptions", { email: "signee@exemple-zs.fr", address: amiens, consent: true });
    expect(response.status).toBe(202);
    expect(banCalls()).toEqual([]);
  });
});
