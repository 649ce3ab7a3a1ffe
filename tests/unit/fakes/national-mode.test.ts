// The fake's national mode stands in for Hub'Eau in `npm run bench:national`: its samples must stay
// put in calendar time (or every commune looks changed every day), its rows must be the full
// records the app maps, and the per-commune reads of the fallback path must agree with the
// département reads.
import { describe, expect, it } from "vitest";
import { fetchCommuneUdis, fetchWaterResults, WATER_RESULT_FIELDS } from "../../../src/sources/hubeau/client.ts";
import { waterResultsResponseSchema } from "../../../src/sources/hubeau/schema.ts";
import { mapWaterResults } from "../../../src/sources/hubeau/to-domain.ts";
import { fetchVigilanceBulletin } from "../../../src/sections/weather/meteofrance-client.server.ts";
import { fetchPollenIndicesForDays } from "../../../src/sources/pollen/client.ts";
import { startFakeUpstreams } from "../../fakes/upstream-server.ts";
import { useFakeUpstreams } from "../../helpers/fake-upstreams.ts";

const NOW = new Date("2026-11-22T15:00:00Z");
const COMMUNES = 500;
const upstreams = useFakeUpstreams({ now: NOW, national: { communes: COMMUNES } });

type Row = Record<string, unknown>;

async function getJson(
  baseUrl: string,
  path: string,
  query: Record<string, string>,
): Promise<{ status: number; body: { count?: number; data?: Row[] } & Row }> {
  const response = await fetch(`${baseUrl}${path}?${new URLSearchParams(query)}`);
  return { status: response.status, body: (await response.json()) as { count?: number; data?: Row[] } & Row };
}

/** One département's rows in one page (the fake refuses more than 20 000). */
async function readDepartment(department: string, since: string, until: string, fields?: string, baseUrl = upstreams.baseUrl): Promise<Row[]> {
  const query: Record<string, string> = { code_departement: department, date_min_prelevement: since, date_max_prelevement: until, size: "20000", page: "1" };
  if (fields) query.fields = fields;
  const { status, body } = await getJson(baseUrl, "/hubeau/resultats_dis", query);
  expect(status).toBe(200);
  return body.data ?? [];
}

/** The generated country's départements, from API Géo's commune list like the alert run. */
async function listDepartments(): Promise<string[]> {
  const response = await fetch(`${upstreams.baseUrl}/geo/communes?fields=code`);
  const communes = (await response.json()) as Array<{ code: string }>;
  expect(communes).toHaveLength(COMMUNES);
  return [...new Set(communes.map(({ code }) => (code.startsWith("97") ? code.slice(0, 3) : code.slice(0, 2))))];
}

/** "commune date" of every sample of every département in the window. */
async function readCountrySamples(departments: readonly string[], since: string, until: string): Promise<Set<string>> {
  const reads = await Promise.all(departments.map((department) => readDepartment(department, since, until, "code_commune,date_prelevement")));
  return new Set(reads.flat().map((row) => `${String(row.code_commune)} ${String(row.date_prelevement)}`));
}

describe("national mode: samples fixed in calendar time", () => {
  it("gives the same rows for the same window, read twice and on the next day", async () => {
    const first = await readDepartment("80", "2026-08-01", "2026-11-20");
    expect(first.length).toBeGreaterThan(0);
    expect(await readDepartment("80", "2026-08-01", "2026-11-20")).toEqual(first);
    upstreams.setNow(new Date(NOW.getTime() + 24 * 3600 * 1000));
    try {
      expect(await readDepartment("80", "2026-08-01", "2026-11-20")).toEqual(first);
    } finally {
      upstreams.setNow(NOW);
    }
  });

  it("samples every commune once in 30 days, so a day later brings new samples for about one commune in 30", async () => {
    const departments = await listDepartments();
    const month = await readCountrySamples(departments, "2026-10-22", "2026-11-20");
    const communes = [...month].map((sample) => sample.split(" ")[0]);
    expect(communes).toHaveLength(COMMUNES);
    expect(new Set(communes).size).toBe(COMMUNES);

    const before = await readCountrySamples(departments, "2026-08-01", "2026-11-20");
    const after = await readCountrySamples(departments, "2026-08-01", "2026-11-21");
    expect([...before].every((sample) => after.has(sample))).toBe(true);
    const added = [...after].filter((sample) => !before.has(sample));
    expect(added.every((sample) => sample.endsWith(" 2026-11-21T08:30:00Z"))).toBe(true);
    // About 500 / 30 ≈ 17: a few, never most of the country.
    expect(added.length).toBeGreaterThan(3);
    expect(added.length).toBeLessThan(40);
  });

  it("publishes nothing after the fake's day, however far the window reaches", async () => {
    const today = await readDepartment("80", "2025-11-22", "2026-11-22");
    expect(await readDepartment("80", "2025-11-22", "2027-06-30")).toEqual(today);
    expect(today.every((row) => String(row.date_prelevement) <= "2026-11-22T08:30:00Z")).toBe(true);
  });
});

