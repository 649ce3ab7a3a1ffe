// The e-mail's blocks and their two renderers: one block says the same in the HTML and in the
// text part, and a section's document reads in an e-mail as the page says it.
import { describe, expect, it } from "vitest";
import type { SectionDocument } from "../../../src/core/report/document.ts";
import { presentReport } from "../../../src/core/report/present.ts";
import { deriveAddressInfo } from "../../../src/core/report/index.ts";
import { frenchTypography } from "../../../src/core/shared/format.ts";
import { evaluateAirQuality } from "../../../src/sections/air/index.ts";
import { evaluateDrought } from "../../../src/sections/drought/index.ts";
import { evaluateWaterQuality } from "../../../src/sections/water/index.ts";
import { renderBlocksHtml, renderBlocksText, sectionToListItem, type EmailBlock } from "../../../src/server/email/blocks.ts";
import { composeEmail } from "../../../src/server/email/compose.ts";
import { renderReportBlocks } from "../../../src/server/email/templates/latest-report.ts";
import { MAIN_SCENARIO } from "../../fixtures/scenarios.ts";
import { unreadSections } from "../../helpers/unread-sections.ts";
import { atmoIndex, camsEstimate, droughtZone, NOW, noBathing, waterResult } from "../core/builders.ts";
import { assembleNamed } from "../../helpers/assemble.ts";

const NBSP = "\u00a0";
const HOSTILE = `<script>alert("x")</script>`;

