import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { mapClassementImageCode, mapClassementLabel, parseConsultSitePage } from "../../../src/sources/baignades/page.ts";
import { decodeWindows1252 } from "../../../src/sources/text/encoding.ts";

// Derived pages, not recordings (see tests/fixtures/baignades/derived/README.md).
const FETCHED_AT = new Date("2026-07-20T08:00:00Z");

function readPageBytes(name: string): Uint8Array {
  return readFileSync(new URL(`../../fixtures/baignades/derived/consultsite-derived-${name}.html`, import.meta.url));
}
const readPage = (name: string) => decodeWindows1252(readPageBytes(name));
const parsePage = (html: string, fetchedAt = FETCHED_AT, season = 2026) => parseConsultSitePage(html, { fetchedAt, season });

function statusOf(html: string, fetchedAt = FETCHED_AT) {
  const result = parsePage(html, fetchedAt);
  if (!result.ok) throw new Error(`expected a site page, got: ${result.reason}`);
  return result.status;
}

describe("parseConsultSitePage on the derived site pages", () => {
  it("reads an in-season page: season, latest « Bon », last year's classement, and no prohibition despite loose phrases", () => {
    expect(statusOf(readPage("in-season-bon"))).toEqual({
      fetchedAt: "2026-07-20T08:00:00.000Z",
      // The season the page was asked for (`annee=`), kept with what it says.
      season: 2026,
      seasonStart: "2026-06-15",
      seasonEnd: "2026-09-15",
      lastSample: { date: "2026-07-14", verdict: "Bon" },
      // The menu and the legend say « interdiction de baignade », the banner is absent.
      prohibition: null,
      // « site non classé » for 2026 in season: the classement in force is 2025's (classe1.gif).
      classement: { year: 2025, label: "Excellente" },
    });
  });

  it("reads a sanitary temporary prohibition and the « Mauvais » sample behind it", () => {
    const status = statusOf(readPage("prohibition-sanitaire"));
    expect(status.prohibition).toEqual({ title: "Interdiction de baignade du 18/07/2026", kind: "temporaire", reason: "sanitaire" });
    expect(status.lastSample).toEqual({ date: "2026-07-17", verdict: "Mauvais" });
    expect(status.classement).toEqual({ year: 2025, label: "Bonne" });
  });

  it("reads an off-season page: past season dates, an old last sample, the season's classement", () => {
    const status = statusOf(readPage("off-season"), new Date("2027-02-10T09:00:00Z"));
    expect(status).toMatchObject({
      fetchedAt: "2027-02-10T09:00:00.000Z",
      seasonStart: "2026-06-20",
      seasonEnd: "2026-09-06",
      lastSample: { date: "2026-09-01", verdict: "Bon" },
      prohibition: null,
      classement: { year: 2026, label: "Bonne" },
    });
  });

  it("takes the most recent sample, not the last cell nor the largest dd/mm string", () => {
    const status = statusOf(readPage("samples-out-of-order"));
    expect(status.lastSample).toEqual({ date: "2026-08-04", verdict: "Moyen" });
    // Without a history block, the headline is all there is.
    expect(status.classement).toEqual({ year: 2026, label: "Site non classé" });
  });
});

