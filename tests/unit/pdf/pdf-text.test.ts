import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { formatNumberFr } from "../../../src/core/shared/format.ts";
import { toWinAnsi, WINANSI_CODE_POINTS } from "../../../src/server/pdf/pdf-text.ts";

const NBSP = "\u00A0";

describe("toWinAnsi", () => {
  it("leaves French text that Helvetica can draw unchanged", () => {
    const text = `«${NBSP}Cœur d'Amiens${NBSP}» : été, à, ç, œ, Œ, 12${NBSP}€, 15${NBSP}°C, 3${NBSP}µg/m³, 2${NBSP}m², l’eau… – —`;
    expect(toWinAnsi(text)).toBe(text);
    expect(toWinAnsi("Prélèvement, Sécheresse, préfecture, Qualité de l'air")).toBe("Prélèvement, Sécheresse, préfecture, Qualité de l'air");
  });

  it.each([
    ["narrow no-break space (Intl fr-FR)", "1\u202F234,5", `1${NBSP}234,5`],
    ["thin space", "50\u2009mg/L", `50${NBSP}mg/L`],
    ["figure space", "1\u2007000", `1${NBSP}000`],
    ["less than or equal", "≤ 50 mg/L", "<= 50 mg/L"],
    ["greater than or equal", "≥ 6,5", ">= 6,5"],
    ["arrow", "Bon → Moyen", "Bon -> Moyen"],
    ["check mark", "Conforme ✓", "Conforme oui"],
    ["subscript in NO₂", "NO₂", "NO2"],
    ["subscripts in PM₂.₅", "PM₂.₅", "PM2.5"],
    ["superscript digits outside WinAnsi", "m⁴", "m4"],
    ["letters with accents outside WinAnsi", "Łódź, Győr", "Lódz, Gyor"],
    ["Greek mu for micro", "3 μg/L", "3 µg/L"],
    ["ligature", "ﬁltre", "filtre"],
    ["tab", "a\tb", "a b"],
    ["zero-width space", "eau\u200Bpotable", "eaupotable"],
    ["emoji", "Eau 💧", "Eau ?"],
    ["CJK", "水", "?"],
  ])("%s", (_name, input, expected) => {
    expect(toWinAnsi(input)).toBe(expected);
  });

  it("keeps line feeds for the layout", () => {
    expect(toWinAnsi("ligne 1\nligne 2")).toBe("ligne 1\nligne 2");
  });

  it("makes a formatted French number drawable", () => {
    const raw = new Intl.NumberFormat("fr-FR").format(1234567.5);
    expect(raw).toContain("\u202F");
    expect(toWinAnsi(raw)).toBe(formatNumberFr(1234567.5));
  });

  it("its table is exactly the character set of pdf-lib's Helvetica and Helvetica-Bold", async () => {
    const doc = await PDFDocument.create();
    for (const name of [StandardFonts.Helvetica, StandardFonts.HelveticaBold]) {
      const font = await doc.embedFont(name);
      expect(new Set(font.getCharacterSet())).toEqual(new Set(WINANSI_CODE_POINTS));
    }
  });

  it("its output can always be drawn", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage();
    const nasty = "≤≥→✓₂₅³²\u202F\u2009\u2007μ Łódź 💧 水 \u200B\u0007 ﬁ ‑ − ′";
    expect(() => font.widthOfTextAtSize(nasty, 10)).toThrow();
    expect(() => page.drawText(toWinAnsi(nasty), { font, size: 10 })).not.toThrow();
  });
});
