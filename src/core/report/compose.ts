// The report as the page lays it out, from each section's document (decision 095): the head,
// « L'essentiel », the sections in the cards' order, the advice. The documents are the sections'
// own presentations (present.ts: each section presents itself, listed by the registry); the server
// presents them and sends each with its answer, so that the page carries this composition and the
// sections' outlines, never their presentation code. The PDF and the e-mails compose the same way,
// from the documents they present themselves (presentReport). Each headline is its source's own word
// with the source's colour where it publishes one; our five levels only order and colour our own
// elements (tones) and never print a word of their own. Pure: no I/O, no clock (dates come from the report).
import { sectionOutlines } from "../../sections/outline.ts";
import type { AirPresentation } from "../../sections/air/present.ts";
import type { BathingPresentation } from "../../sections/bathing/present.ts";
import type { DroughtPresentation } from "../../sections/drought/present.ts";
import type { WaterPresentation } from "../../sections/water/present.ts";
import { compareAdvice, isPromotable } from "../recommendations/rank.ts";
import { formatDateFr, frenchTypography } from "../shared/format.ts";
import { timeZoneOfCommune } from "../shared/time.ts";
import type { Recommendation, Report, ReportAnswer } from "../types.ts";
import type { Badge, Tone } from "./badge.ts";
import { sentence } from "./days.ts";
import type { SectionDocument } from "./document.ts";
import { answerFailed, SECTION_PENDING, type SectionAnswer, type SectionOutline } from "./section-module.ts";

export interface AdvicePresentation {
  id: string;
  category: Recommendation["category"];
  severity: Recommendation["severity"];
  /** « Important », « Précaution », « Information », « Tout va bien » */
  severityLabel: string;
  /** at most one prominent advice per domain; the others are shown compactly */
  prominent: boolean;
  title: string;
  text: string;
  link: string;
  source: { name: string; url: string };
  /** its words say nothing changes for most people: never « À retenir » */
  calm: boolean;
}

/** A calm section in the one line that groups them: its name (the link to its card) and its official word. */
export interface CalmEntry {
  anchor: string;
  label: string;
  word: string;
}

export interface SummaryLine {
  /** the section's key in the registry, or « advice » */
  key: string;
  anchor: string;
  /** « Eau du robinet » */
  label: string;
  /** the official word, as the section's headline */
  badge: Badge | null;
  /** the colour of the line: the headline's tone, or the advice's severity for « À retenir » */
  tone: Tone;
  /** the whole sentence, for text channels: « Eau du robinet : Conforme (prélèvement du …). » */
  text: string;
  /**
   * The words of `text` that the page makes its link to the card when not its label: the advice's
   * title — never « À retenir », which says nothing of where the link goes (RGAA 6.1).
   */
  linkText?: string;
  /** a section whose source has not answered yet (a streamed report on its way): its line says only that */
  pending?: true;
  /** the line that groups the calm sections (key « calm »): each one, linked to its card */
  calm?: CalmEntry[];
}

/**
 * A report on its way (decision 067): its head (address, commune, date) and the sections whose
 * sources have answered; the recommendations come last, built from every section.
 */
export type PartialReport = Pick<Report, "address" | "address_info" | "generated_at"> & Partial<Omit<Report, "address" | "address_info" | "generated_at">>;

/** A section whose source has not answered yet: its card's title and anchor, nothing else. */
export interface PendingSection {
  key: string;
  anchor: string;
  title: string;
  pending: true;
}

/** A section in a partial report's presentation: its document, or pending while its source has not answered. */
export type PresentedSection = SectionDocument | PendingSection;

export const isPending = (section: PresentedSection): section is PendingSection => "pending" in section;

/** A partial report's presentation: null where its section (or the advice) has not arrived. */
export interface PartialReportPresentation extends Omit<ReportPresentation, "sections" | "water" | "air" | "drought" | "bathing" | "advice"> {
  /** every section of the registry, in the cards' order */
  sections: PresentedSection[];
  water: WaterPresentation | null;
  air: AirPresentation | null;
  drought: DroughtPresentation | null;
  bathing: BathingPresentation | null;
  advice: AdvicePresentation[] | null;
}

