// Issue 23 (smaller): « The deletion word is case-sensitive (« Supprimer » from a phone keyboard
// leaves the button disabled, unexplained). » The word is accepted whatever its case, surrounding
// spaces or accents, and anything that cannot become it is explained under the field.
import { describe, expect, it } from "vitest";
import { DELETION_WORD, deletionWordError, matchesDeletionWord } from "../../../src/islands/account/deletion-word.ts";

describe("the account deletion word", () => {
  it.each(["SUPPRIMER", "Supprimer", "supprimer", " Supprimer ", "Supprimer\u00a0", "SUPPRIMÉR", "supprimér"])(
    "« %s » typed on any keyboard confirms the deletion (case, surrounding spaces and accents ignored)",
    (typed) => {
      expect(matchesDeletionWord(typed)).toBe(true);
      expect(deletionWordError(typed)).toBeNull();
    },
  );

  it.each(["", "SUPP", "Supprim"])("« %s » (empty or the word being typed) neither confirms nor shows an error", (typed) => {
    expect(matchesDeletionWord(typed)).toBe(false);
    expect(deletionWordError(typed)).toBeNull();
  });

  it.each(["SUPRIMER", "effacer", "SUPPRIMERR", "SUP PRIMER"])("« %s » does not confirm, and the field says which word is expected", (typed) => {
    expect(matchesDeletionWord(typed)).toBe(false);
    expect(deletionWordError(typed)).toBe("Ce n'est pas le mot attendu\u00a0: saisissez SUPPRIMER (majuscules ou minuscules).");
  });

  it("the server is sent the word it expects (its schema is z.literal(« SUPPRIMER »))", () => {
    expect(DELETION_WORD).toBe("SUPPRIMER");
  });
});
