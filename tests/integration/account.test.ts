import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { alertPreferences, devOutbox, emailCodes, monitoredAddresses, sessions, users } from "../../src/server/db/schema/index.ts";
import { CRISIS_SCENARIO, MAIN_SCENARIO, OVERSEAS_SCENARIO, reportQueryOf } from "../fixtures/scenarios.ts";
import { BrowserClient, findLink, pathOf } from "../helpers/browser-client.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
let app: TestApp["app"];
const START = new Date("2026-11-22T10:00:00Z");

beforeAll(async () => {
  t = await createTestApp({ now: START });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  t.setNow(START);
  t.resend.reset();
  t.upstreams.reset();
  app = t.rebuild();
});

let counter = 0;
async function signedInClient(firstName = "Marie"): Promise<{ client: BrowserClient; email: string }> {
  counter += 1;
  const email = `user${counter}@example.org`;
  const client = new BrowserClient(() => app);
  await client.post("/api/auth/signup", { email, password: "motdepasse", firstName });
  const mail = [...t.resend.emails].reverse().find((candidate) => candidate.to.includes(email));
  await client.get(pathOf(findLink(mail?.text ?? "", /confirm/)));
  return { client, email };
}

describe("authorisation", () => {
  it("refuses every account route without a session, in French", async () => {
    const anonymous = new BrowserClient(() => app);
    for (const [method, path] of [
      ["GET", "/api/account/addresses"],
      ["POST", "/api/account/addresses"],
      ["GET", "/api/account/preferences"],
      ["PUT", "/api/account/preferences"],
      ["GET", "/api/account/report.pdf"],
      ["PATCH", "/api/account/profile"],
      ["DELETE", "/api/account"],
    ] as const) {
      const response = await anonymous.request(method, path, method === "GET" ? undefined : {});
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.body.error).toMatch(/reconnecter/);
    }
  });

  it("user A can neither read, change nor delete user B's addresses or preferences", async () => {
    const a = await signedInClient("Alice");
    const b = await signedInClient("Bruno");
    const added = await b.client.post("/api/account/addresses", { address: MAIN_SCENARIO });
    const bAddressId = (added.body.address as { id: string }).id;
    await b.client.put("/api/account/preferences", { water: false, drought: true, air: true, bathing: true });

    expect((await a.client.get("/api/account/addresses")).body.addresses).toEqual([]);
    expect((await a.client.delete(`/api/account/addresses/${bAddressId}`)).status).toBe(404);
    expect((await a.client.get("/api/account/preferences")).body.preferences).toMatchObject({ water: true });
    await a.client.put("/api/account/preferences", { water: true, drought: false, air: false, bathing: false });

    const bAddresses = (await b.client.get("/api/account/addresses")).body.addresses as Array<{ id: string }>;
    expect(bAddresses.map((address) => address.id)).toEqual([bAddressId]);
    expect((await b.client.get("/api/account/preferences")).body.preferences).toEqual({ water: false, drought: true, air: true, bathing: true });
  });
});

