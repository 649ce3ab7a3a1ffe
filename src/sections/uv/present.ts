// The UV index's card for every channel: a meteorological model's forecast, labelled as such, with the
// WHO's category as its word. Pure: dates come from the report.
import { badge, type Badge } from "../../core/report/badge.ts";
import { sentence } from "../../core/report/days.ts";
import { standardBlocks, type Fact, type SectionDocument } from "../../core/report/document.ts";
import { formatDateFr, NBSP } from "../../core/shared/format.ts";
import type { UvDayView, UvSection } from "./types.ts";
import { UV_COLORS } from "./scale.ts";

export const TITLE = "Indice UV";
export const ANCHOR = "uv";

function uvBadge(day: UvDayView): Badge {
  return badge(`${day.label} (prévision)`, day.level, UV_COLORS[day.category]);
}

const uvValue = (day: UvDayView) => `${day.uv_index_max} (catégorie de l'OMS «${NBSP}${day.label}${NBSP}»)`;

export function presentUv(uv: UvSection): SectionDocument {
  const facts: Fact[] = [];
  if (uv.today) facts.push({ term: "Maximum prévu", value: uvValue(uv.today) });
  if (uv.success) facts.push({ term: "Demain", value: uv.tomorrow ? uvValue(uv.tomorrow) : "Prévision non disponible" });
  const summary = uv.today
    ? sentence(
        TITLE,
        `${uv.today.label}, indice maximal ${uv.today.uv_index_max} (prévision de modèle)${uv.tomorrow ? ` ; demain${NBSP}: ${uv.tomorrow.label}` : ""}.`,
      )
    : sentence(TITLE, uv.success ? "aucune prévision pour aujourd'hui." : "prévision momentanément indisponible.");
  return {
    key: "uv",
    anchor: ANCHOR,
    title: TITLE,
    headline: uv.today ? uvBadge(uv.today) : badge(uv.success ? "Non prévu" : "Indisponible", "unavailable"),
    summary,
    blocks: standardBlocks({
      dateLine: uv.today ? `Prévision pour le ${formatDateFr(uv.today.date)}, maximum de la journée` : null,
      message: uv.message,
      facts,
      table: null,
      notes:
        uv.origin === "model"
          ? ["Prévision d'un modèle météorologique, pas une mesure : l'indice réel dépend des nuages, de l'altitude et de la réverbération."]
          : [],
    }),
    source: uv.source,
    attribution: uv.origin === "model" ? "Prévision Open-Meteo.com (CC BY 4.0)" : null,
  };
}
