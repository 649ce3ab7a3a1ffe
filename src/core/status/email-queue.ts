// The status page's words for the durable outbox (decision 093): how many e-mails wait to be sent,
// how long the oldest has waited, and how many were given up. Pure: /etat's script and its tests.
import { formatNumberFr, NBSP } from "../shared/format.ts";

export interface EmailQueueFigures {
  waiting: number;
  /** ISO instant; null when none waits */
  oldestStoredAt: string | null;
  dead: number;
}

/** « moins d'une minute », « 4 min », « 3 h », « 2 jours » */
export function describeWait(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return "moins d'une minute";
  if (minutes < 60) return `${formatNumberFr(minutes)}${NBSP}min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${formatNumberFr(hours)}${NBSP}h`;
  return `${formatNumberFr(Math.floor(hours / 24))}${NBSP}jours`;
}

export function describeEmailQueue(figures: EmailQueueFigures, generatedAt: string): string {
  const waiting =
    figures.waiting === 0
      ? "Aucun e-mail en attente d'envoi."
      : `${formatNumberFr(figures.waiting)}${NBSP}${figures.waiting >= 2 ? "e-mails en attente" : "e-mail en attente"} d'envoi${NBSP}; le plus ancien attend depuis ${describeWait(
          Date.parse(generatedAt) - Date.parse(figures.oldestStoredAt ?? generatedAt),
        )}.`;
  if (figures.dead === 0) return waiting;
  const dead =
    figures.dead >= 2
      ? `${formatNumberFr(figures.dead)}${NBSP}e-mails abandonnés après toutes leurs tentatives`
      : `1${NBSP}e-mail abandonné après toutes ses tentatives`;
  return `${waiting} ${dead} ces 7${NBSP}derniers jours.`;
}
