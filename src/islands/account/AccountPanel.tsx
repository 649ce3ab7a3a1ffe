// /compte: monitored addresses, alert preferences, PDF report, profile, password, the free plan,
// sign-out and « supprimer mes données ». Every call goes to /api/account, scoped to the session.
import { useEffect } from "react";
import { refreshSession, useSession } from "../lib/session.ts";
import Toasts, { useToasts } from "../ui/Toasts.tsx";
import AddressesSection from "./AddressesSection.tsx";
import { DeleteSection, SignOutSection } from "./LeaveSections.tsx";
import PdfSection from "./PdfSection.tsx";
import PreferencesSection from "./PreferencesSection.tsx";
import { PasswordSection, PlanSection, ProfileSection } from "./ProfileSections.tsx";

export default function AccountPanel() {
  const session = useSession();
  const { toasts, notify, dismiss } = useToasts();

  useEffect(() => {
    void refreshSession().then((context) => {
      if (context && !context.user) location.replace("/auth");
    });
    const params = new URLSearchParams(location.search);
    if (params.get("bienvenue") === "1") {
      notify("success", "Votre adresse email est confirmée. Bienvenue\u00a0!");
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
      <AddressesSection notify={notify} />
      <PreferencesSection notify={notify} />
      <PdfSection notify={notify} />
      <ProfileSection context={session.context} notify={notify} />
      <PasswordSection context={session.context} notify={notify} />
      <PlanSection context={session.context} />
      <SignOutSection />
      <DeleteSection notify={notify} />
      <Toasts toasts={toasts} onDismiss={dismiss} />
    </div>
  );
}
