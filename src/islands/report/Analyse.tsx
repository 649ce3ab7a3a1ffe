// The #analyse island: the address search and the report. Each report is a page of the browser's
// history: its URL names the address (reload, shared link, Back and Forward) and so does the tab's
// title. The report itself, and the focus on its heading, say that it is ready: no toast.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { sectionOutlines } from "../../sections/outline.ts";
import type { SiteReportAnswer } from "../../core/report/compose.ts";
import type { ReportAnswer, SignedSuggestion } from "../../core/types.ts";
import { ApiError } from "../lib/api.ts";
import AddressSearch, { useAddressField } from "./AddressSearch.tsx";
import {
  readReportRequest,
  reportKeyOf,
  reportRequestOf,
  streamReport,
  type AnyReportRequest,
  type PartialReportAnswer,
  type ReportRequest,
} from "./report-request.ts";
import { failedSectionsOf, failureReasonOf, retryReplaces, type SectionKey } from "./refresh.ts";
import { ReportRefreshContext, type ReportRefresh } from "./refresh-context.ts";
import ReportView from "./ReportView.tsx";

interface LoadOptions {
  /** "push": a new page of history; "replace": the same page, refined; "keep": the URL is already right (Back, Forward) */
  history: "push" | "replace" | "keep";
  /**
   * Where the focus goes once the report or its error shows: "results" to the report's heading,
   * "results-quiet" the same without scrolling (Back and Forward restore the scroll themselves),
   * "none" nowhere (a page load must not move the person, but on a phone: see ARRIVAL_ON_PHONE).
   */
  focus: "results" | "results-quiet" | "none";
  /**
   * Another network of the address on screen: the report stays mounted while it loads, so the
   * chooser keeps the focus; if it fails, the report stays too and the chooser says why.
   */
  sameAddress?: boolean;
  /**
   * The address field shows the report's address once it is ready (a page load, Back, Forward):
   * never the label of the URL, which anyone can write (decision 055).
   */
  fillField?: boolean;
}

type Shown = { key: string; report: SiteReportAnswer };

type State =
  | { status: "idle" }
  /** `kept`: the report left on screen while another network of its address loads */
  | { status: "loading"; key: string; kept: SiteReportAnswer | null }
  /** a new report streaming in (decision 067): each card shows as its section arrives */
  | { status: "arriving"; key: string; report: PartialReportAnswer }
  | ({ status: "ready" } & Shown)
  | { status: "error"; message: string; retry: AnyReportRequest; options: LoadOptions };

/** Short, the address first: what a tab, a bookmark or a history list can show of it. */
const REPORT_TITLE_SUFFIX = " — qualité de l'eau, de l'air… | Zone Santé";

/** The report on screen: the one ready, or the one kept while another network of its address loads. */
function onScreenOf(state: State): SiteReportAnswer | null {
  return state.status === "ready" ? state.report : state.status === "loading" ? state.kept : null;
}

function requestOfPicked(address: SignedSuggestion): ReportRequest {
  return {
    lat: address.latitude,
    lon: address.longitude,
    citycode: address.citycode,
    label: address.label,
    postcode: address.postcode || undefined,
    city: address.city || undefined,
    signature: address.signature,
  };
}

/**
 * One column (the report grid's breakpoint): the hero and the search fill the first screen, so a
 * report that arrives (a suggestion picked, a shared link opened) would leave its verdict below the
 * fold. There the page goes to « L'essentiel » and puts the focus on its heading.
 */
const ARRIVAL_ON_PHONE = "(max-width: 51.99rem)";

