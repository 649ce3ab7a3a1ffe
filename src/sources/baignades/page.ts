// Strict reader of the ministry's live site page (baignades.sante.gouv.fr `consultSite.do`).
// No recorded page exists: every rule below follows the structure notes
// (tests/fixtures/baignades/derived/README.md), i.e. what five public
// scrapers rely upon. The page is HTML with no API contract, so the reader identifies it first and
// rejects anything it does not recognise: a page read halfway could show « no prohibition » for a
// site whose banner merely moved. Pure, no DOM library (runs in Node and on Workers). The portal
// serves Windows-1252 (structure notes: C, D, E): the client decodes it before calling this.
import type { BathingClassement, BathingLiveStatus } from "../../sections/bathing/types.ts";
import { decodeHtmlEntities, findClosingTag, findElementsByClass } from "../text/html.ts";

export type ConsultSitePageResult = { ok: true; status: BathingLiveStatus } | { ok: false; reason: string };

type SampleVerdict = NonNullable<BathingLiveStatus["lastSample"]>["verdict"];
type Prohibition = NonNullable<BathingLiveStatus["prohibition"]>;
type Classement = NonNullable<BathingLiveStatus["classement"]>;

/** Thrown inside this module only, turned into `{ ok: false, reason }` by the entry point. */
class PageMismatch extends Error {}

/** `season`: the season the page was asked for (`annee=`), as the ministry numbers it. */
export function parseConsultSitePage(html: string, options: { fetchedAt: Date; season: number }): ConsultSitePageResult {
  try {
    return { ok: true, status: readSitePage(html, options.fetchedAt, options.season) };
  } catch (error) {
    if (error instanceof PageMismatch) return { ok: false, reason: error.message };
    throw error;
  }
}

function readSitePage(html: string, fetchedAt: Date, season: number): BathingLiveStatus {
  if (html.trim() === "") throw new PageMismatch("empty page");
  const text = toText(html);

  // Identifying markers (structure notes): the season cells or the « Résultats des prélèvements »
  // section, AND the classement line. Every site page carries « Classement de l'année YYYY : »,
  // « site non classé » in season included (E), so its absence means another page or a new layout.
  const seasonStart = SEASON_START.exec(text);
  const seasonEnd = SEASON_END.exec(text);
  if (Boolean(seasonStart) !== Boolean(seasonEnd)) {
    throw new PageMismatch("only one of « Début de la saison » / « Fin de la saison » is present");
  }
  if (!seasonStart && !SAMPLES_SECTION.test(text)) {
    throw new PageMismatch("not a site page: neither « Début/Fin de la saison » nor « Résultats des prélèvements »");
  }
  const headline = CLASSEMENT_HEADLINE.exec(text);
  if (!headline) throw new PageMismatch("no « Classement de l'année YYYY : » line: another page or a new layout");

  return {
    fetchedAt: fetchedAt.toISOString(),
    season,
    // A season label without its date (season not set yet?) reads as null, not as a rejection: the
    // label alone already identifies the page. Dates are kept as printed: overseas seasons straddle two years and the page's years are
    // known to be unreliable there (B rewrites them), so no ordering check is made here.
    seasonStart: seasonStart?.[1] ? toIsoDate(seasonStart[1]) : null,
    seasonEnd: seasonEnd?.[1] ? toIsoDate(seasonEnd[1]) : null,
    lastSample: readLatestSample(html),
    prohibition: readProhibition(html),
    classement: selectClassement(readClassementHeadline(headline, text), readClassementHistory(html)),
  };
}

