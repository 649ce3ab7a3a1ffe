// The bathing card: the nearest sites with their official grade and page, then once when the
// ministry's live page was read.
import type { BathingPresentation } from "../../core/report/present.ts";
import { Facts, OfficialBadge, SectionCard } from "./ReportCard.tsx";

export default function BathingCard({ bathing }: { bathing: BathingPresentation }) {
  return (
    <SectionCard section={bathing} className="card--bathing">
      {bathing.sites.length > 0 ? (
        <ul className="bathing-sites" aria-label="Sites de baignade les plus proches">
          {bathing.sites.map((site) => (
            <li key={site.id} className="bathing-site">
              <p className="bathing-site__name">
                {site.name} <OfficialBadge badge={site.badge} className="bathing-site__badge" />
              </p>
              <p className="card__small">{site.place}</p>
              <Facts facts={site.facts} />
              {site.line ? <p className="bathing-site__line">{site.line}</p> : null}
              <p className="card__action">
                <a href={site.url} target="_blank" rel="noopener noreferrer">
                  Fiche officielle du site<span className="sr-only"> {site.name} (nouvel onglet)</span>
                </a>
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      {bathing.liveRead ? <p className="card__small bathing-sites__read">{bathing.liveRead}</p> : null}
    </SectionCard>
  );
}
