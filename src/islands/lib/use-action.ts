// One way for a form or button to call the API: busy while the call runs, a toast after it, and
// never left busy — whatever the action throws, the button comes back.
import { useCallback, useState } from "react";
import type { Notify, Toast } from "../ui/Toasts.tsx";

/** A toast's text, or its text with a heading and, for success, the kind it is shown as. */
export type ActionMessage = string | { text: string; title?: string; kind?: Toast["kind"] };

interface ActionMessages<T> {
  /** the toast after success, from the action's result (none when absent or null) */
  success?: ActionMessage | ((result: T) => ActionMessage | null);
  /** the French message after a failure: fixed, or chosen from the error */
  failure: ActionMessage | ((error: unknown) => ActionMessage);
}

/**
 * `run(action, messages)` sets `busy`, awaits the action, shows the success or failure toast and
 * clears `busy`. It never throws: it resolves to whether the action succeeded, if the caller cares.
 */
export function useAction(notify: Notify) {
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async <T>(action: () => Promise<T>, messages: ActionMessages<T>): Promise<boolean> => {
      setBusy(true);
      try {
        const value = await action();
        const success = typeof messages.success === "function" ? messages.success(value) : messages.success;
        if (success) show(notify, success, "success");
        return true;
      } catch (error) {
        show(notify, typeof messages.failure === "function" ? messages.failure(error) : messages.failure, "error");
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
