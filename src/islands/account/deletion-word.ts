// The word that confirms the account deletion. Typed on a phone it arrives as « Supprimer »
// (automatic capital), with a trailing space from the suggestion bar, or with an accent the
// keyboard added: all of those mean the same word. The server still receives the word itself.

/** The word the server expects (`DELETE /api/account` with `{ confirm }`). */
export const DELETION_WORD = "SUPPRIMER";

/** Lower case, surrounding spaces trimmed, accents dropped: the form people's keyboards vary on. */
function comparable(typed: string): string {
  return typed.trim().normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** Whether the typed text is the deletion word, whatever its case, surrounding spaces or accents. */
export function matchesDeletionWord(typed: string): boolean {
  return comparable(typed) === comparable(DELETION_WORD);
}

/** The message under the field when « Supprimer définitivement » is pressed before the word is typed. */
export const DELETION_WORD_MISSING = `Saisissez ${DELETION_WORD} pour confirmer la suppression.`;

/**
 * The message under the field when what is typed cannot become the word, or null (empty, the
 * word itself, or the start of it while it is being typed).
 */
export function deletionWordError(typed: string): string | null {
  const value = comparable(typed);
  if (value === "" || comparable(DELETION_WORD).startsWith(value)) return null;
  return `Ce n'est pas le mot attendu\u00a0: saisissez ${DELETION_WORD} (majuscules ou minuscules).`;
}
