// The geometry of one water-history chart: where each sample, the limit line and the axes' ticks
// go in a width × height box. The report's SVG and the PDF both draw from it, so they draw the same
// chart. Pure: the window ends at the report's generation time, passed in.
import type { WaterHistorySeries } from "../types.ts";
import { classifyUnit } from "../../sections/water/measurements.ts";
// Not from evaluate.ts: the report island would then bundle the water rules.
import { WATER_WINDOW_DAYS } from "../../sections/water/window.ts";
import { formatNumberFr } from "../shared/format.ts";

const DAY_MS = 24 * 3600 * 1000;

/** Room kept above the highest of the limit and the values, so that neither touches the top. */
export const CHART_HEADROOM = 1.15;

export const SHORT_MONTHS_FR = ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."] as const;

export interface WaterChartBox {
  width: number;
  height: number;
  /** room around the plot for the axes' labels: the values on the left, the months below */
  margin: { top: number; right: number; bottom: number; left: number };
  /** the end of the twelve-month window: the report's generation time (ISO) */
  windowEnd: string;
  /** month labels at least this far apart, in the box's units; the other months keep a bare tick */
  minMonthLabelSpacing?: number;
  /** at most this many value ticks, 0 included */
  maxValueTicks?: number;
}

export interface WaterChartPoint {
  /** the point's index in the series (oldest first) */
  index: number;
  x: number;
  y: number;
  /**
   * "value": a filled marker at its height; "not-detected": a hollow marker on the baseline, never
   * a 0; "not-quantified": a hollow marker at the laboratory's limit, joined to the baseline (the
   * value lies somewhere under that limit, which is above the limite de qualité)
   */
  marker: "value" | "not-detected" | "not-quantified";
  level: WaterHistorySeries["points"][number]["level"];
}

/** y grows downwards, as in SVG: the PDF flips it (pdfY = top of the box − y). */
export interface WaterChartGeometry {
  width: number;
  height: number;
  plot: { left: number; right: number; top: number; bottom: number };
  /** the value at the top of the plot */
  yMax: number;
  windowStart: string;
  windowEnd: string;
  points: WaterChartPoint[];
  /** the limite de qualité's line; null when the series has none */
  limit: { y: number; value: number } | null;
  /**
   * the first day of each month in the window; `label` only on every few months when space is short;
   * `year` beside the first label and the first label of each new year when the window spans two
   */
  monthTicks: Array<{ x: number; label: string | null; year: string | null }>;
  valueTicks: Array<{ y: number; value: number; label: string }>;
}

export function layoutWaterChart(series: WaterHistorySeries, box: WaterChartBox): WaterChartGeometry {
  const end = Date.parse(box.windowEnd);
  const start = end - WATER_WINDOW_DAYS * DAY_MS;
  const plot = {
    left: box.margin.left,
    right: box.width - box.margin.right,
    top: box.margin.top,
    bottom: box.height - box.margin.bottom,
  };
  const xOf = (time: number) => plot.left + ((Math.min(Math.max(time, start), end) - start) / (end - start)) * (plot.right - plot.left);

  const values = series.points.flatMap((point) =>
    point.value !== null ? [point.value] : notQuantifiedBound(point) !== null ? [notQuantifiedBound(point)!] : [],
  );
  const highest = Math.max(series.limit ?? 0, ...values, 0) * CHART_HEADROOM;
  // Nothing quantified and a limit of 0 (bacteria): a scale of one unit keeps the axis readable.
  const yMax = highest > 0 ? highest : 1;
  const yOf = (value: number) => plot.bottom - (value / yMax) * (plot.bottom - plot.top);

  const points = series.points.map((point, index): WaterChartPoint => {
    const x = xOf(Date.parse(point.sampled_at));
    if (point.value !== null) return { index, x, y: yOf(point.value), marker: "value", level: point.level };
    const bound = notQuantifiedBound(point);
    if (bound !== null) return { index, x, y: yOf(bound), marker: "not-quantified", level: point.level };
    return { index, x, y: plot.bottom, marker: "not-detected", level: point.level };
  });

  return {
    width: box.width,
    height: box.height,
    plot,
    yMax,
    windowStart: new Date(start).toISOString(),
    windowEnd: new Date(end).toISOString(),
    points,
    limit: series.limit === null ? null : { y: yOf(series.limit), value: series.limit },
    monthTicks: monthTicksOf(start, end, xOf, box.minMonthLabelSpacing ?? 0),
    valueTicks: valueTicksOf(yMax, box.maxValueTicks ?? 4, isCount(series.unit)).map((value) => ({ y: yOf(value), value, label: formatNumberFr(value, 3) })),
  };
}

export interface LimitLabelPlacement {
  /** the text's left edge ("start") or right edge ("end") */
  x: number;
  /** the text's baseline */
  y: number;
  anchor: "start" | "end";
}

