// The report of the account's addresses, sent only when its owner asks for it from /compte.
import type { SectionDocument } from "../../../core/report/document.ts";
import { DISCLAIMER, presentReport, type ReportPresentation } from "../../../core/report/present.ts";
import type { Report } from "../../../core/types.ts";
import type { EmailBlock } from "../blocks.ts";
import { composeEmail, composeGreeting, describePlace, toInline, type RenderedEmail } from "../compose.ts";

/** The page's name for the five-second summary, in every channel. */
const ESSENTIALS_HEADING = "L'essentiel";

/**
 * One address, as the page and the PDF show it: the address once, « L'essentiel » as the page lays
 * it out (a heading, then one line per domain with its label emphasised, « À retenir » first),
 * each section's document in the report's order, then every advice with its text — the prominent
 * ones first, which puts the advice for infants and pregnant women at the top when it applies.
 */
export function renderReportBlocks(input: {
  presentation: ReportPresentation;
  /** every section, in the report's order */
  sections: readonly SectionDocument[];
  nickname: string | null;
  reportUrl: string;
  /** the only address of the e-mail: its link needs no name to be told from another */
  alone: boolean;
}): EmailBlock[] {
  const { presentation } = input;
  const place = describePlace(presentation.title, input.nickname);
  const name = input.nickname === null ? "" : toInline(input.nickname);
  // In the one ranking every channel shows (rank.ts).
  const advice = presentation.advice;
  // The address is said once, in the heading: the link names it by the person's name for it
  // (« Maison »), which still tells several « Voir le bilan complet » links apart out of context;
  // an address without a name is named in full only when another link could be taken for it.
  const linkLabel = name
    ? `Voir le bilan complet de « ${name} »`
    : input.alone
      ? "Voir le bilan complet"
      : `Voir le bilan complet pour ${toInline(presentation.title)}`;
  return [
    { kind: "heading", text: place },
    { kind: "paragraph", text: `Bilan du ${presentation.consultedOn}` },
    { kind: "subheading", text: ESSENTIALS_HEADING },
    {
      kind: "list",
      // Each line's label emphasised, the rest of its sentence after it, as on the page.
      items: presentation.summary.map((line) => (line.text.startsWith(line.label) ? [{ strong: line.label }, line.text.slice(line.label.length)] : line.text)),
    },
    { kind: "subheading", text: "Le détail" },
    // A failed section's « État des sources » is a path: the report's own address gives the site's.
    {
      kind: "sections",
      documents: input.sections.map((document) =>
        document.statusLink
          ? { ...document, statusLink: { ...document.statusLink, href: new URL(document.statusLink.href, input.reportUrl).toString() } }
          : document,
      ),
    },
    ...(advice.length > 0
      ? ([
          { kind: "subheading", text: "Nos conseils" },
          { kind: "list", items: advice.map((item) => ({ lines: [[{ strong: `${item.severityLabel} – ${item.title}` }], item.text] })) },
        ] satisfies EmailBlock[])
      : []),
    { kind: "link", label: linkLabel, url: input.reportUrl },
  ];
}

export function renderLatestReportEmail(input: {
  firstName: string | null;
  reports: Report[];
  accountUrl: string;
  reportUrlFor: (report: Report, index: number) => string;
  /** the name the account gave the address (« Maison »), null when it has none */
  nicknameFor?: (report: Report, index: number) => string | null;
}): RenderedEmail {
  const body: EmailBlock[] = [{ kind: "paragraph", text: composeGreeting(input.firstName) }];
  if (input.reports.length === 0) {
    body.push(
      { kind: "paragraph", text: "Vous n'avez pas encore d'adresse surveillée." },
      { kind: "link", label: "Ajouter une adresse depuis mon compte", url: input.accountUrl },
    );
  } else {
    body.push({
      kind: "paragraph",
      text:
        input.reports.length === 1
          ? "Voici le bilan de votre adresse surveillée, à partir des dernières données officielles."
          : "Voici le bilan de vos adresses surveillées, à partir des dernières données officielles.",
    });
    input.reports.forEach((report, index) => {
      const presentation = presentReport(report);
      body.push(
        ...renderReportBlocks({
          presentation,
          sections: presentation.sections,
          nickname: input.nicknameFor?.(report, index) ?? null,
          reportUrl: input.reportUrlFor(report, index),
          alone: input.reports.length === 1,
        }),
      );
    });
  }
  body.push(
    {
      kind: "link",
      lead: "Vos adresses, les alertes que vous recevez par e-mail et votre compte se gèrent depuis votre espace :",
      label: "Gérer mes alertes et préférences",
      url: input.accountUrl,
    },
    { kind: "paragraph", text: DISCLAIMER },
  );
  return composeEmail("Votre bilan santé-environnement", {
    preheader: "L'eau du robinet, l'air et la sécheresse à vos adresses, d'après les données officielles.",
    title: "Votre bilan santé-environnement",
    body,
    footerReason: "Vous recevez ce bilan parce que vous l'avez demandé depuis votre compte Zone Santé. Il n'est envoyé que sur demande.",
  });
}
