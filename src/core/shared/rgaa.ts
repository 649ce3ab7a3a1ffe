// The RGAA 4.1 conformity rate and status, from the audit grid (docs/accessibilite/grille.csv).
// « Le pourcentage de critères RGAA respectés s'obtient en divisant le nombre de critères validés par
// le nombre de critères applicables. Critère validé : un critère est validé s'il est validé sur toutes
// les pages de l'échantillon. […] Critère applicable : pour qu'un critère soit applicable, il suffit
// qu'il le soit sur une seule page de l'échantillon. » (accessibilite.numerique.gouv.fr, Évaluation de
// la conformité à la norme de référence, « Taux de conformité à la norme »)

export type RgaaStatus = "C" | "NC" | "NA";

export interface RgaaGridRow {
  page: string;
  criterion: string;
  status: RgaaStatus;
}

export interface RgaaRate {
  /** criteria conforme on every page where they apply, and applicable on at least one */
  conforming: number;
  /** criteria non conforme on at least one page */
  failing: number;
  /** criteria non applicable on every page */
  notApplicable: number;
  /** conforming / (conforming + failing), in percent, not rounded */
  percent: number;
}

/** Per criterion: NC if it fails on one page, NA if it applies on none, C otherwise. */
export function computeRgaaRate(rows: readonly RgaaGridRow[]): RgaaRate {
  const byCriterion = new Map<string, RgaaStatus[]>();
  for (const row of rows) byCriterion.set(row.criterion, [...(byCriterion.get(row.criterion) ?? []), row.status]);
  let conforming = 0;
  let failing = 0;
  let notApplicable = 0;
  for (const statuses of byCriterion.values()) {
    if (statuses.includes("NC")) failing++;
    else if (statuses.every((status) => status === "NA")) notApplicable++;
    else conforming++;
  }
  const applicable = conforming + failing;
  return { conforming, failing, notApplicable, percent: applicable === 0 ? 0 : (conforming / applicable) * 100 };
}

export type RgaaConformity = "totalement" | "partiellement" | "non";

/**
 * « Conformité totale : si tous les critères de contrôle du RGAA sont respectés ; Conformité
 * partielle : si au moins 50 % des critères de contrôle du RGAA sont respectés ; Non-conformité : […]
 * si moins de 50 % des critères de contrôle du RGAA sont respectés » (Déclaration d'accessibilité,
 * accessibilite.numerique.gouv.fr).
 */
export function rgaaConformity(rate: RgaaRate): RgaaConformity {
  if (rate.failing === 0 && rate.conforming > 0) return "totalement";
  return rate.percent >= 50 ? "partiellement" : "non";
}

/** The rate as the declaration prints it: one decimal, French comma, « 91,7 % ». */
export function formatRgaaPercent(rate: RgaaRate): string {
  return `${(Math.floor(rate.percent * 10) / 10).toFixed(1).replace(".", ",")}\u00a0%`;
}

/** Parses the grid's CSV (header `page,critere,statut,…`; fields may be quoted with ""). */
export function parseRgaaGrid(csv: string): RgaaGridRow[] {
  const records = parseCsv(csv);
  const [header, ...lines] = records;
  if (!header) return [];
  const column = (name: string) => {
    const index = header.indexOf(name);
    if (index < 0) throw new Error(`grille.csv: no column « ${name} »`);
    return index;
  };
  const [page, criterion, status] = [column("page"), column("critere"), column("statut")];
  return lines.map((line) => {
    const value = line[status];
    if (value !== "C" && value !== "NC" && value !== "NA") throw new Error(`grille.csv: invalid status « ${value} » for ${line[page]} ${line[criterion]}`);
    return { page: line[page] ?? "", criterion: line[criterion] ?? "", status: value };
  });
}

/** RFC 4180 CSV: comma-separated, "…" quoting with "" for a quote; blank lines skipped. */
export function parseCsv(csv: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let index = 0; index < csv.length; index++) {
    const char = csv[index]!;
    if (quoted) {
      if (char === '"' && csv[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      record.push(field);
      field = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && csv[index + 1] === "\n") index++;
      record.push(field);
      if (record.some((value) => value !== "")) records.push(record);
      record = [];
      field = "";
    } else field += char;
  }
  record.push(field);
  if (record.some((value) => value !== "")) records.push(record);
  return records;
}
