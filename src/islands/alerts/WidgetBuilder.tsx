// /widget: partner sites generate the code of the embedded sign-up frame, with their colour.
import { useEffect, useId, useMemo, useState } from "react";
import { DEFAULT_ACCENT, parseAccent } from "./accent.ts";

/**
 * The partner page's script: sets each frame marked data-zone-sante to the height its content
 * posts (AlertSignup's "zone-sante:height"). It names no origin — a message counts only from the
 * window of a marked frame whose src has the sender's origin — so /widget runs this very text for
 * its preview (an inline script, hashed into the page's CSP at build).
 */
export const EMBED_RESIZE_SCRIPT = [
  "  // Zone Santé : ajuste la hauteur du cadre à son contenu.",
  '  window.addEventListener("message", function (event) {',
  "    var data = event.data;",
  '    if (!data || data.type !== "zone-sante:height" || typeof data.height !== "number") return;',
  '    document.querySelectorAll("iframe[data-zone-sante]").forEach(function (frame) {',
  "      if (frame.contentWindow !== event.source || new URL(frame.src, location.href).origin !== event.origin) return;",
  '      frame.style.height = Math.max(0, Math.ceil(data.height)) + "px";',
  "    });",
  "  });",
].join("\n");

/** The frame's height until its first message (the frame scrolls meanwhile). */
const INITIAL_FRAME_HEIGHT_PX = 420;
const FRAME_MAX_WIDTH_PX = 520;
const FRAME_TITLE = "Inscription aux alertes Zone Santé";

function frameSrc(origin: string, accent: string): string {
  return `${origin}/inscription/cadre?accent=${accent}`;
}

export function buildEmbedCode(origin: string, accent: string): string {
  return [
    `<iframe data-zone-sante src="${frameSrc(origin, accent)}" title="${FRAME_TITLE}" width="100%" height="${INITIAL_FRAME_HEIGHT_PX}" style="border:0;max-width:${FRAME_MAX_WIDTH_PX}px" loading="lazy"></iframe>`,
    "<script>",
    EMBED_RESIZE_SCRIPT,
    "</script>",
  ].join("\n");
}

export default function WidgetBuilder() {
  const [origin, setOrigin] = useState("");
  const [input, setInput] = useState(DEFAULT_ACCENT);
  const [copied, setCopied] = useState<"idle" | "done" | "failed">("idle");
  const inputId = useId();
  const accent = parseAccent(input);
  const shown = accent ?? DEFAULT_ACCENT;
  const code = useMemo(() => (origin ? buildEmbedCode(origin, shown) : ""), [origin, shown]);

  useEffect(() => setOrigin(location.origin), []);
  useEffect(() => setCopied("idle"), [code]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      setCopied("done");
    } catch {
      setCopied("failed");
    }
  }

  return (
    <div className="widget-builder">
      <div className="field">
        <label htmlFor={inputId}>Couleur d'accent (code hexadécimal)</label>
        <p id={`${inputId}-hint`} className="field__hint">
          Six caractères de 0 à 9 et de A à F, par exemple FFDD00 (jaune) ou 0B5E55 (vert).
        </p>
        <div className="widget-builder__color">
          <span className="swatch" style={{ background: `#${shown}` }} aria-hidden="true" />
          <input
            id={inputId}
            className="input"
            value={input}
            maxLength={7}
            onChange={(event) => setInput(event.target.value)}
            aria-describedby={`${inputId}-hint${accent ? "" : ` ${inputId}-error`}`}
            aria-invalid={accent ? undefined : true}
          />
        </div>
        {accent ? null : (
          <p id={`${inputId}-error`} className="field-error" role="alert">
            «&nbsp;{input}&nbsp;» n'est pas une couleur hexadécimale à 6 caractères&nbsp;: la couleur par défaut FFDD00 est utilisée.
          </p>
        )}
      </div>

      <div className="field">
        <label htmlFor={`${inputId}-code`}>Code à coller dans votre page</label>
        <textarea id={`${inputId}-code`} lang="en" className="input code" readOnly rows={12} value={code} onFocus={(event) => event.target.select()} />
      </div>
      <button type="button" className="btn btn--primary" onClick={() => void copy()} disabled={!code}>
        Copier le code
      </button>
      <p role="status" className="copy-status">
        {copied === "done"
          ? "Code copié dans le presse-papiers."
          : copied === "failed"
            ? "Copie impossible\u00a0: sélectionnez le code et copiez-le (Ctrl+C)."
            : ""}
      </p>

      <h2>Aperçu</h2>
      {/* The generated frame itself, resized by EMBED_RESIZE_SCRIPT that widget.astro runs. */}
      {origin ? (
        <iframe
          data-zone-sante=""
          className="widget-preview"
          src={frameSrc(origin, shown)}
          title="Aperçu du formulaire d'inscription"
          width="100%"
          height={INITIAL_FRAME_HEIGHT_PX}
          style={{ maxWidth: FRAME_MAX_WIDTH_PX }}
        />
      ) : null}
    </div>
  );
}
