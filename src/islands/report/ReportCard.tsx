// The pieces every card of the report is built from: the card itself, an official badge, the
// section's date line and message, facts, notes and the source link.
import { createContext, useContext, useId, useState, type CSSProperties, type MouseEvent, type ReactNode } from "react";
import type { Badge } from "../../core/report/badge.ts";
import { adviceAnchor, type AdvicePresentation } from "../../core/report/compose.ts";
import type { Fact, SectionPresentation, StatusLink } from "../../core/report/document.ts";
import { NBSP } from "../../core/shared/format.ts";
import { OPEN_METEO_ATTRIBUTION_URL } from "../../core/shared/sources.ts";
import type { SourceRef } from "../../core/types.ts";
import { useReportRefresh } from "./refresh-context.ts";
import { STILL_UNAVAILABLE, type SectionKey } from "./refresh.ts";

export { NBSP };

/** An official word in its publisher's colours when it has some (ATMO, VigiEau), else our tone's. */
export function OfficialBadge({ badge, className, hidden = false }: { badge: Badge; className?: string; hidden?: boolean }) {
  const style: CSSProperties | undefined = badge.colors ? { backgroundColor: badge.colors.background, color: badge.colors.text } : undefined;
  return (
    <span
      className={`badge ${badge.colors ? "badge--official" : `badge--${badge.tone}`}${className ? ` ${className}` : ""}`}
      style={style}
      aria-hidden={hidden || undefined}
    >
      {badge.word}
    </span>
  );
}

/** The report's advice in its one ranking, for each card's one line (null while it is on its way). */
export const CardAdvice = createContext<readonly AdvicePresentation[] | null>(null);

/** Wide screens show the cards' details open; a phone keeps them closed, so the report reads in a few screens (decision 084). */
export const WIDE_SCREEN = "(min-width: 52rem)";
export function useWideScreen(): boolean {
  const [wide] = useState(() => typeof window !== "undefined" && typeof window.matchMedia === "function" && window.matchMedia(WIDE_SCREEN).matches);
  return wide;
}

/**
 * A card of the report. With an `intro` (a section's card), it shows the verdict — the headline,
 * the intro (date line, message, « Réessayer ») and the section's first advice in one line — and
 * keeps the rest behind « Détails ». Without one (the advice card), its content as it is.
 */
export function Card({
  anchor,
  title,
  headline,
  className,
  section,
  intro,
  children,
}: {
  anchor: string;
  title: string;
  headline: Badge | null;
  className: string;
  /** the section's key, whose first advice the card's line names */
  section?: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  const advice = useContext(CardAdvice);
  const wide = useWideScreen();
  const first = section ? advice?.find((item) => item.category === section) : undefined;
  // tabIndex -1: the summary's links move the focus here, so a screen reader starts at the card.
  return (
    <article id={anchor} tabIndex={-1} className={`card report-section ${className}`} aria-labelledby={headingId}>
      <div className="card__head">
        <h4 id={headingId} className="card__title">
          {title}
        </h4>
        {headline ? <OfficialBadge badge={headline} className="card__badge" /> : null}
      </div>
      {intro === undefined ? (
        children
      ) : (
        <>
          {intro}
          {first ? <AdviceLine item={first} /> : null}
          <details className="card__more" open={wide}>
            <summary>
              Détails<span className="sr-only"> – {title}</span>
            </summary>
            <div className="card__more-body">{children}</div>
          </details>
        </>
      )}
    </article>
  );
}

/** The section's first advice in one line, linked to its whole text in the advice card (each piece of advice said once). */
function AdviceLine({ item }: { item: AdvicePresentation }) {
  return (
    <p className={`card__advice card__advice--${item.severity}`}>
      <span className="card__advice-severity">{item.severityLabel}</span>
      {NBSP}:{" "}
      <a href={`#${adviceAnchor(item.id)}`} onClick={(event) => openAdvice(event, adviceAnchor(item.id))}>
        {item.title}
      </a>
    </p>
  );
}

/** Opens the advice the link names (a closed disclosure on a phone), then lets the jump happen and moves the focus there. */
export function openAdvice(event: MouseEvent<HTMLAnchorElement>, anchor: string) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const target = document.getElementById(anchor);
  const details = target?.querySelector("details");
  if (details) details.open = true;
  window.setTimeout(() => target?.focus({ preventScroll: true }), 0);
}

