// The choice of a drinking-water network (UDI) among its commune's, by name: the report's water
// card and each address of /compte. The select is never disabled while the choice loads or saves:
// disabling the focused control drops the keyboard focus to <body>; a newer choice simply
// supersedes the one in flight.
import { useId, type ReactNode } from "react";
import type { WaterPresentation } from "../../core/report/present.ts";
import { useReportRefresh } from "./refresh-context.ts";
import { networkChangeFailure } from "./refresh.ts";

/** A network by code and name, as the report words it (« AMIENS CENTRE – quartier centre-ville »). */
export type NetworkOption = WaterPresentation["networks"]["options"][number];

interface Props {
  label: ReactNode;
  options: readonly NetworkOption[];
  /** the code shown as chosen; null shows `placeholder` until the person picks one */
  selected: string | null;
  onChange(code: string): void;
  hint?: string | null;
  placeholder?: string;
  /** a live line under the select (« Enregistrement… »), announced politely; absent: no such line */
  status?: string | null;
}

export default function NetworkChooser({ label, options, selected, onChange, hint = null, placeholder = "Choisissez votre réseau", status }: Props) {
  const id = useId();
  const hintId = `${id}-aide`;
  const statusId = `${id}-etat`;
  // On the report: a change of network that could not be loaded is said here, where it was asked,
  // under the network the report still shows.
  const failure = useReportRefresh()?.networkFailure ?? null;
  const shownLabel = options.find((option) => option.code === selected)?.label ?? null;
  const line = status || (failure ? networkChangeFailure(failure, shownLabel) : status);
  const describedBy = [hint ? hintId : null, failure && !status ? statusId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="udi-chooser">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={selected ?? ""} onChange={(event) => onChange(event.target.value)} aria-describedby={describedBy}>
        {selected === null ? (
          <option value="" disabled>
            {placeholder}
          </option>
        ) : null}
        {options.map((option) => (
          <option key={option.code} value={option.code}>
            {option.label}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={hintId} className="udi-chooser__hint">
          {hint}
        </p>
      ) : null}
      {status === undefined ? null : (
        <p id={statusId} className="udi-chooser__status" role="status">
          {line}
        </p>
      )}
    </div>
  );
}
