// The report page: lays out the one presentation of a report (`presentReport`), which the PDF and
// the emails also lay out. Every word about the data comes from there — the sources' official
// words, dates and notes; this file only adds layout words (buttons, « Source », link labels).
import { useId, useMemo, type CSSProperties, type MouseEvent, type ReactNode } from "react";
import {
  presentReport,
  SECTION_ANCHORS,
  type AdvicePresentation,
  type AirPresentation,
  type Badge,
  type BathingPresentation,
  type DroughtPresentation,
  type Fact,
  type SectionPresentation,
  type SummaryLine,
  type WaterPresentation,
  type WaterRowPresentation,
} from "../core/report/present.ts";
import type { Report, SourceRef } from "../core/types.ts";
import { reportRequestOf, toReportParams } from "./api.ts";

interface Props {
  report: Report;
  /** the UDI being loaded after a change in the chooser, so the select shows the person's choice */
  pendingUdi: string | null;
  updating: boolean;
  onChooseUdi(code: string): void;
}

const NBSP = "\u00A0";

/** The same report as a PDF: the address and the network shown. */
function pdfRequestOf(report: Report) {
  return reportRequestOf(report, report.water_quality.udis.length > 1 ? report.water_quality.udi?.code : undefined);
}

export default function ReportView({ report, pendingUdi, updating, onChooseUdi }: Props) {
  const presentation = useMemo(() => presentReport(report), [report]);
  return (
    <div className="report" data-testid="report" aria-busy={updating || undefined}>
      <header className="report__header">
        <h3 className="report__title">
          <span className="report__kicker">Bilan pour</span> {presentation.title}
        </h3>
        <p className="report__meta">
          {presentation.place ? `${presentation.place} · ` : ""}
          {presentation.updated}
        </p>
      </header>
      <Summary lines={presentation.summary} />
      <div className="report__grid">
        <WaterCard water={presentation.water} pendingUdi={pendingUdi} updating={updating} onChooseUdi={onChooseUdi} />
        <AirCard air={presentation.air} />
        <DroughtCard drought={presentation.drought} />
        {presentation.bathing ? <BathingCard bathing={presentation.bathing} /> : null}
        <AdviceCard advice={presentation.advice} />
      </div>
      <div className="report__actions">
        <a className="btn btn--secondary" href={`/api/report/pdf?${toReportParams(pdfRequestOf(report))}`} download>
          Télécharger le rapport PDF
        </a>
        <a className="btn btn--secondary" href="/compte">
          Recevoir des alertes pour cette adresse
        </a>
      </div>
      <p className="report__disclaimer">{presentation.disclaimer}</p>
    </div>
  );
}

// ---------------------------------------------------------------- shared pieces

