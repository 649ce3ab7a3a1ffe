// Formatting dates and numbers with a formatter built once (issue 25) against building one per call
// (what src/core/shared/time.ts and format.ts did before): µs per call, same output.
//
// Run: `node tests/bench/formatters.ts`
import { formatDateTimeFr, formatNumberFr } from "../../src/core/shared/format.ts";

const CALLS = 20_000;
const instants = Array.from({ length: CALLS }, (_, index) => new Date(Date.UTC(2026, 0, 1) + index * 3_600_123).toISOString());

/** The date-time as the code printed it before: a new Intl.DateTimeFormat on every reading of the clock. */
function freshDateTime(iso: string): string {
  const read = () =>
    new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/Paris",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).formatToParts(new Date(iso));
  read(); // formatDateTimeFr read the clock twice (the day, then the time)
  return String(read().length);
}

function microsPerCall(run: (index: number) => unknown): number {
  for (let index = 0; index < 1000; index++) run(index); // warm-up
  const started = performance.now();
  for (let index = 0; index < CALLS; index++) run(index);
  return ((performance.now() - started) * 1000) / CALLS;
}

export function benchFormatters(): Array<[string, string, string]> {
  const before = microsPerCall((index) => freshDateTime(instants[index % CALLS]!));
  const after = microsPerCall((index) => formatDateTimeFr(instants[index % CALLS]!));
  const numberBefore = microsPerCall((index) => new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 2 }).format(index / 7));
  const numberAfter = microsPerCall((index) => formatNumberFr(index / 7));
  const us = (value: number) => `${value.toFixed(1)} µs`;
  return [
    ["formatDateTimeFr: fresh formatters → cached (per call)", `${us(before)} → ${us(after)}`, "cached ≪ fresh"],
    ["formatNumberFr: fresh formatter → cached (per call)", `${us(numberBefore)} → ${us(numberAfter)}`, "cached ≪ fresh"],
  ];
}

if (import.meta.main) {
  for (const [name, value, target] of benchFormatters()) console.log(`${name.padEnd(58)} ${value.padStart(22)}  ${target}`);
}
