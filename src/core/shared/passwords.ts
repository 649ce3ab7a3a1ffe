// Password rules in one place: the API's schema enforces them, the forms restate them.

/** For new passwords only: accounts made under the old minimum (6) still sign in with theirs. */
export const MIN_PASSWORD_LENGTH = 10;
export const PASSWORD_TOO_SHORT_MESSAGE = `Le mot de passe doit contenir au moins ${MIN_PASSWORD_LENGTH} caractères.`;
export const PASSWORD_TOO_COMMON_MESSAGE = "Ce mot de passe fait partie des plus courants. Choisissez-en un autre.";
/** A new password found by Have I Been Pwned (when the check is configured). */
export const PASSWORD_BREACHED_MESSAGE = "Ce mot de passe figure dans des fuites de données publiées : d'autres peuvent l'essayer. Choisissez-en un autre.";
/** The hint under a new-password field. */
export const NEW_PASSWORD_HINT = `Au moins ${MIN_PASSWORD_LENGTH} caractères, pas un mot de passe courant`;