/**
 * Where the limit line's label goes: above the line at the right end, unless points sit there (a
 * non-compliant sample is just above the line, often the newest); then at the left end, then
 * under the line. `label` is the text's size in the box's units (each channel measures its font).
 */
export function placeLimitLabel(chart: WaterChartGeometry, label: { width: number; height: number }, markerRadius: number): LimitLabelPlacement | null {
  if (!chart.limit) return null;
  const { plot } = chart;
  const gap = 2;
  const lineY = chart.limit.y;
  const candidates: LimitLabelPlacement[] = [
    { x: plot.right, y: lineY - gap, anchor: "end" },
    { x: plot.left + gap + markerRadius, y: lineY - gap, anchor: "start" },
  ];
  // Under the line only when it leaves room above the baseline.
  if (lineY + gap + label.height <= plot.bottom - markerRadius) {
    candidates.push(
      { x: plot.right, y: lineY + gap + label.height, anchor: "end" },
      { x: plot.left + gap + markerRadius, y: lineY + gap + label.height, anchor: "start" },
    );
  }
  const collisions = (placement: LimitLabelPlacement) => {
    const left = placement.anchor === "end" ? placement.x - label.width : placement.x;
    const right = left + label.width;
    const top = placement.y - label.height;
    const bottom = placement.y;
    return chart.points.filter((point) => {
      const nearestX = Math.min(Math.max(point.x, left), right);
      const nearestY = Math.min(Math.max(point.y, top), bottom);
      return Math.hypot(point.x - nearestX, point.y - nearestY) < markerRadius + 1;
    }).length;
  };
  let best = candidates[0]!;
  let fewest = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const count = collisions(candidate);
    if (count === 0) return candidate;
    if (count < fewest) [best, fewest] = [candidate, count];
  }
  return best;
}

/** A « Non quantifié » point's laboratory limit (a report cached before the field has none: drawn as before). */
function notQuantifiedBound(point: WaterHistorySeries["points"][number]): number | null {
  return point.value === null && point.not_quantified && typeof point.below === "number" ? point.below : null;
}

/** Bacteria are counted: their axis has whole numbers only. */
const isCount = (unit: string | null) => unit !== null && classifyUnit(unit).family === "count100ml";

function monthTicksOf(start: number, end: number, xOf: (time: number) => number, minSpacing: number): WaterChartGeometry["monthTicks"] {
  const first = new Date(start);
  const months: number[] = [];
  for (let month = first.getUTCMonth() + 1, year = first.getUTCFullYear(); ; month += 1) {
    const time = Date.UTC(year, month, 1);
    if (time > end) break;
    months.push(time);
  }
  const monthWidth = months.length > 1 ? xOf(months[1]!) - xOf(months[0]!) : Number.POSITIVE_INFINITY;
  const every = Math.max(1, Math.ceil(minSpacing / monthWidth));
  const spansTwoYears = new Date(months[0]!).getUTCFullYear() !== new Date(months.at(-1)!).getUTCFullYear();
  let yearShown: number | null = null;
  return months.map((time) => {
    const month = new Date(time).getUTCMonth();
    // Labelled months are the same whatever the window (January, then every `every` months).
    const label = month % every === 0 ? SHORT_MONTHS_FR[month]! : null;
    const year = new Date(time).getUTCFullYear();
    // « déc. 2025 … janv. 2026 »: without the years, December would seem to follow January.
    const showYear = spansTwoYears && label !== null && year !== yearShown;
    if (showYear) yearShown = year;
    return { x: xOf(time), label, year: showYear ? String(year) : null };
  });
}

/**
 * Whether a series says enough to be drawn: at least two quantified values (a line of one point,
 * or of rings on the axis, shows nothing a sentence cannot say), or any sample above its limit or
 * reference — the report's level says so (critical « Non conforme », concerning « À surveiller »),
 * and that one is always shown.
 */
export function isWorthDrawing(series: WaterHistorySeries): boolean {
  return (
    series.points.filter((point) => point.value !== null).length >= 2 ||
    series.points.some((point) => point.level === "critical" || point.level === "concerning")
  );
}

/** Every sample « non détecté » (bacteria, most often): one sentence says it, no chart. A series always has a sample. */
export function isNeverDetected(series: WaterHistorySeries): boolean {
  return series.points.every((point) => point.value === null && !point.not_quantified);
}

/** 0 and round steps (1, 2, 2,5 or 5 × 10ⁿ) up to yMax, at most `maxTicks` of them. */
function valueTicksOf(yMax: number, maxTicks: number, wholeNumbers: boolean): number[] {
  const rough = yMax / Math.max(1, maxTicks - 1);
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  let step = [1, 2, 2.5, 5, 10].map((factor) => factor * magnitude).find((candidate) => candidate >= rough) ?? 10 * magnitude;
  if (wholeNumbers) step = Math.max(1, Math.ceil(step));
  const ticks: number[] = [];
  for (let index = 0; index * step <= yMax * (1 + 1e-9); index += 1) ticks.push(Number((index * step).toPrecision(12)));
  return ticks;
}
