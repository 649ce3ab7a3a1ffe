// The air card: the ATMO index with its official sub-indices, or the CAMS model values with
// their CC BY attribution.
import { useId } from "react";
import type { AirPresentation } from "../../core/report/present.ts";
import { Card, Facts, Notes, OfficialBadge, SectionIntro, SourceLink } from "./ReportCard.tsx";
import { OPEN_METEO_ATTRIBUTION_URL } from "../../core/shared/sources.ts";

const OPEN_METEO = "Open-Meteo.com";

export default function AirCard({ air }: { air: AirPresentation }) {
  return (
    <Card anchor={air.anchor} title={air.title} headline={air.headline} className="card--air">
      <SectionIntro section={air} />
      <Facts facts={air.facts} />
      <SubIndices subIndices={air.subIndices} />
      {air.modelValues.length > 0 ? (
        <div className="model-values">
          {air.notes.map((note) => (
            <p key={note} className="card__small">
              {note}
            </p>
          ))}
          <ul className="card__small model-values__list">
            {air.modelValues.map((value) => (
              <li key={value}>{value}</li>
            ))}
          </ul>
        </div>
      ) : (
        <Notes notes={air.notes} />
      )}
      <SourceLink source={air.source} />
      {air.attribution ? <Attribution text={air.attribution} /> : null}
    </Card>
  );
}

/** The official sub-indices, each pollutant with ATMO's word in ATMO's colours. */
function SubIndices({ subIndices }: { subIndices: AirPresentation["subIndices"] }) {
  const headingId = useId();
  if (subIndices.length === 0) return null;
  return (
    <div className="sub-indices">
      <p id={headingId} className="card__small sub-indices__title">
        Sous-indices officiels, polluant par polluant (indice ATMO)
      </p>
      <ul className="sub-indices__list" aria-labelledby={headingId}>
        {subIndices.map((sub) => (
          <li key={sub.name} className="sub-indices__item">
            <span>{sub.name}</span> <OfficialBadge badge={sub.badge} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The CC BY attribution, with the name it credits as the link to open-meteo.com. */
function Attribution({ text }: { text: string }) {
  const link = (
    <a href={OPEN_METEO_ATTRIBUTION_URL} target="_blank" rel="noopener noreferrer">
      {OPEN_METEO}
      <span className="sr-only"> (nouvel onglet)</span>
    </a>
  );
  const at = text.indexOf(OPEN_METEO);
  if (at === -1) {
    return (
      <p className="card__small">
        {text} ({link})
      </p>
    );
  }
  return (
    <p className="card__small">
      {text.slice(0, at)}
      {link}
      {text.slice(at + OPEN_METEO.length)}
    </p>
  );
}
