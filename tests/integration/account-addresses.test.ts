// An account's monitored addresses: each place once, its water network by name and the person's
// choice of network (read by the alerts, the PDF and the report link), the PDF under the
// address's nickname. Against the real app, a temp libSQL file and the fake upstreams.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { eq } from "drizzle-orm";
import { PDFBool, PDFDict, PDFDocument, PDFName, PDFString } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planAlertSubjects } from "../../src/server/alerts/subjects.ts";
import { MIGRATIONS_FOLDER } from "../../src/server/db/node.ts";
import { monitoredAddresses } from "../../src/server/db/schema/index.ts";
import { CRISIS_SCENARIO, MAIN_SCENARIO, OVERSEAS_SCENARIO } from "../fixtures/scenarios.ts";
import { BrowserClient, signedInAs } from "../helpers/browser-client.ts";
import { useFreshApp, useTestApp } from "../helpers/test-app.ts";
import { pdfText } from "../helpers/pdf-text.ts";

const START = new Date("2026-11-22T10:00:00Z");
const t = useTestApp({ now: START }, { now: START, resetResend: true, resetUpstreams: true });
const app = useFreshApp(t);

let counter = 0;
function signedInClient(): Promise<BrowserClient> {
  counter += 1;
  return signedInAs(t, app, `adresses${counter}@exemple-zs.fr`);
}

interface NetworkOption {
  code: string;
  label: string;
}
interface AddressBody {
  id: string;
  label: string;
  udiCode: string | null;
  reportUrl: string;
  networks: { status: "listed"; selected: NetworkOption | null; options: NetworkOption[] } | { status: "none" } | { status: "unavailable" };
}

/** The two networks of today in the Amiens fixture (Hub'Eau also lists an older year's). */
const AMIENS_NETWORKS = [
  { code: "080000512", label: "AMIENS CENTRE – quartier centre-ville" },
  { code: "080000518", label: "AMIENS NORD – quartier nord" },
];

let workDir = "";
beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), "zone-sante-addresses-"));
});
afterAll(() => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe("each place once per account", () => {
  it("refuses an address already in the account with 409 and a French message, before reading any source", async () => {
    const client = await signedInClient();
    expect((await client.post("/api/account/addresses", { label: "Maison", address: MAIN_SCENARIO })).status).toBe(201);
    t.upstreams.reset();

    const again = await client.post("/api/account/addresses", { label: "Autre nom", address: MAIN_SCENARIO });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: "Cette adresse est déjà dans votre compte.", code: "address_duplicate" });
    expect(t.upstreams.requests).toEqual([]);
    expect((await client.get("/api/account/addresses")).body.addresses).toHaveLength(1);

    // Another account may watch the same place; once deleted, the place can come back.
    expect((await (await signedInClient()).post("/api/account/addresses", { address: MAIN_SCENARIO })).status).toBe(201);
    const [only] = (await client.get("/api/account/addresses")).body.addresses as AddressBody[];
    expect((await client.delete(`/api/account/addresses/${only!.id}`)).status).toBe(200);
    expect((await client.post("/api/account/addresses", { address: MAIN_SCENARIO })).status).toBe(201);
  });

  it("never stores the same place twice, even when adds race", async () => {
    const client = await signedInClient();
    const responses = await Promise.all(Array.from({ length: 4 }, () => client.post("/api/account/addresses", { address: MAIN_SCENARIO })));
    expect(responses.filter((response) => response.status === 201)).toHaveLength(1);
    const refused = responses.filter((response) => response.status === 409);
    expect(refused).toHaveLength(3);
    for (const response of refused) expect(response.body.code).toBe("address_duplicate");
    const { id } = (await client.get("/api/auth/session")).body.user as { id: string };
    expect(await t.db.select().from(monitoredAddresses).where(eq(monitoredAddresses.userId, id))).toHaveLength(1);
  });

  it("the migration keeps each account's first copy of a place that was added twice", async () => {
    // The migrations before the unique index, then a database holding duplicates, then the rest.
    const before = join(workDir, "migrations-before");
    cpSync(MIGRATIONS_FOLDER, before, { recursive: true });
    const journalPath = join(before, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: Array<{ tag: string }> };
    const cut = journal.entries.findIndex((entry) => entry.tag === "0003_unique_monitored_address");
    expect(cut).toBeGreaterThan(0);
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
    const client = createClient({ url: `file:${join(workDir, "dedupe.db")}` });
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: before });
    await client.execute("insert into users (id, email, created_at_ms, updated_at_ms) values ('u1', 'a@exemple-zs.fr', 1, 1), ('u2', 'b@exemple-zs.fr', 1, 1)");
    const rows: Array<[id: string, userId: string, createdAtMs: number, latitude: number]> = [
      ["later", "u1", 5, 49.8985],
      ["first", "u1", 3, 49.8985],
      ["same-time", "u1", 3, 49.8985],
      ["elsewhere", "u1", 4, 43.368625],
      ["other-account", "u2", 9, 49.8985],
    ];
    for (const [id, userId, createdAtMs, latitude] of rows) {
      await client.execute({
        sql: "insert into monitored_addresses (id, user_id, label, address_label, latitude, longitude, citycode, created_at_ms) values (?, ?, ?, ?, ?, 2.2952, '80021', ?)",
        args: [id, userId, id, "8 Boulevard du Port 80000 Amiens", latitude, createdAtMs],
      });
    }
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    const kept = await client.execute("select id from monitored_addresses order by id");
    expect(kept.rows.map((row) => row.id)).toEqual(["elsewhere", "first", "other-account"]);
    await expect(
      client.execute(
        "insert into monitored_addresses (id, user_id, label, address_label, latitude, longitude, citycode, created_at_ms) values ('x', 'u1', 'x', 'x', 49.8985, 2.2952, '80021', 10)",
      ),
    ).rejects.toThrow(/UNIQUE/);
    client.close();
  });
});

