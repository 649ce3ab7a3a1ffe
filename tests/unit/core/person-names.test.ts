// Issue 39: names are letters of the Latin scripts only — look-alike digits and dots from other
// scripts (a Greek « Ο », a Lisu « ꓸ », a Cyrillic « а ») are refused, on the forms and by the API.
import { describe, expect, it } from "vitest";
import { checkPersonName, isValidAddressNickname, isValidPersonName, normalisePersonName, PERSON_NAME_MESSAGE } from "../../../src/core/shared/person-names.ts";

describe("a person's name", () => {
  it.each(["Zoé", "N’Guessan", "N'Guessan", "Marie-Ève", "Łukasz", "Ærøskøbing", "Jean Pierre", "Đorđe", "Ōsaka", "Zoe\u0301", ""])(
    "accepts « %s »",
    (name) => {
      expect(isValidPersonName(name)).toBe(true);
      expect(checkPersonName(name)).toBeNull();
    },
  );

  it.each([
    ["Greek omicron beside a Latin OU, reading « 08 »", "\u039f\u0222"],
    ["a Lisu letter that reads as a dot", "Jean\ua4f8fr"],
    ["a Cyrillic « а » among Latin letters", "M\u0430rie"],
    ["Greek letters", "\u0391\u03bb\u03ad\u03be\u03b7\u03c2"],
    ["a Roman numeral (Latin script, not a letter)", "Louis \u2167"],
    ["a digit", "Marie 2"],
    ["a dot", "Marie.fr"],
    ["an at sign", "marie@exemple"],
    ["a full-width digit", "Marie \uff10"],
  ])("refuses %s", (_case, name) => {
    expect(isValidPersonName(name)).toBe(false);
    expect(checkPersonName(name)).toBe(PERSON_NAME_MESSAGE);
  });

  it("is stored composed (NFC) and trimmed", () => {
    expect(normalisePersonName("  Zoe\u0301 ")).toBe("Zo\u00e9");
  });

  it("is at most 80 characters", () => {
    expect(checkPersonName("a".repeat(81))).toMatch(/80 caractères/);
  });
});

describe("an address's name", () => {
  it.each(["Maison", "Bureau 12", "Chez Zoé", "Résidence d’été"])("accepts « %s »", (nickname) => {
    expect(isValidAddressNickname(nickname)).toBe(true);
  });

  // Digits are counted (3 at most, routes/fields.ts): look-alikes from other scripts would escape the count.
  it.each([
    ["Greek omicrons and a Latin OU for digits", "Appelez \u039f\u0222 \u039f\u0222"],
    ["a Lisu dot", "zone\ua4f8fr"],
    ["Arabic-Indic digits", "\u0660\u0661\u0662\u0663"],
  ])("refuses %s", (_case, nickname) => {
    expect(isValidAddressNickname(nickname)).toBe(false);
  });
});