describe("parseConsultSitePage rejects what it does not recognise", () => {
  it.each([
    // The maintenance text says « les résultats des prélèvements », in a sentence: not the section.
    ["maintenance", /not a site page: neither/],
    ["error", /not a site page: neither/],
    ["other-layout", /not a site page: neither/],
    ["empty", /empty page/],
    // Every site page carries the classement line (structure notes: in season too): its absence
    // means a new layout, where the prohibition banner may have moved as well.
    ["no-classement", /Classement de l'année/],
  ])("%s", (name, reason) => {
    const result = parsePage(readPage(name));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });

  const inSeason = () => readPage("in-season-bon");

  it("rejects a sample cell whose colour and label disagree", () => {
    const html = inSeason().replace("<strong>14/07/2026</strong><br>Bon", "<strong>14/07/2026</strong><br>Mauvais");
    expect(parsePage(html)).toEqual({ ok: false, reason: expect.stringMatching(/class says Bon but the label reads « Mauvais »/) });
  });

  it("rejects a verdict cell without its date and an impossible date", () => {
    expect(parsePage(inSeason().replace("<strong>14/07/2026</strong>", "14/07/2026"))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/no <strong>dd\/mm\/yyyy<\/strong> date/),
    });
    expect(parsePage(inSeason().replace("<strong>14/07/2026</strong>", "<strong>31/06/2026</strong>"))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/impossible date « 31\/06\/2026 »/),
    });
  });

  it("rejects prohibition details without their title rather than reporting no prohibition", () => {
    const html = inSeason().replace(
      '<td class="texte_site">Commune',
      '<td class="texte_interdiction">Type : INTERDICTION TEMPORAIRE - RAISON SANITAIRE</td><td class="texte_site">Commune',
    );
    expect(parsePage(html)).toMatchObject({ ok: false, reason: expect.stringMatching(/without their title/) });
  });

  it("rejects an unknown classement label and a history whose images do not pair with years", () => {
    expect(parsePage(inSeason().replace("2026 : site non class&eacute;", "2026 : en cours d'&eacute;valuation"))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/unknown classement for 2026/),
    });
    expect(parsePage(inSeason().replace('<td class="cellule_titre" align="center">2025</td>', ""))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/3 years but 10 images/),
    });
    expect(parsePage(inSeason().replace(/classe1\.gif" alt="" width="18" height="18"><\/td>/, 'classe8.gif" alt=""></td>'))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/unknown image classe8\.gif/),
    });
  });

  it("rejects a page with only one of the season cells", () => {
    expect(parsePage(inSeason().replace("Fin de la saison : 15/09/2026", ""))).toMatchObject({ ok: false, reason: expect.stringMatching(/only one of/) });
  });
});

describe("optional blocks", () => {
  it("reads a page without any sample yet as lastSample null", () => {
    const html = readPage("in-season-bon").replace(/<td class="cadre_dotted fond\w+"[\s\S]*?<\/td>/g, "");
    expect(statusOf(html)).toMatchObject({ lastSample: null, seasonStart: "2026-06-15" });
  });

  it("reads a headline drawn as a classeN.gif image", () => {
    const html = readPage("samples-out-of-order").replace(
      "2026 : site non class&eacute;",
      '2025 : <img src="/baignades/images/fr/classement/classe3.gif" alt="">',
    );
    expect(statusOf(html).classement).toEqual({ year: 2025, label: "Suffisante" });
  });

  it("keeps a non-sanitary prohibition and its kind", () => {
    const html = readPage("prohibition-sanitaire").replace("INTERDICTION TEMPORAIRE - RAISON SANITAIRE", "INTERDICTION PERMANENTE - RAISON NON SANITAIRE");
    expect(statusOf(html).prohibition).toEqual({ title: "Interdiction de baignade du 18/07/2026", kind: "permanente", reason: "non sanitaire" });
  });
});

describe("classement mapping", () => {
  it.each([
    [1, "Excellente"],
    [2, "Bonne"],
    [3, "Suffisante"],
    [4, "Insuffisante"],
    [5, "Insuffisamment de prélèvements"],
    [6, "Site non classé"],
    [7, "Site non classé"],
    [11, "Site non classé"],
    [8, null],
    [0, null],
  ])("classe%i.gif → %s", (code, label) => {
    expect(mapClassementImageCode(code)).toBe(label);
  });

  it.each([
    ["Excellent", "Excellente"],
    ["Bon Légende", "Bonne"],
    ["BONNE", "Bonne"],
    ["Suffisant", "Suffisante"],
    ["Insuffisant", "Insuffisante"],
    ["Insuffisamment de prélèvements", "Insuffisamment de prélèvements"],
    ["site non classé", "Site non classé"],
    ["Bonjour", null],
  ])("« %s » → %s", (text, label) => {
    expect(mapClassementLabel(text)).toBe(label);
  });
});
