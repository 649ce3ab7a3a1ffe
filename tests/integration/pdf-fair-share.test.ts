// Issue 39: two clients filled the service-wide PDF ceiling (PDF_GLOBAL_PER_MINUTE, PDF_MAX_CONCURRENT)
// and everyone else got 503, a signed-in owner's account PDF included. Each client now has a fair
// share (decision 089): at most one slot at a time and an eighth of the minute's PDFs (at least 2),
// and a quarter of both is kept for account PDFs. Real requests against the test app, its database
// and the fake upstreams.
import { describe, expect, it } from "vitest";
import { MAIN_SCENARIO, reportQueryOf } from "../fixtures/scenarios.ts";
import { BrowserClient, signedInAs } from "../helpers/browser-client.ts";
import { type TestApp, useTestApp } from "../helpers/test-app.ts";

const START = new Date("2026-11-22T10:00:00Z");
const MINUTE_MS = 60_000;
const t = useTestApp({ now: START }, { now: START, resetUpstreams: true });
const pdfPath = `/api/report/pdf?${reportQueryOf(MAIN_SCENARIO)}`;

let nextIp = 1;
/** A client of its own IP (one person, one browser). */
const client = (app: TestApp["app"]) => new BrowserClient(() => app, { ip: `203.0.113.${nextIp++}` });

async function ownerWithAddress(app: TestApp["app"], email: string): Promise<BrowserClient> {
  const owner = await signedInAs(t, () => app, email);
  expect((await owner.post("/api/account/addresses", { address: MAIN_SCENARIO })).status).toBe(201);
  return owner;
}

describe("each client has a fair share of the PDF ceilings (issue 39)", () => {
  it("two clients asking without end take their share of the minute only: a third client still gets its PDF", async () => {
    // 16 a minute: each client 2 (an eighth), public PDFs 12 (a quarter kept for accounts).
    const app = t.rebuild({ PDF_GLOBAL_PER_MINUTE: "16" });
    const [first, second, third] = [client(app), client(app), client(app)];
    const statuses = { first: [] as number[], second: [] as number[] };
    for (let request = 0; request < 8; request++) {
      statuses.first.push((await first.get(pdfPath)).status);
      statuses.second.push((await second.get(pdfPath)).status);
    }
    expect(statuses.first).toEqual([200, 200, 429, 429, 429, 429, 429, 429]);
    expect(statuses.second).toEqual([200, 200, 429, 429, 429, 429, 429, 429]);
    const refused = await first.get(pdfPath);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      error: "Vous avez demandé trop de rapports PDF en une minute. Veuillez réessayer d'ici une minute.",
      code: "pdf_share",
    });
    // START is at a minute's start: the window ends in 60 s.
    expect(refused.headers.get("retry-after")).toBe("60");

    const thirdPdf = await third.get(pdfPath);
    expect(thirdPdf.status).toBe(200);
    expect(thirdPdf.headers.get("content-type")).toBe("application/pdf");

    // The next minute, the first client has its share again.
    t.setNow(new Date(START.getTime() + MINUTE_MS));
    expect((await first.get(pdfPath)).status).toBe(200);
  });

  it("strangers' public PDFs stop a quarter before the ceiling: a signed-in owner's account PDF is still made", async () => {
    // 8 a minute: each client 2, public PDFs 6, the last 2 for account PDFs. A minute of its own
    // (the file shares one database): 10 minutes after the first test's.
    t.setNow(new Date(START.getTime() + 10 * MINUTE_MS));
    const app = t.rebuild({ PDF_GLOBAL_PER_MINUTE: "8" });
    const owner = await ownerWithAddress(app, "fair-share@exemple-zs.fr");
    const strangers = [client(app), client(app), client(app), client(app)];
    const statuses: number[] = [];
    for (const stranger of strangers) for (let request = 0; request < 2; request++) statuses.push((await stranger.get(pdfPath)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 503, 503]);

    const pdf = await owner.get("/api/account/report.pdf");
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
  });

  it("one client holds one slot at a time: its second PDF waits a few seconds, another client's is made meanwhile", async () => {
    const app = t.rebuild({ PDF_MAX_CONCURRENT: "4" });
    // Upstreams that take their time: the first PDFs are still being made when the others arrive.
    t.upstreams.setDelay(1000);
    const [busy, other] = [client(app), client(app)];
    const [first, second, third] = await Promise.all([busy.get(pdfPath), busy.get(pdfPath), other.get(pdfPath)]);
    expect([first.status, second.status].sort()).toEqual([200, 503]);
    const waiting = first.status === 503 ? first : second;
    expect(waiting.headers.get("retry-after")).toBe("5");
    expect(waiting.body).toMatchObject({ code: "pdf_busy" });
    expect(third.status).toBe(200);
    t.upstreams.setDelay(0);
    // Its slot is free again once its PDF is made.
    expect((await busy.get(pdfPath)).status).toBe(200);
  });
});