export default function Analyse() {
  const { query, setQuery, picked, setPicked, fieldError, setFieldError, onValueChange } = useAddressField();
  const [state, setState] = useState<State>({ status: "idle" });
  const [pendingUdi, setPendingUdi] = useState<string | null>(null);
  /** the « Réessayer » of a failed section in flight, or the one that failed again */
  const [retry, setRetry] = useState<ReportRefresh["retry"]>(null);
  /** why the last change of network failed (the report on screen stayed) */
  const [networkFailure, setNetworkFailure] = useState<ReportRefresh["networkFailure"]>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const summaryRef = useRef<HTMLHeadingElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const controller = useRef<AbortController | null>(null);
  /** reports already built during this visit, by request: Back and Forward show them at once */
  const cache = useRef(new Map<string, SiteReportAnswer>());
  /** the report on screen or on its way: asking for it again changes nothing */
  const active = useRef<{ key: string; status: "loading" | "ready" } | null>(null);
  /** the report the page URL names, shown again when typed text turns out to be no address */
  const shown = useRef<Shown | null>(null);
  const homeTitle = useRef("");
  const pendingFocus = useRef<LoadOptions["focus"]>("none");
  /** the card of a section that came back after « Réessayer »: the focus goes there, as its button is gone */
  const recovered = useRef<SectionKey | null>(null);
  const stateRef = useRef(state);

  useEffect(() => {
    stateRef.current = state;
    if (state.status === "ready" && recovered.current) {
      const anchor = sectionOutlines().find((section) => section.key === recovered.current)?.anchor;
      if (anchor) document.getElementById(anchor)?.focus({ preventScroll: true });
      recovered.current = null;
    }
    if (state.status !== "ready" && state.status !== "arriving" && state.status !== "error") return;
    const focus = pendingFocus.current;
    pendingFocus.current = "none";
    const summary = summaryRef.current;
    const reportShown = state.status === "ready" || state.status === "arriving";
    if (summary && reportShown && focus === "results" && matchMedia(ARRIVAL_ON_PHONE).matches) {
      // An instant jump (the page's scroll-behavior): no motion to spare anyone, reduced motion or not.
      summary.focus({ preventScroll: true });
      summary.scrollIntoView();
      return;
    }
    if (focus === "none") return;
    (reportShown ? headingRef.current : errorRef.current)?.focus({ preventScroll: focus === "results-quiet" });
  }, [state]);

  /** The URL, the tab's title and (if asked) the field name the address as the server resolved it: from a report's first line on. */
  const nameAddress = useCallback(
    (report: Pick<ReportAnswer, "address">, request: AnyReportRequest, options: LoadOptions): string => {
      // So that a reload or a shared link shows this report.
      const key = reportKeyOf(reportRequestOf(report, request.udi));
      const url = `${location.pathname}?${key}#analyse`;
      if (options.history === "push" && location.search !== `?${key}`) history.pushState(null, "", url);
      else if (options.history !== "keep") history.replaceState(null, "", url);
      document.title = `${report.address.label}${REPORT_TITLE_SUFFIX}`;
      if (options.fillField) setQuery(report.address.label);
      return key;
    },
    [setQuery],
  );

  const show = useCallback(
    (report: SiteReportAnswer, request: AnyReportRequest, options: LoadOptions, streamed = false) => {
      const key = nameAddress(report, request, options);
      cache.current.set(key, report);
      shown.current = { key, report };
      active.current = { key, status: "ready" };
      // A streamed report asked for the focus with its first line: that request stands, whether the
      // first line's render already moved the focus or (a warm report: every line at once, one render)
      // has yet to — it is never asked twice, never cancelled.
      if (!streamed) pendingFocus.current = options.sameAddress ? "none" : options.focus;
      setPendingUdi(null);
      setState({ status: "ready", key, report });
    },
    [nameAddress],
  );

  const load = useCallback(
    async (request: AnyReportRequest, options: LoadOptions) => {
      const key = reportKeyOf(request);
      if (active.current?.key === key) {
        // Asked again for what is on screen or on its way (« Analyser » after picking a suggestion).
        if (active.current.status === "ready" && options.focus === "results") headingRef.current?.focus();
        return;
      }
      controller.current?.abort();
      setRetry(null);
      setNetworkFailure(null);
      const cached = cache.current.get(key);
      if (cached) {
        show(cached, request, options);
        return;
      }
      const current = new AbortController();
      controller.current = current;
      active.current = { key, status: "loading" };
      setState((previous) => ({ status: "loading", key, kept: options.sameAddress ? onScreenOf(previous) : null }));
      let arrived = false;
      try {
        // A new address streams in card by card; another network of the one on screen replaces it
        // whole, so that the chooser's report never shows half of each (decision 067).
        const report = await streamReport(
          request,
          (partial) => {
            if (current.signal.aborted || options.sameAddress) return;
            if (!arrived) {
              arrived = true;
              nameAddress(partial, request, options);
              pendingFocus.current = options.focus;
            }
            setState({ status: "arriving", key, report: partial });
          },
          current.signal,
        );
        if (current.signal.aborted) return;
        cache.current.set(key, report);
        // The focus was asked for with the first line: show() leaves that request as it is.
        show(report, request, options, arrived);
      } catch (problem) {
        if (current.signal.aborted) return;
        active.current = null;
        setPendingUdi(null);
        const message = problem instanceof ApiError ? problem.message : "Le service a rencontré un problème. Veuillez réessayer.";
        const previous = shown.current;
        if (options.sameAddress && previous) {
          // Another network could not be loaded: the report on screen stays, the chooser (which
          // keeps the focus) says why and shows its network again.
          active.current = { key: previous.key, status: "ready" };
          setState({ status: "ready", ...previous });
          setNetworkFailure(failureReasonOf(problem));
          return;
        }
        if ("q" in request && problem instanceof ApiError && (problem.status === 0 || problem.status === 400 || problem.status === 404)) {
          // The typed text is no address in France, or could not be sent (offline): said once,
          // under the field, where the person acts; the report on screen (if any) stays.
          if (previous) active.current = { key: previous.key, status: "ready" };
          setState(previous ? { status: "ready", ...previous } : { status: "idle" });
          setFieldError(message);
          inputRef.current?.focus();
          return;
        }
        pendingFocus.current = options.sameAddress ? "results" : options.focus;
        setState({ status: "error", message, retry: request, options });
      }
    },
    [show, nameAddress, setFieldError],
  );

  /**
   * « Réessayer » on a failed section: the same report asked again (not from this visit's cache),
   * the one on screen staying until a better one comes (see retryReplaces).
   */
  const retrySection = useCallback(async (section: SectionKey) => {
    const current = shown.current;
    const request = current ? readReportRequest(`?${current.key}`) : null;
    if (!current || !request || stateRef.current.status !== "ready") return;
    controller.current?.abort();
    const attempt = new AbortController();
    controller.current = attempt;
    setRetry({ section, status: "busy" });
    try {
      const fresh = await streamReport(request, () => {}, attempt.signal);
      if (attempt.signal.aborted) return;
      if (!retryReplaces(current.report, fresh, section)) {
        setRetry({ section, status: "failed" });
        return;
      }
      cache.current.set(current.key, fresh);
      shown.current = { key: current.key, report: fresh };
      recovered.current = section;
      setRetry(null);
      setState({ status: "ready", key: current.key, report: fresh });
    } catch {
      if (attempt.signal.aborted) return;
      setRetry({ section, status: "failed" });
    }
  }, []);

  // A reload or a shared link: rebuild the report named in the URL.
  useEffect(() => {
    homeTitle.current = document.title;
    const request = readReportRequest(location.search);
    // A shared link opened on a phone goes to the verdict too; elsewhere the page stays at its top.
    if (request) void load(request, { history: "replace", focus: matchMedia(ARRIVAL_ON_PHONE).matches ? "results" : "none", fillField: true });
    return () => {
      controller.current?.abort();
      active.current = null;
    };
  }, [load, setQuery]);

  // Back and Forward: the report the URL names, or the empty home page.
  useEffect(() => {
    function followHistory() {
      const request = readReportRequest(location.search);
      if (request) {
        // The same report: a jump between its sections (#eau, #air…).
        if (active.current?.key === reportKeyOf(request)) return;
        setQuery("");
        setPicked(null);
        setFieldError(null);
        void load(request, { history: "keep", focus: "results-quiet", fillField: true });
        return;
      }
      if (stateRef.current.status === "idle") return;
      controller.current?.abort();
      active.current = null;
      shown.current = null;
      document.title = homeTitle.current;
      setQuery("");
      setPicked(null);
      setFieldError(null);
      setPendingUdi(null);
      setState({ status: "idle" });
    }
    window.addEventListener("popstate", followHistory);
    return () => window.removeEventListener("popstate", followHistory);
  }, [load, setQuery, setPicked, setFieldError]);

  function editQuery(value: string) {
    onValueChange(value);
    // A failed report is stale once the person types another address.
    if (stateRef.current.status === "error") {
      const previous = shown.current;
      setState(previous ? { status: "ready", ...previous } : { status: "idle" });
      if (previous) active.current = { key: previous.key, status: "ready" };
    }
  }

  function pickAddress(address: SignedSuggestion | null) {
    setPicked(address);
    if (!address) return;
    setFieldError(null);
    void load(requestOfPicked(address), { history: "push", focus: "results" });
  }

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
      void load(requestOfPicked(picked), { history: "push", focus: "results" });
    } else if (state.status === "ready" && text === state.report.address.label) {
      headingRef.current?.focus();
    } else {
      // Typed without picking: let the server geocode the text and take the best match.
      void load({ q: text }, { history: "push", focus: "results" });
    }
  }

  // The chooser stays usable while a network loads: a newer choice supersedes the one in flight.
  function chooseUdi(code: string) {
    const current = onScreenOf(state);
    if (!current) return;
    setPendingUdi(code);
    void load(reportRequestOf(current, code), { history: "replace", focus: "none", sameAddress: true });
  }

  const onScreen = onScreenOf(state);
  const loadingNew = state.status === "loading" && !state.kept;
  const arriving = state.status === "arriving" ? state.report : null;
  const refresh = useMemo<ReportRefresh>(
    () => ({ failed: onScreen ? failedSectionsOf(onScreen) : [], retry, onRetry: (section) => void retrySection(section), networkFailure }),
    [onScreen, retry, retrySection, networkFailure],
  );

  return (
    <div className="analyse">
      <AddressSearch
        value={query}
        onValueChange={editQuery}
        onPick={pickAddress}
        onSubmit={submit}
        busy={loadingNew || arriving !== null}
        error={fieldError}
        inputRef={inputRef}
      />
      <div className="analyse__results">
        {loadingNew ? <ReportSkeleton /> : null}
        {onScreen || arriving ? (
          <ReportRefreshContext.Provider value={refresh}>
            <ReportView
              report={onScreen ?? arriving!}
              pendingUdi={pendingUdi}
              updating={state.status === "loading"}
              onChooseUdi={chooseUdi}
              headingRef={headingRef}
              summaryRef={summaryRef}
            />
          </ReportRefreshContext.Provider>
        ) : null}
        {state.status === "error" ? (
          <div className="report-error" role="alert" tabIndex={-1} ref={errorRef}>
            <p className="report-error__title">Le bilan n'a pas pu être établi.</p>
            <p>{state.message}</p>
            <button type="button" className="btn btn--secondary" onClick={() => void load(state.retry, state.options)}>
              Réessayer
            </button>
          </div>
        ) : null}
        {state.status === "idle" ? (
          <p className="analyse__empty">
            Le bilan s'affichera ici&nbsp;: eau du robinet, qualité de l'air, restrictions sécheresse, baignade et recommandations.
          </p>
        ) : null}
      </div>
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
