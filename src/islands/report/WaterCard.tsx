// The tap water card: the network chooser when the address has several, then each measured
// parameter. Its twelve months of history have their own full-width disclosure (WaterHistory.tsx),
// after the grid: inside the card they made it three times as long as the column beside it.
import type { WaterPresentation, WaterRowPresentation } from "../../core/report/present.ts";
import NetworkChooser from "./NetworkChooser.tsx";
import { Card, Facts, Notes, OfficialBadge, SectionIntro, SourceLink } from "./ReportCard.tsx";

export default function WaterCard({
  water,
  pendingUdi,
  updating,
  onChooseUdi,
}: {
  water: WaterPresentation;
  pendingUdi: string | null;
  /** the report reloads (after a choice of network): the chooser stays usable and says so */
  updating: boolean;
  onChooseUdi(code: string): void;
}) {
  const { networks } = water;
  return (
    <Card
      anchor={water.anchor}
      title={water.title}
      headline={water.headline}
      className="card--water"
      section={water.key}
      intro={
        <>
          <SectionIntro section={water} />
          {/* Which network the verdict is about stays in view: choosing another is part of reading it. */}
          {networks.options.length > 1 ? (
            <NetworkChooser
              label="Réseau de distribution"
              options={networks.options}
              selected={pendingUdi ?? networks.selected}
              onChange={onChooseUdi}
              hint={networks.hint}
              status={updating ? "Chargement des résultats de ce réseau…" : null}
            />
          ) : null}
        </>
      }
    >
      <Notes notes={water.notes} />
      <Facts facts={water.facts} />
      {water.rows.length > 0 ? (
        <ul className="parameters" aria-label="Paramètres mesurés">
          {water.rows.map((row) => (
            <WaterRow key={row.code} row={row} />
          ))}
        </ul>
      ) : null}
      <SourceLink source={water.source} />
    </Card>
  );
}

function WaterRow({ row }: { row: WaterRowPresentation }) {
  return (
    <li className="parameter">
      <div className="parameter__line">
        <span className="parameter__name">{row.name}</span>
        <span className="parameter__value">{row.value}</span>
      </div>
      {row.labLabel ? <p className="parameter__lab">{row.labLabel}</p> : null}
      <p className="parameter__note">
        <OfficialBadge badge={row.badge} /> {row.comparison}
      </p>
      {row.gauge ? (
        <div className="meter" aria-hidden="true">
          <span className={`meter__bar meter__bar--${row.gauge.tone}`} style={{ width: `${Math.min(100, Math.max(row.gauge.percent, 2))}%` }} />
        </div>
      ) : null}
      {row.notes.map((note) => (
        <p key={note} className="parameter__explain">
          {note}
        </p>
      ))}
      {row.dateLine ? <p className="parameter__date">{row.dateLine}</p> : null}
    </li>
  );
}
