// Issue 22 (lower): `/auth?erreur=__proto__` blanked the sign-in form — the page read its messages
// from a plain object by the parameter's value, got Object.prototype back and gave React an object
// to render. Only the page's own keys have a message.
import { describe, expect, it } from "vitest";
import { urlErrorMessage } from "../../../src/islands/account/auth-url-errors.ts";

describe("the /auth page's ?erreur= message", () => {
  it("shows the Google failure message for ?erreur=google", () => {
    expect(urlErrorMessage("google")).toBe("Impossible de se connecter avec Google. Veuillez réessayer.");
  });

  it.each(["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "inconnue", ""])(
    "an unknown ?erreur=%s shows no message and never anything but text (the form stays)",
    (erreur) => {
      expect(urlErrorMessage(erreur)).toBeNull();
    },
  );

  it("shows nothing without the parameter", () => {
    expect(urlErrorMessage(null)).toBeNull();
  });
});