describe("national mode: full rows by département", () => {
  it("carries every field the app maps, one network per commune, and fields= trims them", async () => {
    const rows = await readDepartment("80", "2025-11-22", "2026-11-22");
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) {
      for (const field of [...WATER_RESULT_FIELDS, "code_commune"]) expect(row).toHaveProperty(field);
      const commune = String(row.code_commune);
      const day = String(row.date_prelevement).slice(0, 10);
      expect(row.date_prelevement).toBe(`${day}T08:30:00Z`);
      expect(row.code_prelevement).toBe(`${commune}-${day.replaceAll("-", "")}`);
      expect(row.reseaux).toEqual([{ code: `080${commune.slice(2).padStart(6, "0")}`, nom: `Réseau ${commune}` }]);
    }
    const parsed = waterResultsResponseSchema.safeParse({ data: rows });
    expect(parsed.success).toBe(true);
    const results = parsed.success ? mapWaterResults(parsed.data) : [];
    expect(results.every((result) => result.parameterLabel !== result.parameterCode && result.networks.length === 1)).toBe(true);

    const trimmed = await readDepartment("80", "2025-11-22", "2026-11-22", "code_commune,date_prelevement");
    expect(trimmed).toEqual(rows.map((row) => ({ code_commune: row.code_commune, date_prelevement: row.date_prelevement })));
    const mapped = await readDepartment("80", "2025-11-22", "2026-11-22", WATER_RESULT_FIELDS.join(","));
    expect(mapped.every((row) => Object.keys(row).sort().join() === [...WATER_RESULT_FIELDS].sort().join())).toBe(true);
  });

  it("gives rowsPerSample different parameters per sample", async () => {
    const national = await startFakeUpstreams({ now: NOW, national: { communes: COMMUNES, rowsPerSample: 8 } });
    try {
      const rows = await readDepartment("80", "2026-10-23", "2026-11-21", undefined, national.baseUrl);
      expect(rows).toHaveLength(5 * 8);
      const bySample = Map.groupBy(rows, (row) => String(row.code_prelevement));
      expect(bySample.size).toBe(5);
      for (const sample of bySample.values()) expect(new Set(sample.map((row) => row.code_parametre)).size).toBe(8);
    } finally {
      await national.close();
    }
  });

  it("pages like Hub'Eau, and refuses page × size beyond 20 000", async () => {
    const all = await readDepartment("80", "2025-11-22", "2026-11-22");
    const query = { code_departement: "80", date_min_prelevement: "2025-11-22", date_max_prelevement: "2026-11-22", size: "10" };
    const first = await getJson(upstreams.baseUrl, "/hubeau/resultats_dis", { ...query, page: "1" });
    const second = await getJson(upstreams.baseUrl, "/hubeau/resultats_dis", { ...query, page: "2" });
    expect([first.status, first.body.count]).toEqual([206, all.length]);
    expect([...(first.body.data ?? []), ...(second.body.data ?? [])]).toEqual(all.slice(0, 20));
    const refused = await getJson(upstreams.baseUrl, "/hubeau/resultats_dis", { ...query, size: "5000", page: "5" });
    expect(refused.status).toBe(400);
  });
});

