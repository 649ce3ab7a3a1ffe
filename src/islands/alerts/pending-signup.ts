// Sending an alert sign-up and saying what became of it. The person moves on (to /merci, or to the
// frame's thank-you) only once the server accepted it; a refusal is shown on the form. A request
// that could not reach the server is kept in localStorage and sent again on the next visit of
// /inscription or /merci.
import type { PickedAddress } from "../../core/types.ts";
import type { SubscriptionAnswer, SubscriptionRequest } from "../../server/routes/subscriptions.ts";
import { isReservedMailDomain, UNDELIVERABLE_ADDRESS_MESSAGE } from "../../core/shared/email-address.ts";
import { ApiError, requestJson } from "../lib/api.ts";

const PENDING_KEY = "zs_pending_signup";
/** the last sign-up the server accepted in this tab: /merci shows it back, « Corriger » refills the form */
const SENT_KEY = "zs_sent_signup";
const MAX_EMAIL_LENGTH = 254;

export type SignUpRequest = SubscriptionRequest;

/** The field a refusal is about: its message goes under that field, or under the form. */
export type SignUpField = "email" | "address" | "form";

export type SignUpOutcome =
  /** `alreadySent`: this sign-up had its e-mail less than 10 minutes ago, none was sent again */
  | { kind: "accepted"; confirmationSent: boolean; alreadySent?: SubscriptionAnswer["alreadySent"] }
  | { kind: "refused"; field: SignUpField; message: string }
  /**
   * no answer, a server failure, or no e-mail can leave now (`busy`, with the server's words:
   * decision 090); `kept` when the request waits in this browser for the next visit
   */
  | { kind: "unsent"; reason: "unreachable" | "server" | "busy"; message?: string; kept: boolean };

/** What a kept sign-up became on a later visit, with the request so that a refusal can be corrected. */
export interface KeptSignUpRetry {
  request: SignUpRequest;
  outcome: SignUpOutcome;
}

/**
 * An empty or plainly malformed address, caught before sending: the server's check (zod's) stays
 * the judge of the rest.
 */
export function findEmailProblem(email: string): string | null {
  const value = email.trim();
  if (!value) return "Indiquez votre adresse e-mail pour recevoir les alertes.";
  if (value.length > MAX_EMAIL_LENGTH) return "L'adresse e-mail est trop longue.";
  if (!/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(value)) {
    return "L'adresse e-mail n'est pas valide\u00a0: vérifiez-la, par exemple prenom.nom@exemple.fr.";
  }
  if (isReservedMailDomain(value)) return UNDELIVERABLE_ADDRESS_MESSAGE;
  return null;
}

/** An address as a sign-up sends it: with the server's signature when it has one (decision 055). */
export type SignUpAddress = PickedAddress & { signature?: string | undefined };

/**
 * Only the fields a sign-up sends (a BAN suggestion also carries its context, type and score; a
 * kept request may lack the optional postcode and city, and a request kept before signatures its signature).
 */
export function toPickedAddress(address: SignUpRequest["address"]): SignUpAddress {
  const { label, latitude, longitude, citycode, postcode = "", city = "", signature } = address;
  return { label, latitude, longitude, citycode, postcode, city, ...(signature ? { signature } : {}) };
}

/**
 * The field a 4xx answer of POST /api/subscriptions is about. An invalid body says which field
 * only in its message (its code is the same for all of them).
 */
function fieldOfRefusal(code: string | null, message: string): SignUpField {
  if (code === "outside_france" || code === "unknown_address") return "address";
  if (code === "invalid_body") {
    if (/accepter/i.test(message)) return "form";
    if (/e-?mail/i.test(message)) return "email";
    if (/adresse|commune/i.test(message)) return "address";
  }
  return "form";
}

/** A failed call as an outcome: 4xx is a refusal to show; no answer or 5xx may pass later. */
export function outcomeOfFailure(error: unknown): SignUpOutcome {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return { kind: "refused", field: fieldOfRefusal(error.code, error.message), message: error.message };
  }
  // The service cannot send e-mail right now: its words say so and when to try again; nothing was recorded.
  if (error instanceof ApiError && error.code === "email_busy") return { kind: "unsent", reason: "busy", message: error.message, kept: false };
  // A 2xx whose body was not JSON was still accepted by the server.
  if (error instanceof ApiError && error.status >= 200 && error.status < 300) return { kind: "accepted", confirmationSent: true };
  const reason = error instanceof ApiError && error.status === 0 ? "unreachable" : "server";
  return { kind: "unsent", reason, kept: false };
}

/** The French words for a sign-up that could not be sent just now, for the form. */
export function describeUnsent(outcome: Extract<SignUpOutcome, { kind: "unsent" }>): string {
  // A busy service's own words (`message`) say why and when to try again.
  const what =
    outcome.message ??
    (outcome.reason === "unreachable" ? "Nous n'avons pas pu joindre Zone Santé." : "Zone Santé n'a pas pu enregistrer votre demande pour le moment.");
  return outcome.kept
    ? `${what} Votre demande est gardée dans ce navigateur et sera envoyée automatiquement à votre prochaine visite de cette page. Vous pouvez aussi réessayer.`
    : `${what} Votre demande n'a pas pu être gardée dans ce navigateur\u00a0: réessayez dans quelques instants.`;
}

