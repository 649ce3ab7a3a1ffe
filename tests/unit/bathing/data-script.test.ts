import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BATHING_DATASET_ID, classifyResourceTitle, selectSeasonResources, type DatagouvResource } from "../../../src/sources/baignades/dataset/resources.ts";
import { renderDataModule, runBathingDataUpdate } from "../../../src/sources/baignades/dataset/update.ts";
import { readBathingDataset } from "../../../src/sources/baignades/to-domain.ts";

const ROOT = resolve(import.meta.dirname, "../../..");
const FIXTURES = join(ROOT, "tests/fixtures/baignades");
const COMMITTED_DATA = readFileSync(join(ROOT, "src/sources/baignades/data/baignades-2024.json"), "utf8");
const COMMITTED_MODULE = readFileSync(join(ROOT, "src/sources/baignades/data.ts"), "utf8");
const GENERATED_AT = readBathingDataset(JSON.parse(COMMITTED_DATA)).generatedAt;
const METADATA_TEMPLATE = readFileSync(join(FIXTURES, "datagouv-dataset-derived.json"), "utf8");
const METADATA_PATH = `/api/1/datasets/${BATHING_DATASET_ID}/`;

/** A fake www.data.gouv.fr: the dataset description and the files it points at, nothing else. */
interface FakeDatagouv {
  baseUrl: string;
  requests: string[];
  metadata: () => { resources: DatagouvResource[] };
  setMetadata: (metadata: unknown) => void;
  failPath: (path: string, status: number) => void;
  clearFailures: () => void;
  close: () => Promise<void>;
}

