// Short notifications after an analysis. Success is announced politely, errors assertively;
// each toast closes by itself after a few seconds or with its button.
import { useEffect } from "react";

export interface Toast {
  id: number;
  kind: "success" | "error";
  text: string;
}

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
      <span className="toast__text">{toast.text}</span>
      <button type="button" className="toast__close" onClick={() => onDismiss(toast.id)} aria-label="Fermer la notification">
        ×
      </button>
    </div>
  );
}