export interface ReportPresentation {
  title: string;
  place: string;
  /** the day the data were read, on the commune's own calendar (overseas, the territory's): « 2 décembre 2026 » */
  consultedOn: string;
  updated: string;
  /**
   * five seconds (decision 084): « À retenir » (the first advice that may be promoted) or, when
   * nothing needs attention, one calm line; then each section that needs attention in its own
   * sentence, in the official words; then the calm ones grouped on one line
   */
  summary: SummaryLine[];
  /** every section's document, in the cards' order */
  sections: SectionDocument[];
  /** the richer cards of the first four sections, drawn by the page and the PDF in their documents' place */
  water: WaterPresentation;
  air: AirPresentation;
  drought: DroughtPresentation;
  bathing: BathingPresentation;
  advice: AdvicePresentation[];
  disclaimer: string;
}

export const DISCLAIMER =
  "Ces informations proviennent de données publiques officielles et donnent des conseils généraux. Elles ne remplacent pas l'avis d'un professionnel de santé ni les consignes de votre mairie, de l'Agence régionale de santé ou de la préfecture.";

/**
 * Beside every link or button that gives the PDF: pdf-lib writes no structure tree, so the PDF is
 * untagged, and the report page is its accessible alternative (RGAA 13.3).
 */
export const PDF_ACCESSIBLE_ALTERNATIVE = frenchTypography(
  "Le rapport PDF n'est pas accessible aux lecteurs d'écran : la page du bilan en est la version accessible.",
);

/** The advice card's title and anchor. */
export const ADVICE_TITLE = "Recommandations";
export const ADVICE_ANCHOR = "conseils";
/** The fragment id of one advice in the advice card, where a card's advice line leads. */
export const adviceAnchor = (id: string) => `conseil-${id}`;

export const SEVERITY_LABELS: Record<Recommendation["severity"], string> = {
  critical: "Important",
  warning: "Précaution",
  info: "Information",
  success: "Tout va bien",
};

export function presentAdvice(recommendations: readonly Recommendation[]): AdvicePresentation[] {
  // One ranking rule for every channel (rank.ts), a report cached before it included: a stable sort.
  return [...recommendations].sort(compareAdvice).map((recommendation) => ({
    id: recommendation.id,
    category: recommendation.category,
    severity: recommendation.severity,
    severityLabel: SEVERITY_LABELS[recommendation.severity],
    // Chosen by the rules (select.ts); a report cached before the field existed shows none big.
    prominent: recommendation.prominent ?? false,
    title: recommendation.title,
    text: recommendation.text,
    link: recommendation.link,
    source: recommendation.source,
    calm: recommendation.calm ?? false,
  }));
}

/** The label of the line that groups the calm sections, and of the one calm line when nothing needs attention. */
export const CALM_LABEL = "Rien à signaler";
export const ALL_CALM_TEXT = "Rien ne demande d'attention particulière aujourd'hui";

const ADVICE_TONES: Record<Recommendation["severity"], Tone> = { critical: "critical", warning: "concerning", info: "neutral", success: "good" };

/** A section's answer in a report, read by its field (a section registered by a test has a field of its own). */
export const answerOf = (report: object, section: SectionOutline) => (report as Record<string, SectionAnswer | undefined>)[section.field];

function pendingLine(section: SectionOutline): SummaryLine {
  return {
    key: section.key,
    anchor: section.anchor,
    label: section.label,
    badge: null,
    tone: "neutral",
    text: sentence(section.label, SECTION_PENDING),
    pending: true,
  };
}

/**
 * The calm sections on one line, each with its official word: « Rien à signaler : Baignade –
 * Hors saison, Sécheresse – Pas de restrictions. »; when nothing at all needs attention, the report's one calm
 * line, which names them all.
 */
function calmLine(calm: CalmEntry[], allCalm: boolean): SummaryLine {
  const listed = calm.map((entry) => `${entry.label} – ${entry.word}`).join(", ");
  return {
    key: "calm",
    anchor: calm[0]!.anchor,
    label: allCalm ? ALL_CALM_TEXT : CALM_LABEL,
    badge: null,
    tone: allCalm ? "good" : "neutral",
    text: frenchTypography(`${allCalm ? ALL_CALM_TEXT : CALM_LABEL} : ${listed}.`),
    calm,
  };
}

