import { describe, expect, it } from "vitest";
import { ALERT_TOPIC_NAMES } from "../../../src/sections/rules.ts";
import { HUBEAU_SOURCE, VIGIEAU_SOURCE } from "../../../src/core/shared/sources.ts";
import { VIGILANCE_SOURCE } from "../../../src/sections/weather/source.ts";
import { describePlaceShort, renderAlertDigestEmail, renderSubscriptionConfirmEmail } from "../../../src/server/email/templates.ts";

const event = (title: string) => ({
  title,
  lines: ["Le prélèvement du 10\u00a0novembre\u00a02026 signale\u00a0:", "Nitrates (en NO3)\u00a0: 62 mg/L – Non conforme"],
  dataDate: "2026-11-10",
  source: HUBEAU_SOURCE,
});

describe("alert emails", () => {
  // Issue 23: « the alert subject does not name the address (three addresses per account) ».
  it("the alert subject names the address by its label or its short address, and stays under 90 characters", () => {
    const one = (label: string, nickname: string | null, title: string) =>
      renderAlertDigestEmail({
        firstName: null,
        addresses: [{ label, nickname, reportUrl: "https://zone-sante.example/?lat=1", events: [event(title)] }],
        unsubscribeUrl: "https://zone-sante.example/desinscription?u=s_abc&t=ff",
        manageUrl: "https://zone-sante.example/compte",
      }).subject;
    expect(one("1 Place de la Mairie 34370 Maraussan", "Domicile", "Eau du robinet : non-conformité signalée")).toBe(
      "Zone Santé – Eau du robinet\u00a0: non-conformité signalée — Domicile (Maraussan)",
    );
    expect(one("Maraussan", null, "Sécheresse : niveau crise (eau potable)")).toBe("Zone Santé – Sécheresse\u00a0: niveau crise (eau potable) — Maraussan");
    // No room for the whole place beside the whole title: the commune alone, the title untouched.
    expect(one("Avenue du 8 Mai 1945 34370 Maraussan", null, "Sécheresse : niveau alerte (eau souterraine)")).toBe(
      "Zone Santé – Sécheresse\u00a0: niveau alerte (eau souterraine) — Maraussan",
    );
    // A title too long even so gives way at a word, never the place.
    const long = one(
      "12 Rue du Commandant Jean-Baptiste Charcot Prolongée 34370 Maraussan",
      "Maison de vacances de la famille",
      "Sécheresse : niveau crise (eau potable), niveau alerte renforcée (eau superficielle), niveau alerte (eau souterraine)",
    );
    expect(long.length).toBeLessThan(90);
    expect(long).toMatch(/^Zone Santé – Sécheresse\u00a0: niveau crise.*… — Maison de vacances de la famille$/);
    expect(describePlaceShort("8 Boulevard du Port 80000 Amiens", null)).toBe("8 Boulevard du Port, Amiens");
  });

  it("a single alert: its title as subject, date, source, report link and unsubscribe link", () => {
    const email = renderAlertDigestEmail({
      firstName: null,
      addresses: [
        {
          label: "Avenue du 8 Mai 1945 34370 Maraussan",
          nickname: null,
          reportUrl: "https://zone-sante.example/?lat=1",
          events: [event("Eau du robinet\u00a0: prélèvement non conforme")],
        },
      ],
      unsubscribeUrl: "https://zone-sante.example/desinscription?u=s_abc&t=ff",
      manageUrl: null,
    });
    // Issue 23: the subject names the address (an account has up to three).
    expect(email.subject).toBe("Zone Santé – Eau du robinet\u00a0: prélèvement non conforme — Avenue du 8 Mai 1945, Maraussan");
    for (const part of [email.text, email.html]) {
      expect(part).toContain("10\u00a0novembre\u00a02026");
      expect(part).toMatch(/Hub(&#39;|')Eau/);
      expect(part).toContain("Se désinscrire de ces alertes");
      expect(part).not.toContain("Gérer mes alertes");
    }
    expect(email.text).toContain(
      "Voir le bilan complet pour Avenue du 8 Mai 1945 34370 Maraussan : https://zone-sante.example/?lat=1".replace(" : ", "\u00a0: "),
    );
    expect(email.text).toContain("https://zone-sante.example/desinscription?u=s_abc&t=ff");
    expect(email.html).toContain('href="https://zone-sante.example/desinscription?u=s_abc&amp;t=ff"');
  });

  it("several addresses and alerts in one email, under the names the account gave them, with the account's preferences link; labels escaped", () => {
    const email = renderAlertDigestEmail({
      firstName: "Camille",
      addresses: [
        {
          label: "8 Boulevard du Port 80000 Amiens",
          nickname: "<b>Domicile</b>",
          reportUrl: "https://zone-sante.example/?a=1",
          events: [event("Sécheresse\u00a0: niveau crise")],
        },
        {
          label: "1 Place de la Mairie 34370 Maraussan",
          nickname: "Travail",
          reportUrl: "https://zone-sante.example/?a=2",
          events: [event("Qualité de l'air demain\u00a0: dégradé"), event("Eau du robinet\u00a0: retour à la conformité")],
        },
      ],
      unsubscribeUrl: "https://zone-sante.example/desinscription?u=a_x&t=ff",
      manageUrl: "https://zone-sante.example/compte",
    });
    expect(email.subject).toBe("Zone Santé – 3 alertes — <b>Domicile</b> (Amiens), Travail (Maraussan)");
    expect(email.html).toContain("&lt;b&gt;Domicile&lt;/b&gt;");
    expect(email.html).not.toContain("<b>Domicile</b>");
    expect(email.text).toContain("Bonjour Camille,");
    expect(email.text).toContain("Gérer mes alertes et préférences\u00a0: https://zone-sante.example/compte");
    expect(email.text.match(/Voir le bilan complet pour/g)).toHaveLength(2);
    // The name first, then the address it stands for; the report link names the address.
    expect(email.text).toContain("Travail – 1 Place de la Mairie 34370 Maraussan\n");
    expect(email.html).toContain("&lt;b&gt;Domicile&lt;/b&gt; – 8 Boulevard du Port 80000 Amiens</h2>");
    expect(email.text).toContain("Voir le bilan complet pour 1 Place de la Mairie 34370 Maraussan");
  });

  it("a drought alert: each zone's heading right above its own rules, in both parts, escaped", () => {
    const email = renderAlertDigestEmail({
      firstName: null,
      addresses: [
        {
          label: "Avenue du 8 Mai 1945 34370 Maraussan",
          nickname: null,
          reportUrl: "https://zone-sante.example/?lat=1",
          events: [
            {
              title: "Sécheresse\u00a0: niveau crise (eau potable)",
              lines: ["Eau potable\u00a0: le niveau passe de «\u00a0Alerte\u00a0» à «\u00a0Crise\u00a0»."],
              groups: [
                { heading: "Eau potable\u00a0: Crise", lines: ["Zone\u00a0: Réseaux <de> l'Orb", "Arrosage des pelouses\u00a0: Interdit de 8h à 20h."] },
                { heading: "Eau superficielle\u00a0: Crise", lines: ["Zone\u00a0: Orb aval", "Arrosage des pelouses\u00a0: Interdit."] },
              ],
              dataDate: "2026-11-17",
              source: VIGIEAU_SOURCE,
            },
          ],
        },
      ],
      unsubscribeUrl: "https://zone-sante.example/desinscription?u=s_abc&t=ff",
      manageUrl: null,
    });
    expect(email.text).toContain(
      [
        "Eau potable\u00a0: Crise",
        "  - Zone\u00a0: Réseaux <de> l'Orb",
        "  - Arrosage des pelouses\u00a0: Interdit de 8h à 20h.",
        "Eau superficielle\u00a0: Crise",
        "  - Zone\u00a0: Orb aval",
        "  - Arrosage des pelouses\u00a0: Interdit.",
      ].join("\n"),
    );
    const tap = email.html.indexOf("<strong>Eau potable\u00a0: Crise</strong>");
    const river = email.html.indexOf("<strong>Eau superficielle\u00a0: Crise</strong>");
    expect(tap).toBeGreaterThan(-1);
    expect(river).toBeGreaterThan(tap);
    // Each zone's rules between its heading and the next one.
    expect(email.html.slice(tap, river)).toContain("Interdit de 8h à 20h.");
    expect(email.html.slice(tap, river)).toContain("Réseaux &lt;de&gt; l&#39;Orb");
    expect(email.html.slice(river)).toContain("Interdit.</li>");
    expect(email.html.slice(river)).not.toContain("Interdit de 8h à 20h.");
  });

  it("one topic's warnings of today and tomorrow are one block: the report's advice whole and the source once", () => {
    const heat = {
      title: "Canicule\u00a0: protégez-vous",
      text: "Buvez régulièrement de l'eau. Canicule info service\u00a0: 0 800 06 66 66 (appel gratuit). En cas de malaise, appelez le 15.",
      source: { name: "Ministère chargé de la santé – canicule et fortes chaleurs", url: "https://sante.gouv.fr/" },
    };
    const shared = ["Votre bilan\u00a0: Vigilance météo\u00a0: Vigilance orange (canicule).", "Suivez les consignes de Météo-France et des autorités."];
    const warning = (day: string, phenomenon: string, when: string) => ({
      topic: "weather",
      title: `Vigilance orange (${phenomenon}) ${when}`,
      lines: [`Météo-France place le département Somme (80) en vigilance orange pour le phénomène ${phenomenon} le ${day}.`, ...shared],
      dataDate: day === "1er juillet" ? "2026-07-01" : "2026-07-02",
      source: VIGILANCE_SOURCE,
      advice: [heat],
    });
    const email = renderAlertDigestEmail({
      firstName: null,
      addresses: [
        {
          label: "8 Boulevard du Port 80000 Amiens",
          nickname: null,
          reportUrl: "https://zone-sante.example/?lat=1&lon=2&citycode=80021&label=8%20Boulevard%20du%20Port%2080000%20Amiens",
          events: [
            warning("1er juillet", "canicule", "aujourd'hui"),
            warning("2 juillet", "orages", "demain"),
            event("Eau du robinet\u00a0: un paramètre à surveiller"),
          ],
        },
      ],
      unsubscribeUrl: "https://zone-sante.example/desinscription?u=s_abc&t=ff",
      manageUrl: null,
    });
    // Two blocks (weather, water): the subject counts the blocks, not the events.
    expect(email.subject).toBe("Zone Santé – 2 alertes — 8 Boulevard du Port, Amiens");
    expect(email.text).toContain("Vigilance orange (canicule) aujourd'hui\u00a0; vigilance orange (orages) demain\n");
    for (const line of shared) expect(email.text.split(line)).toHaveLength(2);
    expect(email.text.indexOf("phénomène orages")).toBeLessThan(email.text.indexOf(shared[0]!));
    // The advice in the report's own words, title and full text, once.
    expect(email.text.split(heat.text)).toHaveLength(2);
    expect(email.text).toContain(`Conseil du bilan\u00a0: ${heat.title}\n${heat.text}`);
    expect(email.html).toContain("0 800 06 66 66 (appel gratuit). En cas de malaise, appelez le 15.");
    // The data's source named once per block, in both parts, and both dates said.
    for (const part of [email.text, email.html]) expect(part.split(VIGILANCE_SOURCE.name)).toHaveLength(2);
    expect(email.text).toContain("Données du 1er\u00a0juillet\u00a02026 et du 2\u00a0juillet\u00a02026 – Source\u00a0: ");
    expect(email.html.split("Contrôle sanitaire des ARS (Hub&#39;Eau)")).toHaveLength(2);
    // Long links break inside the 390 px of a phone.
    expect(email.html).toMatch(/<a href="https:\/\/zone-sante\.example\/\?lat=1[^"]*" style="[^"]*overflow-wrap:anywhere/);
  });

  it("the sign-up confirmation promises nothing else before the click, and can be cancelled by whoever did not ask for it", () => {
    const email = renderSubscriptionConfirmEmail({
      addressLabel: "8 Boulevard du Port 80000 Amiens",
      confirmUrl: "https://zone-sante.example/confirmation-alertes?i=abc&t=ff",
      cancelUrl: "https://zone-sante.example/desinscription?u=s_abc&t=ee",
      topics: ALERT_TOPIC_NAMES.signUp,
    });
    expect(email.subject).toBe("Confirmez votre inscription aux alertes – Zone Santé");
    expect(email.text).toContain("Tant que vous ne l'avez pas fait, nous ne vous enverrons rien d'autre.");
    expect(email.text).toContain("https://zone-sante.example/confirmation-alertes?i=abc&t=ff");
    expect(email.text).not.toMatch(/ [:;!?»]|« /);
    expect(email.text).toContain("Je n'ai pas demandé cette inscription, l'annuler\u00a0: https://zone-sante.example/desinscription?u=s_abc&t=ee");
    expect(email.html).toContain('href="https://zone-sante.example/desinscription?u=s_abc&amp;t=ee"');
    expect(email.html).toContain("Je n&#39;ai pas demandé cette inscription\u00a0: annuler</a>");
  });
});