/** The French words for what became of a kept sign-up on this visit (/inscription and /merci). */
export function describeKeptSignUpRetry(outcome: SignUpOutcome): string {
  switch (outcome.kind) {
    case "accepted":
      if (outcome.alreadySent) {
        return `Votre demande d'inscription gardée dans ce navigateur est arrivée\u00a0: nous vous avions déjà écrit à ${outcome.alreadySent.sentAtText} au sujet de cette inscription. Ouvrez cet e-mail (pensez aux courriers indésirables, il vient de ${outcome.alreadySent.sender}) et cliquez sur son lien.`;
      }
      return outcome.confirmationSent
        ? "Votre demande d'inscription gardée dans ce navigateur vient d'être envoyée. Ouvrez l'e-mail de confirmation que nous venons de vous envoyer et cliquez sur son lien pour recevoir les alertes."
        : "Votre demande d'inscription gardée dans ce navigateur vient d'être enregistrée. L'e-mail de confirmation vous sera envoyé dans les prochaines heures\u00a0: cliquez sur son lien pour recevoir les alertes.";
    case "refused":
      return `Votre demande d'inscription gardée dans ce navigateur a été refusée\u00a0: ${outcome.message}`;
    case "unsent":
      return outcome.kept
        ? "Votre demande d'inscription est toujours gardée dans ce navigateur\u00a0: nous n'avons pas encore pu l'envoyer. Elle partira à votre prochaine visite."
        : "Votre demande d'inscription gardée dans ce navigateur n'a pas pu être envoyée.";
  }
}

/** Storage can be refused (private browsing, a partner's frame with third-party storage blocked). */
function keepRequest(request: SignUpRequest): boolean {
  try {
    localStorage.setItem(PENDING_KEY, JSON.stringify(request));
    return true;
  } catch {
    return false;
  }
}

function readKeptRequest(): string | null {
  try {
    return localStorage.getItem(PENDING_KEY);
  } catch {
    return null;
  }
}

function forgetKeptRequest(): void {
  try {
    localStorage.removeItem(PENDING_KEY);
  } catch {
    // nothing was kept where storage is refused
  }
}

/** What /merci shows back and « Corriger » refills: the e-mail written to and the address. */
export interface SentSignUp {
  email: string;
  address: SignUpAddress;
}

/** Kept for this tab only (sessionStorage): gone when it closes. */
function rememberSent(request: SignUpRequest): void {
  try {
    sessionStorage.setItem(SENT_KEY, JSON.stringify({ email: request.email, address: toPickedAddress(request.address) } satisfies SentSignUp));
  } catch {
    // /merci then simply does not repeat it
  }
}

/** The last sign-up accepted in this tab, null when none (or storage is refused). */
export function readSentSignUp(): SentSignUp | null {
  let value: unknown;
  try {
    value = JSON.parse(sessionStorage.getItem(SENT_KEY) ?? "null");
  } catch {
    return null;
  }
  return isSignUpRequest(value) ? { email: value.email, address: toPickedAddress(value.address) } : null;
}

/** Sends a sign-up; one that could not reach the server (or met a 5xx) is kept in this browser. */
export async function sendSignUp(request: SignUpRequest): Promise<SignUpOutcome> {
  let outcome: SignUpOutcome;
  try {
    const answer = await requestJson<Partial<SubscriptionAnswer>>("POST", "/api/subscriptions", { body: request });
    outcome = { kind: "accepted", confirmationSent: answer.confirmationSent !== false, ...(answer.alreadySent ? { alreadySent: answer.alreadySent } : {}) };
  } catch (error) {
    outcome = outcomeOfFailure(error);
  }
  if (outcome.kind === "unsent") return { ...outcome, kept: keepRequest(request) };
  if (outcome.kind === "accepted") rememberSent(request);
  // This request is settled; a different one kept earlier still waits for its own turn.
  if (outcome.kind === "accepted" && readKeptRequest() === JSON.stringify(request)) forgetKeptRequest();
  return outcome;
}

function isSignUpRequest(value: unknown): value is SignUpRequest {
  if (!value || typeof value !== "object") return false;
  const { email, address } = value as Record<string, unknown>;
  if (typeof email !== "string" || !address || typeof address !== "object") return false;
  const { label, latitude, longitude, citycode } = address as Record<string, unknown>;
  return typeof label === "string" && typeof latitude === "number" && typeof longitude === "number" && typeof citycode === "string";
}

/** Sends the sign-up kept in this browser, if any: null when none waits. A refusal forgets it. */
export async function retryPendingSignUp(): Promise<KeptSignUpRetry | null> {
  const stored = readKeptRequest();
  if (!stored) return null;
  let request: unknown;
  try {
    request = JSON.parse(stored);
  } catch {
    request = null;
  }
  if (!isSignUpRequest(request)) {
    forgetKeptRequest();
    return null;
  }
  const outcome = await sendSignUp(request);
  // Sent again it would be refused again: the person is told and may correct it.
  if (outcome.kind === "refused") forgetKeptRequest();
  return { request, outcome };
}
