// The four cards of a report. Pure rendering of the API's report: every level, date and source
// shown here comes from the server, which applies the data rules.
import { useId, type ReactNode } from "react";
import { formatDateFr, formatNumberFr } from "../core/shared/format.ts";
import { reportRequestOf, toReportParams } from "./api.ts";
import { LEVEL_LABELS } from "../core/shared/levels.ts";
import {
  AT_THE_TAP_TEXT,
  describeLastNonCompliance,
  describeOtherNetworks,
  LIMIT_KIND_TEXTS,
  TAP_ONLY_TEXT,
  UDI_CHOICE_TEXTS,
  WATER_NOTE_TEXTS,
} from "../core/water/notes.ts";
import { describeBathingSeason, describeLiveRead, describeProhibition, describeProhibitionDetail, prohibitionTerm } from "../core/bathing/notes.ts";
import type { BathingSection, BathingSiteView, Level, Recommendation, Report, SourceRef, WaterParameterView } from "../core/types.ts";

interface Props {
  report: Report;
  /** the UDI being loaded after a change in the chooser, so the select shows the person's choice */
  pendingUdi: string | null;
  updating: boolean;
  onChooseUdi(code: string): void;
}

const NBSP = "\u00A0";

/** The same report as a PDF: the address and the network shown. */
function pdfRequestOf(report: Report) {
  return reportRequestOf(report, report.water_quality.udis.length > 1 ? report.water_quality.udi?.code : undefined);
}

export default function ReportView({ report, pendingUdi, updating, onChooseUdi }: Props) {
  const { address_info: info } = report;
  return (
    <div className="report" data-testid="report" aria-busy={updating || undefined}>
      <header className="report__header">
        <h3 className="report__title">
          <span className="report__kicker">Bilan pour</span> {report.address.label}
        </h3>
        <p className="report__meta">
          {info.commune_name || report.address.city}
          {info.department_name ? ` · ${info.department_name} (${info.department_code})` : ""} · mis à jour le{" "}
          {formatDateFr(report.generated_at)}
        </p>
      </header>
      <div className="report__grid">
        <WaterCard report={report} pendingUdi={pendingUdi} updating={updating} onChooseUdi={onChooseUdi} />
        <AirCard report={report} />
        <DroughtCard report={report} />
        {report.bathing ? <BathingCard bathing={report.bathing} /> : null}
        <RecommendationsCard recommendations={report.recommendations} />
      </div>
      <div className="report__actions">
        <a className="btn btn--secondary" href={`/api/report/pdf?${toReportParams(pdfRequestOf(report))}`} download>
          Télécharger le rapport PDF
        </a>
        <a className="btn btn--secondary" href="/compte">
          Recevoir des alertes pour cette adresse
        </a>
      </div>
      <p className="report__disclaimer">
        Ces informations proviennent de données publiques officielles et donnent des conseils généraux. Elles ne
        remplacent pas l'avis d'un professionnel de santé. En cas de doute sur l'eau du robinet, contactez votre mairie
        ou votre Agence régionale de santé.
      </p>
    </div>
  );
}

function Card({ title, level, children, className }: { title: string; level: Level | null; children: ReactNode; className?: string }) {
  const headingId = useId();
  return (
    <article className={`card${className ? ` ${className}` : ""}`} aria-labelledby={headingId}>
      <div className="card__head">
        <h4 id={headingId} className="card__title">
          {title}
        </h4>
        {level ? <LevelBadge level={level} /> : null}
      </div>
      {children}
    </article>
  );
}

function LevelBadge({ level, text }: { level: Level; text?: string }) {
  return <span className={`badge badge--${level}`}>{text ?? LEVEL_LABELS[level]}</span>;
}

function SourceLink({ source, prefix = "Source" }: { source: SourceRef; prefix?: string }) {
  return (
    <p className="card__source">
      {prefix}
      {NBSP}:{" "}
      <a href={source.url} target="_blank" rel="noopener noreferrer">
        {source.name}
        <span className="sr-only"> (nouvel onglet)</span>
      </a>
    </p>
  );
}

