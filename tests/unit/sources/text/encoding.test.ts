import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { decodeUtf8OrWindows1252, decodeWindows1252 } from "../../../../src/sources/text/encoding.ts";

// Real Windows-1252 files: a data.gouv.fr bathing export and a page derived from the ministry's portal.
const fixture = (path: string) => new Uint8Array(readFileSync(new URL(`../../../fixtures/${path}`, import.meta.url)));
const SEASON_INFORMATION = fixture("baignades/saison-balneaire-2024-informations-sur-la-saison.cp1252.csv");
const PORTAL_PAGE = fixture("baignades/derived/consultsite-derived-in-season-bon.html");

describe("Windows-1252", () => {
  it("decodes the portal's pages: accents and the bytes Latin-1 does not have (’)", () => {
    expect(PORTAL_PAGE.includes(0xe9)).toBe(true);
    expect(Buffer.from(PORTAL_PAGE).includes(Buffer.from("é", "utf8"))).toBe(false);
    const html = decodeWindows1252(PORTAL_PAGE);
    expect(html).toContain("Résultats des prélèvements");
    // 0x92 is ’ in Windows-1252, a C1 control in ISO-8859-1.
    expect(html).toContain("données transmises par l’ARS");
  });
});

describe("UTF-8 or Windows-1252", () => {
  it("reads Windows-1252, including the bytes Latin-1 does not have (’ and œ)", () => {
    const text = decodeUtf8OrWindows1252(SEASON_INFORMATION);
    expect(text.startsWith("Saison balnéaire;Région;Département;")).toBe(true);
    expect(text).toContain("contamination de l’eau par des matières fécales");
    expect(text).toContain("mise en œuvre");
    expect(text).not.toContain("\uFFFD");
  });

  it("reads UTF-8 too, so a re-encoded file cannot come out as « RiviÃ¨re »", () => {
    expect(decodeUtf8OrWindows1252(new TextEncoder().encode("Type d'eau\nRivière\n"))).toBe("Type d'eau\nRivière\n");
  });
});
