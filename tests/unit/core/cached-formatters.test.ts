// Date and number formatters are built once and shared (issue 25: building an Intl formatter costs
// ~177 µs, formatting with a built one ~8 µs). Sharing must never change a printed date or number:
// a cached formatter prints what a fresh one prints, over generated instants, time zones and values.
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { formatDateFr, formatNumberFr, formatTimeFr, NBSP } from "../../../src/core/shared/format.ts";
import { parisTimeOfDay, todayInZone } from "../../../src/core/shared/time.ts";

const ZONES = ["Europe/Paris", "America/Guadeloupe", "America/Martinique", "America/Cayenne", "Indian/Reunion", "America/Miquelon", "Indian/Mayotte", "UTC"];
/** Instants from 1970 to 2100, daylight-saving changes included. */
const instants = fc.date({ min: new Date("1970-01-01T00:00:00Z"), max: new Date("2100-12-31T23:59:59Z"), noInvalidDate: true });

/** A fresh formatter per call: what the code did before the cache. */
function freshDay(date: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(date);
  const value = (type: string) => parts.find((part) => part.type === type)!.value;
  return `${value("year").padStart(4, "0")}-${value("month")}-${value("day")}`;
}

const RealDateTimeFormat = Intl.DateTimeFormat;
const RealNumberFormat = Intl.NumberFormat;

/** Counts the Intl formatters built while `run` runs. */
function formattersBuilt(run: () => void): number {
  let built = 0;
  const count = <T extends object>(real: T) =>
    new Proxy(real, {
      construct(target, args) {
        built++;
        return Reflect.construct(target as never, args) as object;
      },
      apply(target, thisArg, args) {
        built++;
        return Reflect.apply(target as never, thisArg, args) as unknown;
      },
    });
  Intl.DateTimeFormat = count(RealDateTimeFormat);
  Intl.NumberFormat = count(RealNumberFormat);
  try {
    run();
  } finally {
    Intl.DateTimeFormat = RealDateTimeFormat;
    Intl.NumberFormat = RealNumberFormat;
  }
  return built;
}

afterEach(() => {
  Intl.DateTimeFormat = RealDateTimeFormat;
  Intl.NumberFormat = RealNumberFormat;
});

describe("date and number formatters are built once, not on every call (issue 25)", () => {
  it("formatting 1 000 dates, times and numbers builds no new Intl formatter once each kind has been used", () => {
    // Warm up: the first call of each kind (and each time zone) may build its formatter.
    for (const zone of ZONES) todayInZone(new Date(0), zone);
    formatDateFr("2026-08-20T12:05:00Z");
    formatTimeFr("2026-08-20T12:05:00Z");
    formatNumberFr(12.5);
    formatNumberFr(12.5, 1);
    const built = formattersBuilt(() => {
      for (let index = 0; index < 1000; index++) {
        const instant = new Date(Date.UTC(2026, 0, 1) + index * 3_600_000).toISOString();
        formatDateFr(instant);
        formatTimeFr(instant);
        todayInZone(new Date(instant), ZONES[index % ZONES.length]!);
        formatNumberFr(index / 7);
        formatNumberFr(index / 7, 1);
      }
    });
    expect(built).toBe(0);
  });
});

describe("a cached formatter prints what a fresh one prints", () => {
  it("the calendar day of any instant in any territory's time zone is the one a fresh Intl.DateTimeFormat gives", () => {
    fc.assert(
      fc.property(instants, fc.constantFrom(...ZONES), (date, zone) => {
        expect(todayInZone(date, zone)).toBe(freshDay(date, zone));
      }),
      { numRuns: 500 },
    );
  });

  it("the Paris wall-clock time of any instant is the one a fresh Intl.DateTimeFormat gives", () => {
    fc.assert(
      fc.property(instants, (date) => {
        const parts = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Paris", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(date);
        const value = (type: string) => Number(parts.find((part) => part.type === type)!.value);
        expect(parisTimeOfDay(date.toISOString())).toEqual({ hour: value("hour"), minute: value("minute") });
      }),
      { numRuns: 500 },
    );
  });

  it("any number, at any precision, is printed as a fresh fr-FR Intl.NumberFormat prints it (no-break spaces for PDF fonts)", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), fc.integer({ min: 0, max: 4 }), (value, digits) => {
        const fresh = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: digits }).format(value).replace(/\u202F/g, NBSP);
        expect(formatNumberFr(value, digits)).toBe(fresh);
      }),
      { numRuns: 500 },
    );
  });
});
