// /admin-test: for the accounts listed in ADMIN_EMAILS (checked by the API on every call). Tests
// the official data for an address, runs the alert run now, shows the real state of each upstream.
import { useCallback, useEffect, useState, type SubmitEvent } from "react";
import { formatDateFr } from "../../core/shared/format.ts";
import type { AdminRunAlertsAnswer, AdminStatusAnswer, AdminTestDataAnswer } from "../../server/routes/admin.ts";
import { apiMessageOr, ApiError, requestJson } from "../lib/api.ts";
import { useAction } from "../lib/use-action.ts";
import { Field, useFormErrors } from "../ui/Field.tsx";
import Toasts, { useToasts } from "../ui/Toasts.tsx";

type UpstreamStatus = AdminStatusAnswer["upstreams"][number];

const UPSTREAM_NAMES: Record<string, string> = {
  ban: "Base Adresse Nationale (Géoplateforme)",
  hubeau: "Hub'Eau – qualité de l'eau potable",
  vigieau: "VigiEau – restrictions sécheresse",
  atmo: "Atmo France – indice ATMO",
  openmeteo: "Open-Meteo – modèle CAMS",
};

/** Built once: a new `Intl.DateTimeFormat` per row costs ~20 times formatting with this one (issue 25). */
const PARIS_HOUR_MINUTE = new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", hour: "2-digit", minute: "2-digit" });

function formatInstant(iso: string | null): string {
  if (!iso) return "jamais";
  return `${formatDateFr(iso)} à ${PARIS_HOUR_MINUTE.format(new Date(iso))}`;
}

