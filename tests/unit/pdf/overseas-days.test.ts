// Issue 36: an overseas report's PDF on the territory's own day everywhere (header date,
// « aujourd'hui », each section's date), never Paris's beside it: overseas territories live on
// their own clock. The clocks are fixed at hours where Paris and the
// territory are on different calendar days; the sections are DERIVED, built here.
import { describe, expect, it } from "vitest";
import { evaluateAirQuality } from "../../../src/sections/air/index.ts";
import { evaluateBathing } from "../../../src/sections/bathing/index.ts";
import { evaluateDrought } from "../../../src/sections/drought/index.ts";
import { deriveAddressInfo } from "../../../src/core/report/index.ts";
import { todayForCommune, todayInParis } from "../../../src/core/shared/time.ts";
import type { Address, Report } from "../../../src/core/types.ts";
import { evaluateUv } from "../../../src/sections/uv/evaluate.ts";
import { evaluateWaterQuality } from "../../../src/sections/water/index.ts";
import { formatDateFr } from "../../../src/core/shared/format.ts";
import { renderLatestReportEmail } from "../../../src/server/email/templates.ts";
import { renderReportPdf } from "../../../src/server/pdf/report-pdf.ts";
import { pdfText } from "../../helpers/pdf-text.ts";
import { atmoIndex, camsEstimate, droughtZone, waterResult } from "../core/builders.ts";
import { pollenNotCovered, radonSection, weatherNotConfigured } from "../core/outdoor-builders.ts";
import { assembleNamed } from "../../helpers/assemble.ts";

const SAINT_DENIS: Address = {
  label: "1 Rue de Paris 97400 Saint-Denis",
  latitude: -20.8789,
  longitude: 55.4481,
  citycode: "97411",
  postcode: "97400",
  city: "Saint-Denis",
  context: "974, La Réunion",
  type: "housenumber",
  score: 0.95,
};

const LES_ABYMES: Address = {
  label: "Rue Achille René-Boisneuf 97139 Les Abymes",
  latitude: 16.27,
  longitude: -61.49,
  citycode: "97101",
  postcode: "97139",
  city: "Les Abymes",
  context: "971, Guadeloupe",
  type: "housenumber",
  score: 0.95,
};

const plusDays = (day: string, days: number) => new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A whole report of the territory, each section judged at `now` as the report service does. */
function overseasReport(address: Address, now: Date): Report {
  const day = todayForCommune(now, address.citycode);
  const udi = { code: `${address.citycode.slice(0, 3)}000101`, name: `${address.city.toUpperCase()} CENTRE`, quarter: null };
  return assembleNamed({
    address,
    addressInfo: deriveAddressInfo(address),
    water: evaluateWaterQuality({
      results: {
        ok: true,
        data: [waterResult({ sampledAt: `${plusDays(day, -5)}T08:30:00Z`, distributor: "RÉGIE DE L'EAU", networks: [{ code: udi.code, name: udi.name }] })],
      },
      udi,
      udis: [udi],
      now,
    }),
    air: evaluateAirQuality({
      citycode: address.citycode,
      atmo: {
        ok: true,
        data: [
          atmoIndex({ date: day, zoneCode: address.citycode, zoneName: address.city }),
          atmoIndex({ date: plusDays(day, 1), zoneCode: address.citycode, zoneName: address.city, code: 2, label: "Moyen" }),
        ],
      },
      cams: { ok: true, data: camsEstimate({ day }) },
      now,
    }),
    drought: evaluateDrought({
      zones: {
        ok: true,
        data: [droughtZone({ name: `Zone de ${address.city}`, decree: { start: plusDays(day, -10), end: plusDays(day, 20), url: null, frameworkUrl: null } })],
      },
      now,
      citycode: address.citycode,
    }),
    bathing: evaluateBathing({ nearby: [], recordSeason: 2025, now }),
    pollen: pollenNotCovered(day),
    uv: evaluateUv({
      forecast: { ok: true, data: { days: [0, 1, 2].map((offset) => ({ date: plusDays(day, offset), uvIndexMax: 9 + offset })) } },
      now,
      citycode: address.citycode,
    }),
    weatherWarnings: weatherNotConfigured(day),
    radon: { ...radonSection(1), commune: { code: address.citycode, name: address.city } },
    now,
  });
}

