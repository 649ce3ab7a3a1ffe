// A section of the report drawn from its channel-free document (core/report/document.ts): its
// heading with the source's word as a badge, its blocks in reading order, its source. Any section
// the registry lists is drawn by this one drawer: a new section costs no PDF code.
import type { Badge } from "../../core/report/badge.ts";
import type { Block, LevelTable, SectionDocument, StatusLink } from "../../core/report/document.ts";
import type { SourceRef } from "../../core/types.ts";
import {
  COLORS,
  CONTENT_HEIGHT,
  CONTENT_WIDTH,
  drawField,
  drawParagraph,
  drawRule,
  drawTable,
  drawTag,
  gap,
  keepTogether,
  markBreak,
  MARGIN_X,
  PAGE_WIDTH,
  printableUrl,
  tagWidthOf,
  type Cursor,
} from "./layout.ts";

/** The heading of a section: a rule, its title, its headline badge on the right, the date of its data under the title. */
export function drawSectionHead(cursor: Cursor, head: { title: string; headline: Badge; dateLine: string | null }): void {
  drawRule(cursor, 12);
  const tagWidth = tagWidthOf(cursor.fonts.bold, head.headline.word);
  drawTag(cursor.canvas, cursor.fonts.bold, head.headline, PAGE_WIDTH - MARGIN_X - tagWidth, cursor.y + 1);
  drawParagraph(cursor, head.title, { bold: true, size: 13, color: COLORS.accent, width: CONTENT_WIDTH - tagWidth - 12 }, 1);
  if (head.dateLine) drawParagraph(cursor, head.dateLine, { size: 9, color: COLORS.muted, width: CONTENT_WIDTH - tagWidth - 12 }, 0);
  gap(cursor, 6);
}

/** The foot of a section: its source, with its link, and a second attribution line when it has one. */
export function drawSectionFoot(cursor: Cursor, foot: { source: SourceRef; attribution: string | null }): void {
  gap(cursor, 4);
  const source = `Source : ${foot.source.name} (${printableUrl(cursor, foot.source.url)})`;
  // One piece: a source's link alone at the top of a page reads as a stray line.
  keepTogether(cursor, (target) => {
    drawParagraph(target, source, { size: 8.5, color: COLORS.muted }, foot.attribution ? 1 : 12);
    if (foot.attribution) drawParagraph(target, foot.attribution, { size: 8.5, color: COLORS.muted }, 12);
  });
}

export function drawBlock(cursor: Cursor, block: Block): void {
  switch (block.kind) {
    case "date":
      drawParagraph(cursor, block.text, { size: 9, color: COLORS.muted }, 4);
      return;
    case "message":
      drawParagraph(cursor, block.text, { color: COLORS.muted }, 4);
      return;
    case "facts":
      for (const fact of block.facts) drawField(cursor, fact.term, fact.value);
      gap(cursor, 2);
      return;
    case "table":
      drawLevelTable(cursor, block.table);
      return;
    case "notes":
      for (const note of block.notes) drawParagraph(cursor, note, { size: 9.5 }, 4);
      return;
  }
}

/** « État des sources : https://…/etat#source-hubeau » under a section whose source could not be read (decision 085). */
export function drawStatusLink(cursor: Cursor, link: StatusLink | undefined): void {
  if (link) drawParagraph(cursor, `${link.text} : ${printableUrl(cursor, link.href)}`, { size: 9, color: COLORS.muted }, 4);
}

/**
 * Any section from its document. The heading stays with its content up to its grid (a head alone
 * at a page's foot with its grid overleaf reads as a blank), or with the whole section when it has
 * no grid — at most half a page, so a long section still starts where it is.
 */
export function drawSectionDocument(cursor: Cursor, document: SectionDocument): void {
  markBreak(cursor);
  // A leading date says when the data are from: it sits under the title, beside the badge.
  const [first, ...others] = document.blocks;
  const dateLine = first?.kind === "date" ? first.text : null;
  const blocks = dateLine === null ? document.blocks : others;
  const pieces: Array<(cursor: Cursor) => void> = [
    (target) => drawSectionHead(target, { title: document.title, headline: document.headline, dateLine }),
    ...blocks.map((block) => (target: Cursor) => drawBlock(target, block)),
    (target) => drawStatusLink(target, document.statusLink),
    (target) => drawSectionFoot(target, document),
  ];
  const tableAt = blocks.findIndex((block) => block.kind === "table");
  const kept = tableAt >= 0 ? tableAt + 2 : pieces.length;
  keepTogether(cursor, (target) => pieces.slice(0, kept).forEach((draw) => draw(target)), CONTENT_HEIGHT / 2);
  for (const draw of pieces.slice(kept)) draw(cursor);
}

const LEVEL_TABLE_SIZE = 8.5;
const LEVEL_LABEL_SHARE = 0.28;

/** The grid of official words: its caption, a row per taxon or phenomenon, a column per day, each word in its publisher's colours. */
export function drawLevelTable(cursor: Cursor, table: LevelTable): void {
  const dayShare = (1 - LEVEL_LABEL_SHARE) / Math.max(1, table.columns.length);
  // The whole grid on one page (a few rows: a row per taxon or phenomenon): at worst, the caption, the header and the first row together.
  keepTogether(
    cursor,
    (target) => {
      gap(target, 2);
      drawParagraph(target, table.caption, { bold: true, size: 9.5, color: COLORS.accent }, 3);
      drawTable(target, {
        columns: [{ title: "", share: LEVEL_LABEL_SHARE }, ...table.columns.map((title) => ({ title, share: dayShare }))],
        rows: table.rows.map((row) => [
          { kind: "text", parts: [{ text: row.label, size: LEVEL_TABLE_SIZE, bold: true }] },
          ...row.cells.map((cell) =>
            cell
              ? { kind: "badge" as const, badge: cell }
              : { kind: "text" as const, parts: [{ text: "Non publié", size: LEVEL_TABLE_SIZE, color: COLORS.muted }] },
          ),
        ]),
        size: LEVEL_TABLE_SIZE,
        padding: 3,
        align: "middle",
      });
      gap(target, 8);
    },
    CONTENT_HEIGHT / 2,
  );
}
