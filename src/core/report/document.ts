// A section of the report as one channel-free document: its headline (the source's own word), the
// sentence of « L'essentiel », then blocks in reading order, then its source. Every channel — the
// page, the PDF, the e-mails — draws these blocks and nothing else, so a section written once reads
// the same everywhere, and a new section costs no channel code. Pure: no I/O, no clock.
import type { Badge } from "./badge.ts";
import type { SourceRef } from "../types.ts";

export interface Fact {
  term: string;
  value: string;
}

/** Official words in a grid: a row per taxon or phenomenon, a column per day; null where nothing was published. */
export interface LevelTable {
  caption: string;
  columns: string[];
  rows: Array<{ label: string; cells: Array<Badge | null> }>;
}

/** One piece of a section's content, in the order it is read. */
export type Block =
  /** what the data are about and when: « Prélèvement du 8 novembre 2026, verdict de l'ARS » */
  | { kind: "date"; text: string }
  /** a failure or an absence of data, said plainly */
  | { kind: "message"; text: string }
  /** terms and their values: « Demain : Élevé » */
  | { kind: "facts"; facts: Fact[] }
  /** the source's grid of official words */
  | { kind: "table"; table: LevelTable }
  /** sentences that qualify the rest: a model's caveat, a decree's period */
  | { kind: "notes"; notes: string[] };

/**
 * Where a section whose source failed sends the reader (decision 085): its source's row on the
 * status page, « État des sources » → /etat#source-hubeau (a path: the PDF and the e-mails make it whole).
 */
export interface StatusLink {
  text: string;
  href: string;
}

export interface SectionDocument {
  /** the section's key in the registry (src/sections/registry.ts) */
  key: string;
  /** fragment id of the section on the page (« #eau ») */
  anchor: string;
  title: string;
  headline: Badge;
  /** the sentence of « L'essentiel » and of the e-mails: « Air aujourd'hui : Moyen (indice ATMO) ; demain : Bon. » */
  summary: string;
  blocks: Block[];
  source: SourceRef;
  /** a second attribution line (Open-Meteo's CC BY licence) */
  attribution: string | null;
  /**
   * Its sentence stays in full in « L'essentiel » though its headline is calm: something beside the
   * headline must be read (the coast's orange beside a green département, decision 078). Absent: the
   * headline's tone and whether the source was read decide (decision 084).
   */
  attention?: true;
  /** its source's row on /etat, when its source could not be read */
  statusLink?: StatusLink;
}

/** The common part of the richer presentations of the first four sections (water, air, drought, bathing). */
export interface SectionPresentation {
  key: string;
  anchor: string;
  title: string;
  headline: Badge;
  dateLine: string | null;
  message: string | null;
  facts: Fact[];
  notes: string[];
  source: SourceRef;
  attribution: string | null;
  /** as the document's: its source's row on /etat, when its source could not be read */
  statusLink?: StatusLink;
}

/** The blocks of a kind, in order; for a channel or a test that needs one piece. */
export function blocksOf<Kind extends Block["kind"]>(document: Pick<SectionDocument, "blocks">, kind: Kind): Array<Extract<Block, { kind: Kind }>> {
  return document.blocks.filter((block): block is Extract<Block, { kind: Kind }> => block.kind === kind);
}

/** Every fact of a document, in order. */
export const factsOf = (document: Pick<SectionDocument, "blocks">): Fact[] => blocksOf(document, "facts").flatMap((block) => block.facts);

/** Every note of a document, in order. */
export const notesOf = (document: Pick<SectionDocument, "blocks">): string[] => blocksOf(document, "notes").flatMap((block) => block.notes);

/** The blocks of the usual pieces, in the usual order; empty pieces leave no block. */
export function standardBlocks(pieces: {
  dateLine?: string | null;
  message?: string | null;
  facts?: readonly Fact[];
  table?: LevelTable | null;
  notes?: readonly string[];
}): Block[] {
  const blocks: Block[] = [];
  if (pieces.dateLine) blocks.push({ kind: "date", text: pieces.dateLine });
  if (pieces.message) blocks.push({ kind: "message", text: pieces.message });
  if (pieces.facts && pieces.facts.length > 0) blocks.push({ kind: "facts", facts: [...pieces.facts] });
  if (pieces.table) blocks.push({ kind: "table", table: pieces.table });
  if (pieces.notes && pieces.notes.length > 0) blocks.push({ kind: "notes", notes: [...pieces.notes] });
  return blocks;
}
