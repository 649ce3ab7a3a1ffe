// The recommendations card: prominent boxes first, then the other advice, compact.
import { ADVICE_ANCHOR, ADVICE_TITLE, type AdvicePresentation } from "../../core/report/present.ts";
import { Card, NBSP } from "./ReportCard.tsx";

export default function AdviceCard({ advice }: { advice: AdvicePresentation[] }) {
  // At most one prominent box per domain: the others follow, compact, in the presentation's order.
  const prominent = advice.filter((item) => item.prominent);
  const compact = advice.filter((item) => !item.prominent);
  return (
    <Card anchor={ADVICE_ANCHOR} title={ADVICE_TITLE} headline={null} className="card--recommendations">
      {prominent.length > 0 ? (
        <ul className="recommendations">
          {prominent.map((item) => (
            <li key={item.id} className={`recommendation recommendation--${item.severity}`} data-domain={item.category}>
              <p className="recommendation__severity">{item.severityLabel}</p>
              <p className="recommendation__title">{item.title}</p>
              <p className="recommendation__text">{item.text}</p>
              <AdviceLinks item={item} />
            </li>
          ))}
        </ul>
      ) : null}
      {compact.length > 0 ? (
        <>
          {prominent.length > 0 ? <h5 className="recommendations__more">Autres conseils</h5> : null}
          <ul className="recommendations-compact">
            {compact.map((item) => (
              <li key={item.id} className="recommendation-compact">
                <p className="recommendation-compact__title">{item.title}</p>
                <p className="recommendation-compact__text">{item.text}</p>
                <AdviceLinks item={item} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Card>
  );
}

function AdviceLinks({ item }: { item: AdvicePresentation }) {
  return (
    <p className="recommendation__links">
      <a href={item.link}>
        En savoir plus
        <span className="sr-only">
          {NBSP}: {item.title}
        </span>
      </a>
      {" · "}
      <a href={item.source.url} target="_blank" rel="noopener noreferrer">
        Source{NBSP}: {item.source.name}
        <span className="sr-only"> (nouvel onglet)</span>
      </a>
    </p>
  );
}
