// Twelve months of the key water parameters: one small SVG per parameter, drawn from the geometry
// the PDF also draws (core/report/water-chart.ts), with the same data as a table. Words come from
// the presentation; this file adds layout words only (headings, « Voir les valeurs », column titles).
import { useId, useRef, useState, type KeyboardEvent } from "react";
import type { WaterHistoryPresentation } from "../../core/report/present.ts";
import { layoutWaterChart, placeLimitLabel, type WaterChartGeometry } from "../../core/report/water-chart.ts";
import { NBSP } from "./ReportCard.tsx";

/** viewBox units: the SVG scales to its box (width 100 %), text included. */
const CHART_BOX = { width: 280, height: 130, margin: { top: 14, right: 10, bottom: 22, left: 36 }, minMonthLabelSpacing: 30, maxValueTicks: 4 } as const;
const MARKER_RADIUS = 4;
/** The limit label's size in viewBox units (10 px text), to keep it off the points: an estimate, no layout pass. */
const LABEL_FONT_SIZE = 10;
const labelSizeOf = (text: string) => ({ width: text.length * LABEL_FONT_SIZE * 0.56, height: LABEL_FONT_SIZE * 0.75 });

export default function WaterHistory({ history }: { history: WaterHistoryPresentation[] }) {
  if (history.length === 0) return null;
  // A plain block, not a landmark: it is part of the water card.
  return (
    <div className="water-history">
      <h5 className="water-history__title">Historique sur 12 mois</h5>
      <p className="card__small">
        Chaque point est un prélèvement du contrôle sanitaire{NBSP}; la ligne en tirets marque la limite de qualité. Un cercle vide sur l'axe signale un
        résultat non détecté, pas une valeur nulle{NBSP}; un cercle vide relié à l'axe par un pointillé, un résultat non quantifié{NBSP}: inférieur au seuil du
        laboratoire, sans que l'on sache s'il respecte la limite.
      </p>
      {history.map((item) => (
        <HistoryChart key={item.code} item={item} />
      ))}
    </div>
  );
}

