// One way for a form or button to call the API: busy while the call runs, a toast after it, and
// never left busy — whatever the action throws, the button comes back.
import { useCallback, useState } from "react";
import type { Notify, Toast } from "../ui/Toasts.tsx";

/** A toast's text, or its text with a heading and, for success, the kind it is shown as. */
export type ActionMessage = string | { text: string; title?: string; kind?: Toast["kind"] };

interface ActionMessages<T> {
  /** the toast after success, from the action's result (none when absent or null) */
  success?: ActionMessage | ((result: T) => ActionMessage | null);
  /**
   * the French message after a failure: fixed, or chosen from the error; null when the form shows
   * the error itself (under the field it concerns), which then takes no toast
   */
  failure: ActionMessage | null | ((error: unknown) => ActionMessage | null);
}

/**
 * `run(action, messages)` sets `busy`, awaits the action, shows the success or failure toast and
 * clears `busy`; a success also closes the error toasts of earlier attempts, stale from then on.
 * It never throws: it resolves to whether the action succeeded, if the caller cares. Without
 * `notify` (an island that shows every outcome in place), no toast is shown.
 */
export function useAction(notify?: Notify) {
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async <T>(action: () => Promise<T>, messages: ActionMessages<T>): Promise<boolean> => {
      setBusy(true);
      try {
        const value = await action();
        notify?.dismissErrors();
        const success = typeof messages.success === "function" ? messages.success(value) : messages.success;
        if (success && notify) show(notify, success, "success");
        return true;
      } catch (error) {
        const failure = typeof messages.failure === "function" ? messages.failure(error) : messages.failure;
        if (failure && notify) show(notify, failure, "error");
        return false;
      } finally {
        setBusy(false);
      }
    },
    [notify],
  );
  return { busy, run };
}

function show(notify: Notify, message: ActionMessage, kind: Toast["kind"]): void {
  if (typeof message === "string") notify(kind, message);
  else notify(message.kind ?? kind, message.text, message.title);
}
