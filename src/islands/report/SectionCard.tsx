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

/**
 * Rows × days of official words; a day the source did not publish a value for says so in words.
 * Each cell also carries its day, hidden from assistive technologies (the column's heading says
 * it): on a phone the rows are stacked and the headings row is only read, not shown (report.css).
 */
function LevelGrid({ table }: { table: LevelTable }) {
  return (
    <table className="level-table">
      <caption>{table.caption}</caption>
      <thead>
        <tr>
          <td />
          {table.columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {table.rows.map((row) => (
          <tr key={row.label}>
            <th scope="row">{row.label}</th>
            {row.cells.map((cell, index) => (
              <td key={index}>
                <span className="level-table__day" aria-hidden="true">
                  {table.columns[index]}
                </span>
                {cell ? <OfficialBadge badge={cell} className="level-table__badge" /> : <span className="card__small">Non publié</span>}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