describe("monitored addresses", () => {
  it("adds up to 3 addresses with default labels and their UDI, newest first, then refuses a 4th", async () => {
    const { client } = await signedInClient();
    const first = await client.post("/api/account/addresses", { address: MAIN_SCENARIO });
    expect(first.status).toBe(201);
    expect(first.body.address).toMatchObject({ label: "Domicile 1", udiCode: "080000512", address: { citycode: "80021" } });
    expect(first.body.officialData).toBe(true);
    t.setNow(new Date(START.getTime() + 1000));
    const second = await client.post("/api/account/addresses", { label: "Travail", address: CRISIS_SCENARIO });
    expect(second.body.address).toMatchObject({ label: "Travail", udiCode: "034000871" });
    t.setNow(new Date(START.getTime() + 2000));
    const third = await client.post("/api/account/addresses", { address: OVERSEAS_SCENARIO });
    // No network found for the commune: stored as such, shown « Non trouvé » by the page.
    expect(third.body.address).toMatchObject({ label: "Domicile 3", udiCode: null });

    const fourth = await client.post("/api/account/addresses", { address: MAIN_SCENARIO });
    expect(fourth.status).toBe(409);
    expect(fourth.body.error).toBe("Vous avez atteint la limite de 3 adresses surveillées.");

    const list = (await client.get("/api/account/addresses")).body.addresses as Array<{ label: string; reportUrl: string }>;
    expect(list.map((address) => address.label)).toEqual(["Domicile 3", "Travail", "Domicile 1"]);
    expect(list[2]?.reportUrl).toMatch(/^\/\?lat=49\.8985&lon=2\.2952&citycode=80021&.*udi=080000512#analyse$/);
  });

  it("never stores more than 3 addresses, even when adds race", async () => {
    const { client } = await signedInClient();
    const responses = await Promise.all(Array.from({ length: 6 }, () => client.post("/api/account/addresses", { address: MAIN_SCENARIO })));
    expect(responses.filter((response) => response.status === 201)).toHaveLength(3);
    expect(responses.filter((response) => response.status === 409)).toHaveLength(3);
  });

  it("still adds the address when the official data cannot be fetched, and says so", async () => {
    t.upstreams.setMode("hubeau", "error500");
    app = t.rebuild();
    const { client } = await signedInClient();
    const added = await client.post("/api/account/addresses", { address: MAIN_SCENARIO });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ officialData: false, address: { udiCode: null } });
  });

  it("refuses an address outside France or without a valid INSEE code", async () => {
    const { client } = await signedInClient();
    const london = await client.post("/api/account/addresses", { address: { ...MAIN_SCENARIO, latitude: 51.5, longitude: -0.12 } });
    expect(london.status).toBe(400);
    expect(london.body.error).toMatch(/en dehors de la France/);
    const noCode = await client.post("/api/account/addresses", { address: { ...MAIN_SCENARIO, citycode: "123" } });
    expect(noCode.status).toBe(400);
    expect((await client.post("/api/account/addresses", {})).body.error).toMatch(/Choisissez une adresse/);
  });

  it("deletes an address", async () => {
    const { client } = await signedInClient();
    const added = await client.post("/api/account/addresses", { address: MAIN_SCENARIO });
    const id = (added.body.address as { id: string }).id;
    expect((await client.delete(`/api/account/addresses/${id}`)).status).toBe(200);
    expect((await client.get("/api/account/addresses")).body.addresses).toEqual([]);
    expect((await client.delete(`/api/account/addresses/${id}`)).status).toBe(404);
  });
});

describe("alert preferences", () => {
  it("are all on by default, one row per source once saved, and the latest report is emailed", async () => {
    const { client, email } = await signedInClient();
    await client.post("/api/account/addresses", { address: MAIN_SCENARIO });
    expect((await client.get("/api/account/preferences")).body.preferences).toEqual({ water: true, drought: true, air: true, bathing: true });
    t.resend.reset();
    const saved = await client.put("/api/account/preferences", { water: true, drought: false, air: true, bathing: false });
    expect(saved.status).toBe(200);
    expect(saved.body.emailSent).toBe(true);
    const report = t.resend.emails.find((candidate) => candidate.to.includes(email));
    expect(report?.subject).toMatch(/Votre bilan santé-environnement/);
    expect(report?.text).toContain(MAIN_SCENARIO.label);
    const session = (await client.get("/api/auth/session")).body.user as { id: string };
    expect(await t.db.select().from(alertPreferences).where(eq(alertPreferences.userId, session.id))).toHaveLength(4);
  });

  it("stay saved when the report email fails, and the answer says the email failed", async () => {
    const { client } = await signedInClient();
    t.resend.setMode("error500");
    const saved = await client.put("/api/account/preferences", { water: false, drought: false, air: false, bathing: true });
    expect(saved.status).toBe(200);
    expect(saved.body.emailSent).toBe(false);
    t.resend.setMode("ok");
    expect((await client.get("/api/account/preferences")).body.preferences).toEqual({ water: false, drought: false, air: false, bathing: true });
  });

  it("refuses malformed preferences", async () => {
    const { client } = await signedInClient();
    const response = await client.put("/api/account/preferences", { water: "oui" });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("Préférences invalides.");
  });
});

