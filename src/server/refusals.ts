// What the API refuses a person, each refusal once: its HTTP status, its stable code (the islands
// read it) and its French words. A route throws one (`throw refusal("addressDuplicate")`) where
// it decides; app.onError answers `{ error, code }` (http-errors.ts, decision 081). Input that
// fails its zod schema is not here: its words are the schema's (`jsonError` with the first issue).
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { UNDELIVERABLE_ADDRESS_MESSAGE } from "../core/shared/email-address.ts";
import { MAX_MONITORED_ADDRESSES } from "../core/shared/limits.ts";
import { PASSWORD_BREACHED_MESSAGE } from "../core/shared/passwords.ts";
import { AlertRunBusyError } from "./alerts/lifecycle.ts";
import { ADDRESS_CHECK_UNAVAILABLE_MESSAGE, COMMUNE_MISMATCH_MESSAGE, NO_ADDRESS_AT_POINT_MESSAGE, OUTSIDE_FRANCE_MESSAGE } from "./api/schemas.ts";
import { PASSWORD_RESET_WINDOW_MS } from "./auth/session.ts";
import { ApiRefusal } from "./http-errors.ts";

interface RefusalSpec {
  status: ContentfulStatusCode;
  code: string;
  message: string;
}

const ADDRESS_OUTSIDE_FRANCE = "Cette adresse est en dehors de la France (métropole et départements d'outre-mer).";
const ADDRESS_SEARCH_UNAVAILABLE = "La recherche d'adresses est momentanément indisponible. Veuillez réessayer dans quelques instants.";
const CONFIRM_LINK_INVALID =
  "Ce lien de confirmation n'est plus valable : il a déjà servi, a expiré ou a été remplacé par un plus récent. Connectez-vous avec un code reçu par e-mail pour confirmer votre adresse.";

