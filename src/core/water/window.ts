// The twelve months the report reads and judges, in one place: the rules (evaluate.ts) and the
// history chart (core/report/water-chart.ts, bundled in the report island without the rules).
export const WATER_WINDOW_DAYS = 365;
