import { describe, expect, it } from "vitest";
import { buildConsultSiteUrl, buildSiteListUrl, selectMapId } from "../../../src/sources/baignades/client.ts";
import { siteListSchema } from "../../../src/sources/baignades/schema.ts";
import { mapPortalSites, matchPortalSite, type PortalSite } from "../../../src/sources/baignades/to-domain.ts";

// No siteList.do body was ever recorded: the shape is the structure notes' `{ sites: [{ isite, nom }] }`.
// The URLs are only built here, never fetched: any base will do.
const BASE_URL = "http://127.0.0.1:4400/baignades";

describe("siteList.do schema and mapper", () => {
  it("maps isite/nom and keeps unknown keys out of the way", () => {
    const raw = siteListSchema.parse({
      sites: [
        { isite: "002137", nom: "GRANDE PLAGE (COURTADE)", lsite: "ignored", x: 6.2 },
        { isite: 2138, nom: "PLAGE D&#39;ARGENT" },
      ],
      total: 2,
    });
    expect(mapPortalSites(raw)).toEqual([
      { portalId: "002137", name: "GRANDE PLAGE (COURTADE)" },
      // A number lost its leading zeros in JSON; names may carry entities.
      { portalId: "002138", name: "PLAGE D'ARGENT" },
    ]);
  });

  it("drops entries that cannot be addressed or matched", () => {
    const raw = siteListSchema.parse({
      sites: [
        { isite: "12345678", nom: "TROP LONG" },
        { isite: "0021A7", nom: "LETTRE" },
        { isite: "004553", nom: null },
        { isite: "004553", nom: "  NOTRE-DAME  " },
      ],
    });
    expect(mapPortalSites(raw)).toEqual([{ portalId: "004553", name: "NOTRE-DAME" }]);
  });

  it("accepts a commune without site and refuses a body without the array", () => {
    expect(mapPortalSites(siteListSchema.parse({ sites: [] }))).toEqual([]);
    expect(siteListSchema.safeParse({}).success).toBe(false);
    expect(siteListSchema.safeParse({ sites: [{ nom: "SANS ID" }] }).success).toBe(false);
  });
});

describe("matchPortalSite", () => {
  const nantua: PortalSite[] = [
    { portalId: "001611", name: "PLAGE DE LA COLONNE" },
    { portalId: "001612", name: "NANTUA - PLAGE DU STADE NAUTIQUE LAC DE NANTUA" },
  ];

  it("matches the same name whatever the case, accents and punctuation", () => {
    expect(
      matchPortalSite(
        [
          { portalId: "002138", name: "PLAGE D ARGENT" },
          { portalId: "002137", name: "COURTADE" },
        ],
        "Plage d’Argent",
      ),
    ).toBe("002138");
    expect(matchPortalSite([{ portalId: "039078", name: "ETANG DE LA NOUE" }], "Étang de la Noue")).toBe("039078");
  });

  it("ignores « plage de » prefixes and the commune prefixed to official names", () => {
    expect(matchPortalSite(nantua, "LAC DE NANTUA -  PLAGE DE LA COLONNE")).toBe("001611");
    expect(matchPortalSite([{ portalId: "002137", name: "GRANDE PLAGE (COURTADE)" }], "Courtade")).toBe("002137");
    expect(matchPortalSite([{ portalId: "000123", name: "PLAGE DES MOUETTES" }], "Les Mouettes")).toBe("000123");
  });

  it("returns null when several portal sites fit", () => {
    const lake: PortalSite[] = [
      { portalId: "001661", name: "LAC DE NANTUA - PLAGE DE LA COLONNE" },
      { portalId: "001660", name: "NANTUA - PLAGE DU STADE NAUTIQUE LAC DE NANTUA" },
    ];
    expect(matchPortalSite(lake, "LAC DE NANTUA")).toBeNull();
    expect(
      matchPortalSite(
        [
          { portalId: "000001", name: "PLAGE NORD" },
          { portalId: "000002", name: "Plage Nord" },
        ],
        "PLAGE NORD",
      ),
    ).toBeNull();
  });

  it("returns null rather than guess on generic words or no match", () => {
    expect(matchPortalSite([{ portalId: "003042", name: "PLAN D'EAU COMMUNAL DU MOULIN" }], "PLAN D'EAU COMMUNAL")).toBeNull();
    expect(matchPortalSite(nantua, "LAC GENIN")).toBeNull();
    expect(matchPortalSite(nantua, " - ")).toBeNull();
    expect(matchPortalSite([], "PLAGE DE LA COLONNE")).toBeNull();
  });

  it("prefers an exact name over a looser one", () => {
    const sites: PortalSite[] = [
      { portalId: "007280", name: "LE CHASSEZAC A LA PLAGE DE CHAULET" },
      { portalId: "007281", name: "CHAULET" },
    ];
    expect(matchPortalSite(sites, "Le Chassezac à la plage de Chaulet")).toBe("007280");
  });
});

