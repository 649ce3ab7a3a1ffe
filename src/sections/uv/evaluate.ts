// The UV section from a model forecast (decision 069): today's and tomorrow's maximum UV index, each
// in the WHO category its rounded value falls in. Pure: the commune's day comes from `now`.
import { addDaysToLocalDate, todayForCommune } from "../../core/shared/time.ts";
import type { SourceResult } from "../../core/types.ts";
import type { UvDayView, UvForecast, UvSection } from "./types.ts";
import { uvCategoryOf } from "./scale.ts";
import { UV_SOURCE, unavailableUv } from "./source.ts";

export const UV_UNAVAILABLE_MESSAGE = "La prévision de l'indice UV est momentanément indisponible. Réessayez dans quelques minutes.";
export const UV_DAY_NOT_FORECAST_MESSAGE = "Le modèle n'a pas donné d'indice UV pour aujourd'hui à cette adresse.";

/**
 * One day of the forecast, as the WHO guide reads the index (Global Solar UV Index: A Practical
 * Guide, 2002: « reported as a whole number »): rounded, then placed in its category. A day the
 * model left empty is no day at all, never « Faible ».
 */
export function viewUvDay(forecast: UvForecast, date: string): UvDayView | null {
  const value = forecast.days.find((day) => day.date === date)?.uvIndexMax;
  if (typeof value !== "number" || !Number.isFinite(value)) return null;
  const entry = uvCategoryOf(value);
  return { date, uv_index_max: Math.max(0, Math.round(value)), category: entry.category, label: entry.label, level: entry.level };
}

/**
 * Today and tomorrow in the commune's own calendar (overseas, the territory's), only on days the
 * forecast dates itself: an answer of yesterday's days says nothing of today. The section's level
 * is today's; a model forecast, labelled as such (`origin: "model"`).
 */
export function evaluateUv(input: { forecast: SourceResult<UvForecast>; now: Date; citycode: string }): UvSection {
  const day = todayForCommune(input.now, input.citycode);
  if (!input.forecast.ok) return unavailableUv(day, UV_UNAVAILABLE_MESSAGE);
  const today = viewUvDay(input.forecast.data, day);
  const tomorrow = viewUvDay(input.forecast.data, addDaysToLocalDate(day, 1));
  return {
    success: true,
    level: today ? today.level : "unavailable",
    origin: "model",
    today,
    tomorrow,
    day,
    message: today ? null : UV_DAY_NOT_FORECAST_MESSAGE,
    source: UV_SOURCE,
  };
}
