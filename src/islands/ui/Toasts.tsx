// Short notifications after an analysis. Success is announced politely, errors assertively;
// each toast closes by itself after a few seconds or with its button.
import { useCallback, useEffect, useRef, useState } from "react";
import { frenchTypography } from "../../core/shared/format.ts";

export interface Toast {
  id: number;
  kind: "success" | "error";
  text: string;
  /** a short heading, e.g. « Erreur de connexion » */
  title?: string | undefined;
}

/** Toast state for an island: a new toast replaces the previous one of the same kind. */
export function useToasts() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(0);
  const notify = useCallback((kind: Toast["kind"], text: string, title?: string) => {
    nextId.current += 1;
    const id = nextId.current;
    // Messages often embed names typed by people: typography is applied here, once.
    setToasts((current) => [...current.filter((toast) => toast.kind !== kind), { id, kind, text: frenchTypography(text), title }]);
  }, []);
  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);
  return { toasts, notify, dismiss };
}

/** Shows a toast: what sections and hooks receive from the island that owns the toasts. */
export type Notify = ReturnType<typeof useToasts>["notify"];

const LIFETIME_MS = 6000;

export default function Toasts({ toasts, onDismiss }: { toasts: Toast[]; onDismiss(id: number): void }) {
  return (
    <div className="toasts">
      <div role="status" aria-live="polite" className="toasts__region">
        {toasts.filter((toast) => toast.kind === "success").map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />
        ))}
      </div>
      <div role="alert" aria-live="assertive" className="toasts__region">
        {toasts.filter((toast) => toast.kind === "error").map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />
        ))}
      </div>
    </div>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss(id: number): void }) {
  useEffect(() => {
    const timer = window.setTimeout(() => onDismiss(toast.id), LIFETIME_MS);
    return () => window.clearTimeout(timer);
  }, [toast.id, onDismiss]);
  return (
    <div className={`toast toast--${toast.kind}`}>
      <span className="toast__icon" aria-hidden="true">{toast.kind === "success" ? "✓" : "!"}</span>
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
