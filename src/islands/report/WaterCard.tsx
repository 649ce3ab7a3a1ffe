// The tap water card: the network chooser when the address has several, then each measured parameter.
import { useId } from "react";
import type { WaterPresentation, WaterRowPresentation } from "../../core/report/present.ts";
import { Card, Facts, Notes, OfficialBadge, SectionIntro, SourceLink } from "./ReportCard.tsx";

export default function WaterCard({
  water,
  pendingUdi,
  updating,
  onChooseUdi,
}: {
  water: WaterPresentation;
  pendingUdi: string | null;
  updating: boolean;
  onChooseUdi(code: string): void;
}) {
  const selectId = useId();
  const { networks } = water;
  return (
    <Card anchor={water.anchor} title={water.title} headline={water.headline} className="card--water">
      <SectionIntro section={water} />
      {networks.options.length > 1 ? (
        <div className="udi-chooser">
          <label htmlFor={selectId}>Réseau de distribution</label>
          <select
            id={selectId}
            value={pendingUdi ?? networks.selected ?? ""}
            disabled={updating}
            onChange={(event) => onChooseUdi(event.target.value)}
          >
            {networks.options.map((option) => (
              <option key={option.code} value={option.code}>
                {option.label}
              </option>
            ))}
          </select>
          {networks.hint ? <p className="udi-chooser__hint">{networks.hint}</p> : null}
        </div>
      ) : null}
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
