// The parameters /auth reads: `?deconnecte=1` after « Se déconnecter », and the messages it shows for `?erreur=…` (the Google sign-in comes back there when it failed).
// A Map, read by its own keys only: a plain object once answered `?erreur=__proto__` with
// Object.prototype, which React cannot render, and the sign-in form went blank.
const URL_ERRORS: ReadonlyMap<string, string> = new Map([["google", "Impossible de se connecter avec Google. Veuillez réessayer."]]);

/** The message for the page's `erreur` parameter, or null for none or an unknown one. */
export function urlErrorMessage(erreur: string | null): string | null {
  return erreur === null ? null : (URL_ERRORS.get(erreur) ?? null);
}

/** `/auth?deconnecte=1`: where « Se déconnecter » lands, to say « Vous êtes déconnecté(e). » (LeaveSections.tsx). */
export const SIGNED_OUT_PARAM = "deconnecte";
