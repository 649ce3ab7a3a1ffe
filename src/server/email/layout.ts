// The shared frame of every transactional email: one column up to 600 px, inline styles only (most
// mail clients drop <style> blocks), real text instead of images, and a plain-text twin.
import { frenchTypography } from "../../core/shared/format.ts";

/** Brand teal: white on it is 7.6:1, and it is 7.6:1 on white as link text (WCAG AA asks 4.5:1). */
const ACCENT = "#0b5e55";
const TEXT = "#1a1a1a";
const MUTED = "#3d3d3d";
const PAGE_BACKGROUND = "#f4f4f4";
const FOOTER_BACKGROUND = "#eef3f2";
const FONT = "Arial, Helvetica, sans-serif";
/**
 * A signed link is one 150-character word: without a break point it widens the column past a
 * phone's screen. `overflow-wrap:anywhere` lets it break and keeps it out of the column's minimum
 * width; `word-break:break-word` is the same for clients that only know the older property.
 */
const BREAK_ANYWHERE = "overflow-wrap:anywhere;word-break:break-word;";

export const FOOTER_SIGNATURE = "Zone Santé – service d'information gratuit, à partir de données publiques officielles";

/** Every value put into an email's HTML goes through here, names and address labels included. */
export function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** French prose ready for HTML: no-break spaces first, then escaping (which adds no spaces). */
export function escapeFrench(text: string): string {
  return escapeHtml(frenchTypography(text));
}

// A link is the only action an email offers: refusing anything but http(s) keeps a javascript: or
// data: URL built from bad input out of someone's inbox.
function checkHttpUrl(url: string): string {
  if (!/^https?:\/\//i.test(url)) throw new Error("Email links must be absolute http(s) URLs");
  return url;
}

export function renderButton(label: string, url: string): string {
  const style = `display:inline-block;padding:12px 24px;background-color:${ACCENT};color:#ffffff;font-family:${FONT};font-size:16px;font-weight:bold;line-height:1.25;text-decoration:none;border-radius:4px;max-width:100%;box-sizing:border-box;${BREAK_ANYWHERE}`;
  return `<p style="margin:24px 0;"><a href="${escapeHtml(checkHttpUrl(url))}" style="${style}">${escapeFrench(label)}</a></p>`;
}

export function renderLink(label: string, url: string): string {
  return `<a href="${escapeHtml(checkHttpUrl(url))}" style="color:${ACCENT};text-decoration:underline;${BREAK_ANYWHERE}">${escapeFrench(label)}</a>`;
}

/** A paragraph whose parts are already HTML (escaped text, links). */
export function renderParagraphHtml(innerHtml: string): string {
  return `<p style="margin:0 0 16px 0;">${innerHtml}</p>`;
}

export function renderParagraph(text: string): string {
  return renderParagraphHtml(escapeFrench(text));
}

export function renderList(itemsHtml: readonly string[]): string {
  const items = itemsHtml.map((item) => `<li style="margin:0 0 8px 0;">${item}</li>`).join("");
  return `<ul style="margin:0 0 16px 0;padding:0 0 0 24px;">${items}</ul>`;
}

export function renderHeading(text: string): string {
  return `<h2 style="margin:24px 0 12px 0;font-size:18px;line-height:1.3;color:${TEXT};">${escapeFrench(text)}</h2>`;
}

/** A heading inside one address's part (« L'essentiel », « Nos conseils »), under its h2. */
export function renderSubheading(text: string): string {
  return `<h3 style="margin:16px 0 8px 0;font-size:16px;line-height:1.3;color:${TEXT};">${escapeFrench(text)}</h3>`;
}

export function renderSmall(text: string): string {
  return `<span style="font-size:14px;color:${MUTED};">${escapeFrench(text)}</span>`;
}

export function renderEmailLayout(input: { preheader: string; title: string; bodyHtml: string; bodyText: string; footerReason: string }): {
  html: string;
  text: string;
} {
  const title = escapeFrench(input.title);
  const html = `<!DOCTYPE html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${title}</title>
</head>
<body style="margin:0;padding:0;background-color:${PAGE_BACKGROUND};">
<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;" aria-hidden="true">${escapeFrench(input.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${PAGE_BACKGROUND};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background-color:#ffffff;">
<tr><td style="padding:16px 24px;background-color:${ACCENT};color:#ffffff;font-family:${FONT};font-size:22px;font-weight:bold;">Zone Santé</td></tr>
<tr><td style="padding:24px;${BREAK_ANYWHERE}font-family:${FONT};font-size:16px;line-height:1.5;color:${TEXT};">
<h1 style="margin:0 0 16px 0;font-size:22px;line-height:1.3;color:${TEXT};">${title}</h1>
${input.bodyHtml}
</td></tr>
<tr><td style="padding:16px 24px;background-color:${FOOTER_BACKGROUND};font-family:${FONT};font-size:14px;line-height:1.5;color:${MUTED};">
<p style="margin:0 0 8px 0;">${escapeFrench(FOOTER_SIGNATURE)}</p>
<p style="margin:0;">${escapeFrench(input.footerReason)}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
  // URLs contain no spaces, so the typography pass cannot alter them.
  const text = frenchTypography(["Zone Santé", "", input.title, "", input.bodyText.trim(), "", "---", FOOTER_SIGNATURE, input.footerReason, ""].join("\n"));
  return { html, text };
}
