// The drought card: the tap's verdict beside the headline (the drinking-water zone's level,
// decision 086) and, from the card's frame, its one line of advice; behind « Détails » the tap
// zone's decree and restrictions, then the rivers' and the groundwater's zones behind VigiEau's
// question of which water you use.
import type { DroughtPresentation, DroughtZonePresentation } from "../../core/report/present.ts";
import { OTHER_WATERS_QUESTION } from "../../sections/drought/notes.ts";
import { Card, Facts, NBSP, Notes, OfficialBadge, SectionIntro, SourceLink } from "./ReportCard.tsx";

export default function DroughtCard({ drought }: { drought: DroughtPresentation }) {
  const others = drought.zones.filter((zone) => !zone.tap);
  return (
    <Card
      anchor={drought.anchor}
      title={drought.title}
      headline={drought.headline}
      className="card--drought"
      section={drought.key}
      intro={
        <>
          <SectionIntro section={drought} />
          {drought.verdict ? <p className="drought-verdict">{drought.verdict}</p> : null}
        </>
      }
    >
      <Facts facts={drought.facts} />
      <Notes notes={drought.notes} />
      {drought.zones
        .filter((zone) => zone.tap)
        .map((zone, index) => (
          <div key={index} className="restrictions drought-tap">
            <ZoneRules zone={zone} theme="h5" />
          </div>
        ))}
      {others.length > 0 ? (
        // Rivers' and groundwater's rules bind whoever draws that water, not the tap: a river's crise
        // must not read as the tap's, nor vanish.
        <details className="restrictions drought-others">
          <summary>{OTHER_WATERS_QUESTION}</summary>
          <ul className="drought-zones">
            {others.map((zone, index) => (
              <li key={index} className="drought-zone">
                <h5 className="drought-zone__title">
                  <span>{zone.title}</span>
                  <OfficialBadge badge={zone.badge} className="drought-zone__badge" />
                </h5>
                {zone.hint ? <p className="card__small">{zone.hint}</p> : null}
                <ZoneRules zone={zone} theme="h6" />
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <SourceLink source={drought.source} />
    </Card>
  );
}

/** A zone's name and decree, its household restrictions by theme, its decree's link. */
function ZoneRules({ zone, theme: Theme }: { zone: DroughtZonePresentation; theme: "h5" | "h6" }) {
  return (
    <>
      <Facts facts={zone.facts} />
      <p className="card__small">{zone.restrictionsSummary}</p>
      {zone.groups.map((group) => (
        <div key={group.theme} className="restrictions__group">
          <Theme className="restrictions__theme">{group.theme}</Theme>
          <ul>
            {group.restrictions.map((restriction, index) => (
              <li key={index}>
                <strong>{restriction.usage}</strong>
                {NBSP}: {restriction.description}
              </li>
            ))}
          </ul>
        </div>
      ))}
      {zone.decreeUrl ? (
        <p className="card__action">
          <a href={zone.decreeUrl} target="_blank" rel="noopener noreferrer">
            Consulter l'arrêté (PDF)<span className="sr-only"> – {zone.title} (nouvel onglet)</span>
          </a>
        </p>
      ) : null}
    </>
  );
}
