// /compte: monitored addresses, alert preferences, PDF report, profile, password, the free plan,
// sign-out and « supprimer mes données ». Every call goes to /api/account, scoped to the session.
import { useEffect, useState } from "react";
import { MIN_PASSWORD_LENGTH } from "../../core/shared/passwords.ts";
import { refreshSession, useSession, type SignedInContext } from "../lib/session.ts";
import Toasts, { useToasts, type Notify } from "../ui/Toasts.tsx";
import AddressesSection, { useMonitoredAddresses } from "./AddressesSection.tsx";
import { DeleteSection, SignOutSection } from "./LeaveSections.tsx";
import PdfSection from "./PdfSection.tsx";
import PreferencesSection from "./PreferencesSection.tsx";
import { PasswordSection, PlanSection, ProfileSection } from "./ProfileSections.tsx";

export default function AccountPanel() {
  const session = useSession();
  const { toasts, notify, dismiss } = useToasts();
  const [passwordAdvice, setPasswordAdvice] = useState<"trop-court" | "fuite" | null>(null);

  useEffect(() => {
    void refreshSession().then((context) => {
      if (context && !context.user) location.replace("/auth");
    });
    const params = new URLSearchParams(location.search);
    if (params.get("bienvenue") === "1") {
      notify("success", "Votre adresse e-mail est confirmée. Bienvenue\u00a0!");
      history.replaceState(null, "", location.pathname);
    }
    // Signed in with a password shorter than today's minimum, or found in breaches (POST /api/auth/signin said so).
    const advice = params.get("mot-de-passe");
    if (advice === "trop-court" || advice === "fuite") {
      setPasswordAdvice(advice);
      history.replaceState(null, "", location.pathname);
    }
  }, [notify]);

  if (session.status === "error") {
    return (
      <div className="report-error" role="alert">
        <p>Impossible de vérifier votre session. Vérifiez votre connexion puis rechargez la page.</p>
        <button type="button" className="btn btn--secondary" onClick={() => void refreshSession()}>
          Réessayer
        </button>
      </div>
    );
  }
  if (session.status === "loading" || !session.context.user) {
    return (
      <p className="loading" role="status">
        Chargement de votre espace…
      </p>
    );
  }
  return (
    <div className="account">
      {passwordAdvice ? (
        <div className="notice" role="status">
          <p>
            {passwordAdvice === "fuite"
              ? "Votre mot de passe figure dans des fuites de données publiées\u00a0: d'autres peuvent l'essayer sur votre compte. "
              : `Votre mot de passe compte moins de ${MIN_PASSWORD_LENGTH}\u00a0caractères, le minimum demandé aujourd'hui. Pour mieux protéger votre compte, `}
            <a href="#mdp-titre">{passwordAdvice === "fuite" ? "Choisissez-en un nouveau" : "choisissez-en un plus long"}</a>.
          </p>
        </div>
      ) : null}
      <AccountSections context={session.context} notify={notify} onPasswordChanged={() => setPasswordAdvice(null)} />
      <Toasts toasts={toasts} onDismiss={dismiss} />
    </div>
  );
}

/** Mounted once signed in, so that the addresses are asked for with a session only. */
function AccountSections({ context, notify, onPasswordChanged }: { context: SignedInContext; notify: Notify; onPasswordChanged(): void }) {
  const monitored = useMonitoredAddresses();
  return (
    <>
      <AddressesSection notify={notify} monitored={monitored} />
      <PreferencesSection />
      <PdfSection notify={notify} addressCount={monitored.addresses?.length ?? null} />
      <ProfileSection context={context} notify={notify} />
      <PasswordSection context={context} notify={notify} onChanged={onPasswordChanged} />
      <PlanSection context={context} />
      <SignOutSection />
      <DeleteSection notify={notify} />
    </>
  );
}
