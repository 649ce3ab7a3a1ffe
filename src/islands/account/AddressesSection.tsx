// /compte: the monitored addresses (up to the plan's limit), added with the report's address field.
import { useCallback, useEffect, useRef, useState } from "react";
import { MAX_MONITORED_ADDRESSES } from "../../core/shared/limits.ts";
import type { AddedAddressAnswer, AddressesAnswer, MonitoredAddressAnswer } from "../../server/routes/account.ts";
import { refusalMessageOr, requestJson } from "../lib/api.ts";
import { useAction } from "../lib/use-action.ts";
import AddressSearch, { useAddressField } from "../report/AddressSearch.tsx";
import ConfirmDialog from "../ui/ConfirmDialog.tsx";
import { Field } from "../ui/Field.tsx";
import type { Notify } from "../ui/Toasts.tsx";

export default function AddressesSection({ notify }: { notify: Notify }) {
  const [addresses, setAddresses] = useState<MonitoredAddressAnswer[] | null>(null);
  const [loadError, setLoadError] = useState(false);
  const { query, setQuery, picked, setPicked, fieldError, setFieldError, onValueChange } = useAddressField();
  const [label, setLabel] = useState("");
  const adding = useAction(notify);
  const [toDelete, setToDelete] = useState<MonitoredAddressAnswer | null>(null);
  const deleting = useAction(notify);
  const inputRef = useRef<HTMLInputElement>(null);

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
        const answer = await requestJson<AddedAddressAnswer>("POST", "/api/account/addresses", {
          body: { label: label.trim() || defaultLabel, address: picked },
        });
        setAddresses((current) => [answer.address, ...(current ?? [])]);
        setQuery("");
        setPicked(null);
        setLabel("");
        return answer;
      },
      {
        success: (answer) =>
          answer.officialData
            ? `Adresse « ${answer.address.label} » ajoutée.`
            : { kind: "error", text: "Adresse ajoutée, mais impossible de récupérer les données officielles. Elles seront lues lors de la prochaine vérification." },
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

  return (
    <section className="account__section" aria-labelledby="adresses-titre">
      <h2 id="adresses-titre">
        Mes adresses surveillées <span className="count">({count}/{MAX_MONITORED_ADDRESSES})</span>
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
              <div>
                <p className="address-item__label">{address.label}</p>
                <p>{address.address.label}</p>
                <p className="address-item__meta">Réseau d'eau (UDI)&nbsp;: {address.udiCode ?? "Non trouvé"}</p>
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
      {full ? (
        <p className="notice" role="status">
          {`Vous avez atteint la limite de ${MAX_MONITORED_ADDRESSES} adresses surveillées.`}
        </p>
      ) : null}
      <AddressSearch
        value={query}
        onValueChange={onValueChange}
        onPick={setPicked}
        onSubmit={() => void add()}
        busy={adding.busy}
        submitDisabled={full || addresses === null}
        error={fieldError}
        inputRef={inputRef}
        labels={{ field: "Adresse à surveiller", hint: "Tapez l'adresse puis choisissez-la dans la liste.", submit: "Ajouter", busy: "Ajout…", form: "Ajouter une adresse surveillée" }}
      >
        <Field label="Nom de cette adresse" hint={`Par défaut\u00a0: «\u00a0${defaultLabel}\u00a0»`} value={label} onChange={setLabel} maxLength={60} />
      </AddressSearch>

      <ConfirmDialog
        open={toDelete !== null}
        title={"Supprimer cette adresse\u00a0?"}
        confirmLabel="Supprimer"
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
        busy={deleting.busy}
      >
        <p>
          «&nbsp;{toDelete?.label}&nbsp;» ({toDelete?.address.label}) ne sera plus surveillée et vous ne recevrez plus d'alerte pour
          elle.
        </p>
      </ConfirmDialog>
    </section>
  );
}