/** What a reader sees in the HTML: tags dropped, entities decoded, a line per <br>, paragraph and item. */
function visibleLines(html: string): string[] {
  return html
    .replace(/<(br|\/p|\/li|\/h\d)\b[^>]*>/g, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
}

/** A section no channel knows: what a new section hands the e-mail, and all it needs to. */
const trial = (overrides: Partial<SectionDocument> = {}): SectionDocument => ({
  key: "trial",
  anchor: "essai",
  title: "Section d'essai",
  headline: { word: "Modéré", tone: "acceptable", colors: null },
  summary: "Section d'essai : Modéré.",
  blocks: [
    { kind: "date", text: "Relevé du 22 novembre 2026" },
    { kind: "message", text: "Le relevé dit Modéré." },
    { kind: "facts", facts: [{ term: "Demain", value: "Élevé" }] },
    { kind: "table", table: { caption: "Par jour", columns: ["Aujourd'hui", "Demain"], rows: [{ label: "Orties", cells: [null, null] }] } },
    { kind: "notes", notes: ["Une estimation, pas une mesure."] },
  ],
  source: { name: "Observatoire d'essai", url: "https://example.invalid/essai", publisher: "Essai" },
  attribution: "Licence d'essai",
  ...overrides,
});

describe("a section's document in an e-mail", () => {
  it("reads « Titre : mot officiel », its date, facts and notes in order, then its source once; no grid, no repeated message", () => {
    const item = sectionToListItem(trial());
    expect(item.lines).toEqual([[{ strong: "Section d'essai : Modéré" }], "Relevé du 22 novembre 2026", "Demain : Élevé", "Une estimation, pas une mesure."]);
    expect(item.smallPrint).toBe("Source : Observatoire d'essai");
  });

  it("says its message when nothing is rated (a failure, no data)", () => {
    const item = sectionToListItem(trial({ headline: { word: "Indisponible", tone: "neutral", colors: null } }));
    expect(item.lines).toContain("Le relevé dit Modéré.");
  });

  it("says the same in both parts, the heading emphasised in HTML", () => {
    const blocks: EmailBlock[] = [{ kind: "sections", documents: [trial(), trial({ title: "Autre section" })] }];
    const html = renderBlocksHtml(blocks);
    expect(html).toContain(`<strong>Section d&#39;essai${NBSP}: Modéré</strong>`);
    const text = renderBlocksText(blocks);
    expect(
      frenchTypography(text)
        .split("\n")
        .map((line) => line.replace(/^[-\s]+/, "")),
    ).toEqual(visibleLines(html));
    expect(text.match(/Source/g)).toHaveLength(2);
  });
});

describe("the blocks' two parts", () => {
  const blocks: EmailBlock[] = [
    { kind: "heading", text: "Maison – 8 Boulevard du Port 80000 Amiens" },
    { kind: "paragraph", text: "Bilan du 22 novembre 2026" },
    { kind: "subheading", text: "L'essentiel" },
    { kind: "list", items: [[{ strong: "Eau du robinet" }, " : conforme."], "Air : Moyen."] },
    { kind: "paragraph", text: HOSTILE },
    { kind: "button", label: "Confirmer", url: "https://zone-sante.fr/confirmation?u=a&t=b" },
    { kind: "copyable-link", url: "https://zone-sante.fr/confirmation?u=a&t=b" },
    { kind: "link", lead: "Votre espace :", label: "Mon compte", url: "https://zone-sante.fr/compte" },
    { kind: "list", items: [{ lines: ["« 8 Boulevard du Port » : alertes actives."], link: { label: "Me désinscrire", url: "https://zone-sante.fr/d?u=s" } }] },
    { kind: "code", text: "123456" },
  ];

  it("writes every link in full in the text part, a heading right above what it heads and a list right under its lead-in", () => {
    expect(renderBlocksText(blocks)).toBe(
      [
        "Maison – 8 Boulevard du Port 80000 Amiens",
        "=".repeat(41),
        "Bilan du 22 novembre 2026",
        "",
        "L'ESSENTIEL",
        "- Eau du robinet : conforme.",
        "- Air : Moyen.",
        "",
        HOSTILE,
        "",
        "Confirmer : https://zone-sante.fr/confirmation?u=a&t=b",
        "",
        "Votre espace :",
        "Mon compte : https://zone-sante.fr/compte",
        "- « 8 Boulevard du Port » : alertes actives.",
        "  Me désinscrire : https://zone-sante.fr/d?u=s",
        "",
        "123456",
      ].join("\n"),
    );
  });

  it("escapes text in HTML, and gives the button's link written out for clients that drop the button", () => {
    const html = renderBlocksHtml(blocks);
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain("<h2");
    expect(html).toContain("<h3");
    expect(html).toContain(`<strong>Eau du robinet</strong>${NBSP}: conforme.`);
    expect(html.match(/href="https:\/\/zone-sante.fr\/confirmation\?u=a&amp;t=b"/g)).toHaveLength(2);
    expect(visibleLines(html)).toContain("https://zone-sante.fr/confirmation?u=a&t=b");
  });

  it("lets a long link break: the e-mail's body and every link may wrap anywhere", () => {
    const email = composeEmail("Sujet", { preheader: "Avant-propos", title: "Titre", footerReason: "Parce que.", body: blocks });
    expect(email.html).toMatch(/<td style="padding:24px;overflow-wrap:anywhere;/);
    for (const link of email.html.match(/<a [^>]*>/g) ?? []) expect(link).toContain("overflow-wrap:anywhere");
  });
});

describe("the report e-mail draws the documents it is given", () => {
  const address = { ...MAIN_SCENARIO, context: "80, Somme, Hauts-de-France", type: "housenumber", score: 0.97 };
  const report = assembleNamed({
    ...unreadSections(NOW, "80021"),
    address,
    addressInfo: deriveAddressInfo(address),
    water: evaluateWaterQuality({ results: { ok: true, data: [waterResult()] }, udi: null, udis: [], now: NOW }),
    air: evaluateAirQuality({
      citycode: "80021",
      atmo: { ok: true, data: [atmoIndex({ code: 2, label: "Moyen" })] },
      cams: { ok: true, data: camsEstimate() },
      now: NOW,
    }),
    drought: evaluateDrought({ zones: { ok: true, data: [droughtZone()] }, now: NOW, citycode: "80021" }),
    bathing: noBathing(),
    now: NOW,
  });
  const presentation = presentReport(report);

  it("has every section of the report, in the report's order", () => {
    expect(presentation.sections.map((document) => document.key)).toEqual(["water", "air", "drought", "bathing", "weather", "pollen", "uv", "radon"]);
  });

  it("a section added to the list appears in « Le détail » with no other change", () => {
    const sections = [...presentation.sections, trial()];
    const text = renderBlocksText(renderReportBlocks({ presentation, sections, nickname: null, reportUrl: "https://zone-sante.fr/?q=amiens", alone: true }));
    const detail = text.slice(text.indexOf("LE DÉTAIL"), text.indexOf("NOS CONSEILS"));
    expect(detail).toContain(
      "- Section d'essai : Modéré\n  Relevé du 22 novembre 2026\n  Demain : Élevé\n  Une estimation, pas une mesure.\n  Source : Observatoire d'essai",
    );
    expect(detail.indexOf("Radon")).toBeLessThan(detail.indexOf("Section d'essai"));
  });
});
