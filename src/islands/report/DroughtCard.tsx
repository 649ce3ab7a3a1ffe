// The drought card: one block per water type with its restrictions and its decree.
import type { DroughtPresentation } from "../../core/report/present.ts";
import { Facts, NBSP, OfficialBadge, SectionCard } from "./ReportCard.tsx";

export default function DroughtCard({ drought }: { drought: DroughtPresentation }) {
  return (
    <SectionCard section={drought} className="card--drought">
      {drought.zones.length > 0 ? (
        // One block per water type, households' water (the tap) first, each with its own rules:
        // the tap's zone must not hide behind a river's crise.
        <ul className="drought-zones" aria-label="Restrictions par type d'eau">
          {drought.zones.map((zone, zoneIndex) => (
            <li key={`${zone.title}-${zoneIndex}`} className="drought-zone">
              <h5 className="drought-zone__title">
                <span>{zone.title}</span>
                <OfficialBadge badge={zone.badge} className="drought-zone__badge" />
              </h5>
              {zone.hint ? <p className="card__small">{zone.hint}</p> : null}
              <Facts facts={zone.facts} />
              {zone.groups.length > 0 ? (
                <details className="restrictions">
                  <summary>
                    {zone.restrictionsSummary}
                    <span className="sr-only"> – {zone.title}</span>
                  </summary>
                  {zone.groups.map((group) => (
                    <div key={group.theme} className="restrictions__group">
                      <h6 className="restrictions__theme">{group.theme}</h6>
                      <ul>
                        {group.restrictions.map((restriction, index) => (
                          <li key={`${restriction.usage}-${index}`}>
                            <strong>{restriction.usage}</strong>
                            {NBSP}: {restriction.description}
                          </li>
                        ))}
                      </ul>
                    </div>
                  ))}
                </details>
              ) : (
                <p className="card__small">{zone.restrictionsSummary}</p>
              )}
              {zone.decreeUrl ? (
                <p className="card__action">
                  <a href={zone.decreeUrl} target="_blank" rel="noopener noreferrer">
                    Consulter l'arrêté (PDF)<span className="sr-only"> – {zone.title} (nouvel onglet)</span>
                  </a>
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </SectionCard>
  );
}
