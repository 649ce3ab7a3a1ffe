// Which alerts one address can actually get, from its report: what the confirmation page and the
// welcome e-mail list (issue 23). Pure. Each entry says what the daily run (diff.ts) would announce
// for this address; a source that can never alert here is said with its reason, never promised.
import { frenchTypography } from "../shared/format.ts";
import type { Report } from "../types.ts";

/** The topics whose availability depends on the address (the others it does not promise here). */
type AvailableSource = "water" | "drought" | "air" | "bathing";

export interface AvailableAlert {
  source: AvailableSource;
  /** one sentence, French typography applied */
  text: string;
}

export interface AlertsAvailability {
  /** the alerts this address can get, in the report's order */
  available: AvailableAlert[];
  /** the sources that cannot alert here (or could not be checked today), with the reason */
  notAvailable: AvailableAlert[];
}

const TEXTS = {
  water: "Eau du robinet : un prélèvement non conforme ou au-dessus d'une référence de qualité, puis le retour à la conformité.",
  drought:
    "Sécheresse : chaque changement du niveau de restriction d'eau de votre zone (Vigilance, Alerte, Alerte renforcée, Crise), jusqu'à la fin des restrictions.",
  air: "Qualité de l'air : la veille d'une journée pour laquelle l'indice ATMO officiel prévoit « Dégradé » ou pire.",
  airModel:
    "Qualité de l'air : pas d'alerte pour cette adresse, car aucun indice ATMO officiel n'est publié pour votre commune (le bilan montre une estimation du modèle CAMS, qui ne donne pas de prévision officielle).",
  airUnknown:
    "Qualité de l'air : nous n'avons pas pu vérifier aujourd'hui si un indice ATMO officiel est publié pour votre commune ; l'alerte ne vient que de cet indice.",
  bathing:
    "Baignade, pour les sites surveillés proches : une interdiction de baignade et sa levée, un prélèvement « mauvais » en saison, un nouveau classement.",
  bathingNone: "Baignade : pas d'alerte pour cette adresse, car aucun site de baignade surveillé n'est proche.",
  bathingUnknown: "Baignade : nous n'avons pas pu lire aujourd'hui la liste des sites de baignade proches ; l'alerte ne concerne que ces sites.",
} as const;

const entry = (source: AvailableSource, text: string): AvailableAlert => ({ source, text: frenchTypography(text) });

/**
 * Water and drought can alert anywhere. Air alerts come only from the official ATMO forecast
 * (diffAir): a commune whose report falls back to the CAMS model can never get one. Bathing alerts
 * come only from the monitored sites near the address. Without a report, only water and drought.
 */
export function alertsAvailableFor(report: Pick<Report, "air_quality" | "bathing"> | null): AlertsAvailability {
  const available: AvailableAlert[] = [entry("water", TEXTS.water), entry("drought", TEXTS.drought)];
  const notAvailable: AvailableAlert[] = [];
  // No report (it could not be built): nothing is promised that depends on what it would have said.
  if (!report) return { available, notAvailable: [entry("air", TEXTS.airUnknown), entry("bathing", TEXTS.bathingUnknown)] };
  const air = report.air_quality;
  // An official index exists for the zone even on a day it says « Indisponible » (code 0).
  if (air.origin === "atmo" || air.official_unavailable) available.push(entry("air", TEXTS.air));
  else if (air.origin === "cams") notAvailable.push(entry("air", TEXTS.airModel));
  else notAvailable.push(entry("air", TEXTS.airUnknown));
  const bathing = report.bathing;
  if (bathing.sites.length > 0) available.push(entry("bathing", TEXTS.bathing));
  else notAvailable.push(entry("bathing", bathing.success ? TEXTS.bathingNone : TEXTS.bathingUnknown));
  return { available, notAvailable };
}
