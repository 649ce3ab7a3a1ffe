// The report page: lays out the one presentation of a report (`presentReport`), which the PDF and
// the emails also lay out. Every word about the data comes from there — the sources' official
// words, dates and notes; this file and its cards (`*Card.tsx`) only add layout words (buttons,
// « Source », link labels).
import { Fragment, useEffect, useId, useMemo, useState, type MouseEvent, type ReactNode, type RefObject } from "react";
import { ADVICE_ANCHOR, ADVICE_TITLE, isPending, PDF_ACCESSIBLE_ALTERNATIVE, presentSentReport, type SummaryLine } from "../../core/report/compose.ts";
import type { AddedAddressAnswer } from "../../server/routes/account.ts";
import { ApiError, refusalMessageOr, requestJson } from "../lib/api.ts";
import AdviceCard from "./AdviceCard.tsx";
import AirCard from "./AirCard.tsx";
import BathingCard from "./BathingCard.tsx";
import DroughtCard from "./DroughtCard.tsx";
import { CardAdvice, OfficialBadge, openAdvice } from "./ReportCard.tsx";
import SectionCard from "./SectionCard.tsx";
import { isWholeReport, pickedAddressOfReport, sharedRequestOf, toReportParams, type PartialReportAnswer, type ReportRequest } from "./report-request.ts";
import WaterCard from "./WaterCard.tsx";
import WaterHistory from "./WaterHistory.tsx";

interface Props {
  /** the whole report, or the part of it already streamed in (decision 067): the other cards wait, busy */
  report: PartialReportAnswer;
  /** the UDI being loaded after a change in the chooser, so the select shows the person's choice */
  pendingUdi: string | null;
  updating: boolean;
  onChooseUdi(code: string): void;
  /** the report's heading, where the page puts the focus once a new address is analysed */
  headingRef?: RefObject<HTMLHeadingElement | null>;
  /** « L'essentiel »'s heading, where a phone goes when a report arrives */
  summaryRef?: RefObject<HTMLHeadingElement | null>;
}

/** The search sits at the top of the section that holds the report. */
const SEARCH_ANCHOR = "analyse";

export default function ReportView({ report, pendingUdi, updating, onChooseUdi, headingRef, summaryRef }: Props) {
  const presentation = useMemo(() => presentSentReport(report), [report]);
  const { water, air, drought, bathing, advice } = presentation;
  // The first four sections have richer cards of their own; every other one, its document's card.
  const richCards: Record<string, ReactNode> = {
    water: water ? <WaterCard water={water} pendingUdi={pendingUdi} updating={updating} onChooseUdi={onChooseUdi} /> : null,
    air: air ? <AirCard air={air} /> : null,
    drought: drought ? <DroughtCard drought={drought} /> : null,
    bathing: bathing ? <BathingCard bathing={bathing} /> : null,
  };
  return (
    <div className="report" data-testid="report" aria-busy={updating || undefined}>
      <header className="report__header">
        <h3 className="report__title" ref={headingRef} tabIndex={-1}>
          <span className="report__kicker">Bilan pour</span> {presentation.title}
        </h3>
        <p className="report__meta">
          {presentation.place ? `${presentation.place} · ` : ""}
          {presentation.updated}
        </p>
      </header>
      <Summary lines={presentation.summary} headingRef={summaryRef} />
      {/* Right under « L'essentiel » (issue 38): its place kept while the report arrives, so nothing jumps. */}
      <div className="report__alert-slot">
        {isWholeReport(report) ? <AlertAction key={toReportParams(sharedRequestOf(report)).toString()} shared={sharedRequestOf(report)} /> : null}
      </div>
      <CardAdvice.Provider value={advice}>
        <div className="report__grid">
          {/* The cards in the registry's order, the summary's, two to a row on a wide screen: a short
            card beside a long one leaves at most their difference blank. Each takes its place as its
            line of the stream arrives. */}
          {presentation.sections.map((section) =>
            isPending(section) ? (
              <PendingCard key={section.key} anchor={section.anchor} title={section.title} />
            ) : (
              <Fragment key={section.key}>{richCards[section.key] ?? <SectionCard section={section} />}</Fragment>
            ),
          )}
          {advice ? <AdviceCard advice={advice} /> : <PendingCard anchor={ADVICE_ANCHOR} title={ADVICE_TITLE} />}
          {/* Across the whole width, after the advice: the detail for who asks, never a column's worth of blank beside it. */}
          {water ? <WaterHistory history={water.history} /> : null}
        </div>
      </CardAdvice.Provider>
      {isWholeReport(report) ? <ReportActions report={report} /> : null}
      <p className="report__disclaimer">{presentation.disclaimer}</p>
      <p className="report__top">
        <a href={`#${SEARCH_ANCHOR}`} onClick={(event) => focusSection(event, SEARCH_ANCHOR)}>
          Haut de page
        </a>
      </p>
    </div>
  );
}

