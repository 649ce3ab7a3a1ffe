// The status page's one script (/etat): reads GET /api/v1/status, says first which sources do not
// answer (decision 085) and fills the two tables. The words of each state come from the API, those
// of an outage from core/status/freshness.ts; dates are written here in French (« 20 août 2026 à
// 14 h 05 »), as everywhere, by core/shared/format.ts.
import { formatDateTimeFr, formatNumberFr, formatTimeFr } from "../../core/shared/format.ts";
import { localDateParis } from "../../core/shared/time.ts";
import { describeEmailQueue } from "../../core/status/email-queue.ts";
import { SOURCE_OUTAGE_WORDS, statusRowId } from "../../core/status/freshness.ts";
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

/** An instant the day the status was read is its time alone (« 21 h 11 », Paris); an earlier one has its date. */
function momentOf(isoDateTime: string, generatedAt: string): { today: boolean; text: string } {
  const today = localDateParis(isoDateTime) === localDateParis(generatedAt);
  return { today, text: today ? (formatTimeFr(isoDateTime) ?? isoDateTime) : formatDateTimeFr(isoDateTime) };
}

/** « à 21 h 11 », « le 1er décembre 2026 à 21 h 11 » */
function atMoment(isoDateTime: string, generatedAt: string): string {
  const moment = momentOf(isoDateTime, generatedAt);
  return moment.today ? `à\u00a0${moment.text}` : `le ${moment.text}`;
}

/**
 * How long a refusal by our own budget is said beside the last attempt: while it may still explain a
 * report's « Indisponible » (attempts and refusals interleave while the budget is nearly spent).
 */
const REFUSAL_SHOWN_MS = 3600_000;

/** « réussie à 21 h 11 », « échec à 21 h 11 »; then, if our own budget held visitors' calls back within the hour, that too. */
function lastAttemptWords(source: SourceStatus, generatedAt: string): string {
  const attempt = source.lastAttempt
    ? `${source.lastAttempt.outcome === "success" ? "réussie" : "échec"} ${atMoment(source.lastAttempt.at, generatedAt)}`
    : "aucune enregistrée";
  const refused = source.lastRefusedAt;
  return refused !== null && Date.parse(generatedAt) - Date.parse(refused) < REFUSAL_SHOWN_MS
    ? `${attempt}\u00a0; ${atMoment(refused, generatedAt)}, demandes retenues par notre propre limite de débit (la source n'est pas en cause)`
    : attempt;
}

function sourceRow(source: SourceStatus, generatedAt: string): HTMLTableRowElement {
  const lastRead = source.lastSuccessAt ? formatDateTimeFr(source.lastSuccessAt) : "aucune lecture réussie enregistrée";
  // The state, written out in words (its colour only repeats them), comes right after the name: on a phone it is seen first.
  const element = row(
    cell("th", source.name),
    cell("td", source.label, `status-state status-state--${source.state}`),
    cell("td", lastAttemptWords(source, generatedAt), source.lastAttempt?.outcome === "failure" ? "status-attempt--failure" : undefined),
    cell("td", lastRead),
    cell("td", source.rhythm),
  );
  // A report's « État des sources » link lands here (/etat#source-hubeau).
  element.id = statusRowId(source.id);
  return element;
}

/** « Hub'Eau ne répond pas depuis 21 h 11 : la qualité de l'eau du robinet est momentanément indisponible. », the name a link to its row. */
function outageLine(source: SourceStatus, generatedAt: string): HTMLParagraphElement {
  const words = SOURCE_OUTAGE_WORDS[source.id];
  const since = source.failingSince ?? source.lastAttempt?.at ?? generatedAt;
  const moment = momentOf(since, generatedAt);
  const line = document.createElement("p");
  const link = document.createElement("a");
  link.href = `#${statusRowId(source.id)}`;
  link.textContent = words.subject;
  line.append(link, ` ne répond pas depuis ${moment.today ? moment.text : `le ${moment.text}`}\u00a0: ${words.effect}.`);
  return line;
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
  const outages = document.getElementById("etat-pannes");
  const emails = document.getElementById("etat-emails");
  if (!sources || !runs || !said || !outages || !emails) return;
  try {
    const response = await fetch("/api/v1/status", { headers: { accept: "application/json" } });
    if (!response.ok) throw new Error(`status ${response.status}`);
    const status = (await response.json()) as ServiceStatus;
    const failing = status.sources.filter((source) => source.lastAttempt?.outcome === "failure");
    outages.replaceChildren(...failing.map((source) => outageLine(source, status.generatedAt)));
    outages.hidden = failing.length === 0;
    sources.replaceChildren(...status.sources.map((source) => sourceRow(source, status.generatedAt)));
    runs.replaceChildren(...(status.runs.length > 0 ? status.runs.map(runRow) : [emptyRow(5, "Aucun passage des alertes enregistré.")]));
    labelCells(sources);
    labelCells(runs);
    emails.textContent = describeEmailQueue(status.emails, status.generatedAt);
    said.textContent = `État lu le ${formatDateTimeFr(status.generatedAt)}.`;
    showTargetRow();
  } catch {
    // The tables keep saying « Chargement… » no longer: the failure is told in words.
    sources.replaceChildren(emptyRow(5, "L'état des sources n'a pas pu être lu."));
    runs.replaceChildren(emptyRow(5, "Les passages des alertes n'ont pas pu être lus."));
    emails.textContent = "La file des e-mails n'a pas pu être lue.";
    said.textContent = "L'état du service n'a pas pu être lu. Réessayez dans une minute.";
  }
}

/**
 * The row a report's link asked for (/etat#source-hubeau) did not exist when the page opened (the
 * rows come with the status): brought into view and marked now that it does.
 */
function showTargetRow(): void {
  const target = location.hash.length > 1 ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
  if (!(target instanceof HTMLTableRowElement)) return;
  target.classList.add("status-row--target");
  target.scrollIntoView({ block: "center" });
}
