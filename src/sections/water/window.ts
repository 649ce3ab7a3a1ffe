// The twelve months the report reads and judges, in one place: the rules (evaluate.ts) and the
// history chart (core/report/water-chart.ts, bundled in the report island without the rules).
export const WATER_WINDOW_DAYS = 365;

/** The window's first instant (ISO date-time): results from it on are « the last twelve months ». */
export function waterWindowStart(now: Date): string {
  return new Date(now.getTime() - WATER_WINDOW_DAYS * 24 * 3600 * 1000).toISOString();
}