/**
 * A card whose source has not answered yet (decision 067): its title, where the summary's link
 * leads, and a calm line; busy until its section arrives and takes its place.
 */
function PendingCard({ anchor, title }: { anchor: string; title: string }) {
  const headingId = useId();
  return (
    <article id={anchor} tabIndex={-1} className="card report-section card--pending" aria-labelledby={headingId} aria-busy="true">
      <div className="card__head">
        <h4 id={headingId} className="card__title">
          {title}
        </h4>
      </div>
      <p className="card__message">En cours de lecture…</p>
      <div aria-hidden="true">
        <div className="skeleton__line" />
        <div className="skeleton__line skeleton__line--medium" />
      </div>
    </article>
  );
}

/** The PDF, once the whole report is there: for the address and the network it shows. */
function ReportActions({ report }: { report: Parameters<typeof sharedRequestOf>[0] }) {
  const shared = sharedRequestOf(report);
  const sharedParams = toReportParams(shared).toString();
  const pdfNoteId = useId();
  return (
    <div className="report__actions">
      <a className="btn btn--secondary" href={`/api/report/pdf?${sharedParams}`} download aria-describedby={pdfNoteId}>
        Télécharger le rapport PDF
      </a>
      <p id={pdfNoteId} className="report__pdf-note">
        {PDF_ACCESSIBLE_ALTERNATIVE}
      </p>
    </div>
  );
}

// ---------------------------------------------------------------- alerts for this address

type AddOutcome =
  | { kind: "idle" }
  | { kind: "busy" }
  /** networkKept: false when the network shown here could not be stored with the address */
  | { kind: "added"; officialData: boolean; networkKept: boolean }
  | { kind: "known" }
  | { kind: "full"; message: string }
  | { kind: "signed-out" }
  | { kind: "failed"; message: string };

/**
 * A visitor signs up for this address's alerts (the sign-up page reads the address from the link);
 * a signed-in person adds it to their monitored addresses without leaving the report. Who is signed
 * in is the header's hint (decision 063: `<html data-session>`), not a request: a hint outliving its
 * session ends in the 401 « Votre session a expiré » below.
 */
function AlertAction({ shared }: { shared: ReportRequest }) {
  const [signedIn, setSignedIn] = useState(false);
  const [outcome, setOutcome] = useState<AddOutcome>({ kind: "idle" });
  const messageId = useId();

  // After mount, as the page was built without anyone signed in.
  useEffect(() => setSignedIn(document.documentElement.dataset.session === "1"), []);

  // Without the hint, the sign-up link: it works for everyone.
  if (!signedIn) {
    return (
      <a className="btn btn--secondary" href={`/inscription?${toReportParams(shared)}`}>
        Recevoir des alertes pour cette adresse
      </a>
    );
  }

  // Once added (or found already there), a second click would only add a copy: the button stays,
  // so the focus does, but does nothing more.
  const done = outcome.kind === "added" || outcome.kind === "known";

  async function add() {
    if (outcome.kind === "busy" || done) return;
    setOutcome({ kind: "busy" });
    try {
      const answer = await requestJson<AddedAddressAnswer>("POST", "/api/account/addresses", {
        body: { address: pickedAddressOfReport(shared) },
      });
      // The server stores the commune's default network; the report may show another, chosen here.
      const networkKept = !shared.udi || answer.address.udiCode === shared.udi || (await storeNetwork(answer.address.id, shared.udi));
      setOutcome({ kind: "added", officialData: answer.officialData, networkKept });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setOutcome(error.code === "address_limit" ? { kind: "full", message: error.message } : { kind: "known" });
      } else if (error instanceof ApiError && error.status === 401) {
        setOutcome({ kind: "signed-out" });
      } else {
        setOutcome({ kind: "failed", message: refusalMessageOr(error, "L'adresse n'a pas pu être ajoutée. Veuillez réessayer dans quelques instants.") });
      }
    }
  }

  const busy = outcome.kind === "busy";
  return (
    <div className="report-alert">
      <button type="button" className="btn btn--secondary" aria-disabled={busy || done || undefined} aria-describedby={messageId} onClick={() => void add()}>
        {busy ? "Ajout en cours…" : done ? "Adresse surveillée" : "Ajouter à mes adresses surveillées"}
      </button>
      <p id={messageId} className={`report-alert__message report-alert__message--${outcome.kind}`} role="status">
        <AddOutcomeText outcome={outcome} />
      </p>
    </div>
  );
}

