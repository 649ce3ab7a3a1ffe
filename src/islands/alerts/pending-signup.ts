// Alert sign-ups are never lost in the browser: a request that could not reach the server is
// kept in localStorage and sent again on the next visit of /inscription or /merci.
import type { SubscriptionRequest } from "../../server/routes/subscriptions.ts";
import { ApiError, requestJson } from "../lib/api.ts";

const PENDING_KEY = "zs_pending_signup";

export type SignUpRequest = SubscriptionRequest;

/** Sends a sign-up; on a network or server failure it is kept in this browser and retried later. */
export async function sendSignUp(request: SignUpRequest): Promise<boolean> {
  try {
    await requestJson("POST", "/api/subscriptions", { body: request });
    localStorage.removeItem(PENDING_KEY);
    return true;
  } catch (error) {
    // A refusal (4xx) will not pass on retry; anything else is kept and tried again.
    if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) localStorage.setItem(PENDING_KEY, JSON.stringify(request));
    return false;
  }
}

/** Retries a sign-up that could not be sent (called on /merci and on this page). */
export async function retryPendingSignUp(): Promise<void> {
  const stored = localStorage.getItem(PENDING_KEY);
  if (!stored) return;
  try {
    await sendSignUp(JSON.parse(stored) as SignUpRequest);
  } catch {
    // malformed leftovers: forget them
    localStorage.removeItem(PENDING_KEY);
  }
}