describe("the water network of an address", () => {
  it("is shown by name and the person's choice is saved, then read by the alerts, the report link and the PDF", async () => {
    const client = await signedInClient();
    const added = await client.post("/api/account/addresses", { label: "Maison", address: MAIN_SCENARIO });
    const address = added.body.address as AddressBody;
    expect(address.networks).toEqual({ status: "listed", selected: AMIENS_NETWORKS[0], options: AMIENS_NETWORKS });

    const changed = await client.patch(`/api/account/addresses/${address.id}`, { udiCode: "080000518" });
    expect(changed.status).toBe(200);
    const saved = changed.body.address as AddressBody;
    expect(saved.networks).toEqual({ status: "listed", selected: AMIENS_NETWORKS[1], options: AMIENS_NETWORKS });
    expect(saved.reportUrl).toContain("udi=080000518");

    // After a reload of the page.
    const [listed] = (await client.get("/api/account/addresses")).body.addresses as AddressBody[];
    expect(listed?.networks).toMatchObject({ status: "listed", selected: AMIENS_NETWORKS[1] });
    expect(listed?.udiCode).toBe("080000518");

    // The daily run checks that network for this address.
    const subject = (await planAlertSubjects(t.db)).find((candidate) => candidate.subjectKey === `addr:${address.id}`);
    expect(subject?.udiCode).toBe("080000518");

    const pdf = await client.get("/api/account/report.pdf");
    expect(pdf.status).toBe(200);
    const text = pdfText(pdf.body.raw as ArrayBuffer);
    expect(text).toContain("Réseau : AMIENS NORD");
    expect(text).not.toContain("Réseau : AMIENS CENTRE");
  });

  it("refuses a network of another commune, another account's address and a malformed code", async () => {
    const client = await signedInClient();
    const address = (await client.post("/api/account/addresses", { address: MAIN_SCENARIO })).body.address as AddressBody;

    const foreign = await client.patch(`/api/account/addresses/${address.id}`, { udiCode: "034000871" });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual({ error: "Ce réseau d'eau ne dessert pas la commune de cette adresse.", code: "unknown_network" });

    const intruder = await signedInClient();
    const stolen = await intruder.patch(`/api/account/addresses/${address.id}`, { udiCode: "080000518" });
    expect(stolen.status).toBe(404);

    const malformed = await client.patch(`/api/account/addresses/${address.id}`, { udiCode: "'; drop table" });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe("Choisissez un réseau d'eau dans la liste.");

    const [unchanged] = (await client.get("/api/account/addresses")).body.addresses as AddressBody[];
    expect(unchanged?.udiCode).toBe("080000512");
  });

  it("says in words when the commune has no known network, and when the list cannot be read", async () => {
    const client = await signedInClient();
    const overseas = (await client.post("/api/account/addresses", { address: OVERSEAS_SCENARIO })).body.address as AddressBody;
    expect(overseas.networks).toEqual({ status: "none" });
    const amiens = (await client.post("/api/account/addresses", { address: MAIN_SCENARIO })).body.address as AddressBody;

    // A fresh app has an empty cache: Hub'Eau failing now is seen.
    t.upstreams.setMode("hubeau", "error500");
    app.rebuild();
    const listed = (await client.get("/api/account/addresses")).body.addresses as AddressBody[];
    expect(listed.find((address) => address.id === amiens.id)?.networks).toEqual({ status: "unavailable" });
    const refused = await client.patch(`/api/account/addresses/${amiens.id}`, { udiCode: "080000518" });
    expect(refused.status).toBe(503);
    expect(refused.body.code).toBe("upstream_unavailable");
  });
});

