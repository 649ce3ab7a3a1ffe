// Who may try to sign in to an account, and how often (decision 056, replacing 011's ceilings).
// The owner's own browser — a session of the account, or a recent-device cookie of it — is never
// held by a limit a stranger can fill: it has its own small allowance. Every other browser is
// counted per source, per account and source, and per account; the per-account password ceiling
// counts failures only and, once reached, slows each further source instead of refusing everyone.
// Codes sent to browsers the account does not know are capped per day, which caps a stranger's
// code guesses (5 per code).
import type { Context } from "hono";
import { normaliseRecipientAddress } from "../../core/shared/email-address.ts";
import { isRecentDeviceOf, readDeviceId } from "../auth/device.ts";
import type { RateLimitWindow } from "../db/repositories/rate-limits.ts";
import { normaliseEmail } from "../db/repositories/users.ts";
import type { AppEnv } from "../deps.ts";
import { jsonError } from "../http-errors.ts";
import { consumeRateLimit, hashKey, releaseRateLimit, type RateLimitRule } from "../services/rate-limit.ts";
import { SIGN_IN_CODE_MAX_ATTEMPTS } from "../services/accounts.ts";
import { keyPerSource, limitByKey, limitBySource } from "./rate-limit.ts";

const MINUTE = 60;
const HOUR = 3600;
const DAY = 24 * HOUR;

export const SIGN_IN_LIMITS = {
  /** every password attempt from one source, all accounts together: each one costs a scrypt */
  passwordPerSource: { scope: "signin-ip", limit: 30, windowSeconds: 15 * MINUTE },
  passwordFailuresPerAccountAndSource: { scope: "signin-failures-email-source", limit: 10, windowSeconds: 15 * MINUTE },
  /** the ceiling: past it, each source gets the slow allowance below instead of the one above */
  passwordFailuresPerAccount: { scope: "signin-failures-email", limit: 50, windowSeconds: 15 * MINUTE },
  passwordFailuresPerAccountAndSourcePastCeiling: { scope: "signin-failures-email-source-slow", limit: 3, windowSeconds: DAY },
  /** the owner's browser: typing mistakes, and a stolen device cookie, stop here */
  passwordFailuresPerOwnerBrowser: { scope: "signin-failures-browser", limit: 10, windowSeconds: 15 * MINUTE },
  /**
   * every attempt from one recognised browser, all its accounts together (scrypt again): keyed by
   * that browser (its device cookie or session), so that nobody else on its network — a neighbour
   * signing in to his own account from his own recognised browser — can spend it (issue 39)
   */
  passwordPerOwnerBrowser: { scope: "signin-owner-browser", limit: 30, windowSeconds: 15 * MINUTE },

  codeRequestsPerSource: { scope: "code-send-ip", limit: 10, windowSeconds: HOUR },
  codeRequestsPerAccountAndSource: { scope: "code-send-email-source", limit: 3, windowSeconds: 15 * MINUTE },
  /** codes sent to browsers the account does not know; counted for every address, with or without an account */
  codeRequestsPerAccountFromOtherBrowsers: { scope: "code-send-email-day", limit: 4, windowSeconds: DAY },
  codeRequestsPerOwnerBrowser: { scope: "code-send-browser", limit: 5, windowSeconds: 15 * MINUTE },
  codeRequestsPerOwnerBrowserPerDay: { scope: "code-send-browser-day", limit: 20, windowSeconds: DAY },

  codeChecksPerSource: { scope: "code-verify-ip", limit: 30, windowSeconds: 15 * MINUTE },
} as const satisfies Record<string, RateLimitRule>;

/**
 * The most code guesses a stranger gets on one account in any 24 hours: every code he can have sent
 * (a fixed daily window: any 24 hours overlap two of them), each tried 5 times — 40, under 50.
 */
export const STRANGER_CODE_GUESSES_PER_24_HOURS = 2 * SIGN_IN_LIMITS.codeRequestsPerAccountFromOtherBrowsers.limit * SIGN_IN_CODE_MAX_ATTEMPTS;

const TOO_MANY = "Trop de tentatives. Veuillez patienter quelques minutes avant de réessayer.";
const TOO_MANY_ON_ACCOUNT =
  "Ce compte reçoit de nombreuses tentatives de connexion : depuis un appareil où vous ne vous êtes jamais connecté, quelques essais par jour seulement sont possibles. Connectez-vous depuis votre appareil habituel, ou réessayez plus tard.";
const TOO_MANY_FROM_BROWSER = "Trop de tentatives depuis ce navigateur. Veuillez patienter quelques minutes avant de réessayer.";
const TOO_MANY_CODES =
  "Trop de codes ont été demandés pour cette adresse aujourd'hui. Connectez-vous avec votre mot de passe ou depuis votre appareil habituel, ou réessayez plus tard.";

/**
 * Whether this request comes from the browser of the account it names, and then which browser:
 * `browser` the browser itself (its session or device id), `browserKey` that browser for that account.
 */
