// The report page: lays out the one presentation of a report (`presentReport`), which the PDF and
// the emails also lay out. Every word about the data comes from there — the sources' official
// words, dates and notes; this file and its cards (`*Card.tsx`) only add layout words (buttons,
// « Source », link labels).
import { useId, useMemo, type MouseEvent } from "react";
import { presentReport, type SummaryLine } from "../../core/report/present.ts";
import type { Report } from "../../core/types.ts";
import AdviceCard from "./AdviceCard.tsx";
import AirCard from "./AirCard.tsx";
import BathingCard from "./BathingCard.tsx";
import DroughtCard from "./DroughtCard.tsx";
import { OfficialBadge } from "./ReportCard.tsx";
import { reportRequestOf, toReportParams } from "./report-request.ts";
import WaterCard from "./WaterCard.tsx";

interface Props {
  report: Report;
  /** the UDI being loaded after a change in the chooser, so the select shows the person's choice */
  pendingUdi: string | null;
  updating: boolean;
  onChooseUdi(code: string): void;
}

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
        <BathingCard bathing={presentation.bathing} />
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