function Detail({ term, children, block = false }: { term: string; children: ReactNode; block?: boolean }) {
  return (
    <div className={block ? "details__row details__row--block" : "details__row"}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

// ---------------------------------------------------------------- water

function WaterCard({ report, pendingUdi, updating, onChooseUdi }: Props) {
  const water = report.water_quality;
  const selectId = useId();
  const selectedUdi = pendingUdi ?? water.udi?.code ?? "";
  return (
    <Card title="Eau du robinet" level={water.level} className="card--water">
      {water.sampled_at ? (
        <p className="card__date">Prélèvement du {formatDateFr(water.sampled_at)}</p>
      ) : null}
      {water.message ? <p className="card__message">{water.message}</p> : null}
      {water.udis.length > 1 ? (
        <div className="udi-chooser">
          <label htmlFor={selectId}>Réseau de distribution</label>
          <select
            id={selectId}
            value={selectedUdi}
            disabled={updating}
            onChange={(event) => onChooseUdi(event.target.value)}
          >
            {water.udis.map((udi) => (
              <option key={udi.code} value={udi.code}>
                {udi.name}
                {udi.quarter && udi.quarter.toLowerCase() !== "commune" ? ` – quartier ${udi.quarter}` : ""}
              </option>
            ))}
          </select>
          <p className="udi-chooser__hint">
            Votre commune est desservie par {water.udis.length} réseaux. Les données publiques ne permettent pas de savoir
            lequel dessert votre adresse&nbsp;: choisissez le vôtre si vous le connaissez (il figure sur votre facture d'eau).
          </p>
        </div>
      ) : null}
      {water.udi_choice && UDI_CHOICE_TEXTS[water.udi_choice] && water.udis.length > 1 ? (
        <p className="card__small">{UDI_CHOICE_TEXTS[water.udi_choice]}</p>
      ) : null}
      {describeOtherNetworks(water) ? <p className="card__message">{describeOtherNetworks(water)}</p> : null}
      {water.tap_only_exceedance ? <p className="card__note">{TAP_ONLY_TEXT}</p> : null}
      {describeLastNonCompliance(water) ? <p className="card__note">{describeLastNonCompliance(water)}</p> : null}
      {water.success ? (
        <dl className="details">
          <Detail term="Réseau">{water.udi?.name ?? "Non précisé"}</Detail>
          <Detail term="Distributeur">{water.distributor ?? "Non précisé"}</Detail>
          <Detail term="Conclusion officielle de l'ARS" block>{water.conclusion ?? "Non précisée"}</Detail>
        </dl>
      ) : null}
      {water.parameters.length > 0 ? (
        <ul className="parameters" aria-label="Paramètres mesurés">
          {water.parameters.map((parameter) => (
            <ParameterRow key={parameter.code} parameter={parameter} sampledAt={water.sampled_at} />
          ))}
        </ul>
      ) : null}
      <SourceLink source={water.source} />
    </Card>
  );
}

function formatValue(parameter: WaterParameterView): string {
  const raw = parameter.resultat_alphanumerique.trim();
  if (parameter.value === null) return raw;
  const qualifier = raw.startsWith("<") ? "<" + NBSP : raw.startsWith(">") ? ">" + NBSP : "";
  return `${qualifier}${formatQuantity(parameter.value, parameter.unite_mesure)}`;
}

const THRESHOLD_KIND_TEXT: Record<NonNullable<WaterParameterView["limit_kind"]>, string> = LIMIT_KIND_TEXTS;

function formatQuantity(value: number, unit: string | null): string {
  return `${formatNumberFr(value, 3)}${unit && !/sans objet/i.test(unit) ? `${NBSP}${unit}` : ""}`;
}

/** The sentence beside the badge when no progress bar can be drawn. */
function describeWithoutRatio(parameter: WaterParameterView): string {
  if (parameter.limit_kind === null) return "pas de limite réglementaire";
  const kind = THRESHOLD_KIND_TEXT[parameter.limit_kind];
  if (parameter.limit_min !== null) {
    return parameter.limit !== null
      ? `${kind}${NBSP}: entre ${formatNumberFr(parameter.limit_min, 3)} et ${formatQuantity(parameter.limit, parameter.unite_mesure)}`
      : `${kind}${NBSP}: au moins ${formatQuantity(parameter.limit_min, parameter.unite_mesure)}`;
  }
  if (parameter.limit === 0) return `${kind}${NBSP}: aucun germe toléré dans 100${NBSP}mL`;
  if (parameter.limit === null) return kind;
  const detection = parameter.label === "Non détecté" ? "sous la limite de quantification du laboratoire, " : "";
  return `${detection}${kind}${NBSP}: ${formatQuantity(parameter.limit, parameter.unite_mesure)}`;
}

function ParameterRow({ parameter, sampledAt }: { parameter: WaterParameterView; sampledAt: string | null }) {
  const measuredDay = formatDateFr(parameter.date_prelevement);
  const percent = parameter.ratio === null ? null : Math.round(parameter.ratio * 100);
  const kind = parameter.limit_kind ? THRESHOLD_KIND_TEXT[parameter.limit_kind] : null;
  return (
    <li className="parameter">
      <div className="parameter__line">
        <span className="parameter__name">{parameter.libelle_parametre}</span>
        <span className="parameter__value">{formatValue(parameter)}</span>
      </div>
      {percent !== null ? (
        <>
          <div className="meter" aria-hidden="true">
            <span
              // Red only for what is not compliant: a compliant value near its limit is never red.
              className={`meter__bar meter__bar--${parameter.level === "critical" || parameter.level === "concerning" ? "high" : percent <= 80 ? "low" : "medium"}`}
              style={{ width: `${Math.min(100, Math.max(percent, 2))}%` }}
            />
          </div>
          <p className="parameter__note">
            <LevelBadge level={parameter.level} text={parameter.label} />{" "}
            {percent > 100
              ? `dépasse le seuil de ${formatNumberFr(percent - 100, 0)}${NBSP}%`
              : `${formatNumberFr(percent, 0)}${NBSP}% du seuil`}
            {kind && parameter.limit !== null ? ` (${kind}${NBSP}: ${formatQuantity(parameter.limit, parameter.unite_mesure)})` : ""}
          </p>
        </>
      ) : (
        <p className="parameter__note">
          <LevelBadge level={parameter.level} text={parameter.label} /> {describeWithoutRatio(parameter)}
        </p>
      )}
      {parameter.note ? <p className="parameter__explain">{WATER_NOTE_TEXTS[parameter.note]}</p> : null}
      {parameter.at_the_tap && (parameter.level === "critical" || parameter.level === "concerning") ? (
        <p className="parameter__explain">{AT_THE_TAP_TEXT}</p>
      ) : null}
      {sampledAt && formatDateFr(sampledAt) === measuredDay ? null : <p className="parameter__date">Mesuré le {measuredDay}</p>}
    </li>
  );
}

// ---------------------------------------------------------------- air

function AirCard({ report }: { report: Report }) {
  const air = report.air_quality;
  // A report cached by the browser before these fields existed has neither: show what it has.
  const zoneType = air.index?.zone_type ?? (air.origin === "cams" ? "model" : "commune");
  const responsible = air.responsible_pollutant ?? null;
  const pollutants = Object.entries(air.pollutants);
  const describeBasis = (basis: string | undefined) =>
    basis === "daily_max" ? "maximum horaire du jour" : basis === "daily_mean" ? "moyenne du jour" : "estimation";
  return (
    <Card title="Qualité de l'air" level={air.level} className="card--air">
      {air.index ? (
        <p className="card__date">
          {air.origin === "cams" ? "Estimation du " : "Indice du "}
          {formatDateFr(air.index.date)}
        </p>
      ) : null}
      {air.message ? <p className={air.origin === "cams" ? "card__note" : "card__message"}>{air.message}</p> : null}
      {air.success ? (
        <dl className="details">
          <Detail term={air.origin === "cams" ? "Niveau estimé" : "Indice ATMO"}>{air.index?.label ?? "Non publié"}</Detail>
          {air.index && air.origin === "atmo" && air.index.zone ? (
            <Detail term={zoneType === "epci" ? "Zone de l'indice (intercommunalité)" : "Zone de l'indice (commune)"}>{air.index.zone}</Detail>
          ) : null}
          {air.index && air.origin === "cams" ? <Detail term="Zone">Estimation modélisée pour l'adresse, pas une mesure officielle</Detail> : null}
          {responsible ? <Detail term="Polluant déterminant">{responsible.label}</Detail> : null}
          <Detail term="Demain">{air.tomorrow ? air.tomorrow.label : "Prévision non publiée"}</Detail>
        </dl>
      ) : null}
      {pollutants.length > 0 ? (
        <>
          <p className="card__small">Estimations du modèle Copernicus CAMS pour aujourd'hui (pas des mesures){NBSP}:</p>
          <ul className="card__small">
            {pollutants.map(([code, pollutant]) => (
              <li key={code}>
                {pollutant.label ?? code}
                {NBSP}: {formatNumberFr(pollutant.value, 1)}
                {NBSP}
                {pollutant.unit} ({describeBasis(pollutant.basis)})
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <SourceLink source={air.source} />
      {pollutants.length > 0 && air.origin !== "cams" ? (
        <p className="card__small">
          Estimations Copernicus CAMS via{" "}
          <a href="https://open-meteo.com/" target="_blank" rel="noopener noreferrer">
            Open-Meteo.com<span className="sr-only"> (nouvel onglet)</span>
          </a>{" "}
          (CC BY 4.0)
        </p>
      ) : null}
    </Card>
  );
}

// ---------------------------------------------------------------- drought

function DroughtCard({ report }: { report: Report }) {
  const drought = report.drought;
  // A report cached by the browser before zones existed has none: show its headline only.
  const zones = drought.zones ?? [];
  const describeDecreeDates = (decree: { start: string | null; end: string | null }) => {
    if (decree.start && decree.end) return `en vigueur du ${formatDateFr(decree.start)} au ${formatDateFr(decree.end)}`;
    if (decree.start) return `en vigueur depuis le ${formatDateFr(decree.start)}`;
    return decree.end ? `en vigueur jusqu'au ${formatDateFr(decree.end)}` : "";
  };
  return (
    <Card title="Sécheresse" level={drought.level} className="card--drought">
      {drought.success ? <p className="card__date">Situation au {formatDateFr(report.generated_at)}</p> : null}
      {drought.message ? <p className="card__message">{drought.message}</p> : null}
      {drought.success && zones.length === 0 ? (
        <dl className="details">
          <Detail term="Niveau">{drought.label}</Detail>
          <Detail term="Zone">Aucune zone en restriction</Detail>
        </dl>
      ) : null}
      {zones.length > 0 ? (
        // One block per water type, worst first: the tap's zone must not hide behind a river's.
        <ul className="drought-zones" aria-label="Restrictions par type d'eau">
          {zones.map((zone, zoneIndex) => (
            <li key={`${zone.type}-${zoneIndex}`} className="drought-zone">
              <h5 className="drought-zone__title">
                {zone.type_label}
                {NBSP}: <span className={`badge badge--${zone.level} drought-zone__badge`}>{zone.label}</span>
              </h5>
              {zone.type_hint ? <p className="card__small">Pour {zone.type_hint}</p> : null}
              <dl className="details">
                <Detail term="Zone">{zone.name}</Detail>
                {zone.decree?.start || zone.decree?.end ? <Detail term="Arrêté">{describeDecreeDates(zone.decree)}</Detail> : null}
              </dl>
              {zone.restrictions.length > 0 ? (
                <details className="restrictions">
                  <summary>
                    Restrictions pour les particuliers ({zone.restrictions.length})
                    <span className="sr-only"> – {zone.type_label}</span>
                  </summary>
                  <ul>
                    {zone.restrictions.map((restriction, index) => (
                      <li key={`${restriction.usage}-${index}`}>
                        <strong>{restriction.usage}</strong>
                        {NBSP}: {restriction.description}
                      </li>
                    ))}
                  </ul>
                </details>
              ) : zone.gravity ? (
                <p className="card__small">Aucune restriction ne concerne les particuliers dans cette zone.</p>
              ) : null}
              {zone.decree?.url ? (
                <p className="card__action">
                  <a href={zone.decree.url} target="_blank" rel="noopener noreferrer">
                    Consulter l'arrêté (PDF)<span className="sr-only"> – {zone.type_label} (nouvel onglet)</span>
                  </a>
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <SourceLink source={drought.source} />
    </Card>
  );
}

// ---------------------------------------------------------------- bathing

/** Dates of an earlier season's record are said to be so, never shown as this season's. */
function describeSeason(site: BathingSiteView): string {
  return describeBathingSeason(site);
}

function BathingCard({ bathing }: { bathing: BathingSection }) {
  const none = bathing.sites.length === 0;
  return (
    <Card title="Baignade" level={none ? null : bathing.level} className="card--bathing">
      {none ? <span className="badge badge--neutral">Aucun site proche</span> : null}
      {bathing.message ? <p className={none ? "card__note" : "card__message"}>{bathing.message}</p> : null}
      {bathing.sites.length > 0 ? (
        <ul className="bathing-sites" aria-label="Sites de baignade les plus proches">
          {bathing.sites.map((site) => (
            <li key={site.id} className="bathing-site">
              <p className="bathing-site__name">
                {site.name} <LevelBadge level={site.level} text={site.status_label} />
              </p>
              <p className="card__small">
                {site.commune} · {site.water_type} · à {formatNumberFr(site.distance_km, 1)}{NBSP}km
              </p>
              <dl className="details">
                {site.prohibition ? (
                  // A ban of an earlier season is information with its season, not the red badge.
                  <Detail term={prohibitionTerm(site.prohibition)} block>
                    {describeProhibition(site.prohibition)}
                    {describeProhibitionDetail(site.prohibition) ? (
                      <>
                        <br />
                        <span className="card__small">{describeProhibitionDetail(site.prohibition)}</span>
                      </>
                    ) : null}
                  </Detail>
                ) : null}
                <Detail term="Dernier prélèvement">
                  {site.latest_sample
                    ? `${site.latest_sample.verdict}, le ${formatDateFr(site.latest_sample.date)}`
                    : site.record_sample
                      ? `le ${formatDateFr(site.record_sample.date)} (bilan officiel)`
                      : "Non communiqué"}
                </Detail>
                <Detail term="Saison">{describeSeason(site)}</Detail>
                <Detail term="Classement">{site.classement ? `${site.classement.label} (${site.classement.year})` : "Non communiqué"}</Detail>
              </dl>
              {site.live_read_at ? <p className="card__small">{describeLiveRead(site.live_read_at)}</p> : null}
              <p className="card__action">
                <a href={site.official_url} target="_blank" rel="noopener noreferrer">
                  Fiche officielle du site<span className="sr-only"> {site.name} (nouvel onglet)</span>
                </a>
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      <SourceLink source={bathing.source} />
    </Card>
  );
}

// ---------------------------------------------------------------- recommendations

const SEVERITY_TEXT: Record<Recommendation["severity"], string> = {
  critical: "Important",
  warning: "Précaution",
  info: "Information",
  success: "Tout va bien",
};

function RecommendationsCard({ recommendations }: { recommendations: Recommendation[] }) {
  return (
    <Card title="Recommandations" level={null} className="card--recommendations">
      <ul className="recommendations">
        {recommendations.map((recommendation) => (
          <li key={recommendation.id} className={`recommendation recommendation--${recommendation.severity}`}>
            <p className="recommendation__severity">{SEVERITY_TEXT[recommendation.severity]}</p>
            <p className="recommendation__title">{recommendation.title}</p>
            <p className="recommendation__text">{recommendation.text}</p>
            <p className="recommendation__links">
              <a href={recommendation.link} target="_blank" rel="noopener">
                En savoir plus<span className="sr-only"> : {recommendation.title} (nouvel onglet)</span>
              </a>
              {" · "}
              <a href={recommendation.source.url} target="_blank" rel="noopener noreferrer">
                Source{NBSP}: {recommendation.source.name}
                <span className="sr-only"> (nouvel onglet)</span>
              </a>
            </p>
          </li>
        ))}
      </ul>
    </Card>
  );
}
