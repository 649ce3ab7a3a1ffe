// At most one e-mail per sign-up per 10 minutes (issue 38): sending the same sign-up again within
// that time sends nothing more — the link already sent stays the valid one — and the answer says
// when that e-mail left and where to look. Whether that e-mail was a confirmation link, a « déjà
// inscrit » or a notice to an account's owner, the turn and the answer are the same: a repeat
// tells nobody who is subscribed or who has an account (decision 087).
import { normaliseRecipientAddress } from "../../core/shared/email-address.ts";
import { formatTimeFr, frenchTypography } from "../../core/shared/format.ts";
import type { PickedAddress } from "../../core/types.ts";
import { claimSignUpEmail, releaseSignUpEmail } from "../db/repositories/sign-up-emails.ts";
import { normaliseEmail } from "../db/repositories/users.ts";
import { toAddressColumnValues } from "../db/schema/index.ts";
import type { AppDeps } from "../deps.ts";
import { hashKey } from "./rate-limit.ts";

type Deps = Pick<AppDeps, "db" | "appSecret" | "clock" | "config">;

export const SIGN_UP_EMAIL_INTERVAL_MS = 10 * 60 * 1000;

/**
 * What one sign-up is. An alert sign-up: a mailbox (its +tags and Gmail dots are one mailbox, as
 * the pending sign-up it replaces is found, db/repositories/alert-history.ts) and the geocoder's
 * address. An account sign-up: the address as the account stores it, since each spelling of a
 * mailbox is its own account; the recipient cap still counts them as one mailbox.
 */
export type SignUpSubject = { kind: "alerts"; email: string; address: PickedAddress } | { kind: "account"; email: string };

export type SignUpEmailTurn =
  /** this request may send; `release` when its e-mail did not leave, so that the next try sends */
  { kind: "yours"; release(): Promise<void>; claim: SignUpEmailClaimHeld } | { kind: "taken"; sentAtMs: number };

/** The turn a request took, as work done after the answer (the durable outbox's task, decision 093) gives it back. */
export interface SignUpEmailClaimHeld {
  key: string;
  sentAtMs: number;
}

export async function releaseSignUpEmailTurn(deps: Pick<Deps, "db">, claim: SignUpEmailClaimHeld): Promise<void> {
  await releaseSignUpEmail(deps.db, claim);
}

function identityOf(subject: SignUpSubject): string {
  if (subject.kind === "account") return `account:${normaliseEmail(subject.email)}`;
  const { addressLabel, citycode, latitude, longitude } = toAddressColumnValues(subject.address);
  return `alerts:${normaliseRecipientAddress(subject.email)}:${citycode}:${latitude}:${longitude}:${addressLabel}`;
}

/** One statement whatever the sign-up is (pending, confirmed, an account or none): the same time for each. */
export async function takeSignUpEmailTurn(deps: Deps, subject: SignUpSubject): Promise<SignUpEmailTurn> {
  const key = await hashKey(identityOf(subject), deps.appSecret);
  const nowMs = deps.clock().getTime();
  const claim = await claimSignUpEmail(deps.db, { key, nowMs, notBeforeMs: nowMs - SIGN_UP_EMAIL_INTERVAL_MS });
  if (claim.kind === "taken") return claim;
  return { kind: "yours", release: () => releaseSignUpEmail(deps.db, { key, sentAtMs: nowMs }), claim: { key, sentAtMs: nowMs } };
}

/** What the sign-up forms show of the e-mail already sent (times in Paris). */
export interface AlreadySent {
  /** ISO instant */
  sentAt: string;
  /** « 11 h 00 » */
  sentAtText: string;
  /** from when another e-mail may be asked for, « 11 h 10 » */
  nextAtText: string;
  /** the address our e-mails come from, to look for in the inbox and the spam folder */
  sender: string;
}

/** The bare address of MAIL_FROM (« Zone Santé <alertes@zone-sante.fr> » → « alertes@zone-sante.fr »). */
function senderAddress(mailFrom: string): string {
  return /<([^>]+)>/.exec(mailFrom)?.[1]?.trim() ?? mailFrom.trim();
}

export function describeAlreadySent(deps: Pick<Deps, "config">, sentAtMs: number): AlreadySent {
  const sentAt = new Date(sentAtMs).toISOString();
  const nextAt = new Date(sentAtMs + SIGN_UP_EMAIL_INTERVAL_MS).toISOString();
  return { sentAt, sentAtText: formatTimeFr(sentAt) ?? sentAt, nextAtText: formatTimeFr(nextAt) ?? nextAt, sender: senderAddress(deps.config.MAIL_FROM) };
}

/** The answer's sentence: the same for every kind of e-mail the turn was taken by. */
export function alreadySentMessage(alreadySent: AlreadySent): string {
  return frenchTypography(
    `Nous vous avons déjà écrit à ${alreadySent.sentAtText} au sujet de cette inscription. Regardez dans vos courriers indésirables : l'e-mail vient de ${alreadySent.sender}.`,
  );
}