describe("portal URLs", () => {
  it("builds the live page URL from the 3-character department and the isite", () => {
    expect(buildConsultSiteUrl(BASE_URL, "083", "002137", 2026)).toBe(`${BASE_URL}/consultSite.do?site=083002137&annee=2026`);
    expect(buildConsultSiteUrl(`${BASE_URL}/`, "1", "001530", 2026)).toBe(`${BASE_URL}/consultSite.do?site=001001530&annee=2026`);
    expect(buildConsultSiteUrl(BASE_URL, "2A", "000412", 2026)).toBe(`${BASE_URL}/consultSite.do?site=02A000412&annee=2026`);
    expect(buildConsultSiteUrl(BASE_URL, "974", "000087", 2027)).toBe(`${BASE_URL}/consultSite.do?site=974000087&annee=2027`);
  });

  it("builds the site list URL with the map of the department and a short code_dept", () => {
    expect(buildSiteListUrl(BASE_URL, { communeCode: "83069", department: "083" })).toBe(
      `${BASE_URL}/siteList.do?idCarte=fra&insee_com=83069&code_dept=83&f=json`,
    );
    expect(buildSiteListUrl(BASE_URL, { communeCode: "01269", department: "001" })).toBe(
      `${BASE_URL}/siteList.do?idCarte=fra&insee_com=01269&code_dept=1&f=json`,
    );
    expect(buildSiteListUrl(BASE_URL, { communeCode: "2A004", department: "02A" })).toBe(
      `${BASE_URL}/siteList.do?idCarte=fra&insee_com=2A004&code_dept=2A&f=json`,
    );
    expect(buildSiteListUrl(BASE_URL, { communeCode: "2B033", department: "2B" })).toBe(
      `${BASE_URL}/siteList.do?idCarte=fra&insee_com=2B033&code_dept=2B&f=json`,
    );
    expect(buildSiteListUrl(BASE_URL, { communeCode: "97101", department: "971" })).toBe(
      `${BASE_URL}/siteList.do?idCarte=gua&insee_com=97101&code_dept=971&f=json`,
    );
  });

  it.each([
    ["971", "gua"],
    ["972", "mar"],
    ["973", "guy"],
    ["974", "reu"],
    ["976", "may"],
    ["975", "fra"],
    ["06", "fra"],
    ["02A", "fra"],
  ])("department %s → idCarte %s", (department, mapId) => {
    expect(selectMapId(department)).toBe(mapId);
  });

  it("refuses ids it cannot place in a URL", () => {
    expect(() => buildConsultSiteUrl(BASE_URL, "083", "2137", 2026)).toThrow(RangeError);
    expect(() => buildConsultSiteUrl(BASE_URL, "2C", "002137", 2026)).toThrow(RangeError);
    expect(() => buildSiteListUrl(BASE_URL, { communeCode: "8306", department: "083" })).toThrow(RangeError);
  });
});