/** An official word in its publisher's colours when it has some (ATMO, VigiEau), else our tone's. */
function OfficialBadge({ badge, className, hidden = false }: { badge: Badge; className?: string; hidden?: boolean }) {
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

function Card({
  anchor,
  title,
  headline,
  className,
  children,
}: {
  anchor: string;
  title: string;
  headline: Badge | null;
  className: string;
  children: ReactNode;
}) {
  const headingId = useId();
  // tabIndex -1: the summary's links move the focus here, so a screen reader starts at the card.
  return (
    <article id={anchor} tabIndex={-1} className={`card report-section ${className}`} aria-labelledby={headingId}>
      <div className="card__head">
        <h4 id={headingId} className="card__title">
          {title}
        </h4>
        {headline ? <OfficialBadge badge={headline} className="card__badge" /> : null}
      </div>
      {children}
    </article>
  );
}

/** The date line and the plain message every data card starts with. */
function SectionIntro({ section }: { section: SectionPresentation }) {
  return (
    <>
      {section.dateLine ? <p className="card__date">{section.dateLine}</p> : null}
      {section.message ? <p className="card__message">{section.message}</p> : null}
    </>
  );
}

function SourceLink({ source }: { source: SourceRef }) {
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

function Facts({ facts }: { facts: Fact[] }) {
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

function Notes({ notes }: { notes: string[] }) {
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

// ---------------------------------------------------------------- summary

/** Let the jump happen, then put the focus on the section so keyboard and screen reader follow. */
function focusSection(event: MouseEvent<HTMLAnchorElement>, anchor: string) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  window.setTimeout(() => document.getElementById(anchor)?.focus({ preventScroll: true }), 0);
}

function Summary({ lines }: { lines: SummaryLine[] }) {
  const headingId = useId();
  if (lines.length === 0) return null;
  return (
    <section className="summary" aria-labelledby={headingId}>
      <h4 id={headingId} className="summary__title">
        L'essentiel
      </h4>
      <ul className="summary__list" aria-labelledby={headingId}>
        {lines.map((line) => (
          <li key={line.key} className={`summary__item summary__item--${line.key} summary__item--tone-${line.tone}`}>
            {/* The sentence carries the official word too: the badge is for the eyes only. */}
            {line.badge ? <OfficialBadge badge={line.badge} className="summary__badge" hidden /> : null}
            <SummaryText line={line} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** « Eau du robinet : conforme (…) » with its label as the link to the section. */
function SummaryText({ line }: { line: SummaryLine }) {
  const link = (text: string) => (
    <a className="summary__link" href={`#${line.anchor}`} onClick={(event) => focusSection(event, line.anchor)}>
      {text}
    </a>
  );
  if (!line.text.startsWith(line.label)) return <span className="summary__text">{link(line.text)}</span>;
  return (
    <span className="summary__text">
      {link(line.label)}
      {line.text.slice(line.label.length)}
    </span>
  );
}

// ---------------------------------------------------------------- water

function WaterCard({
  water,
  pendingUdi,
  updating,
  onChooseUdi,
}: {
  water: WaterPresentation;
  pendingUdi: string | null;
  updating: boolean;
  onChooseUdi(code: string): void;
}) {
  const selectId = useId();
  const { networks } = water;
  return (
    <Card anchor={water.anchor} title={water.title} headline={water.headline} className="card--water">
      <SectionIntro section={water} />
      {networks.options.length > 1 ? (
        <div className="udi-chooser">
          <label htmlFor={selectId}>Réseau de distribution</label>
          <select
            id={selectId}
            value={pendingUdi ?? networks.selected ?? ""}
            disabled={updating}
            onChange={(event) => onChooseUdi(event.target.value)}
          >
            {networks.options.map((option) => (
              <option key={option.code} value={option.code}>
                {option.label}
              </option>
            ))}
          </select>
          {networks.hint ? <p className="udi-chooser__hint">{networks.hint}</p> : null}
        </div>
      ) : null}
      <Notes notes={water.notes} />
      <Facts facts={water.facts} />
      {water.rows.length > 0 ? (
        <ul className="parameters" aria-label="Paramètres mesurés">
          {water.rows.map((row) => (
            <WaterRow key={row.code} row={row} />
          ))}
        </ul>
      ) : null}
      <SourceLink source={water.source} />
    </Card>
  );
}

function WaterRow({ row }: { row: WaterRowPresentation }) {
  return (
    <li className="parameter">
      <div className="parameter__line">
        <span className="parameter__name">{row.name}</span>
        <span className="parameter__value">{row.value}</span>
      </div>
      {row.labLabel ? <p className="parameter__lab">{row.labLabel}</p> : null}
      <p className="parameter__note">
        <OfficialBadge badge={row.badge} /> {row.comparison}
      </p>
      {row.gauge ? (
        <div className="meter" aria-hidden="true">
          <span className={`meter__bar meter__bar--${row.gauge.tone}`} style={{ width: `${Math.min(100, Math.max(row.gauge.percent, 2))}%` }} />
        </div>
      ) : null}
      {row.notes.map((note) => (
        <p key={note} className="parameter__explain">
          {note}
        </p>
      ))}
      {row.dateLine ? <p className="parameter__date">{row.dateLine}</p> : null}
    </li>
  );
}

// ---------------------------------------------------------------- air

const OPEN_METEO = "Open-Meteo.com";

function AirCard({ air }: { air: AirPresentation }) {
  return (
    <Card anchor={air.anchor} title={air.title} headline={air.headline} className="card--air">
      <SectionIntro section={air} />
      <Facts facts={air.facts} />
      {air.modelValues.length > 0 ? (
        <div className="model-values">
          {air.notes.map((note) => (
            <p key={note} className="card__small">
              {note}
            </p>
          ))}
          <ul className="card__small model-values__list">
            {air.modelValues.map((value) => (
              <li key={value}>{value}</li>
            ))}
          </ul>
        </div>
      ) : (
        <Notes notes={air.notes} />
      )}
      <SourceLink source={air.source} />
      {air.attribution ? <Attribution text={air.attribution} /> : null}
    </Card>
  );
}

/** The CC BY attribution, with the name it credits as the link to open-meteo.com. */
function Attribution({ text }: { text: string }) {
  const link = (
    <a href="https://open-meteo.com/" target="_blank" rel="noopener noreferrer">
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

// ---------------------------------------------------------------- drought

function DroughtCard({ drought }: { drought: DroughtPresentation }) {
  return (
    <Card anchor={drought.anchor} title={drought.title} headline={drought.headline} className="card--drought">
      <SectionIntro section={drought} />
      <Facts facts={drought.facts} />
      <Notes notes={drought.notes} />
      {drought.zones.length > 0 ? (
        // One block per water type, worst first: the tap's zone must not hide behind a river's.
        <ul className="drought-zones" aria-label="Restrictions par type d'eau">
          {drought.zones.map((zone, zoneIndex) => (
            <li key={`${zone.title}-${zoneIndex}`} className="drought-zone">
              <h5 className="drought-zone__title">
                <span>{zone.title}</span>
                <OfficialBadge badge={zone.badge} className="drought-zone__badge" />
              </h5>
              {zone.hint ? <p className="card__small">{zone.hint}</p> : null}
              <Facts facts={zone.facts} />
              {zone.groups.length > 0 ? (
                <details className="restrictions">
                  <summary>
                    {zone.restrictionsSummary}
                    <span className="sr-only"> – {zone.title}</span>
                  </summary>
                  {zone.groups.map((group) => (
                    <div key={group.theme} className="restrictions__group">
                      <h6 className="restrictions__theme">{group.theme}</h6>
                      <ul>
                        {group.restrictions.map((restriction, index) => (
                          <li key={`${restriction.usage}-${index}`}>
                            <strong>{restriction.usage}</strong>
                            {NBSP}: {restriction.description}
                          </li>
                        ))}
                      </ul>
                    </div>
                  ))}
                </details>
              ) : (
                <p className="card__small">{zone.restrictionsSummary}</p>
              )}
              {zone.decreeUrl ? (
                <p className="card__action">
                  <a href={zone.decreeUrl} target="_blank" rel="noopener noreferrer">
                    Consulter l'arrêté (PDF)<span className="sr-only"> – {zone.title} (nouvel onglet)</span>
                  </a>
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <SourceLink source={drought.source} />
    </Card>
  );
}

// ---------------------------------------------------------------- bathing

function BathingCard({ bathing }: { bathing: BathingPresentation }) {
  return (
    <Card anchor={bathing.anchor} title={bathing.title} headline={bathing.headline} className="card--bathing">
      <SectionIntro section={bathing} />
      <Facts facts={bathing.facts} />
      <Notes notes={bathing.notes} />
      {bathing.sites.length > 0 ? (
        <ul className="bathing-sites" aria-label="Sites de baignade les plus proches">
          {bathing.sites.map((site) => (
            <li key={site.id} className="bathing-site">
              <p className="bathing-site__name">
                {site.name} <OfficialBadge badge={site.badge} className="bathing-site__badge" />
              </p>
              <p className="card__small">{site.place}</p>
              <Facts facts={site.facts} />
              {site.liveRead ? <p className="card__small">{site.liveRead}</p> : null}
              <p className="card__action">
                <a href={site.url} target="_blank" rel="noopener noreferrer">
                  Fiche officielle du site<span className="sr-only"> {site.name} (nouvel onglet)</span>
                </a>
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      <SourceLink source={bathing.source} />
    </Card>
  );
}

// ---------------------------------------------------------------- advice

function AdviceCard({ advice }: { advice: AdvicePresentation[] }) {
  // At most one prominent box per domain: the others follow, compact, in the presentation's order.
  const prominent = advice.filter((item) => item.prominent);
  const compact = advice.filter((item) => !item.prominent);
  return (
    <Card anchor={SECTION_ANCHORS.advice} title="Recommandations" headline={null} className="card--recommendations">
      {prominent.length > 0 ? (
        <ul className="recommendations">
          {prominent.map((item) => (
            <li key={item.id} className={`recommendation recommendation--${item.severity}`} data-domain={item.category}>
              <p className="recommendation__severity">{item.severityLabel}</p>
              <p className="recommendation__title">{item.title}</p>
              <p className="recommendation__text">{item.text}</p>
              <AdviceLinks item={item} />
            </li>
          ))}
        </ul>
      ) : null}
      {compact.length > 0 ? (
        <>
          {prominent.length > 0 ? <h5 className="recommendations__more">Autres conseils</h5> : null}
          <ul className="recommendations-compact">
            {compact.map((item) => (
              <li key={item.id} className="recommendation-compact">
                <p className="recommendation-compact__title">{item.title}</p>
                <p className="recommendation-compact__text">{item.text}</p>
                <AdviceLinks item={item} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Card>
  );
}

function AdviceLinks({ item }: { item: AdvicePresentation }) {
  return (
    <p className="recommendation__links">
      <a href={item.link} target="_blank" rel="noopener">
        En savoir plus<span className="sr-only">{NBSP}: {item.title} (nouvel onglet)</span>
      </a>
      {" · "}
      <a href={item.source.url} target="_blank" rel="noopener noreferrer">
        Source{NBSP}: {item.source.name}
        <span className="sr-only"> (nouvel onglet)</span>
      </a>
    </p>
  );
}
