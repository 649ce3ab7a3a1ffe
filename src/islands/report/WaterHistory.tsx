// Twelve months of the key water parameters, in one disclosure closed by default: one small SVG per
// parameter that has something to say (core/report/water-chart.ts decides, and the PDF draws from
// the same geometry), the others in a sentence. The axes' labels are HTML beside the SVG, not SVG
// text: a viewBox scales its text with the chart, which left 7 px labels at 320 px. Words come from
// the presentation; this file adds layout words only (headings, « Voir les valeurs », column titles).
import { useId, useRef, useState, type CSSProperties, type KeyboardEvent } from "react";
import type { WaterHistoryPresentation } from "../../core/report/present.ts";
import { isNeverDetected, isWorthDrawing, layoutWaterChart, type WaterChartGeometry } from "../../core/report/water-chart.ts";
import { NBSP } from "./ReportCard.tsx";

/** viewBox units: the SVG scales to its box (width 100 %); it holds no text, so nothing shrinks. */
const CHART_BOX = { width: 280, height: 120, margin: { top: 8, right: 8, bottom: 4, left: 6 }, minMonthLabelSpacing: 50 } as const;
const MARKER_RADIUS = 4;

export default function WaterHistory({ history }: { history: WaterHistoryPresentation[] }) {
  if (!history[0]) return null;
  const drawn = history.filter((item) => isWorthDrawing(item.series));
  const told = history.filter((item) => !isWorthDrawing(item.series));
  // Closed by default: the report reads around « L'essentiel »; the history is there for who asks.
  return (
    <details className="card water-history">
      <summary>
        <strong>Historique sur 12 mois</strong> de l'eau du robinet
      </summary>
      {/* The grid is on a wrapper: a <details> lays its content out as a block whatever its display. */}
      <div className="water-history__body">
        {drawn[0] ? (
          <p className="card__small">
            {`Chaque point est un prélèvement du contrôle sanitaire. Un cercle vide sur l'axe signale un résultat non détecté, pas une valeur nulle${NBSP}; un cercle vide relié à l'axe par un pointillé, un résultat non quantifié${NBSP}: inférieur au seuil du laboratoire, sans que l'on sache s'il respecte la limite.`}
          </p>
        ) : null}
        {drawn.map((item) => (
          <HistoryChart key={item.code} item={item} />
        ))}
        {told[0] ? (
          <ul>
            {told.map((item) => (
              <li key={item.code}>
                <strong>{item.name}</strong>
                {`${NBSP}: ${isNeverDetected(item.series) ? `jamais détecté sur 12${NBSP}mois (${item.summary})` : item.summary}`}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </details>
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
        <ValueLabels chart={chart} />
        <div className="history-chart__canvas">
          <svg
            className="history-chart__svg"
            viewBox={`0 0 ${chart.width} ${chart.height}`}
            role="group"
            aria-labelledby={ids.name}
            aria-describedby={ids.desc}
          >
            {/* No <title>: browsers would show it as a second tooltip over every point. */}
            <desc id={ids.desc}>{`${item.description}. Flèches gauche et droite${NBSP}: passer d'un prélèvement à l'autre.`}</desc>
            <ChartFrame chart={chart} />
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
              className="history-chart__tooltip"
              // --x: where the point lies across the chart (0 to 1); the CSS shifts the tooltip as much, so it never leaves the chart.
              style={{ "--x": tooltipPoint.x / chart.width, top: `${(tooltipPoint.y / chart.height) * 100}%` } as CSSProperties}
              aria-hidden="true"
            >
              <span className="history-chart__tooltip-date">{item.points[tooltipPoint.index]?.date}</span>
              <br />
              {item.points[tooltipPoint.index]?.result}
            </p>
          ) : null}
        </div>
        <MonthLabels chart={chart} />
      </div>
      {item.limitLabel ? (
        // Beside the chart, not over it: it can never hide a point.
        <p className="history-chart__legend">{item.limitLabel}</p>
      ) : null}
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
      </details>
    </figure>
  );
}

/** Axes, ticks and the limit line: drawing only, the description and the table say it all. */
function ChartFrame({ chart }: { chart: WaterChartGeometry }) {
  const { plot } = chart;
  return (
    <g aria-hidden="true">
      {chart.valueTicks.map((tick) => (
        <line key={tick.value} className="history-chart__grid" x1={plot.left} x2={plot.right} y1={tick.y} y2={tick.y} />
      ))}
      {chart.monthTicks.map((tick) => (
        <line key={tick.x} className="history-chart__axis" x1={tick.x} x2={tick.x} y1={plot.bottom} y2={plot.bottom + (tick.label ? 4 : 2.5)} />
      ))}
      <line className="history-chart__axis" x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} />
      <line className="history-chart__axis" x1={plot.left} x2={plot.left} y1={plot.top} y2={plot.bottom} />
      {chart.limit ? <line className="history-chart__limit" x1={plot.left} x2={plot.right} y1={chart.limit.y} y2={chart.limit.y} /> : null}
    </g>
  );
}

/** The values, left of the SVG, at their height in it (percentages of the same box). */
function ValueLabels({ chart }: { chart: WaterChartGeometry }) {
  return (
    <div className="history-chart__value-labels" aria-hidden="true">
      {chart.valueTicks.map((tick) => (
        <span key={tick.value} className="history-chart__tick" style={{ top: `${(tick.y / chart.height) * 100}%` }}>
          {tick.label}
        </span>
      ))}
    </div>
  );
}

/** The months under the SVG, « janv.\n2026 » when the window spans two years. */
function MonthLabels({ chart }: { chart: WaterChartGeometry }) {
  return (
    <div className="history-chart__month-labels" aria-hidden="true">
      {chart.monthTicks.map((tick) =>
        tick.label ? (
          <span key={tick.x} className="history-chart__tick" style={{ left: `${(tick.x / chart.width) * 100}%` }}>
            {tick.year ? `${tick.label}\n${tick.year}` : tick.label}
          </span>
        ) : null,
      )}
    </div>
  );
}
