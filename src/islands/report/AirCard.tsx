// The air card: the ATMO index with its official sub-indices, or the CAMS model values with
// their CC BY attribution.
import { useId } from "react";
import type { AirPresentation } from "../../core/report/present.ts";
import { Attribution, Card, Facts, Notes, OfficialBadge, SectionIntro, SourceLink } from "./ReportCard.tsx";

export default function AirCard({ air }: { air: AirPresentation }) {
  return (
    <Card anchor={air.anchor} title={air.title} headline={air.headline} className="card--air" section={air.key} intro={<SectionIntro section={air} />}>
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
