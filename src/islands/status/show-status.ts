// The status page's one script (/etat): reads GET /api/v1/status and fills the two tables. The
// words of each state come from the API (core/status/freshness.ts); dates are written here in
// French (« 20 août 2026 à 14 h 05 »), as everywhere, by core/shared/format.ts.
import { formatDateTimeFr, formatNumberFr } from "../../core/shared/format.ts";
import type { RunStatus, ServiceStatus, SourceStatus } from "../../server/services/status.ts";

function cell(tag: "th" | "td", text: string, className?: string): HTMLTableCellElement {
  const element = document.createElement(tag);
  element.textContent = text;
  // Explicit roles: on a phone the rows are laid out as blocks (etat.astro), which must not drop the table's semantics.
  element.setAttribute("role", tag === "th" ? "rowheader" : "cell");
  if (tag === "th") element.scope = "row";
  if (className) element.className = className;
  return element;
}

function row(...cells: HTMLTableCellElement[]): HTMLTableRowElement {
  const element = document.createElement("tr");
  element.setAttribute("role", "row");
  element.append(...cells);
  return element;
}

/**
 * Each data cell carries its column's header (`data-label`, read from the table's own header row),
 * shown before the value when the rows are stacked on a narrow screen.
 */
function labelCells(body: HTMLElement): void {
  const headers = [...(body.closest("table")?.querySelectorAll("thead th") ?? [])].map((header) => header.textContent.trim());
  for (const tableRow of body.querySelectorAll("tr")) {
    if (tableRow.cells.length !== headers.length) continue;
    [...tableRow.cells].forEach((tableCell, index) => {
      if (tableCell.tagName === "TD") tableCell.dataset.label = headers[index];
    });
  }
}

function sourceRow(source: SourceStatus): HTMLTableRowElement {
  const lastRead = source.lastSuccessAt ? formatDateTimeFr(source.lastSuccessAt) : "aucune lecture réussie enregistrée";
  const failed = source.lastFailureAt && source.state === "unavailable" ? ` (dernier échec le ${formatDateTimeFr(source.lastFailureAt)})` : "";
  // The state, written out in words (its colour only repeats them), comes right after the name: on a phone it is seen first.
  return row(
    cell("th", source.name),
    cell("td", source.label, `status-state status-state--${source.state}`),
    cell("td", `${lastRead}${failed}`),
    cell("td", source.rhythm),
  );
}

/** What the table says after a run's start: nothing for a completed one. */
const RUN_OUTCOME_WORDS: Record<RunStatus["outcome"], string> = {
  running: " (en cours)",
  completed: "",
  failed: " (arrêté sur une erreur)",
  interrupted: " (interrompu, repris par le passage suivant)",
};

/** Which vigilance map the run's weather alerts were judged from (decision 079), after the run's start. */
function weatherMapWords(weatherMap: RunStatus["weatherMap"]): string {
  if (!weatherMap) return "";
  const map = weatherMap.updateTime ? `carte du ${formatDateTimeFr(weatherMap.updateTime)}` : "carte sans heure de mise à jour";
  if (weatherMap.read === "send") return ` — vigilance météo\u00a0: ${map}, relue à 17\u00a0h`;
  if (weatherMap.read === "plan") return ` — vigilance météo\u00a0: relecture de 17\u00a0h en échec, ${map} lue à 14\u00a0h\u00a030`;
  return " — vigilance météo\u00a0: aucune carte lue";
}

function runRow(run: RunStatus): HTMLTableRowElement {
  const outcome = RUN_OUTCOME_WORDS[run.outcome];
  return row(
    cell("th", `${formatDateTimeFr(run.startedAt)}${outcome}${weatherMapWords(run.weatherMap)}`),
    cell("td", formatNumberFr(run.addressesChecked)),
    cell("td", formatNumberFr(run.emailsSent)),
    cell("td", formatNumberFr(run.emailFailures)),
    cell("td", formatNumberFr(run.deadLetters)),
  );
}

function emptyRow(columns: number, text: string): HTMLTableRowElement {
  const only = cell("td", text);
  only.colSpan = columns;
  return row(only);
}

export async function showServiceStatus(): Promise<void> {
  const sources = document.getElementById("etat-sources");
  const runs = document.getElementById("etat-passages");
  const said = document.getElementById("etat-message");
  if (!sources || !runs || !said) return;
  try {
    const response = await fetch("/api/v1/status", { headers: { accept: "application/json" } });
    if (!response.ok) throw new Error(`status ${response.status}`);
    const status = (await response.json()) as ServiceStatus;
    sources.replaceChildren(...status.sources.map(sourceRow));
    runs.replaceChildren(...(status.runs.length > 0 ? status.runs.map(runRow) : [emptyRow(5, "Aucun passage des alertes enregistré.")]));
    labelCells(sources);
    labelCells(runs);
    said.textContent = `État lu le ${formatDateTimeFr(status.generatedAt)}.`;
  } catch {
    // The tables keep saying « Chargement… » no longer: the failure is told in words.
    sources.replaceChildren(emptyRow(4, "L'état des sources n'a pas pu être lu."));
    runs.replaceChildren(emptyRow(5, "Les passages des alertes n'ont pas pu être lus."));
    said.textContent = "L'état du service n'a pas pu être lu. Réessayez dans une minute.";
  }
}