async function startFakeDatagouv(): Promise<FakeDatagouv> {
  const requests: string[] = [];
  const failures = new Map<string, number>();
  let baseUrl = "";
  let metadataText = "";
  const server: Server = createServer((request, response) => {
    const path = request.url ?? "";
    requests.push(path);
    const failure = failures.get(path);
    if (failure) {
      response.writeHead(failure).end();
    } else if (path === METADATA_PATH) {
      response.writeHead(200, { "Content-Type": "application/json" }).end(metadataText);
    } else if (path.startsWith("/files/") && /^[\w.-]+$/.test(path.slice(7)) && existsSync(join(FIXTURES, path.slice(7)))) {
      response.writeHead(200, { "Content-Type": "text/csv" }).end(readFileSync(join(FIXTURES, path.slice(7))));
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const setMetadata = (metadata: unknown) => {
    metadataText = JSON.stringify(metadata).replaceAll("{{BASE_URL}}", baseUrl);
  };
  setMetadata(JSON.parse(METADATA_TEMPLATE));
  return {
    baseUrl,
    requests,
    metadata: () => JSON.parse(METADATA_TEMPLATE.replaceAll("{{BASE_URL}}", baseUrl)) as { resources: DatagouvResource[] },
    setMetadata,
    failPath: (path, status) => failures.set(path, status),
    clearFailures: () => failures.clear(),
    close: () => new Promise((done) => server.close(() => done())),
  };
}

let fake: FakeDatagouv;
let outDir: string;

beforeAll(async () => {
  fake = await startFakeDatagouv();
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => {
  fake.clearFailures();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

function runUpdate(log: string[] = []) {
  outDir = mkdtempSync(join(tmpdir(), "zone-sante-baignades-"));
  return runBathingDataUpdate({
    apiUrl: `${fake.baseUrl}/api/1`,
    fetch,
    dataDir: outDir,
    dataModulePath: join(outDir, "data.ts"),
    today: GENERATED_AT,
    timeoutMs: 10_000,
    log: (line) => log.push(line),
  });
}

describe("choosing the season's files by their titles", () => {
  it("recognises each kind of file", () => {
    expect(classifyResourceTitle("Liste des sites de baignade - saison balnéaire 2024")).toBe("siteList");
    expect(classifyResourceTitle("Saison balnéaire 2023 - Liste des sites de baignade")).toBe("siteList");
    expect(classifyResourceTitle("Saison balnéaire 2024 - Informations sur la saison")).toBe("seasonInformation");
    expect(classifyResourceTitle("Saison balnéaire 2024 - Résultats d'analyses")).toBe("results");
    expect(classifyResourceTitle("Saison balnéaire 2023 - Caractéristiques des sites de baignade")).toBe("classement");
    // data.gouv.fr titles are sometimes just the uploaded file's name
    expect(classifyResourceTitle("saison-balneaire-2024-resultats-danalyses.csv")).toBe("results");
    expect(classifyResourceTitle("liste-des-sites-de-baignade-saison-balneaire-2024.csv")).toBe("siteList");
    expect(classifyResourceTitle("Bilan de la qualité des eaux de baignade 2024")).toBeNull();
  });

  it("takes the latest season having the site list and the season information, CSV only", () => {
    const chosen = selectSeasonResources(fake.metadata().resources);
    expect(chosen?.season).toBe(2024);
    expect(chosen?.siteList.url).toMatch(/liste-des-sites-de-baignade-saison-balneaire-2024\.cp1252\.csv$/);
    expect(chosen?.seasonInformation.url).toMatch(/2024-informations-sur-la-saison/);
    expect(chosen?.results?.url).toMatch(/2024-resultats-danalyses/);
    expect(chosen?.classement).toBeNull();
    expect(selectSeasonResources([])).toBeNull();
  });
});

describe("npm run data:baignades against a fake data.gouv.fr", () => {
  it("downloads the 2024 files only and writes the committed data file and data.ts", async () => {
    fake.requests.length = 0;
    const log: string[] = [];
    const update = await runUpdate(log);
    expect(update).toMatchObject({ season: 2024, sites: 3361, skipped: 15, moduleUpdated: true });
    expect(fake.requests.sort()).toEqual(
      [
        METADATA_PATH,
        "/files/liste-des-sites-de-baignade-saison-balneaire-2024.cp1252.csv",
        "/files/saison-balneaire-2024-informations-sur-la-saison.cp1252.csv",
        "/files/saison-balneaire-2024-resultats-danalyses.EXCERPT.cp1252.csv",
      ].sort(),
    );
    expect(readdirSync(outDir).sort()).toEqual(["baignades-2024.json", "data.ts"]);
    expect(readFileSync(join(outDir, "baignades-2024.json"), "utf8")).toBe(COMMITTED_DATA);
    expect(readFileSync(join(outDir, "data.ts"), "utf8")).toBe(COMMITTED_MODULE);
    expect(COMMITTED_MODULE).toBe(renderDataModule(2024));
    expect(log.join("\n")).toContain("11 site(s) écarté(s) (définitivement supprimés)");
  });

  it("adds the classement when the season publishes its characteristics file", async () => {
    const metadata = fake.metadata();
    metadata.resources.push({
      title: "Saison balnéaire 2024 - Caractéristiques des sites de baignade",
      format: "csv",
      url: `${fake.baseUrl}/files/caracteristiques-derived-2024.cp1252.csv`,
      last_modified: "2025-06-24T14:05:00+00:00",
    });
    fake.setMetadata(metadata);
    try {
      await runUpdate();
      const dataset = readBathingDataset(JSON.parse(readFileSync(join(outDir, "baignades-2024.json"), "utf8")));
      expect(dataset.records.FRL0583069M083313?.classement).toBe("Bonne");
      expect(dataset.records.FRK2207115D007236?.classement).toBe("Insuffisante");
      expect(Object.values(dataset.records).filter((record) => record.classement !== null)).toHaveLength(9);
    } finally {
      fake.setMetadata(JSON.parse(METADATA_TEMPLATE));
    }
  });

  it("writes nothing and says why in French when a file cannot be downloaded", async () => {
    fake.failPath("/files/saison-balneaire-2024-informations-sur-la-saison.cp1252.csv", 503);
    await expect(runUpdate()).rejects.toThrow(/^Téléchargement impossible de « Saison balnéaire 2024 - Informations sur la saison » \(.*\) : HTTP 503$/);
    expect(readdirSync(outDir)).toEqual([]);
  });

  it("stops with exit code 1 and a French message when data.gouv.fr fails", async () => {
    fake.failPath(METADATA_PATH, 500);
    const child = spawn(process.execPath, ["scripts/data-baignades.ts"], {
      cwd: ROOT,
      env: { ...process.env, DATAGOUV_API_URL: `${fake.baseUrl}/api/1` },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise<number | null>((done) => child.on("close", done));
    expect(code).toBe(1);
    expect(stderr).toContain("Échec de la mise à jour des baignades : Téléchargement impossible de la description du jeu de données data.gouv.fr");
    expect(stderr).toContain("HTTP 500");
  });
});
