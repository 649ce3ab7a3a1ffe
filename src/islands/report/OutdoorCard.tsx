// The card of each section of issue 26 (pollen, UV, weather warnings, radon): the same pieces as
// the other cards, in the same order, and the source's grid of official words (a row per taxon or
// phenomenon, a column per day) as a real table.
import type { LevelTable, OutdoorPresentation } from "../../core/report/present.ts";
import { Attribution, Card, Facts, Notes, OfficialBadge, RetrySection, SourceLink } from "./ReportCard.tsx";

export default function OutdoorCard({ section }: { section: OutdoorPresentation }) {
  return (
    <Card anchor={section.anchor} title={section.title} headline={section.headline} className={`card--outdoor card--${section.key}`}>
      {section.dateLine ? <p className="card__date">{section.dateLine}</p> : null}
      {section.message ? <p className="card__message">{section.message}</p> : null}
      <RetrySection section={section.key} />
      <Facts facts={section.facts} />
      {section.table ? <LevelGrid table={section.table} /> : null}
      <Notes notes={section.notes} />
      <SourceLink source={section.source} />
      {section.attribution ? <Attribution text={section.attribution} /> : null}
    </Card>
  );
}

/** Rows × days of official words; a day the source did not publish a value for says so in words. */
function LevelGrid({ table }: { table: LevelTable }) {
  return (
    <table className="level-table">
      <caption>{table.caption}</caption>
      <thead>
        <tr>
          <td />
          {table.columns.map((column) => (
            <th key={column} scope="col">
              <ColumnHeading column={column} />
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {table.rows.map((row) => (
          <tr key={row.label}>
            <th scope="row">{row.label}</th>
            {row.cells.map((cell, index) => (
              <td key={table.columns[index] ?? index}>
                {cell ? <OfficialBadge badge={cell} className="level-table__badge" /> : <span className="card__small">Non publié</span>}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** « Demain (23 novembre) »: the day, then its date on a line of its own, so three days fit a phone's width. */
function ColumnHeading({ column }: { column: string }) {
  const at = column.indexOf(" (");
  if (at === -1) return <>{column}</>;
  return (
    <>
      {column.slice(0, at)} <span className="level-table__date">{column.slice(at + 1)}</span>
    </>
  );
}
