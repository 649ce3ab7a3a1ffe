// /widget: partner sites generate the code of the embedded sign-up frame, with their colour.
import { useEffect, useId, useMemo, useState } from "react";
import { DEFAULT_ACCENT, parseAccent } from "./accent.ts";

export function buildEmbedCode(origin: string, accent: string): string {
  const src = `${origin}/inscription/cadre?accent=${accent}`;
  return [
    `<iframe src="${src}" title="Inscription aux alertes Zone Santé" width="100%" height="420" style="border:0;max-width:520px" loading="lazy"></iframe>`,
    "<script>",
    "  // Zone Santé : ajuste la hauteur du cadre à son contenu.",
    '  window.addEventListener("message", function (event) {',
    `    if (event.origin !== "${origin}" || !event.data || event.data.type !== "zone-sante:height") return;`,
    '    document.querySelectorAll("iframe").forEach(function (frame) {',
    '      if (frame.contentWindow === event.source) frame.style.height = event.data.height + "px";',
    "    });",
    "  });",
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
        <textarea id={`${inputId}-code`} className="input code" readOnly rows={12} value={code} onFocus={(event) => event.target.select()} />
      </div>
      <button type="button" className="btn btn--primary" onClick={() => void copy()} disabled={!code}>
        Copier le code
      </button>
      <p role="status" className="copy-status">
        {copied === "done" ? "Code copié dans le presse-papiers." : copied === "failed" ? "Copie impossible\u00a0: sélectionnez le code et copiez-le (Ctrl+C)." : ""}
      </p>

      <h2>Aperçu</h2>
      {origin ? <iframe className="widget-preview" src={`/inscription/cadre?accent=${shown}`} title="Aperçu du formulaire d'inscription" height={420} /> : null}
    </div>
  );
}
