// The card of a section's document (src/core/report/document.ts): its headline, its blocks in
// order — the « Réessayer » of a failed read after its date and message — its source. Any section
// the registry lists gets this card unless it has a richer one of its own.
import type { Block, LevelTable, SectionDocument } from "../../core/report/present.ts";
import { Attribution, Card, Facts, Notes, OfficialBadge, RetrySection, SourceLink, SourceStatusLink } from "./ReportCard.tsx";

/** The blocks that say what the data are and whether they could be read, before « Réessayer ». */
const isHead = (block: Block) => block.kind === "date" || block.kind === "message";

export default function SectionCard({ section }: { section: SectionDocument }) {
  const head = section.blocks.filter(isHead);
  const body = section.blocks.filter((block) => !isHead(block));
  return (
    <Card
      anchor={section.anchor}
      title={section.title}
      headline={section.headline}
      className={`card--document card--${section.key}`}
      section={section.key}
      intro={
        <>
          {head.map((block, index) => (
            <BlockView key={`head-${index}`} block={block} />
          ))}
          <RetrySection section={section.key} />
          <SourceStatusLink link={section.statusLink} />
        </>
      }
    >
      {body.map((block, index) => (
        <BlockView key={`body-${index}`} block={block} />
      ))}
      <SourceLink source={section.source} />
      {section.attribution ? <Attribution text={section.attribution} /> : null}
    </Card>
  );
}

function BlockView({ block }: { block: Block }) {
  switch (block.kind) {
    case "date":
      return <p className="card__date">{block.text}</p>;
    case "message":
      return <p className="card__message">{block.text}</p>;
    case "facts":
      return <Facts facts={block.facts} />;
    case "table":
      return <LevelGrid table={block.table} />;
    case "notes":
      return <Notes notes={block.notes} />;
  }
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
