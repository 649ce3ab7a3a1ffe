// /compte: the report of every monitored address, as a PDF download or by email.
import { useId } from "react";
import { PDF_ACCESSIBLE_ALTERNATIVE } from "../../core/report/compose.ts";
import type { ReportEmailAnswer } from "../../server/routes/account.ts";
import { ApiError, refusalMessageOr, requestJson } from "../lib/api.ts";
import { useAction } from "../lib/use-action.ts";
import type { Notify } from "../ui/Toasts.tsx";

const PDF_FAILED = "Impossible de générer le rapport.";

/** Fetches the PDF (a JSON error when it cannot be made) and hands it to the browser as a download. */
async function downloadReportPdf(): Promise<void> {
  const response = await fetch("/api/account/report.pdf", { credentials: "same-origin" });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    throw new ApiError(body?.error ?? PDF_FAILED, response.status);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "bilan-zone-sante.pdf";
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** `addressCount`: null while the addresses load (the buttons show; the server still says « add one first »). */
export default function PdfSection({ notify, addressCount }: { notify: Notify; addressCount: number | null }) {
  const download = useAction(notify);
  const mailing = useAction(notify);
  const noteId = useId();
  return (
    <section className="account__section" aria-labelledby="pdf-titre">
      <h2 id="pdf-titre">Mon rapport PDF</h2>
      <p>Le bilan de toutes vos adresses surveillées, à conserver ou à imprimer.</p>
      {addressCount === 0 ? (
        <p className="empty">Ajoutez une adresse pour télécharger son bilan PDF ou le recevoir par e-mail.</p>
      ) : (
        <p className="outcome__actions">
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() =>
              void download.run(downloadReportPdf, {
                success: "Votre rapport PDF est téléchargé.",
                // A 404 says what to do (add an address first); anything else is our failure.
                failure: (error) => (error instanceof ApiError && error.status === 404 ? error.message : PDF_FAILED),
              })
            }
            disabled={download.busy}
            aria-describedby={noteId}
          >
            {download.busy ? "Préparation du rapport…" : "Télécharger le rapport PDF"}
          </button>
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() =>
              void mailing.run(() => requestJson<ReportEmailAnswer>("POST", "/api/account/report-email", { body: {} }), {
                success: (answer) => answer.message,
                // No e-mail can leave now (503 `email_busy`, decision 090): its words say when to try again.
                failure: (error) =>
                  error instanceof ApiError && error.code === "email_busy"
                    ? error.message
                    : refusalMessageOr(error, "Impossible d'envoyer votre bilan par e-mail."),
              })
            }
            disabled={mailing.busy}
          >
            {mailing.busy ? "Envoi du bilan…" : "M'envoyer mon bilan par e-mail"}
          </button>
        </p>
      )}
      {/* Each address's « Voir le bilan » above is the page this note speaks of. */}
      <p id={noteId} className="field__hint">
        {PDF_ACCESSIBLE_ALTERNATIVE}
      </p>
    </section>
  );
}