describe("profile and password", () => {
  it("updates the names and changes the password with the current one, signing out other sessions", async () => {
    const { client, email } = await signedInClient();
    const other = new BrowserClient(() => app);
    await other.post("/api/auth/signin", { email, password: "motdepasse" });
    expect((await client.patch("/api/account/profile", { firstName: "Irène", lastName: "Joliot-Curie" })).status).toBe(200);
    expect((await client.get("/api/auth/session")).body.profile).toEqual({ firstName: "Irène", lastName: "Joliot-Curie" });

    const wrong = await client.post("/api/account/password", { currentPassword: "faux", newPassword: "nouveau-mdp" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe("Le mot de passe actuel est incorrect.");
    const missing = await client.post("/api/account/password", { newPassword: "nouveau-mdp" });
    expect(missing.status).toBe(400);
    expect((await client.post("/api/account/password", { currentPassword: "motdepasse", newPassword: "nouveau-mdp" })).status).toBe(200);
    expect((await client.get("/api/auth/session")).body.user).not.toBeNull();
    expect((await other.get("/api/auth/session")).body.user).toBeNull();
  });
});

describe("PDF reports", () => {
  it("renders the account's addresses as a PDF", async () => {
    const { client } = await signedInClient();
    expect((await client.get("/api/account/report.pdf")).status).toBe(404);
    await client.post("/api/account/addresses", { address: MAIN_SCENARIO });
    const response = await client.get("/api/account/report.pdf");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="bilan-zone-sante-2026-11-22.pdf"');
    expect(Buffer.from(response.body.raw as ArrayBuffer).subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("lets any visitor download the report of one address", async () => {
    const query = reportQueryOf(MAIN_SCENARIO);
    const response = await app.request(`/api/report/pdf?${query}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await response.arrayBuffer()).subarray(0, 5).toString()).toBe("%PDF-");
    const bad = await app.request("/api/report/pdf?lat=abc&lon=2&citycode=80021");
    expect(bad.status).toBe(400);
  });
});

describe("delete my data", () => {
  it("needs the confirmation word, then deletes everything at once, emails a confirmation and ends the session", async () => {
    const { client, email } = await signedInClient();
    await client.post("/api/account/addresses", { address: MAIN_SCENARIO });
    await client.put("/api/account/preferences", { water: true, drought: true, air: false, bathing: true });
    await new BrowserClient(() => app).post("/api/auth/code", { email });
    const { id } = (await client.get("/api/auth/session")).body.user as { id: string };

    const unconfirmed = await client.delete("/api/account", { confirm: "oui" });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.error).toMatch(/SUPPRIMER/);

    t.resend.reset();
    const deleted = await client.delete("/api/account", { confirm: "SUPPRIMER" });
    expect(deleted.status).toBe(200);
    expect(deleted.body.emailSent).toBe(true);
    expect(client.cookies.has("zs_session")).toBe(false);
    expect(t.resend.emails.find((candidate) => candidate.to.includes(email))?.subject).toMatch(/a été supprimé/);
    expect(await t.db.select().from(users).where(eq(users.id, id))).toHaveLength(0);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(0);
    expect(await t.db.select().from(monitoredAddresses).where(eq(monitoredAddresses.userId, id))).toHaveLength(0);
    expect(await t.db.select().from(alertPreferences).where(eq(alertPreferences.userId, id))).toHaveLength(0);
    expect(await t.db.select().from(emailCodes).where(eq(emailCodes.email, email))).toHaveLength(0);
    expect((await new BrowserClient(() => app).post("/api/auth/signin", { email, password: "motdepasse" })).status).toBe(401);
  });
});

describe("local outbox (Node without a Resend key)", () => {
  it("keeps the emails in the database instead of sending them", async () => {
    app = t.rebuild({}, { mailer: "outbox" });
    const client = new BrowserClient(() => app);
    await client.post("/api/auth/signup", { email: "outbox@example.org", password: "motdepasse" });
    const [mail] = await t.db.select().from(devOutbox).where(eq(devOutbox.toAddress, "outbox@example.org"));
    expect(mail?.subject).toMatch(/Confirmez/);
    expect(t.resend.emails).toHaveLength(0);
  });
});
