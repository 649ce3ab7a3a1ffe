import { describe, expect, it } from "vitest";
import { decodeHtmlEntities } from "../../../../src/sources/text/html.ts";

describe("HTML entities", () => {
  it("decodes named, numeric and Windows-1252 numeric entities in one pass", () => {
    expect(decodeHtmlEntities("D&eacute;but &agrave;&nbsp;la pr&#233;l&#xE8;vement jusqu&#146;ici &laquo;&oelig;&raquo; &Eacute;T&Eacute;")).toBe(
      "Début à\u00a0la prélèvement jusqu’ici «œ» ÉTÉ",
    );
    expect(decodeHtmlEntities("&amp;lt; &unknown; &annee=2026 &#0; &#x110000;")).toBe("&lt; &unknown; &annee=2026 \ufffd \ufffd");
  });
});