/** Whether the monitored address now follows this network (the outcome says so when it does not). */
async function storeNetwork(addressId: string, udiCode: string): Promise<boolean> {
  try {
    await requestJson("PATCH", `/api/account/addresses/${encodeURIComponent(addressId)}`, { body: { udiCode } });
    return true;
  } catch {
    return false;
  }
}

function AddOutcomeText({ outcome }: { outcome: AddOutcome }) {
  switch (outcome.kind) {
    case "idle":
    case "busy":
      return null;
    case "added":
      return (
        <>
          Adresse ajoutée à vos adresses surveillées.{" "}
          {outcome.officialData ? null : "Les données officielles n'ont pas pu être lues\u00a0: elles le seront à la prochaine vérification. "}
          {outcome.networkKept ? null : "Le réseau d'eau choisi n'a pas pu être enregistré\u00a0: choisissez-le dans votre compte. "}
          <a href="/compte">Voir mon compte</a>
        </>
      );
    case "known":
      return (
        <>
          Cette adresse fait déjà partie de vos adresses surveillées. <a href="/compte">Voir mon compte</a>
        </>
      );
    case "full":
      return (
        <>
          {outcome.message} <a href="/compte">Gérer mes adresses</a>
        </>
      );
    case "signed-out":
      return (
        <>
          Votre session a expiré. <a href="/auth">Se reconnecter</a>
        </>
      );
    case "failed":
      return <>{outcome.message}</>;
  }
}

// ---------------------------------------------------------------- summary

/** Let the jump happen, then put the focus on the target so keyboard and screen reader follow. */
function focusSection(event: MouseEvent<HTMLAnchorElement>, anchor: string) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  window.setTimeout(() => document.getElementById(anchor)?.focus({ preventScroll: true }), 0);
}

function Summary({ lines, headingRef }: { lines: SummaryLine[]; headingRef?: RefObject<HTMLHeadingElement | null> | undefined }) {
  const headingId = useId();
  if (lines.length === 0) return null;
  return (
    <section className="summary" aria-labelledby={headingId}>
      <h4 id={headingId} className="summary__title" ref={headingRef} tabIndex={-1}>
        L'essentiel
      </h4>
      <ul className="summary__list" aria-labelledby={headingId}>
        {lines.map((line) => (
          <li key={line.key} className={`summary__item summary__item--${line.key} summary__item--tone-${line.tone}`}>
            {/* The sentence carries the official word too: the badge is for the eyes only. */}
            {line.badge ? <OfficialBadge badge={line.badge} className="summary__badge" hidden /> : null}
            {line.calm ? <CalmText line={line} entries={line.calm} /> : <SummaryText line={line} />}
          </li>
        ))}
      </ul>
      {/* The one section no line names when no advice stands out; the full list in any case. */}
      <p className="summary__more">
        <a className="summary__link" href={`#${ADVICE_ANCHOR}`} onClick={(event) => focusSection(event, ADVICE_ANCHOR)}>
          Toutes les recommandations
        </a>
      </p>
    </section>
  );
}

/** « Rien à signaler : Baignade – Hors saison, Sécheresse – Pas de restrictions. », each section's name the link to its card. */
function CalmText({ line, entries }: { line: SummaryLine; entries: NonNullable<SummaryLine["calm"]> }) {
  return (
    <span className="summary__text">
      {line.label}
      {"\u00a0: "}
      {entries.map((entry, index) => (
        <Fragment key={entry.anchor}>
          {index > 0 ? ", " : null}
          <a className="summary__link" href={`#${entry.anchor}`} onClick={(event) => focusSection(event, entry.anchor)}>
            {entry.label}
          </a>
          {` – ${entry.word}`}
        </Fragment>
      ))}
      .
    </span>
  );
}

/** « Eau du robinet : conforme (…) » with its label as the link to the section; « À retenir : <title> » with the title as the link. */
function SummaryText({ line }: { line: SummaryLine }) {
  const link = (text: string) => (
    <a
      className="summary__link"
      href={`#${line.anchor}`}
      onClick={(event) => (line.key === "advice" ? openAdvice(event, line.anchor) : focusSection(event, line.anchor))}
    >
      {text}
    </a>
  );
  // The link's words say where it goes (RGAA 6.1): the section's name, or the advice's title.
  const linkText = line.linkText ?? line.label;
  const start = line.text.indexOf(linkText);
  if (start < 0) return <span className="summary__text">{link(line.text)}</span>;
  return (
    <span className="summary__text">
      {line.text.slice(0, start)}
      {link(linkText)}
      {line.text.slice(start + linkText.length)}
    </span>
  );
}