function HistoryChart({ item }: { item: WaterHistoryPresentation }) {
  const ids = { name: useId(), desc: useId() };
  const chart = layoutWaterChart(item.series, { ...CHART_BOX, windowEnd: item.windowEnd });
  // One tab stop per chart (the newest sample); the arrows move between samples, so a year of
  // weekly bacteria counts does not add fifty stops to the page.
  const [focusIndex, setFocusIndex] = useState(Math.max(0, chart.points.length - 1));
  const [tooltipIndex, setTooltipIndex] = useState<number | null>(null);
  const pointRefs = useRef<Array<SVGGElement | null>>([]);

  const moveTo = (index: number) => {
    const target = Math.min(Math.max(index, 0), chart.points.length - 1);
    setFocusIndex(target);
    pointRefs.current[target]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<SVGGElement>, index: number) => {
    const moves: Record<string, number> = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: chart.points.length - 1 };
    if (event.key === "Escape") {
      setTooltipIndex(null);
      return;
    }
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    moveTo(next);
  };

  // A new report (another network) may have fewer samples than the index kept.
  const tabStop = Math.min(focusIndex, chart.points.length - 1);
  const tooltipPoint = tooltipIndex === null ? null : chart.points[tooltipIndex];
  return (
    <figure className="history-chart">
      <figcaption className="history-chart__caption">
        <span id={ids.name} className="history-chart__name">
          {item.name}
        </span>{" "}
        <span className="history-chart__summary">{item.summary}</span>
      </figcaption>
      <div className="history-chart__plot">
        <svg className="history-chart__svg" viewBox={`0 0 ${chart.width} ${chart.height}`} role="group" aria-labelledby={ids.name} aria-describedby={ids.desc}>
          {/* No <title>: browsers would show it as a second tooltip over every point. */}
          <desc id={ids.desc}>{`${item.description}. Flèches gauche et droite${NBSP}: passer d'un prélèvement à l'autre.`}</desc>
          <ChartFrame chart={chart} limitLabel={item.limitLabel} />
          <g className="history-chart__points">
            {chart.points.map((point) => {
              const words = item.points[point.index];
              return (
                <g
                  key={point.index}
                  ref={(element) => {
                    pointRefs.current[point.index] = element;
                  }}
                  className={`history-point history-point--${words?.tone ?? "neutral"}`}
                  role="img"
                  aria-label={words?.text}
                  tabIndex={point.index === tabStop ? 0 : -1}
                  onFocus={() => {
                    setFocusIndex(point.index);
                    setTooltipIndex(point.index);
                  }}
                  onBlur={() => setTooltipIndex(null)}
                  onMouseEnter={() => setTooltipIndex(point.index)}
                  onMouseLeave={() => setTooltipIndex(null)}
                  onKeyDown={(event) => onKeyDown(event, point.index)}
                >
                  <circle className="history-point__halo" cx={point.x} cy={point.y} r={MARKER_RADIUS + 5} />
                  {point.marker === "not-quantified" ? (
                    // Somewhere between 0 and the laboratory's limit: a dotted range down to the axis.
                    <line className="history-point__range" x1={point.x} x2={point.x} y1={point.y + MARKER_RADIUS} y2={chart.plot.bottom} />
                  ) : null}
                  <circle
                    className={point.marker === "value" ? "history-point__marker" : `history-point__marker history-point__marker--${point.marker}`}
                    cx={point.x}
                    cy={point.y}
                    r={MARKER_RADIUS}
                  />
                </g>
              );
            })}
          </g>
        </svg>
        {tooltipPoint ? (
          // The point's own name says the same to assistive technologies.
          <p
            className={`history-chart__tooltip${tooltipPoint.x / chart.width < 0.3 ? " history-chart__tooltip--start" : tooltipPoint.x / chart.width > 0.7 ? " history-chart__tooltip--end" : ""}`}
            style={{ left: `${(tooltipPoint.x / chart.width) * 100}%`, top: `${(tooltipPoint.y / chart.height) * 100}%` }}
            aria-hidden="true"
          >
            <span className="history-chart__tooltip-date">{item.points[tooltipPoint.index]?.date}</span>
            <br />
            {item.points[tooltipPoint.index]?.result}
          </p>
        ) : null}
      </div>
      <details className="history-chart__values">
        <summary>
          Voir les valeurs<span className="sr-only"> – {item.name}</span>
        </summary>
        {/* A narrow screen scrolls the table, not the page (RGAA reflow); focusable so the keyboard can scroll it. */}
        <div className="history-table__scroll" role="region" aria-label={`Valeurs ${item.name}`} tabIndex={0}>
          <table className="history-table">
            <caption>
              {item.name}
              {NBSP}: {item.summary}
            </caption>
            <thead>
              <tr>
                <th scope="col">Date du prélèvement</th>
                <th scope="col">Résultat</th>
                <th scope="col">Appréciation</th>
              </tr>
            </thead>
            <tbody>
              {item.points.map((point, index) => (
                <tr key={`${index}-${point.date}`}>
                  <th scope="row">{point.date}</th>
                  <td>{point.value}</td>
                  <td>{point.label}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {item.limitLabel ? <p className="card__small">{item.limitLabel}</p> : null}
      </details>
    </figure>
  );
}

/** Axes, ticks and the limit line: drawing only, the description and the table say it all. */
function ChartFrame({ chart, limitLabel }: { chart: WaterChartGeometry; limitLabel: string | null }) {
  const { plot } = chart;
  const labelPlace = limitLabel ? placeLimitLabel(chart, labelSizeOf(limitLabel), MARKER_RADIUS) : null;
  return (
    <g aria-hidden="true">
      {chart.valueTicks.map((tick) => (
        <g key={tick.value}>
          <line className="history-chart__grid" x1={plot.left} x2={plot.right} y1={tick.y} y2={tick.y} />
          <text className="history-chart__tick" x={plot.left - 5} y={tick.y} textAnchor="end" dominantBaseline="middle">
            {tick.label}
          </text>
        </g>
      ))}
      {chart.monthTicks.map((tick) => (
        <g key={tick.x}>
          <line className="history-chart__axis" x1={tick.x} x2={tick.x} y1={plot.bottom} y2={plot.bottom + (tick.label ? 4 : 2.5)} />
          {tick.label ? (
            <text className="history-chart__tick" x={tick.x} y={plot.bottom + 15} textAnchor="middle">
              {tick.label}
            </text>
          ) : null}
        </g>
      ))}
      <line className="history-chart__axis" x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} />
      <line className="history-chart__axis" x1={plot.left} x2={plot.left} y1={plot.top} y2={plot.bottom} />
      {chart.limit ? <line className="history-chart__limit" x1={plot.left} x2={plot.right} y1={chart.limit.y} y2={chart.limit.y} /> : null}
      {labelPlace && limitLabel ? (
        <text className="history-chart__limit-label" x={labelPlace.x} y={labelPlace.y} textAnchor={labelPlace.anchor}>
          {limitLabel}
        </text>
      ) : null}
    </g>
  );
}
