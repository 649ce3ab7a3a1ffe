// The bathing section's advice: a ban in force or to be checked, cyanobacteria, a poor sample or
// classement of a nearby site. Pure: the section is passed in.
import { quoted, type AdviceChoice, type AdviceTexts, type SectionAdvice } from "../../core/recommendations/advice.ts";
import { formatDateFr, readableName } from "../../core/shared/format.ts";
import type { BathingSection } from "../../core/types.ts";

const BATHING_REFERENCE = {
  link: "/blog/impact-baignade-sante",
  source: { name: "Ministère chargé de la santé – eaux de baignade", url: "https://baignades.sante.gouv.fr/" },
} as const;

export interface BathingAdviceFacts {
  "bathing-prohibited": { sites: string[] };
  /** a ban of this season last seen on the ministry's page more than a day ago (readOn: local day) */
  "bathing-prohibition-unconfirmed": { sites: Array<{ name: string; readOn: string | null }> };
  "bathing-cyanobacteria": Record<string, never>;
  /**
   * poorClassement: the year of an « Insuffisante » classement (set on the last four seasons);
   * lastSample: the latest sample of this season, whatever its verdict
   */
  "bathing-poor": { sites: Array<{ name: string; poorClassement: number | null; lastSample: { date: string; verdict: "Bon" | "Moyen" | "Mauvais" } | null }> };
}

type BathingAdvice = AdviceChoice<BathingAdviceFacts>;

function adviseBathing(bathing: BathingSection): BathingAdvice[] {
  if (!bathing.success || bathing.sites.length === 0) return [];
  const list: BathingAdvice[] = [];
  // Only a ban in force today: one from an earlier season's record is information, not advice.
  const prohibited = bathing.sites.filter((site) => site.prohibition?.current);
  if (prohibited.length > 0) {
    list.push({
      id: "bathing-prohibited",
      category: "bathing",
      severity: "critical",
      vulnerable: false,
      facts: { sites: prohibited.map((site) => readableName(site.name)) },
    });
  }
  // A ban of this season last seen more than a day ago: to be checked, never « en vigueur ».
  const unconfirmed = bathing.sites.filter((site) => site.prohibition?.state === "unconfirmed");
  if (unconfirmed.length > 0) {
    list.push({
      id: "bathing-prohibition-unconfirmed",
      category: "bathing",
      severity: "warning",
      vulnerable: false,
      facts: { sites: unconfirmed.map((site) => ({ name: readableName(site.name), readOn: site.prohibition?.read_on ?? null })) },
    });
  }
  const cyanobacteria = bathing.sites.filter((site) => site.health_events.some((event) => event.active && /cyanobact/i.test(event.type)));
  if (cyanobacteria.length > 0) {
    list.push({ id: "bathing-cyanobacteria", category: "bathing", severity: "warning", vulnerable: false, facts: {} });
  }
  // A « Mauvais » sample of this season, or an « Insuffisante » classement: each named for what it is.
  const poor = bathing.sites.flatMap((site) => {
    if (site.prohibition?.current || site.prohibition?.state === "unconfirmed") return [];
    const sample = site.latest_sample?.current ? site.latest_sample : null;
    const poorClassement = site.classement?.label === "Insuffisante" ? site.classement.year : null;
    if (sample?.verdict !== "Mauvais" && poorClassement === null) return [];
    return [{ name: readableName(site.name), poorClassement, lastSample: sample ? { date: sample.date, verdict: sample.verdict } : null }];
  });
  if (poor.length > 0) {
    list.push({ id: "bathing-poor", category: "bathing", severity: "warning", vulnerable: false, facts: { sites: poor } });
  }
  return list;
}

/**
 * « « LE CASINO » : classement « Insuffisante » (2025), établi sur les quatre dernières saisons ;
 * le dernier prélèvement, le 14 juillet 2026, est « Bon ». »
 */
function describePoorBathingSite(site: BathingAdviceFacts["bathing-poor"]["sites"][number]): string {
  const sample = site.lastSample ? `le dernier prélèvement, le ${formatDateFr(site.lastSample.date)}, est « ${site.lastSample.verdict} »` : null;
  const classement = site.poorClassement !== null ? `classement « Insuffisante » (${site.poorClassement}), établi sur les quatre dernières saisons` : null;
  return `« ${site.name} » : ${[classement, sample].filter((part): part is string => part !== null).join(" ; ")}.`;
}

const BATHING_TEXTS: AdviceTexts<BathingAdviceFacts> = {
  "bathing-prohibited": ({ sites }) => ({
    ...BATHING_REFERENCE,
    title: "Baignade interdite près de chez vous",
    text: `${quoted(sites).join(", ")} : une interdiction de baignade est en vigueur. Respectez-la, même si l'eau paraît claire : elle protège d'une pollution ou d'un danger qui ne se voit pas toujours.`,
  }),

  "bathing-cyanobacteria": () => ({
    ...BATHING_REFERENCE,
    title: "Cyanobactéries signalées",
    text: "Évitez de vous baigner là où l'eau est trouble, colorée ou couverte d'écume, et tenez les enfants et les chiens à distance. Ne buvez pas l'eau, douchez-vous après la baignade et consultez un médecin en cas de symptômes (irritations, troubles digestifs).",
  }),

  "bathing-prohibition-unconfirmed": ({ sites }) => ({
    ...BATHING_REFERENCE,
    title: "Interdiction de baignade signalée",
    text: `${sites
      .map(
        ({ name, readOn }) =>
          `« ${name} » : une interdiction de baignade était affichée${readOn ? ` le ${formatDateFr(readOn)}` : ""} sur le site du ministère.`,
      )
      .join(
        " ",
      )} Le site n'a pas pu être relu depuis : vérifiez sur la fiche officielle ou auprès de la mairie avant de vous baigner, et respectez tout panneau sur place.`,
  }),

  // A classement is set on the last four seasons (directive 2006/7/CE, art. 4(2)); the latest
  // sample is one day's result: each is named for what it is, never one for the other.
  "bathing-poor": ({ sites }) => ({
    ...BATHING_REFERENCE,
    title: sites.every((site) => site.lastSample?.verdict !== "Mauvais")
      ? "Eau de baignade classée « Insuffisante »"
      : sites.every((site) => site.poorClassement === null)
        ? "Eau de baignade : dernier prélèvement « Mauvais »"
        : "Eau de baignade : prélèvement « Mauvais » ou classement « Insuffisante »",
    text: `${sites.map(describePoorBathingSite).join(" ")} Préférez un autre site, évitez de boire la tasse, surtout après un orage, et douchez-vous en sortant de l'eau.`,
  }),
};

export const bathingAdvice: SectionAdvice<"bathing", BathingSection, BathingAdviceFacts, true> = {
  input: "bathing",
  required: true,
  advise: adviseBathing,
  texts: BATHING_TEXTS,
};
