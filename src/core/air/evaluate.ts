import { addDaysToLocalDate, frenchTypography, localDateParis } from "../shared/format.ts";
import { ATMO_SOURCE, CAMS_SOURCE } from "../shared/sources.ts";
import type { AirQualitySection, AtmoIndex, CamsEstimate, SourceResult } from "../types.ts";
import { ATMO_LABELS, atmoCodeForPm25, levelOfAtmoCode } from "./atmo-scale.ts";

const MICROGRAMS = "µg/m³";

/**
 * Air today: the official ATMO index of the commune when one is published for today; otherwise
 * the CAMS model estimate of PM2.5 placed on the ATMO scale, always labelled as a model estimate.
 */
export function evaluateAirQuality(input: {
  atmo: SourceResult<AtmoIndex[]>;
  cams: SourceResult<CamsEstimate>;
  now: Date;
}): AirQualitySection {
  const today = localDateParis(input.now.toISOString()) ?? input.now.toISOString().slice(0, 10);
  const tomorrow = addDaysToLocalDate(today, 1);
  const indices = input.atmo.ok ? input.atmo.data : [];
  const todayIndex = indices.find((index) => index.date === today && levelOfAtmoCode(index.code) !== null);
  const tomorrowIndex = indices.find((index) => index.date === tomorrow && levelOfAtmoCode(index.code) !== null);
  // Tomorrow's official forecast is worth showing (and alerting on) whatever happens to today's index.
  const forecast = tomorrowIndex ? { code: tomorrowIndex.code, label: tomorrowIndex.label, date: tomorrowIndex.date } : null;
  const pollutants = camsPollutants(input.cams);

  if (todayIndex) {
    return {
      success: true,
      level: levelOfAtmoCode(todayIndex.code) ?? "unavailable",
      index: { code: todayIndex.code, label: todayIndex.label, date: todayIndex.date, zone: todayIndex.zoneName },
      origin: "atmo",
      pollutants,
      tomorrow: forecast,
      message: null,
      source: todayIndex.agency ? { ...ATMO_SOURCE, name: `Indice ATMO (${todayIndex.agency})` } : ATMO_SOURCE,
    };
  }

  const pm25 = input.cams.ok ? input.cams.data.pm2_5 : null;
  if (pm25 !== null) {
    const code = atmoCodeForPm25(pm25);
    const why = input.atmo.ok
      ? "Aucun indice ATMO n'est publié aujourd'hui pour cette commune"
      : "L'indice ATMO officiel est momentanément indisponible";
    return {
      success: true,
      level: levelOfAtmoCode(code) ?? "unavailable",
      index: { code, label: ATMO_LABELS[code] ?? "", date: today, zone: "Estimation modélisée (CAMS)" },
      origin: "cams",
      pollutants,
      tomorrow: forecast,
      message: frenchTypography(`${why} : niveau estimé d'après les particules fines (PM2,5) du modèle européen Copernicus CAMS. C'est une estimation modélisée, pas une mesure officielle.`),
      source: CAMS_SOURCE,
    };
  }

  return {
    success: input.atmo.ok || input.cams.ok,
    level: "unavailable",
    index: null,
    origin: null,
    pollutants,
    tomorrow: forecast,
    message:
      input.atmo.ok || input.cams.ok
        ? "Aucun indice de qualité de l'air n'est publié aujourd'hui pour cette commune, et aucune estimation n'est disponible."
        : "Les données de qualité de l'air sont momentanément indisponibles. Réessayez dans quelques minutes.",
    source: input.atmo.ok || !input.cams.ok ? ATMO_SOURCE : CAMS_SOURCE,
  };
}

function camsPollutants(cams: SourceResult<CamsEstimate>): AirQualitySection["pollutants"] {
  if (!cams.ok) return {};
  const pollutants: AirQualitySection["pollutants"] = {};
  const values = { pm2_5: cams.data.pm2_5, pm10: cams.data.pm10, no2: cams.data.no2, o3: cams.data.o3 };
  for (const [key, value] of Object.entries(values)) if (value !== null) pollutants[key] = { value, unit: MICROGRAMS };
  return pollutants;
}