// Capitalised and with their colon: « jusqu'à la fin de la saison » in an advice text is not the cell.
const SEASON_START = /D[ée]but de la saison\s*:\s*(\d{2}\/\d{2}\/\d{4})?/;
const SEASON_END = /Fin de la saison\s*:\s*(\d{2}\/\d{2}\/\d{4})?/;
// Capitalised like the section title: « les résultats des prélèvements » in a sentence is not it.
const SAMPLES_SECTION = /R[ée]sultats des pr[ée]l[èe]vements/;
const CLASSEMENT_HEADLINE = /Classement de l['’]ann[ée]e\s+(\d{4})\s*:\s*/i;

// ---- samples ---------------------------------------------------------------------------------

const VERDICT_CLASS = /^fond(Bon|Moyen|Mauvais)$/;
const VERDICT_SEVERITY: Record<SampleVerdict, number> = { Bon: 0, Moyen: 1, Mauvais: 2 };

/**
 * Sample cells are `cadre_dotted fondBon|fondMoyen|fondMauvais` with `<strong>dd/mm/yyyy</strong>`
 * and the label (structure notes: B, D). The most recent date wins, not the last cell (as A and B
 * do): nothing in the notes promises that document order is date order.
 * Frames without a verdict class (« Non renseigné »…) have nothing to report and are skipped, so
 * the result is the latest sample *with a verdict*.
 */
function readLatestSample(html: string): BathingLiveStatus["lastSample"] {
  let latest: { date: string; verdict: SampleVerdict } | null = null;
  for (const cell of findElementsByClass(html, "cadre_dotted")) {
    const verdict = cell.classes.map((name) => VERDICT_CLASS.exec(name)?.[1]).find((name) => name !== undefined);
    if (!isSampleVerdict(verdict)) continue;
    const strongDate = /<strong\b[^>]*>\s*(\d{2}\/\d{2}\/\d{4})\s*<\/strong>/i.exec(cell.inner);
    if (!strongDate?.[1]) throw new PageMismatch(`a « ${verdict} » sample cell has no <strong>dd/mm/yyyy</strong> date`);
    const date = toIsoDate(strongDate[1]);
    // The colour class and the printed label must agree; if they do not, the markup means
    // something we do not know.
    const label = toText(cell.inner.replace(strongDate[0], " "));
    if (!new RegExp(`^${verdict}\\b`, "i").test(label)) {
      throw new PageMismatch(`sample of ${date}: class says ${verdict} but the label reads « ${label.slice(0, 40)} »`);
    }
    // Two samples on one day: keep the worse, a same-day re-test must not hide a bad result.
    if (!latest || date > latest.date || (date === latest.date && VERDICT_SEVERITY[verdict] > VERDICT_SEVERITY[latest.verdict])) {
      latest = { date, verdict };
    }
  }
  return latest;
}

function isSampleVerdict(value: string | undefined): value is SampleVerdict {
  return value === "Bon" || value === "Moyen" || value === "Mauvais";
}

// ---- prohibition -----------------------------------------------------------------------------

/**
 * Only the banner counts: `.texte_titre_interdiction` (title with its date) followed by
 * `.texte_interdiction` « Type : … » (structure notes: B). Loose phrases such as « interdiction de
 * baignade » elsewhere (menus, legends, advice) are ignored: the notes warn that searching the
 * whole text (C) gives false positives.
 */
function readProhibition(html: string): BathingLiveStatus["prohibition"] {
  const titles = findElementsByClass(html, "texte_titre_interdiction");
  const details = findElementsByClass(html, "texte_interdiction");
  if (titles.length === 0) {
    // Details without their title: the banner changed shape; saying « no prohibition » would be a guess.
    if (details.length > 0) throw new PageMismatch("prohibition details (.texte_interdiction) without their title");
    return null;
  }
  const prohibitions = titles.map((title, index): Prohibition => {
    const titleText = toText(title.inner);
    if (titleText === "") throw new PageMismatch("prohibition banner with an empty title");
    const nextTitleStart = titles[index + 1]?.start ?? Number.POSITIVE_INFINITY;
    const typeText = details
      .filter((detail) => detail.start > title.start && detail.start < nextTitleStart)
      .map((detail) => toText(detail.inner))
      .find((detailText) => /^Type\s*:/i.test(detailText));
    return { title: titleText, kind: readProhibitionKind(typeText), reason: readProhibitionReason(typeText) };
  });
  // Several banners: the sanitary one matters most to a bather.
  return prohibitions.find((prohibition) => prohibition.reason === "sanitaire") ?? prohibitions[0] ?? null;
}

function readProhibitionKind(typeText: string | undefined): string | null {
  if (!typeText) return null;
  if (/\bTEMPORAIRE\b/i.test(typeText)) return "temporaire";
  if (/\bPERMANENTE\b/i.test(typeText)) return "permanente";
  if (/\bD[EÉ]FINITIVE\b/i.test(typeText)) return "définitive";
  return null;
}

function readProhibitionReason(typeText: string | undefined): Prohibition["reason"] {
  if (!typeText) return null;
  if (/RAISON\s+NON\s+SANITAIRE/i.test(typeText)) return "non sanitaire";
  if (/RAISON\s+SANITAIRE/i.test(typeText)) return "sanitaire";
  return null;
}

// ---- classement ------------------------------------------------------------------------------

const NOT_CLASSIFIED: BathingClassement = "Site non classé";

/** Image codes of `classeN.gif` (structure notes: B, C). */
const CLASSEMENT_BY_IMAGE_CODE: Record<number, BathingClassement> = {
  1: "Excellente",
  2: "Bonne",
  3: "Suffisante",
  4: "Insuffisante",
  5: "Insuffisamment de prélèvements",
  6: NOT_CLASSIFIED,
  7: NOT_CLASSIFIED,
  11: NOT_CLASSIFIED,
};

export function mapClassementImageCode(code: number): BathingClassement | null {
  return CLASSEMENT_BY_IMAGE_CODE[code] ?? null;
}

/** Labels as the page writes them (« Excellent », « site non classé »), matched on accent-free lower case. */
const CLASSEMENT_LABELS: ReadonlyArray<[RegExp, BathingClassement]> = [
  [/^insuffisamment de prelevements\b/, "Insuffisamment de prélèvements"],
  [/^(?:site non classe|non classe|pas de classement)\b/, NOT_CLASSIFIED],
  [/^insuffisante?\b/, "Insuffisante"],
  [/^suffisante?\b/, "Suffisante"],
  [/^excellente?\b/, "Excellente"],
  [/^bon(?:ne)?\b/, "Bonne"],
];

/** The classement whose label starts `text`, or null (« Excellent », « Bonne qualité »…). */
export function mapClassementLabel(text: string): BathingClassement | null {
  const normalised = foldAccents(text).toLowerCase().replace(/\s+/g, " ").trim();
  return CLASSEMENT_LABELS.find(([pattern]) => pattern.test(normalised))?.[1] ?? null;
}

/** « Classement de l'année YYYY : <label> » (C); the label may also be a `classeN.gif` image. */
function readClassementHeadline(headline: RegExpExecArray, text: string): Classement {
  const year = Number(headline[1]);
  const rest = text.slice(headline.index + headline[0].length);
  const image = /^\[\[classe (\d+)\]\]/.exec(rest);
  const label = image ? mapClassementImageCode(Number(image[1])) : mapClassementLabel(rest);
  if (!label) throw new PageMismatch(`unknown classement for ${year}: « ${rest.slice(0, 40)} »`);
  return { year, label };
}

/**
 * « Historique des classements »: per-year cells and one `classeN.gif` per year, after the six
 * legend images, ending before « A partir de la saison » (structure notes: C). A history whose
 * images and years do not pair up is not guessed at.
 */
function readClassementHistory(html: string): Classement[] {
  const headingAt = html.search(/Historique des classements/i);
  if (headingAt < 0) return [];
  const chunk = html.slice(headingAt, findHistoryEnd(html, headingAt));
  const years = [...chunk.matchAll(/>\s*((?:19|20)\d{2})\s*</g)].map((match) => Number(match[1]));
  const codes = [...chunk.matchAll(/classe(\d+)\.gif/gi)].map((match) => Number(match[1]));
  if (codes.length !== years.length && codes.length !== years.length + 6) {
    throw new PageMismatch(`classement history: ${years.length} years but ${codes.length} images`);
  }
  const yearCodes = codes.slice(codes.length - years.length);
  return years.map((year, index) => {
    const code = yearCodes[index] ?? Number.NaN;
    const label = mapClassementImageCode(code);
    if (!label) throw new PageMismatch(`classement history: unknown image classe${code}.gif for ${year}`);
    return { year, label };
  });
}

function findHistoryEnd(html: string, headingAt: number): number {
  const marker = html.slice(headingAt).search(/partir de la saison/i);
  if (marker >= 0) return headingAt + marker;
  const tableAt = html.indexOf("<table", headingAt);
  return tableAt < 0 ? html.length : findClosingTag(html, "table", tableAt + 1);
}

/**
 * In season the headline says « site non classé » for the current year (E): the classement in
 * force is then the latest earlier year of the history with a real class.
 */
function selectClassement(headline: Classement, history: Classement[]): Classement {
  if (headline.label !== NOT_CLASSIFIED) return headline;
  const earlier = history.filter((entry) => entry.year < headline.year && entry.label !== NOT_CLASSIFIED).sort((left, right) => right.year - left.year);
  return earlier[0] ?? headline;
}

// ---- text ------------------------------------------------------------------------------------

/**
 * Visible text: scripts, styles and comments dropped, tags turned into spaces, entities decoded,
 * whitespace (no-break spaces included) collapsed. `classeN.gif` images become `[[classe N]]` so
 * that a classement drawn as an image stays readable in the text.
 */
function toText(html: string): string {
  const withoutTags = html
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<img\b[^>]*?classe(\d+)\.gif[^>]*>/gi, " [[classe $1]] ")
    .replace(/<[^>]*>/g, " ");
  return decodeHtmlEntities(withoutTags)
    .replace(/[\s\u00a0]+/g, " ")
    .trim();
}

function foldAccents(text: string): string {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
}

/** dd/mm/yyyy → YYYY-MM-DD; an impossible date means the page is not what we think it is. */
function toIsoDate(frenchDate: string): string {
  const [day, month, year] = frenchDate.split("/").map(Number);
  const date = new Date(Date.UTC(year ?? Number.NaN, (month ?? Number.NaN) - 1, day ?? Number.NaN));
  if (Number.isNaN(date.getTime()) || date.getUTCDate() !== day || date.getUTCMonth() + 1 !== month) {
    throw new PageMismatch(`impossible date « ${frenchDate} »`);
  }
  return date.toISOString().slice(0, 10);
}
