// The blocks an e-mail is written in, and their two renderers: the HTML part and the text part of
// every e-mail come from the same blocks, so the twins cannot say different things. The text part
// gives every link in full (« Libellé : https://… »); the HTML part draws it as a link.
import type { SectionDocument } from "../../core/report/document.ts";
import { escapeFrench, renderButton, renderHeading, renderLink, renderList, renderParagraphHtml, renderSmall, renderSubheading } from "./layout.ts";

/** A run of text; a `strong` part is emphasised in HTML and plain in the text part. */
export type Inline = string | { strong: string };

/** One line of text, with its emphasised parts if any. */
export type RichText = string | readonly Inline[];

export interface EmailLink {
  label: string;
  url: string;
}

/** An item of a list that says more than one line: its heading line first, then the rest. */
export interface ListItem {
  lines: readonly RichText[];
  /** an action of this item alone (« Me désinscrire des alertes pour … ») */
  link?: EmailLink;
  /** a last line in small print (« Source : VigiEau ») */
  smallPrint?: string;
}

export type EmailBlock =
  /** the heading of one part of the e-mail (an address), under the e-mail's title */
  | { kind: "heading"; text: string }
  /** a heading inside a part (« L'essentiel », « Nos conseils ») */
  | { kind: "subheading"; text: string }
  | { kind: "paragraph"; text: RichText }
  | { kind: "list"; items: ReadonlyArray<RichText | ListItem> }
  /** the e-mail's main action */
  | { kind: "button"; label: string; url: string }
  /**
   * A link on its own line, after the sentence that leads to it if any. `textLabel` words the link
   * for the text part when the HTML label reads wrong before « : https://… ».
   */
  | { kind: "link"; label: string; url: string; lead?: string; textLabel?: string }
  /**
   * The button's link written out, for mail clients that drop styled links. HTML only: the text
   * part already gives the button's link in full.
   */
  | { kind: "copyable-link"; url: string }
  /** a code to type: large, monospaced, its digits spaced on screen but copied together */
  | { kind: "code"; text: string }
  /** sections of the report, each as its channel-free document (core/report/document.ts) */
  | { kind: "sections"; documents: readonly SectionDocument[] };

const plainOf = (text: RichText): string => (typeof text === "string" ? text : text.map((part) => (typeof part === "string" ? part : part.strong)).join(""));

function richToHtml(text: RichText): string {
  if (typeof text === "string") return escapeFrench(text);
  return text.map((part) => (typeof part === "string" ? escapeFrench(part) : `<strong>${escapeFrench(part.strong)}</strong>`)).join("");
}

const isListItem = (item: RichText | ListItem): item is ListItem => typeof item === "object" && "lines" in item;

/**
 * A section in an e-mail: « Titre : mot officiel », then its blocks in reading order — the date,
 * the message only when nothing is rated (a rated section's message repeats its summary line),
 * facts as « terme : valeur », notes — then its source once. A grid of official words stays on the
 * page and in the PDF: a row of days read out in a mail would be a line of words without columns.
 */
export function sectionToListItem(document: SectionDocument): ListItem {
  const lines: RichText[] = [[{ strong: `${document.title} : ${document.headline.word}` }]];
  for (const block of document.blocks) {
    if (block.kind === "date") lines.push(block.text);
    else if (block.kind === "message") {
      if (document.headline.tone === "neutral") lines.push(block.text);
    } else if (block.kind === "facts") lines.push(...block.facts.map((fact) => `${fact.term} : ${fact.value}`));
    else if (block.kind === "notes") lines.push(...block.notes);
  }
  // A source that could not be read: its row on /etat, as on the page (the e-mail gives it whole, renderReportBlocks).
  return {
    lines,
    ...(document.statusLink ? { link: { label: document.statusLink.text, url: document.statusLink.href } } : {}),
    smallPrint: `Source : ${document.source.name}`,
  };
}

function listItemToHtml(item: RichText | ListItem): string {
  if (!isListItem(item)) return richToHtml(item);
  return [
    ...item.lines.map(richToHtml),
    ...(item.link ? [renderLink(item.link.label, item.link.url)] : []),
    ...(item.smallPrint ? [renderSmall(item.smallPrint)] : []),
  ].join("<br>");
}

function listItemToText(item: RichText | ListItem): string {
  if (!isListItem(item)) return `- ${plainOf(item)}`;
  const [first = "", ...rest] = item.lines.map(plainOf);
  return [
    `- ${first}`,
    ...rest.map((line) => `  ${line}`),
    ...(item.link ? [`  ${item.link.label} : ${item.link.url}`] : []),
    ...(item.smallPrint ? [`  ${item.smallPrint}`] : []),
  ].join("\n");
}

function blockToHtml(block: EmailBlock): string {
  switch (block.kind) {
    case "heading":
      return renderHeading(block.text);
    case "subheading":
      return renderSubheading(block.text);
    case "paragraph":
      return renderParagraphHtml(richToHtml(block.text));
    case "list":
      return renderList(block.items.map(listItemToHtml));
    case "button":
      return renderButton(block.label, block.url);
    case "link":
      return renderParagraphHtml(`${block.lead ? `${escapeFrench(block.lead)} ` : ""}${renderLink(block.label, block.url)}`);
    case "copyable-link":
      return renderParagraphHtml(
        `${escapeFrench("Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :")}<br>${renderLink(block.url, block.url)}`,
      );
    case "code":
      return `<p style="margin:8px 0 24px 0;font-family:'Courier New', Courier, monospace;font-size:32px;font-weight:bold;letter-spacing:8px;">${escapeFrench(block.text)}</p>`;
    case "sections":
      return renderList(block.documents.map((document) => listItemToHtml(sectionToListItem(document))));
  }
}

/** null: the block has no text twin. */
function blockToText(block: EmailBlock): string | null {
  switch (block.kind) {
    case "heading":
      return `${block.text}\n${"=".repeat(Math.min(block.text.length, 60))}`;
    case "subheading":
      return block.text.toUpperCase();
    case "paragraph":
      return plainOf(block.text);
    case "list":
      return block.items.map(listItemToText).join("\n");
    case "button":
      return `${block.label} : ${block.url}`;
    case "link":
      return `${block.lead ? `${block.lead}\n` : ""}${block.textLabel ?? block.label} : ${block.url}`;
    case "copyable-link":
      return null;
    case "code":
      return block.text;
    case "sections":
      return block.documents.map((document) => listItemToText(sectionToListItem(document))).join("\n");
  }
}

/** The HTML of the e-mail's body, one block after the other. */
export function renderBlocksHtml(blocks: readonly EmailBlock[]): string {
  return blocks.map(blockToHtml).join("\n");
}

/**
 * The text part of the e-mail's body: a blank line between blocks, except that a heading's next
 * block and a list's lead-in sit right above it, as in the HTML.
 */
export function renderBlocksText(blocks: readonly EmailBlock[]): string {
  let text = "";
  let previous: EmailBlock | null = null;
  for (const block of blocks) {
    const part = blockToText(block);
    if (part === null) continue;
    const attached = previous !== null && (previous.kind === "heading" || previous.kind === "subheading" || block.kind === "list" || block.kind === "sections");
    text += previous === null ? part : `${attached ? "\n" : "\n\n"}${part}`;
    previous = block;
  }
  return text;
}
