// Short notifications after an action. Success is announced politely and closes by itself after a
// few seconds, unless the pointer or the focus is on it; an error is announced assertively and
// stays until it is closed or a later action succeeds — an error that vanishes before it is read
// is lost.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { frenchTypography } from "../../core/shared/format.ts";

export interface Toast {
  id: number;
  kind: "success" | "error";
  text: string;
  /** a short heading, e.g. « Erreur de connexion » */
  title?: string | undefined;
}

/** Shows a toast (replacing the previous one of its kind); `dismissErrors()` closes the errors an action made stale. */
export interface Notify {
  (kind: Toast["kind"], text: string, title?: string): void;
  dismissErrors(): void;
}

/** Toast state for an island. */
export function useToasts() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(0);
  const notify = useMemo<Notify>(
    () =>
      Object.assign(
        (kind: Toast["kind"], text: string, title?: string) => {
          nextId.current += 1;
          const id = nextId.current;
          // Messages often embed names typed by people: typography is applied here, once.
          setToasts((current) => [...current.filter((toast) => toast.kind !== kind), { id, kind, text: frenchTypography(text), title }]);
        },
        {
          dismissErrors: () =>
            setToasts((current) => (current.some((toast) => toast.kind === "error") ? current.filter((toast) => toast.kind !== "error") : current)),
        },
      ),
    [],
  );
  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);
  return { toasts, notify, dismiss };
}

const SUCCESS_LIFETIME_MS = 5000;

export default function Toasts({ toasts, onDismiss }: { toasts: Toast[]; onDismiss(id: number): void }) {
  // Both live regions exist from the start, empty: a region created together with its message is
  // announced late or not at all.
  return (
    <div className="toasts">
      <div role="status" aria-live="polite" className="toasts__region">
        {toasts
          .filter((toast) => toast.kind === "success")
          .map((toast) => (
            <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />
          ))}
      </div>
      <div role="alert" aria-live="assertive" className="toasts__region">
        {toasts
          .filter((toast) => toast.kind === "error")
          .map((toast) => (
            <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />
          ))}
      </div>
    </div>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss(id: number): void }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const remainingMs = useRef(SUCCESS_LIFETIME_MS);
  const paused = hovered || focused;

  // WCAG 2.2.1: a message that closes by itself waits while someone is reading or reaching it.
  useEffect(() => {
    if (toast.kind !== "success" || paused) return;
    const startedAt = Date.now();
    const timer = window.setTimeout(() => onDismiss(toast.id), remainingMs.current);
    return () => {
      window.clearTimeout(timer);
      remainingMs.current = Math.max(0, remainingMs.current - (Date.now() - startedAt));
    };
  }, [toast.kind, toast.id, paused, onDismiss]);

  return (
    <div
      className={`toast toast--${toast.kind}`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => setFocused(event.currentTarget.contains(event.relatedTarget))}
    >
      <span className="toast__icon" aria-hidden="true">
        {toast.kind === "success" ? "✓" : "!"}
      </span>
      <span className="toast__text">
        {toast.title ? <strong className="toast__title">{toast.title}</strong> : null}
        {toast.text}
      </span>
      <button type="button" className="toast__close" onClick={() => onDismiss(toast.id)} aria-label="Fermer la notification">
        ×
      </button>
    </div>
  );
}