export default function AdminPanel() {
  const { toasts, notify, dismiss } = useToasts();
  const [access, setAccess] = useState<"checking" | "granted" | "denied" | "signed-out">("checking");
  const [upstreams, setUpstreams] = useState<UpstreamStatus[]>([]);
  const [address, setAddress] = useState("20 avenue de Ségur, 75007 Paris");
  const { busy, run } = useAction(notify);
  const form = useFormErrors<"address">();
  const [result, setResult] = useState<AdminTestDataAnswer | null>(null);

  const loadStatus = useCallback(async () => {
    try {
      const answer = await requestJson<AdminStatusAnswer>("GET", "/api/admin/status");
      setUpstreams(answer.upstreams);
      setAccess("granted");
    } catch (error) {
      setAccess(error instanceof ApiError && error.status === 401 ? "signed-out" : error instanceof ApiError && error.status === 403 ? "denied" : "granted");
      if (!(error instanceof ApiError) || (error.status !== 401 && error.status !== 403)) notify("error", "Impossible de lire l'état des APIs.");
    }
  }, [notify]);
  useEffect(() => {
    void loadStatus();
  }, [loadStatus]);

  async function testData(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    // The button is never disabled (RGAA 11.11): an empty address is said under the field.
    if (!address.trim()) {
      form.show({ address: "Saisissez une adresse à tester." });
      return;
    }
    form.reset();
    const succeeded = await run(async () => setResult(await requestJson<AdminTestDataAnswer>("POST", "/api/admin/test-data", { body: { q: address } })), {
      success: "Données récupérées.",
      failure: (error) => apiMessageOr(error, "Erreur lors de la récupération des données."),
    });
    if (!succeeded) setResult(null);
    void loadStatus();
  }

  async function runAlerts() {
    await run(() => requestJson<AdminRunAlertsAnswer>("POST", "/api/admin/run-alerts", { body: {} }), {
      success: (answer) => answer.message,
      failure: (error) => apiMessageOr(error, "Erreur lors de l'exécution des alertes."),
    });
    void loadStatus();
  }

  if (access === "checking") return <p role="status">Vérification de vos droits…</p>;
  if (access === "signed-out") {
    return (
      <div className="notice" role="alert">
        <p>Connectez-vous avec un compte administrateur pour accéder à cette page.</p>
        <a className="btn btn--primary" href="/auth">
          Se connecter
        </a>
      </div>
    );
  }
  if (access === "denied") {
    return (
      <div className="notice" role="alert">
        <p>Accès réservé aux administrateurs. Votre compte n'en fait pas partie.</p>
      </div>
    );
  }

  return (
    <div className="admin">
      <section className="account__section" aria-labelledby="test-titre">
        <h2 id="test-titre">Tester la récupération des données</h2>
        <form ref={form.formRef} className="form" onSubmit={(event) => void testData(event)} noValidate>
          <Field
            label="Adresse"
            value={address}
            onChange={(value) => {
              setAddress(value);
              form.clear("address");
            }}
            error={form.errors.address}
            required
          />
          <div className="admin__actions">
            <button type="submit" className="btn btn--primary" aria-disabled={busy || undefined}>
              Tester récupération données
            </button>
            <button type="button" className="btn btn--secondary" disabled={busy} onClick={() => void runAlerts()}>
              Tester alertes automatiques
            </button>
          </div>
        </form>
        {result ? (
          <div className="admin__result">
            <dl className="details">
              <div className="details__row">
                <dt>Analyses d'eau</dt>
                <dd>{result.counts.waterResults ?? "échec"}</dd>
              </div>
              <div className="details__row">
                <dt>Zones sécheresse</dt>
                <dd>{result.counts.droughtZones ?? "échec"}</dd>
              </div>
              <div className="details__row">
                <dt>Indice ATMO</dt>
                <dd>{result.counts.airIndex ?? "non publié"}</dd>
              </div>
            </dl>
            <h3>Géocodage</h3>
            <dl className="details">
              <div className="details__row">
                <dt>Commune</dt>
                <dd>{result.geocoding.commune}</dd>
              </div>
              <div className="details__row">
                <dt>Code INSEE</dt>
                <dd>{result.geocoding.citycode}</dd>
              </div>
              <div className="details__row">
                <dt>Département</dt>
                <dd>{result.geocoding.department}</dd>
              </div>
              <div className="details__row">
                <dt>Latitude</dt>
                <dd>{result.geocoding.latitude.toFixed(4)}</dd>
              </div>
              <div className="details__row">
                <dt>Longitude</dt>
                <dd>{result.geocoding.longitude.toFixed(4)}</dd>
              </div>
            </dl>
            <details>
              <summary>Réponse brute (JSON)</summary>
              <pre className="code">{JSON.stringify(result.raw, null, 2)}</pre>
            </details>
          </div>
        ) : null}
      </section>

      <section className="account__section" aria-labelledby="apis-titre">
        <h2 id="apis-titre">APIs intégrées</h2>
        <p className="field__hint">État vu par ce serveur depuis son démarrage (les réponses servies depuis le cache ne comptent pas).</p>
        <ul className="upstreams">
          {upstreams.map((upstream) => {
            const healthy = upstream.lastSuccessAt !== null && (upstream.lastFailureAt === null || upstream.lastSuccessAt > upstream.lastFailureAt);
            const state = upstream.calls === 0 ? "unknown" : healthy ? "ok" : "error";
            return (
              <li key={upstream.name} className={`upstream upstream--${state}`}>
                <p className="upstream__name">
                  {UPSTREAM_NAMES[upstream.name] ?? upstream.name}{" "}
                  <span className={`badge badge--${state === "ok" ? "good" : state === "error" ? "critical" : "unavailable"}`}>
                    {state === "ok" ? "Opérationnelle" : state === "error" ? "En erreur" : "Pas encore appelée"}
                  </span>
                </p>
                <p>
                  Dernier succès&nbsp;: {formatInstant(upstream.lastSuccessAt)} · Dernière erreur&nbsp;: {formatInstant(upstream.lastFailureAt)}
                  {upstream.lastError ? ` (${upstream.lastError})` : ""} · Latence&nbsp;:{" "}
                  {upstream.lastLatencyMs === null ? "–" : `${upstream.lastLatencyMs}\u00a0ms`} · {upstream.calls} appel(s), {upstream.failures} échec(s)
                  {upstream.refusedByBudget > 0 ? `, ${upstream.refusedByBudget} refusé(s) faute de budget (réponse en cache ou indisponible)` : ""}
                </p>
              </li>
            );
          })}
        </ul>
      </section>
      <Toasts toasts={toasts} onDismiss={dismiss} />
    </div>
  );
}