export type Requester = { ownerBrowser: true; browser: string; browserKey: string } | { ownerBrowser: false };

/** The owner's browser: signed in to that very account, or signed in to it from here within the last 90 days. */
export async function recogniseRequester(c: Context<AppEnv>, rawEmail: string): Promise<Requester> {
  const email = normaliseEmail(rawEmail);
  const auth = c.get("auth");
  const owner = (browser: string): Requester => ({ ownerBrowser: true, browser, browserKey: `${browser}\n${email}` });
  if (auth && auth.user.email === email) return owner(`session:${auth.session.id}`);
  if (await isRecentDeviceOf(c, email)) return owner(`device:${readDeviceId(c)}`);
  return { ownerBrowser: false };
}

/** An attempt admitted, whose counts `notFailure` gives back (the right password). */
export type AdmittedAttempt = { refused: Response } | { refused: null; notFailure: () => Promise<void> };

function refuse(c: Context<AppEnv>, retryAfterSeconds: number, message: string): { refused: Response } {
  c.header("Retry-After", String(retryAfterSeconds));
  return { refused: jsonError(c, 429, message, "rate_limited") };
}

/**
 * One password attempt. Counted before the password is checked (parallel guesses cannot all pass
 * before any is counted), given back when it was right: only failures fill the per-account limits.
 */
export async function admitPasswordAttempt(c: Context<AppEnv>, rawEmail: string, requester: Requester): Promise<AdmittedAttempt> {
  const deps = c.get("deps");
  const email = normaliseEmail(rawEmail);
  const taken: RateLimitWindow[] = [];
  const count = async (rule: RateLimitRule, key: string) => {
    const outcome = await consumeRateLimit(deps.db, rule, await hashKey(key, deps.appSecret), deps.clock().getTime());
    taken.push(outcome.window);
    return outcome;
  };
  const admitted: AdmittedAttempt = {
    refused: null,
    notFailure: async () => {
      for (const window of taken) await releaseRateLimit(deps.db, window);
    },
  };

  if (requester.ownerBrowser) {
    const browser = await limitByKey(c, SIGN_IN_LIMITS.passwordPerOwnerBrowser, requester.browser, TOO_MANY_FROM_BROWSER);
    if (browser) return { refused: browser };
    const own = await count(SIGN_IN_LIMITS.passwordFailuresPerOwnerBrowser, requester.browserKey);
    return own.allowed ? admitted : refuse(c, own.retryAfterSeconds, TOO_MANY_FROM_BROWSER);
  }
  const source = await limitBySource(c, SIGN_IN_LIMITS.passwordPerSource);
  if (source) return { refused: source };
  const fromSource = await count(SIGN_IN_LIMITS.passwordFailuresPerAccountAndSource, keyPerSource(c, email));
  if (!fromSource.allowed) return refuse(c, fromSource.retryAfterSeconds, TOO_MANY);
  const onAccount = await count(SIGN_IN_LIMITS.passwordFailuresPerAccount, email);
  if (onAccount.allowed) return admitted;
  // Past the ceiling the account is under attack from many places: every further source is slowed
  // to a few tries a day, none is refused outright — the owner in a new place still gets in.
  const slowed = await count(SIGN_IN_LIMITS.passwordFailuresPerAccountAndSourcePastCeiling, keyPerSource(c, email));
  return slowed.allowed ? admitted : refuse(c, slowed.retryAfterSeconds, TOO_MANY_ON_ACCOUNT);
}

/** A request for an emailed code: the owner's browser on its own allowance, any other on the account's daily cap. */
export async function admitCodeRequest(c: Context<AppEnv>, rawEmail: string, requester: Requester): Promise<Response | null> {
  if (requester.ownerBrowser) {
    return (
      (await limitByKey(c, SIGN_IN_LIMITS.codeRequestsPerOwnerBrowser, requester.browserKey, TOO_MANY_FROM_BROWSER)) ??
      (await limitByKey(c, SIGN_IN_LIMITS.codeRequestsPerOwnerBrowserPerDay, requester.browserKey, TOO_MANY_FROM_BROWSER))
    );
  }
  // Per mailbox, so that `name+1@`… share one allowance.
  const mailbox = normaliseRecipientAddress(rawEmail);
  return (
    (await limitBySource(c, SIGN_IN_LIMITS.codeRequestsPerSource)) ??
    (await limitByKey(c, SIGN_IN_LIMITS.codeRequestsPerAccountAndSource, keyPerSource(c, mailbox))) ??
    (await limitByKey(c, SIGN_IN_LIMITS.codeRequestsPerAccountFromOtherBrowsers, mailbox, TOO_MANY_CODES))
  );
}

/** A code check: a code is bound to the browser that asked for it and allows 5 tries; other browsers are also counted per source. */
export async function admitCodeCheck(c: Context<AppEnv>, requester: Requester): Promise<Response | null> {
  return requester.ownerBrowser ? null : limitBySource(c, SIGN_IN_LIMITS.codeChecksPerSource);
}
