// The air card: the ATMO index, or the CAMS model values with their CC BY attribution.
import type { AirPresentation } from "../../core/report/present.ts";
import { Card, Facts, Notes, SectionIntro, SourceLink } from "./ReportCard.tsx";
import { OPEN_METEO_ATTRIBUTION_URL } from "../../core/shared/sources.ts";

const OPEN_METEO = "Open-Meteo.com";

export default function AirCard({ air }: { air: AirPresentation }) {
  return (
    <Card anchor={air.anchor} title={air.title} headline={air.headline} className="card--air">
      <SectionIntro section={air} />
      <Facts facts={air.facts} />
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