export const REFUSALS = {
  // Addresses
  /** coordinates sent by a client (the report, /resolve, the bathing sites) */
  pointOutsideFrance: { status: 400, code: "outside_france", message: OUTSIDE_FRANCE_MESSAGE },
  /** an address picked in the suggestions (an account's, an alert sign-up's, a text search's best match) */
  addressOutsideFrance: { status: 400, code: "outside_france", message: ADDRESS_OUTSIDE_FRANCE },
  communeMismatch: { status: 400, code: "commune_mismatch", message: COMMUNE_MISMATCH_MESSAGE },
  noAddressAtPoint: { status: 404, code: "address_not_found", message: NO_ADDRESS_AT_POINT_MESSAGE },
  addressCheckUnavailable: { status: 503, code: "upstream_unavailable", message: ADDRESS_CHECK_UNAVAILABLE_MESSAGE },
  addressSearchUnavailable: { status: 503, code: "upstream_unavailable", message: ADDRESS_SEARCH_UNAVAILABLE },
  searchedAddressNotFound: {
    status: 404,
    code: "address_not_found",
    message: "Adresse introuvable. Vérifiez l'orthographe ou choisissez une suggestion.",
  },
  unknownAddress: { status: 400, code: "unknown_address", message: "Choisissez une adresse dans la liste des suggestions." },
  geocoderUnavailable: {
    status: 503,
    code: "geocoder_unavailable",
    message: "Le service de recherche d'adresses ne répond pas. Veuillez réessayer dans quelques minutes.",
  },

  // An account's monitored addresses
  addressDuplicate: { status: 409, code: "address_duplicate", message: "Cette adresse est déjà dans votre compte." },
  addressLimit: { status: 409, code: "address_limit", message: `Vous avez atteint la limite de ${MAX_MONITORED_ADDRESSES} adresses surveillées.` },
  monitoredAddressGone: { status: 404, code: "not_found", message: "Cette adresse n'existe pas ou a déjà été supprimée." },
  unknownNetwork: { status: 400, code: "unknown_network", message: "Ce réseau d'eau ne dessert pas la commune de cette adresse." },
  networksUnavailable: {
    status: 503,
    code: "upstream_unavailable",
    message: "La liste des réseaux d'eau est momentanément indisponible. Réessayez dans quelques minutes.",
  },
  noMonitoredAddress: { status: 404, code: "no_address", message: "Ajoutez d'abord une adresse surveillée pour obtenir un rapport." },
  reportEmailCapped: {
    status: 429,
    code: "rate_limited",
    message: "Trop d'e-mails envoyés à votre adresse en peu de temps. Veuillez réessayer plus tard.",
  },
  reportEmailFailed: { status: 502, code: "email_failed", message: "Votre bilan n'a pas pu être envoyé par e-mail. Veuillez réessayer plus tard." },

  // Passwords and sign-in
  wrongPassword: { status: 400, code: "wrong_password", message: "Le mot de passe actuel est incorrect." },
  passwordProofRequired: {
    status: 403,
    code: "proof_required",
    message: `Pour choisir un mot de passe, confirmez d'abord que c'est bien vous : connectez-vous avec un code reçu par e-mail (ou avec Google), puis choisissez-le dans les ${PASSWORD_RESET_WINDOW_MS / 60_000} minutes.`,
  },
  passwordBreached: { status: 400, code: "password_breached", message: PASSWORD_BREACHED_MESSAGE },
  confirmLinkInvalid: { status: 400, code: "invalid_link", message: CONFIRM_LINK_INVALID },
  otherSession: {
    status: 409,
    code: "other_session",
    message: "Ce navigateur est connecté à un autre compte Zone Santé. Confirmez que vous voulez quitter ce compte pour activer celui de cette adresse.",
  },
  invalidCredentials: { status: 401, code: "invalid_credentials", message: "E-mail ou mot de passe incorrect." },
  emailUnconfirmedLinkSent: {
    status: 403,
    code: "email_unconfirmed",
    message: "Votre adresse e-mail n'est pas encore confirmée. Nous venons de vous renvoyer le lien de confirmation.",
  },
  emailUnconfirmed: {
    status: 403,
    code: "email_unconfirmed",
    message: "Votre adresse e-mail n'est pas encore confirmée. Connectez-vous avec un code reçu par e-mail pour la confirmer.",
  },
  codeRefused: {
    status: 401,
    code: "invalid_code",
    message: "Code incorrect ou expiré. Un code sert 10 minutes, 5 essais au plus, dans le navigateur qui l'a demandé : demandez-en un nouveau si besoin.",
  },

  // Any form that sends an e-mail to the address typed (decision 090): the same code and words as the schema's refusal of a reserved domain
  undeliverableAddress: { status: 400, code: "invalid_body", message: UNDELIVERABLE_ADDRESS_MESSAGE },

  // Alert sign-ups without an account
  subscriptionRequestsCapped: {
    status: 429,
    code: "rate_limited",
    message: "Trop de demandes pour cette adresse e-mail. Veuillez réessayer plus tard.",
  },
  subscriptionLinkInvalid: { status: 400, code: "invalid_link", message: "Lien de confirmation invalide ou expiré." },
  unsubscribeLinkInvalid: { status: 400, code: "invalid_link", message: "Lien de désinscription invalide ou expiré." },

  // Administration
  adminOnly: { status: 403, code: "forbidden", message: "Accès réservé aux administrateurs." },
  adminGeocoderUnavailable: { status: 503, code: "upstream_unavailable", message: "La recherche d'adresses (BAN) ne répond pas." },
  adminAddressNotFound: { status: 404, code: "address_not_found", message: "Adresse introuvable." },
  alertRunBusy: { status: 409, code: "run_busy", message: new AlertRunBusyError().message },
} as const satisfies Record<string, RefusalSpec>;

export type RefusalName = keyof typeof REFUSALS;

/** The refusal to throw: `throw refusal("addressDuplicate")`. */
export function refusal(name: RefusalName): ApiRefusal {
  const { status, message, code } = REFUSALS[name];
  return new ApiRefusal(status, message, code);
}