const AMIENS: Address = {
  ...SAINT_DENIS,
  label: "8 Boulevard du Port 80000 Amiens",
  citycode: "80021",
  postcode: "80000",
  city: "Amiens",
  context: "80, Somme",
};

/** How many times `needle` occurs in `text`. */
const count = (text: string, needle: string) => text.split(needle).length - 1;

// pdftotext turns the no-break spaces of French typography into spaces.
const plain = (value: string) => value.replace(/\u00a0/g, " ");

describe("an overseas report's PDF lives on the territory's day (issue 36)", () => {
  it.each([
    [
      "Réunion (UTC+4) at 21:30 UTC: Paris on 1 December, Saint-Denis already on the 2nd",
      SAINT_DENIS,
      new Date("2026-12-01T21:30:00Z"),
      "2026-12-02",
      "2026-12-01",
    ],
    [
      "Guadeloupe (UTC−4) at 02:00 UTC: Paris on 2 December, Les Abymes still on the 1st",
      LES_ABYMES,
      new Date("2026-12-02T02:00:00Z"),
      "2026-12-01",
      "2026-12-02",
    ],
  ])("%s", async (_name, address, now, localDay, parisDay) => {
    expect([todayForCommune(now, address.citycode), todayInParis(now)]).toEqual([localDay, parisDay]);
    const text = pdfText(await renderReportPdf({ reports: [overseasReport(address, now)], generatedAt: now }));
    const local = plain(formatDateFr(localDay));
    const paris = plain(formatDateFr(parisDay));
    // The header, the data's date and each section's date: the territory's day, never Paris's.
    for (const label of ["Généré le", "Données consultées le", "Situation au", "Indice du", "Prévision pour le"]) {
      expect(text).toContain(`${label} ${local}`);
      expect(text).not.toContain(`${label} ${paris}`);
    }
    // « Aujourd'hui » is the territory's day: the UV advice's « demain » is the day after it.
    expect(text).toContain(`aujourd'hui et 10 (« Très élevé ») demain (${plain(formatDateFr(plusDays(localDay, 1)))})`);
    // Paris's day is said only where it is the territory's tomorrow (Guadeloupe), never as today.
    expect(count(text, paris)).toBe(parisDay === plusDays(localDay, 1) ? count(text, `demain (${paris})`) : 0);
  });

  it("several addresses: each report on its own commune's day, the PDF's date on Paris's when their days differ", async () => {
    const now = new Date("2026-12-01T21:30:00Z");
    const text = pdfText(
      await renderReportPdf({ reports: [overseasReport(SAINT_DENIS, now), overseasReport(AMIENS, now)], generatedAt: now, origin: "account" }),
    );
    expect(text).toContain("Généré le 1er décembre 2026");
    expect(count(text, "Données consultées le 2 décembre 2026")).toBe(1);
    expect(count(text, "Données consultées le 1er décembre 2026")).toBe(1);
  });

  it("the report e-mail dates the overseas report on the territory's day, as the PDF does", () => {
    const now = new Date("2026-12-01T21:30:00Z");
    const email = renderLatestReportEmail({
      firstName: null,
      reports: [overseasReport(SAINT_DENIS, now)],
      accountUrl: "http://127.0.0.1/compte",
      reportUrlFor: () => "http://127.0.0.1/",
    });
    expect(email.text).toContain("Bilan du 2\u00a0décembre\u00a02026");
    expect(email.text).not.toContain("1er\u00a0décembre\u00a02026");
  });
});
