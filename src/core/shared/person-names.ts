// The rule of a person's first and last name, one for the forms (islands) and the API. Names are
// written in our e-mails: letters of the Latin scripts only (accents, « Ł », « Æ », « ø »
// included), spaces, hyphens and apostrophes (straight or typographic). « Letters of any script »
// let look-alikes through — a Greek « Ο » beside a Latin « Ȣ » reads « 08 », a Lisu « ꓸ » reads as
// a dot — so a phone number or a link could still be passed off as ours (issue 39). Compared in
// NFC: « Zoé » typed with a combining accent is the same name, stored composed.

export const PERSON_NAME_MAX_LENGTH = 80;

export const PERSON_NAME_MESSAGE =
  "Le prénom et le nom ne peuvent contenir que des lettres de l'alphabet latin (accents compris), des espaces, des traits d'union et des apostrophes.";

export const PERSON_NAME_TOO_LONG_MESSAGE = `Le prénom et le nom sont limités à ${PERSON_NAME_MAX_LENGTH} caractères.`;

/**
 * A letter must be both a letter and of the Latin script (Script=Latin alone also holds Roman
 * numerals, « Ⅷ »); combining marks accent it. The `u` flag only (not `v`): the islands run in
 * older browsers too.
 */
const PERSON_NAME_PATTERN = /^(?:(?=\p{L})\p{Script=Latin}|\p{M}|[' \u2019-])*$/u;

/** The name as stored: composed (NFC), trimmed. */
export function normalisePersonName(name: string): string {
  return name.normalize("NFC").trim();
}

/** An address's name (« Maison », « Bureau 12 »): the letters of names, and ASCII digits (their count is the field's rule). */
const ADDRESS_NICKNAME_PATTERN = /^(?:(?=\p{L})\p{Script=Latin}|\p{M}|[0-9' \u2019-])*$/u;

export function isValidAddressNickname(nickname: string): boolean {
  return ADDRESS_NICKNAME_PATTERN.test(normalisePersonName(nickname));
}

export function isValidPersonName(name: string): boolean {
  return PERSON_NAME_PATTERN.test(normalisePersonName(name));
}

/** What the form says under a name field before sending, or null when it may be sent. */
export function checkPersonName(name: string): string | null {
  const normalised = normalisePersonName(name);
  if (normalised.length > PERSON_NAME_MAX_LENGTH) return PERSON_NAME_TOO_LONG_MESSAGE;
  return isValidPersonName(normalised) ? null : PERSON_NAME_MESSAGE;
}