describe("the account PDF", () => {
  // Issue 23: « the PDF … lists account addresses newest first »; « 1 adresse suivie » belongs to an account only.
  it("lists the account's addresses in /compte's order, oldest first, and says how many it follows", async () => {
    const client = await signedInClient();
    await client.post("/api/account/addresses", { label: "Domicile 1", address: MAIN_SCENARIO });
    t.setNow(new Date(START.getTime() + 1000));
    await client.post("/api/account/addresses", { label: "Domicile 2", address: CRISIS_SCENARIO });

    const listed = (await client.get("/api/account/addresses")).body.addresses as AddressBody[];
    expect(listed.map((address) => address.label)).toEqual(["Domicile 1", "Domicile 2"]);
    const text = pdfText((await client.get("/api/account/report.pdf")).body.raw as ArrayBuffer);
    expect(text).toContain("2 adresses suivies");
    expect(text).toContain("1. Domicile 1 – 8 Boulevard du Port 80000 Amiens");
    expect(text).toContain("2. Domicile 2 – Avenue du 8 Mai 1945 34370 Maraussan");
  });

  // Issue 23: « the account says « Réseau d'eau non identifié » while the report, PDF and e-mail say
  // « aucune analyse publiée pour ce réseau » with « Réseau : Non précisé » ».
  it("an address without a known network reads « Réseau d'eau non identifié pour cette adresse » in the PDF, as on /compte", async () => {
    const client = await signedInClient();
    const overseas = (await client.post("/api/account/addresses", { address: OVERSEAS_SCENARIO })).body.address as AddressBody;
    expect(overseas.networks).toEqual({ status: "none" });
    const text = pdfText((await client.get("/api/account/report.pdf")).body.raw as ArrayBuffer);
    expect(text).toContain("Réseau : Non identifié pour cette adresse");
    expect(text).not.toContain("Réseau : Non précisé");
    expect(text).not.toContain("pour ce réseau");
  });

  it("titles each address with its nickname, in French, with its title shown by readers", async () => {
    const client = await signedInClient();
    await client.post("/api/account/addresses", { label: "Maison", address: MAIN_SCENARIO });
    t.setNow(new Date(START.getTime() + 1000));
    await client.post("/api/account/addresses", { label: "Travail", address: CRISIS_SCENARIO });

    const response = await client.get("/api/account/report.pdf");
    expect(response.status).toBe(200);
    const bytes = response.body.raw as ArrayBuffer;
    const text = pdfText(bytes);
    expect(text).toContain("Maison – 8 Boulevard du Port 80000 Amiens");
    expect(text).toContain("Travail – Avenue du 8 Mai 1945 34370 Maraussan");

    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    const language = doc.catalog.get(PDFName.of("Lang"));
    expect(language instanceof PDFString ? language.decodeText() : null).toBe("fr-FR");
    expect(doc.getTitle()).toBe("Bilan santé-environnement — Zone Santé");
    const preferences = doc.catalog.lookup(PDFName.of("ViewerPreferences"), PDFDict);
    expect(preferences.get(PDFName.of("DisplayDocTitle"))).toBe(PDFBool.True);
  });
});
