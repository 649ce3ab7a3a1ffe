// /compte: the monitored addresses (up to the plan's limit), added with the report's address field,
// each with its water network chosen among its commune's with the report's own chooser.
import { useCallback, useEffect, useRef, useState } from "react";
import { MAX_MONITORED_ADDRESSES } from "../../core/shared/limits.ts";
import { NETWORK_NOT_IDENTIFIED } from "../../sections/water/notes.ts";
import type { AddedAddressAnswer, AddressesAnswer, ChangedAddressAnswer, MonitoredAddressAnswer } from "../../server/routes/account.ts";
import { ApiError, refusalMessageOr, requestJson } from "../lib/api.ts";
import { useAction } from "../lib/use-action.ts";
import AddressSearch, { useAddressField } from "../report/AddressSearch.tsx";
import NetworkChooser from "../report/NetworkChooser.tsx";
import ConfirmDialog from "../ui/ConfirmDialog.tsx";
import { Field } from "../ui/Field.tsx";
import type { Notify } from "../ui/Toasts.tsx";

/** The account's addresses, shared by the sections that depend on them (the PDF needs one). */
export function useMonitoredAddresses() {
  const [addresses, setAddresses] = useState<MonitoredAddressAnswer[] | null>(null);
  const [loadError, setLoadError] = useState(false);
  const load = useCallback(async () => {
    try {
      const answer = await requestJson<AddressesAnswer>("GET", "/api/account/addresses");
      setAddresses(answer.addresses);
      setLoadError(false);
    } catch {
      setLoadError(true);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  return { addresses, setAddresses, loadError, load };
}

export type MonitoredAddresses = ReturnType<typeof useMonitoredAddresses>;

export default function AddressesSection({ notify, monitored }: { notify: Notify; monitored: MonitoredAddresses }) {
  const { addresses, setAddresses, loadError, load } = monitored;
  const { query, setQuery, picked, setPicked, fieldError, setFieldError, onValueChange } = useAddressField();
  const [label, setLabel] = useState("");
  const adding = useAction(notify);
  const [toDelete, setToDelete] = useState<MonitoredAddressAnswer | null>(null);
  const deleting = useAction(notify);
  const inputRef = useRef<HTMLInputElement>(null);

  const count = addresses?.length ?? 0;
  const full = count >= MAX_MONITORED_ADDRESSES;
  const defaultLabel = `Domicile ${count + 1}`;

  async function add() {
    if (!picked) {
      setFieldError("Choisissez une adresse dans la liste des suggestions.");
      inputRef.current?.focus();
      return;
    }
    setFieldError(null);
    await adding.run(
      async () => {
        let answer: AddedAddressAnswer;
        try {
          answer = await requestJson<AddedAddressAnswer>("POST", "/api/account/addresses", {
            body: { label: label.trim() || defaultLabel, address: picked },
          });
        } catch (error) {
          // Already in the account: said under the field, where the person can pick another one.
          if (error instanceof ApiError && error.code === "address_duplicate") {
            setFieldError(error.message);
            inputRef.current?.focus();
            return null;
          }
          throw error;
        }
        setAddresses((current) => [...(current ?? []), answer.address]);
        setQuery("");
        setPicked(null);
        setLabel("");
        return answer;
      },
      {
        success: (answer) =>
          answer === null
            ? null
            : answer.officialData
              ? `Adresse « ${answer.address.label} » ajoutée.`
              : {
                  kind: "error",
                  text: "Adresse ajoutée, mais impossible de récupérer les données officielles. Elles seront lues lors de la prochaine vérification.",
                },
        failure: (error) => refusalMessageOr(error, "Impossible d'ajouter cette adresse."),
      },
    );
  }

  async function confirmDelete() {
    if (!toDelete) return;
    await deleting.run(
      async () => {
        await requestJson("DELETE", `/api/account/addresses/${encodeURIComponent(toDelete.id)}`);
        setAddresses((current) => (current ?? []).filter((address) => address.id !== toDelete.id));
        setToDelete(null);
      },
      { success: `Adresse « ${toDelete.label} » supprimée.`, failure: "Impossible de supprimer cette adresse." },
    );
  }

  const replaceAddress = useCallback(
    (changed: MonitoredAddressAnswer) => setAddresses((current) => (current ?? []).map((address) => (address.id === changed.id ? changed : address))),
    [setAddresses],
  );

  return (
    <section className="account__section" aria-labelledby="adresses-titre">
      <h2 id="adresses-titre">
        Mes adresses surveillées{" "}
        <span className="count">
          ({count}/{MAX_MONITORED_ADDRESSES})
        </span>
      </h2>
      {loadError ? (
        <div className="report-error" role="alert">
          <p>Impossible de charger vos adresses.</p>
          <button type="button" className="btn btn--secondary" onClick={() => void load()}>
            Réessayer
          </button>
        </div>
      ) : addresses === null ? (
        <p role="status">Chargement…</p>
      ) : addresses.length === 0 ? (
        <p className="empty">Vous ne surveillez encore aucune adresse. Ajoutez-en une ci-dessous pour recevoir des alertes.</p>
      ) : (
        <ul className="address-list">
          {addresses.map((address) => (
            <li key={address.id} className="address-item">
              <div className="address-item__body">
                <p className="address-item__label">{address.label}</p>
                <p>{address.address.label}</p>
                <AddressNetwork address={address} notify={notify} onChanged={replaceAddress} />
              </div>
              <div className="address-item__actions">
                <a className="btn btn--secondary" href={address.reportUrl}>
                  Voir le bilan<span className="sr-only"> : {address.label}</span>
                </a>
                <button type="button" className="btn btn--ghost" onClick={() => setToDelete(address)}>
                  Supprimer<span className="sr-only"> {address.label}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <h3>Ajouter une adresse</h3>
      {/* At the limit no form, no label proposed for an address that cannot be added: the limit said plainly. */}
      {full ? (
        <p className="notice" role="status">
          {`Vous suivez déjà ${MAX_MONITORED_ADDRESSES}\u00a0adresses, le maximum. Retirez-en une pour en ajouter une autre.`}
        </p>
      ) : (
        <AddressSearch
          value={query}
          onValueChange={onValueChange}
          onPick={setPicked}
          onSubmit={() => void add()}
          busy={adding.busy}
          submitDisabled={addresses === null}
          error={fieldError}
          inputRef={inputRef}
          labels={{
            field: "Adresse à surveiller",
            hint: "Tapez l'adresse puis choisissez-la dans la liste.",
            submit: "Ajouter",
            busy: "Ajout…",
            form: "Ajouter une adresse surveillée",
          }}
        >
          <Field
            label="Nom de cette adresse (facultatif)"
            hint={`Par défaut\u00a0: «\u00a0${defaultLabel}\u00a0»`}
            value={label}
            onChange={setLabel}
            maxLength={60}
          />
        </AddressSearch>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        title={"Supprimer cette adresse\u00a0?"}
        confirmLabel="Supprimer"
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
        busy={deleting.busy}
      >
        <p>
          «&nbsp;{toDelete?.label}&nbsp;» ({toDelete?.address.label}) ne sera plus surveillée et vous ne recevrez plus d'alerte pour elle.
        </p>
      </ConfirmDialog>
    </section>
  );
}

function networkLabelOf(address: MonitoredAddressAnswer, code: string): string {
  return address.networks.status === "listed" ? (address.networks.options.find((option) => option.code === code)?.label ?? "") : "";
}

const NETWORK_HINT = "Choisissez celui qui figure sur votre facture d'eau\u00a0: les alertes, le bilan PDF et le bilan par e-mail suivent ce réseau.";

/**
 * The address's water network by name, and the choice among its commune's networks when there are
 * several. The choice is saved at once; a newer choice supersedes a save still in flight.
 */
function AddressNetwork({ address, notify, onChanged }: { address: MonitoredAddressAnswer; notify: Notify; onChanged(address: MonitoredAddressAnswer): void }) {
  const [pending, setPending] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const latest = useRef(0);
  const { networks } = address;

  if (networks.status === "unavailable") {
    return (
      <p className="address-item__meta">Réseau d'eau&nbsp;: la liste des réseaux est momentanément indisponible. Rechargez la page dans quelques minutes.</p>
    );
  }
  if (networks.status === "none" || (networks.options.length <= 1 && networks.selected === null)) {
    return <p className="address-item__meta">{NETWORK_NOT_IDENTIFIED}.</p>;
  }
  if (networks.options.length === 1 && networks.selected) {
    return <p className="address-item__meta">Réseau d'eau&nbsp;: {networks.selected.label}</p>;
  }

  async function choose(code: string) {
    const request = ++latest.current;
    setPending(code);
    setStatus("Enregistrement du réseau…");
    try {
      const answer = await requestJson<ChangedAddressAnswer>("PATCH", `/api/account/addresses/${encodeURIComponent(address.id)}`, { body: { udiCode: code } });
      if (request !== latest.current) return;
      onChanged(answer.address);
      // Said beside the select rather than in a toast: the focus stays there.
      setStatus(`Réseau enregistré\u00a0: ${networkLabelOf(answer.address, code)}`);
    } catch (error) {
      if (request !== latest.current) return;
      setStatus(null);
      notify("error", refusalMessageOr(error, "Impossible d'enregistrer ce réseau d'eau. Veuillez réessayer."));
    } finally {
      if (request === latest.current) setPending(null);
    }
  }

  return (
    <div className="address-item__network">
      {networks.selected === null ? <p className="address-item__meta">{NETWORK_NOT_IDENTIFIED}.</p> : null}
      <NetworkChooser
        label={
          <>
            Réseau d'eau<span className="sr-only"> de «&nbsp;{address.label}&nbsp;»</span>
          </>
        }
        options={networks.options}
        selected={pending ?? networks.selected?.code ?? null}
        onChange={(code) => void choose(code)}
        hint={NETWORK_HINT}
        status={status}
      />
    </div>
  );
}
