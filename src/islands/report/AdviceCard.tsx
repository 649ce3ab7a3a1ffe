// The recommendations card: every advice once, in the one ranking (rank.ts) — « Important », then
// « Précaution », then information. Each is a disclosure (its severity and title, then its text),
// open on a wide screen, closed on a phone, where the report must read in a few screens; a card's
// advice line opens the one it names.
import { ADVICE_ANCHOR, ADVICE_TITLE, adviceAnchor, type AdvicePresentation } from "../../core/report/compose.ts";
import { Card, NBSP, useWideScreen } from "./ReportCard.tsx";

export default function AdviceCard({ advice }: { advice: AdvicePresentation[] }) {
  const wide = useWideScreen();
  return (
    <Card anchor={ADVICE_ANCHOR} title={ADVICE_TITLE} headline={null} className="card--recommendations">
      <ul className="recommendations">
        {advice.map((item) => (
          <li key={item.id} id={adviceAnchor(item.id)} tabIndex={-1} className={`recommendation recommendation--${item.severity}`} data-domain={item.category}>
            <details open={wide}>
              <summary>
                <span className="recommendation__severity">{item.severityLabel}</span>
                <span className="recommendation__title">{item.title}</span>
              </summary>
              <p className="recommendation__text">{item.text}</p>
              <AdviceLinks item={item} />
            </details>
          </li>
        ))}
      </ul>
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
