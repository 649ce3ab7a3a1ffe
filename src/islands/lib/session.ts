// The session context shared by the islands of a page: user, profile and the (free) subscription.
// Refreshed from the API on load and on sign-in, reset on sign-out.
import { useSyncExternalStore } from "react";
import type { SessionAnswer } from "../../server/routes/auth.ts";
import { requestJson } from "./api.ts";

/** What /api/auth/session answers: signed out (user null), or the person and their session. */
export type SessionContext = SessionAnswer;
/** The context of a signed-in person, as the account page shows it. */
export type SignedInContext = Extract<SessionContext, { user: object }>;

type State = { status: "loading" } | { status: "ready"; context: SessionContext } | { status: "error" };

const SIGNED_OUT: SessionContext = { user: null, profile: null, subscription: null, googleEnabled: false };
let state: State = { status: "loading" };
const listeners = new Set<() => void>();

function setState(next: State): void {
  state = next;
  for (const listener of listeners) listener();
}

export function setSession(context: SessionContext): void {
  setState({ status: "ready", context });
}

export async function refreshSession(): Promise<SessionContext | null> {
  try {
    const context = await requestJson<SessionContext>("GET", "/api/auth/session");
    setSession(context);
    return context;
  } catch {
    setState({ status: "error" });
    return null;
  }
}

/** Ends the session on the server; the local state is cleared even if that call fails. */
export async function signOut(): Promise<void> {
  try {
    await requestJson("POST", "/api/auth/signout", { body: {} });
  } catch {
    // The cookie may outlive a failed call, but this page forgets the person anyway.
  }
  setState({ status: "ready", context: { ...SIGNED_OUT, googleEnabled: state.status === "ready" ? state.context.googleEnabled : false } });
}

export function useSession(): State {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => state,
  );
}