describe("national mode: per-commune reads agree with the département reads", () => {
  const opts = () => ({ baseUrl: upstreams.config.HUBEAU_API_URL, timeoutMs: 10_000 });

  it("answers the commune's network and the same results, newest first, paged and filtered", async () => {
    const commune = "80003";
    const department = (await readDepartment("80", "2025-11-22", "2026-11-22")).filter((row) => row.code_commune === commune);
    expect(department.length).toBeGreaterThan(5);

    const udis = await fetchCommuneUdis(opts(), { communeCode: commune });
    expect(udis).toEqual({ ok: true, data: [{ code: "080000003", name: `Réseau ${commune}`, quarter: null }] });

    const results = await fetchWaterResults(opts(), { communeCode: commune, since: "2025-11-22", pageSize: 5, maxResults: 20_000 });
    const parsed = waterResultsResponseSchema.parse({ data: department });
    expect(results).toEqual({ ok: true, data: mapWaterResults(parsed) });
    expect(results.ok && results.data.map((result) => result.sampledAt)).toEqual(department.map((row) => row.date_prelevement));
    // Paged at 5: the client asked every page.
    expect(upstreams.requests.filter((request) => request.path === "/resultats_dis" && request.query.code_commune === commune)).toHaveLength(
      Math.ceil(department.length / 5),
    );

    const code = String(department[0]?.code_parametre);
    const filtered = await getJson(upstreams.baseUrl, "/hubeau/resultats_dis", {
      code_commune: commune,
      date_min_prelevement: "2025-11-22",
      code_parametre: code,
    });
    expect(filtered.body.data?.map((row) => row.code_prelevement)).toEqual(
      department.filter((row) => String(row.code_parametre) === code).map((row) => row.code_prelevement),
    );
  });

  it("leaves codes outside the generated country to the fixtures", async () => {
    // Département 80 has 5 generated communes: Amiens (80021) keeps its recorded networks.
    const udis = await fetchCommuneUdis(opts(), { communeCode: "80021" });
    expect(udis.ok && udis.data.map((udi) => udi.code)).toEqual(["080000512", "080000518"]);
  });
});

// Issue 26: with pollen and weather alerts on, `npm run bench:national` reads the indice pollen
// (one paged national read) and Météo-France's map (one call) from the generated country.
describe("national mode: the indice pollen and the vigilance map", () => {
  it("answers every metropolitan commune's indice pollen for the asked days, paged by count/startIndex, through the app's schema", async () => {
    const pages: string[][] = [];
    const read = await fetchPollenIndicesForDays(
      { baseUrl: upstreams.config.POLLEN_WFS_URL, timeoutMs: 10_000 },
      { fromDay: "2026-11-22", toDay: "2026-11-23", pageSize: 300, onPage: (page) => pages.push(page.map(({ index }) => `${index.zoneCode} ${index.date}`)) },
    );
    expect(read.result.ok).toBe(true);
    const departments = await listDepartments();
    const response = await fetch(`${upstreams.baseUrl}/geo/communes?fields=code`);
    const metropolitan = ((await response.json()) as Array<{ code: string }>).map(({ code }) => code).filter((code) => !code.startsWith("97"));
    expect(departments.length).toBeGreaterThan(0);
    // Two days per commune, overseas left out (the indice pollen is metropolitan), every page asked.
    const seen = pages.flat();
    expect(seen).toHaveLength(metropolitan.length * 2);
    expect(new Set(seen)).toEqual(new Set(metropolitan.flatMap((code) => [`${code} 2026-11-22`, `${code} 2026-11-23`])));
    expect(read.requests).toBe(Math.ceil(seen.length / 300));
    expect(pages.slice(0, -1).every((page) => page.length === 300)).toBe(true);
    // Stable: a second read of the same day answers the same indices.
    const again: string[] = [];
    const indices: Array<{ code: number; taxa: Record<string, number | null> }> = [];
    await fetchPollenIndicesForDays(
      { baseUrl: upstreams.config.POLLEN_WFS_URL, timeoutMs: 10_000 },
      {
        fromDay: "2026-11-22",
        toDay: "2026-11-23",
        pageSize: 1000,
        onPage: (page) => {
          for (const { index } of page) {
            again.push(`${index.zoneCode} ${index.date}`);
            indices.push(index);
          }
        },
      },
    );
    expect(again).toEqual(seen);
    // Every taxon published, the overall level the highest taxon's, some communes above « Faible ».
    expect(
      indices.every((index) => Object.values(index.taxa).every((code) => code !== null) && index.code === Math.max(...Object.values(index.taxa).map(Number))),
    ).toBe(true);
    expect(indices.some((index) => index.code >= 3)).toBe(true);
  });

  it("answers Météo-France's map with every metropolitan département, today and tomorrow, through the app's schema", async () => {
    const read = await fetchVigilanceBulletin({
      baseUrl: upstreams.config.METEOFRANCE_VIGILANCE_URL,
      timeoutMs: 10_000,
      apiKey: upstreams.config.METEOFRANCE_API_KEY,
    });
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const metropolitan = (await listDepartments()).filter((department) => !department.startsWith("97")).sort();
    expect(read.data.days.map((day) => day.date)).toEqual(["2026-11-22", "2026-11-23"]);
    for (const day of read.data.days) expect(Object.keys(day.departments).sort()).toEqual(metropolitan);
    expect(upstreams.requests.filter((request) => request.source === "meteofrance")).toHaveLength(1);
  });
});
