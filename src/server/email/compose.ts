// What every e-mail shares: the rendered shape, the greeting, how a typed name or address is put on
// one line, and the last step that wraps a body in the layout (title, preheader, footer).
import { formatDateFr, formatNumberFr, formatTimeFr, frenchTypography, NBSP } from "../../core/shared/format.ts";
import { renderBlocksHtml, renderBlocksText, type EmailBlock } from "./blocks.ts";
import { renderEmailLayout } from "./layout.ts";

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** A name or label typed by someone: one line, so it cannot forge extra lines in the text part. */
export function toInline(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

export function composeGreeting(firstName: string | null): string {
  const name = firstName === null ? "" : toInline(firstName);
  return name ? `Bonjour ${name},` : "Bonjour,";
}

/** A monitored address as its owner named it, with the address itself: « Maison – 8 Boulevard… ». */
export function describePlace(addressLabel: string, nickname: string | null): string {
  const label = toInline(addressLabel);
  const name = nickname === null ? "" : toInline(nickname);
  return name && name !== label ? `${name} – ${label}` : label;
}

/** The links of every email lead to our own site: its origin is read from one we built. */
export function siteOrigin(url: string): string {
  return new URL(url).origin;
}

export function formatDuration(amount: number, singular: string, plural: string): string {
  return `${formatNumberFr(amount)}${NBSP}${amount >= 2 ? plural : singular}`;
}

/** « le 22 novembre 2026 à 11 h 00 » (Paris time): when the change was made, to compare with one's own memory. */
export function describeMoment(at: Date): string {
  const iso = at.toISOString();
  const time = formatTimeFr(iso);
  return time ? `le ${formatDateFr(iso)} à ${time} (heure de Paris)` : `le ${formatDateFr(iso)}`;
}

export interface EmailFrame {
  /** the line a mail client shows after the subject; never a secret (lock screens show it) */
  preheader: string;
  title: string;
  /** why this mailbox gets this e-mail, in the footer */
  footerReason: string;
}

/** An e-mail whose body is already HTML and text parts (one string per paragraph of text). */
export function finishEmail(subject: string, layout: EmailFrame & { bodyHtml: string[]; bodyText: string[] }): RenderedEmail {
  const { html, text } = renderEmailLayout({
    preheader: layout.preheader,
    title: layout.title,
    bodyHtml: layout.bodyHtml.join("\n"),
    bodyText: layout.bodyText.join("\n\n"),
    footerReason: layout.footerReason,
  });
  return { subject: frenchTypography(subject), html, text };
}

/** An e-mail written once as blocks: both parts are drawn from them. */
export function composeEmail(subject: string, layout: EmailFrame & { body: readonly EmailBlock[] }): RenderedEmail {
  return finishEmail(subject, {
    preheader: layout.preheader,
    title: layout.title,
    bodyHtml: [renderBlocksHtml(layout.body)],
    bodyText: [renderBlocksText(layout.body)],
    footerReason: layout.footerReason,
  });
}
