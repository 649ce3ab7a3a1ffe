/**
 * The mailbox an address reaches, for counting emails and requests per person: lower case, the
 * `+tag` of the local part dropped (every domain: most providers deliver `name+x@` to `name@`),
 * and for Gmail the dots of the local part ignored and googlemail.com read as gmail.com — Gmail
 * delivers all those spellings to one mailbox. Only for limits and matching: emails are still
 * sent to the address as typed.
 */
export function normaliseRecipientAddress(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at <= 0) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (domain === "googlemail.com") domain = "gmail.com";
  if (domain === "gmail.com") local = local.replaceAll(".", "");
  return `${local}@${domain}`;
}