/** The rich presentation a section's document carries, when it has one. */
function richOf<Rich>(presented: readonly PresentedSection[], key: string): Rich | null {
  const section = presented.find((entry) => entry.key === key);
  return section && !isPending(section) ? ((section as SectionDocument & { rich?: Rich }).rich ?? null) : null;
}

/**
 * The presentation of a report, whole or on its way (decision 067), from each arrived section's
 * document (`documentOf`: null while its source has not answered): each arrived section exactly as
 * in the whole report, each other one « en cours de lecture… » and nothing more. « À retenir » (and
 * so any word of the advice, « Bonne nouvelle » included, decision 054) waits for the
 * recommendations, which the server builds from every section.
 */
export function composeReport(partial: PartialReport, documentOf: (section: SectionOutline) => SectionDocument | null): PartialReportPresentation {
  const generatedAt = partial.generated_at;
  // Every date of the report's own reading is the commune's day: overseas, the territory's.
  const timeZone = timeZoneOfCommune(partial.address.citycode);
  const consultedOn = formatDateFr(generatedAt, timeZone);
  const outlines = sectionOutlines();
  const presented: PresentedSection[] = outlines.map(
    (section) => documentOf(section) ?? { key: section.key, anchor: section.anchor, title: section.title, pending: true },
  );
  const complete = !presented.some(isPending);
  const advice = complete && partial.recommendations ? presentAdvice(partial.recommendations) : null;
  const info = partial.address_info;
  // « À retenir »: the first advice in the one ranking (rank.ts) that may be promoted.
  const first = advice?.find(isPromotable) ?? null;
  const lines: SummaryLine[] = [];
  const calm: CalmEntry[] = [];
  presented.forEach((entry, index) => {
    const section = outlines[index]!;
    if (isPending(entry)) return lines.push(pendingLine(section));
    // In full: what needs attention (a concerning or critical headline, or the section says so) and what could not be read.
    const needsAttention =
      entry.attention === true || entry.headline.tone === "concerning" || entry.headline.tone === "critical" || answerFailed(answerOf(partial, section));
    if (needsAttention)
      lines.push({ key: section.key, anchor: entry.anchor, label: section.label, badge: entry.headline, tone: entry.headline.tone, text: entry.summary });
    else calm.push({ anchor: entry.anchor, label: section.label, word: entry.headline.word });
  });
  const allCalm = complete && first === null && lines.length === 0;
  const summary: SummaryLine[] = [
    ...(first
      ? [
          {
            key: "advice",
            // The advice it names, in the advice card (which a phone opens on the way).
            anchor: adviceAnchor(first.id),
            label: "À retenir",
            badge: null,
            tone: ADVICE_TONES[first.severity],
            text: frenchTypography(`À retenir : ${first.title}`),
            linkText: frenchTypography(first.title),
          },
        ]
      : []),
    ...lines,
    ...(calm.length > 0 ? [calmLine(calm, allCalm)] : []),
  ];
  return {
    title: partial.address.label,
    place: [info.commune_name || partial.address.city, info.department_name ? `${info.department_name} (${info.department_code})` : ""]
      .filter(Boolean)
      .join(" · "),
    consultedOn,
    updated: `mis à jour le ${consultedOn}`,
    summary,
    sections: presented,
    water: richOf<WaterPresentation>(presented, "water"),
    air: richOf<AirPresentation>(presented, "air"),
    drought: richOf<DroughtPresentation>(presented, "drought"),
    bathing: richOf<BathingPresentation>(presented, "bathing"),
    advice,
    disclaimer: DISCLAIMER,
  };
}

/** Each arrived section's document by its key, as the server presents them (present.ts, presentDocuments). */
export type SectionDocuments = Record<string, SectionDocument>;

/** The site's report answer (decision 095): the report, and each section's document presented by the server. */
export interface SiteReportAnswer extends ReportAnswer {
  documents: SectionDocuments;
}

/** The page's presentation of a report the server sent, whole or on its way: from the documents it carries. */
export function presentSentReport(report: PartialReport & { documents?: SectionDocuments | undefined }): PartialReportPresentation {
  return composeReport(report, (section) => report.documents?.[section.key] ?? null);
}