/**
 * « Réessayer » on a card whose source failed: the report is asked again and the rest of it stays
 * on screen meanwhile; if the section is still missing, a calm sentence beside the button.
 */
export function RetrySection({ section }: { section: SectionKey }) {
  const refresh = useReportRefresh();
  const messageId = useId();
  if (!refresh || !refresh.failed.includes(section)) return null;
  const mine = refresh.retry?.section === section ? refresh.retry.status : null;
  const busy = refresh.retry?.status === "busy";
  return (
    <div className="card__retry">
      {/* Never disabled: the focus stays on the button while the report is asked again. */}
      <button
        type="button"
        className="btn btn--secondary"
        aria-busy={mine === "busy" || undefined}
        aria-disabled={busy || undefined}
        aria-describedby={messageId}
        onClick={() => {
          if (!busy) refresh.onRetry(section);
        }}
      >
        {mine === "busy" ? "Nouvelle tentative…" : "Réessayer"}
      </button>
      <p id={messageId} className="card__retry-message" role="status">
        {mine === "failed" ? STILL_UNAVAILABLE : null}
      </p>
    </div>
  );
}

/** A section's card laid out in the usual order: date line and message, facts, notes, then its own content and the source. */
export function SectionCard({ section, className, children }: { section: SectionPresentation; className: string; children: ReactNode }) {
  return (
    <Card
      anchor={section.anchor}
      title={section.title}
      headline={section.headline}
      className={className}
      section={section.key}
      intro={<SectionIntro section={section} />}
    >
      <Facts facts={section.facts} />
      <Notes notes={section.notes} />
      {children}
      <SourceLink source={section.source} />
    </Card>
  );
}

/** The date line and the plain message every data card starts with (and « Réessayer » when its source failed). */
export function SectionIntro({ section }: { section: SectionPresentation }) {
  return (
    <>
      {section.dateLine ? <p className="card__date">{section.dateLine}</p> : null}
      {section.message ? <p className="card__message">{section.message}</p> : null}
      <RetrySection section={section.key} />
      <SourceStatusLink link={section.statusLink} />
    </>
  );
}

/** « État des sources », on a card whose source could not be read: its row on /etat (decision 085). */
export function SourceStatusLink({ link }: { link: StatusLink | undefined }) {
  return link ? (
    <p className="card__small">
      <a href={link.href}>{link.text}</a>
    </p>
  ) : null;
}

export function SourceLink({ source }: { source: SourceRef }) {
  return (
    <p className="card__source">
      Source{NBSP}:{" "}
      <a href={source.url} target="_blank" rel="noopener noreferrer">
        {source.name}
        <span className="sr-only"> (nouvel onglet)</span>
      </a>
    </p>
  );
}

// A long value (the ARS conclusion, a ban's detail) reads better under its term than beside it.
const LONG_FACT_CHARS = 60;

export function Facts({ facts }: { facts: Fact[] }) {
  if (facts.length === 0) return null;
  return (
    <dl className="details">
      {facts.map((fact) => (
        <div key={fact.term} className={fact.value.length > LONG_FACT_CHARS ? "details__row details__row--block" : "details__row"}>
          <dt>{fact.term}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Notes({ notes }: { notes: string[] }) {
  return (
    <>
      {notes.map((note) => (
        <p key={note} className="card__note">
          {note}
        </p>
      ))}
    </>
  );
}

const OPEN_METEO = "Open-Meteo.com";

/** The CC BY attribution, with the name it credits as the link to open-meteo.com. */
export function Attribution({ text }: { text: string }) {
  const link = (
    <a href={OPEN_METEO_ATTRIBUTION_URL} target="_blank" rel="noopener noreferrer">
      {OPEN_METEO}
      <span className="sr-only"> (nouvel onglet)</span>
    </a>
  );
  const at = text.indexOf(OPEN_METEO);
  if (at === -1) {
    return (
      <p className="card__small">
        {text} ({link})
      </p>
    );
  }
  return (
    <p className="card__small">
      {text.slice(0, at)}
      {link}
      {text.slice(at + OPEN_METEO.length)}
    </p>
  );
}
