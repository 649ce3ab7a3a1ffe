// The #analyse island: address search, report loading and the URL that makes a report shareable.
import { useCallback, useEffect, useRef, useState } from "react";
import type { Report } from "../../core/types.ts";
import { ApiError } from "../lib/api.ts";
import Toasts, { useToasts } from "../ui/Toasts.tsx";
import AddressSearch, { useAddressField } from "./AddressSearch.tsx";
import { fetchReport, readReportRequest, reportRequestOf, toReportParams, type ReportRequest } from "./report-request.ts";
import ReportView from "./ReportView.tsx";

type State =
  | { status: "idle" }
  | { status: "loading"; previous: Report | null }
  | { status: "ready"; report: Report }
  | { status: "error"; message: string; retry: ReportRequest | { q: string } };

export default function Analyse() {
  const { query, setQuery, picked, setPicked, fieldError, setFieldError, onValueChange } = useAddressField();
  const [state, setState] = useState<State>({ status: "idle" });
  const [pendingUdi, setPendingUdi] = useState<string | null>(null);
  const { toasts, notify, dismiss } = useToasts();
  const inputRef = useRef<HTMLInputElement>(null);
  const resultsRef = useRef<HTMLDivElement>(null);
  const controller = useRef<AbortController | null>(null);

  const load = useCallback(
    async (request: ReportRequest | { q: string; udi?: string | undefined }, options: { focusResults: boolean }) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setState((previous) => ({
        status: "loading",
        previous: previous.status === "ready" ? previous.report : previous.status === "loading" ? previous.previous : null,
      }));
      try {
        const report = await fetchReport(request, current.signal);
        if (current.signal.aborted) return;
        const shared = reportRequestOf(report, "udi" in request ? request.udi : undefined);
        // The URL names the analysed address so that a reload or a shared link shows this report.
        history.replaceState(null, "", `${location.pathname}?${toReportParams(shared)}#analyse`);
        setState({ status: "ready", report });
        setPendingUdi(null);
        notify("success", "Données environnementales récupérées avec succès");
        if (options.focusResults) window.setTimeout(() => resultsRef.current?.focus(), 0);
      } catch (problem) {
        if (current.signal.aborted) return;
        const message = problem instanceof ApiError ? problem.message : "Le service a rencontré un problème. Veuillez réessayer.";
        setState({ status: "error", message, retry: request });
        setPendingUdi(null);
        notify("error", "Erreur lors de la récupération des données");
      }
    },
    [notify],
  );

  // A reload or a shared link: rebuild the report named in the URL.
  useEffect(() => {
    const request = readReportRequest(location.search);
    if (!request) return;
    setQuery(request.label);
    void load(request, { focusResults: false });
    return () => controller.current?.abort();
  }, [load, setQuery]);

  function submit() {
    const text = query.trim();
    if (text.length === 0) {
      setFieldError("Veuillez saisir une adresse");
      inputRef.current?.focus();
      return;
    }
    if (!picked && text.length < 3) {
      setFieldError("Veuillez saisir au moins 3 caractères, puis choisir une adresse dans la liste.");
      inputRef.current?.focus();
      return;
    }
    setFieldError(null);
    if (picked) {
      void load(
        {
          lat: picked.latitude,
          lon: picked.longitude,
          citycode: picked.citycode,
          label: picked.label,
          postcode: picked.postcode,
          city: picked.city,
        },
        { focusResults: true },
      );
    } else {
      // Typed without picking: let the server geocode the text and take the best match.
      void load({ q: text }, { focusResults: true });
    }
  }

  function chooseUdi(code: string) {
    if (state.status !== "ready") return;
    const { address } = state.report;
    setPendingUdi(code);
    void load(
      {
        lat: address.latitude,
        lon: address.longitude,
        citycode: address.citycode,
        label: address.label,
        postcode: address.postcode || undefined,
        city: address.city || undefined,
        udi: code,
      },
      { focusResults: false },
    );
  }

  const shown = state.status === "ready" ? state.report : state.status === "loading" ? state.previous : null;

  return (
    <div className="analyse">
      <AddressSearch
        value={query}
        onValueChange={onValueChange}
        onPick={setPicked}
        onSubmit={submit}
        busy={state.status === "loading" && !state.previous}
        error={fieldError}
        inputRef={inputRef}
      />
      <div className="analyse__results" ref={resultsRef} tabIndex={-1}>
        {state.status === "loading" && !state.previous ? <ReportSkeleton /> : null}
        {shown ? (
          <ReportView report={shown} pendingUdi={pendingUdi} updating={state.status === "loading"} onChooseUdi={chooseUdi} />
        ) : null}
        {state.status === "error" ? (
          <div className="report-error" role="alert">
            <p className="report-error__title">Le bilan n'a pas pu être établi.</p>
            <p>{state.message}</p>
            <button type="button" className="btn btn--secondary" onClick={() => void load(state.retry, { focusResults: true })}>
              Réessayer
            </button>
          </div>
        ) : null}
        {state.status === "idle" ? (
          <p className="analyse__empty">
            Le bilan s'affichera ici&nbsp;: eau du robinet, qualité de l'air, restrictions sécheresse et recommandations.
          </p>
        ) : null}
      </div>
      <Toasts toasts={toasts} onDismiss={dismiss} />
    </div>
  );
}

function ReportSkeleton() {
  return (
    <div className="skeleton" aria-busy="true">
      <p className="sr-only" role="status">
        Analyse en cours, merci de patienter…
      </p>
      <div className="skeleton__title" aria-hidden="true" />
      <div className="report__grid" aria-hidden="true">
        {[0, 1, 2, 3].map((index) => (
          <div key={index} className="card skeleton__card">
            <div className="skeleton__line skeleton__line--short" />
            <div className="skeleton__line" />
            <div className="skeleton__line" />
            <div className="skeleton__line skeleton__line--medium" />
          </div>
        ))}
      </div>
    </div>
  );
}
