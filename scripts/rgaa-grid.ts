// `node scripts/rgaa-grid.ts`: writes docs/accessibilite/grille.csv, one row per page of the sample
// and criterion of the RGAA 4.1 (docs/accessibilite/criteres.csv), from the evidence that
// `scripts/rgaa-evidence.ts` recorded (docs/accessibilite/preuves/<page>.json) and the judgments
// below. A criterion read from the evidence is marked « auto » (the rule is applied to the recorded
// facts each time this runs); one judged by reading the page and its accessibility tree in Chromium
// is marked « manuel », with what was seen. Defects found during the audit and fixed since are
// recorded as found, with « corrigé » and the test that keeps them.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { computeRgaaRate, formatRgaaPercent, parseCsv, parseRgaaGrid, rgaaConformity, type RgaaStatus } from "../src/core/shared/rgaa.ts";

const DIR = resolve(import.meta.dirname, "../docs/accessibilite");

/** The sample, in the declaration's order (docs/accessibilite/README.md says why each page is in it). */
export const SAMPLE = [
  "accueil",
  "rapport",
  "inscription",
  "inscription-cadre",
  "auth",
  "compte",
  "confirmation-alertes",
  "confirmation-compte",
  "desinscription",
  "article",
  "sources",
  "developpeurs",
  "etat",
  "accessibilite",
  "mentions-legales",
  "plan-du-site",
  "404",
] as const;

interface Evidence {
  page: string;
  url: string;
  title: string;
  doctype: string | null;
  lang: string | null;
  langChanges: { lang: string | null }[];
  headings: { level: number; text: string; visible: boolean }[];
  landmarks: { tag: string; role: string | null; name: string }[];
  skipLink: { text: string; targetExists: boolean } | null;
  fields: { type: string; label: string; visible: boolean; required: boolean; ariaRequired: string | null; autocomplete: string | null; inFieldset: string }[];
  buttons: { name: string; visible: boolean }[];
  links: { name: string; href: string; target: string | null }[];
  images: { tag: string; role?: string | null; ariaHidden?: string | null; name?: string; alt?: string | null }[];
  frames: unknown[];
  tables: { caption: string; headers: { scope: string | null }[] }[];
  media: unknown[];
  quotes: string[];
  liveRegions: unknown[];
  accesskeys: number;
  movingContent: number;
  axe: { violations: { id: string; impact: string | null; nodes: number }[]; passes: string[] };
  keyboard: { element: string; focusRing: boolean }[];
  at320px: { scrollsSideways: boolean; smallestText: { px: number; text: string }; overflowing: string[]; withTextSpacing: { scrollsSideways: boolean } };
}

interface Judgment {
  status: RgaaStatus;
  method: "auto" | "manuel";
  evidence: string;
}

type Rule = (page: Evidence) => Judgment;

const auto = (status: RgaaStatus, evidence: string): Judgment => ({ status, method: "auto", evidence });
const byHand = (status: RgaaStatus, evidence: string): Judgment => ({ status, method: "manuel", evidence });
const axeFailed = (page: Evidence, ...ids: string[]) => page.axe.violations.filter((rule) => ids.includes(rule.id)).map((rule) => `${rule.id} (${rule.nodes})`);
const axeRule = (page: Evidence, ...ids: string[]): Judgment => {
  const failed = axeFailed(page, ...ids);
  return failed.length
    ? auto("NC", `axe : ${failed.join(", ")}`)
    : auto("C", `axe : ${ids.filter((id) => page.axe.passes.includes(id)).join(", ") || "aucun élément concerné"} sans échec`);
};
const has = (page: Evidence, pages: readonly string[]) => pages.includes(page.page);
const visibleFields = (page: Evidence) => page.fields.filter((field) => field.visible);
const informativeImages = (page: Evidence) => page.images.filter((image) => image.role === "img" || (image.tag === "img" && image.alt));
const decorativeSvgs = (page: Evidence) => page.images.filter((image) => image.tag === "svg" && !image.role);
const FORM_PAGES = ["accueil", "rapport", "inscription", "inscription-cadre", "auth", "compte", "confirmation-compte"];
const BUTTON_PAGES = [...FORM_PAGES, "confirmation-alertes", "desinscription"];
// Pages that are a step of a process (RGAA 12.1, particular case): the partner frame's sign-up and the e-mail-link pages.
const PROCESS_PAGES = ["inscription-cadre", "confirmation-alertes", "confirmation-compte", "desinscription"];
const REPORT_FIXES = "partie « corrections » de l'issue 27";

// What the manual audit found failing, fixed since: the grid keeps each as found, then « corrigé » (their tests keep them fixed).
const FIXED: Partial<Record<string, Partial<Record<string, string>>>> = {
  "6.1": { rapport: "« À retenir » servait d'intitulé à un lien vers les conseils (#conseils)" },
  "8.7": { developpeurs: "des passages en anglais n'avaient pas d'attribut lang=\"en\"" },
  "10.4": { rapport: "le texte des graphiques de l'historique de l'eau tombait à environ 7 px à 320 px de large" },
  "11.10": {
    accueil: "le champ d'adresse n'était pas signalé obligatoire aux technologies d'assistance",
    inscription: "le bouton restait grisé tant que le formulaire n'était pas complet, sans dire quel champ manquait",
    "inscription-cadre": "le bouton restait grisé tant que le formulaire n'était pas complet, sans dire quel champ manquait",
    compte:
      "le mot de confirmation de suppression était sensible à la casse ; bouton « Enregistrer le mot de passe » grisé tant que le formulaire est incomplet",
  },
  "9.1": { "inscription-cadre": "le cadre intégré n'avait aucun titre (pas de h1)" },
  "10.11": { compte: "la page défilait horizontalement à 320 px : une longue adresse e-mail élargissait les sections" },
  "12.1": { accueil: "ni plan du site ni moteur de recherche interne : un seul système de navigation (le menu)" },
  "11.11": {
    inscription: "aucune suggestion de correction : le bouton grisé ne disait pas quel champ manquait",
    "inscription-cadre": "aucune suggestion de correction : le bouton grisé ne disait pas quel champ manquait",
    compte: "bouton grisé tant que le formulaire est incomplet, sans suggestion",
  },
  "13.3": {
    rapport: "le rapport PDF (pdf-lib) n'est pas balisé ; la page du rapport en est l'alternative accessible, désormais dite à côté du lien",
    compte: "le rapport PDF (pdf-lib) n'est pas balisé ; la page du rapport en est l'alternative accessible, désormais dite à côté du lien",
  },
};

const RULES: Record<string, Rule> = {
  "1.1": (page) => {
    const images = informativeImages(page);
    if (images.length === 0) return auto("NA", "aucune image porteuse d'information (seules des icônes SVG décoratives)");
    const missing = images.filter((image) => !(image.name || image.alt));
    return missing.length
      ? auto("NC", `${missing.length} image(s) sans alternative`)
      : auto("C", `${images.length} image(s) (role="img") ayant chacune une alternative`);
  },
  "1.2": (page) => {
    const svgs = decorativeSvgs(page);
    if (svgs.length === 0) return auto("NA", "aucune image de décoration");
    const exposed = svgs.filter((svg) => svg.ariaHidden !== "true");
    return exposed.length
      ? auto("NC", `${exposed.length} SVG décoratif(s) sans aria-hidden`)
      : auto("C", `${svgs.length} SVG décoratifs, tous aria-hidden="true"`);
  },
  "1.3": (page) =>
    informativeImages(page).length
      ? byHand(
          "C",
          "alternatives des points des graphiques lues dans l'arbre : date, valeur, unité et appréciation (ex. « 9 octobre 2026 : 58 mg/L (Non conforme) »)",
        )
      : auto("NA", "aucune image porteuse d'information"),
  "1.4": () => auto("NA", "aucun CAPTCHA ni image-test"),
  "1.5": () => auto("NA", "aucun CAPTCHA"),
  "1.6": (page) =>
    informativeImages(page).length
      ? byHand("C", "chaque graphique de l'historique est suivi du tableau de ses valeurs (région « Valeurs … », tableau avec titre)")
      : auto("NA", "aucune image porteuse d'information"),
  "1.7": (page) =>
    informativeImages(page).length
      ? byHand("C", "les tableaux de valeurs reprennent tous les points des graphiques")
      : auto("NA", "aucune image porteuse d'information"),
  "1.8": () => byHand("NA", "aucune image texte : le logo et les titres sont du texte stylé"),
  "1.9": () => byHand("NA", "aucune légende d'image (figure/figcaption)"),
  "2.1": (page) => (page.frames.length ? axeRule(page, "frame-title") : auto("NA", "aucun cadre (iframe) dans la page")),
  "2.2": (page) => (page.frames.length ? byHand("C", "titres de cadre pertinents") : auto("NA", "aucun cadre (iframe) dans la page")),
  "3.1": (page) =>
    has(page, ["rapport", "etat", "compte"])
      ? byHand("C", "chaque niveau coloré (badges, pastilles, graphiques) est aussi écrit en toutes lettres (« Non conforme », « Crise », « Dégradé »…)")
      : byHand("C", "aucune information donnée par la seule couleur ; liens soulignés dans le texte"),
  "3.2": (page) => {
    const rule = axeRule(page, "color-contrast");
    return rule.status === "NC"
      ? rule
      : byHand(
          "C",
          `${rule.evidence} ; éléments laissés « incomplets » par axe (titres et chapôs sur le dégradé #e2f1ee → #fff) calculés à la main : texte #1b2428 ≥ 13,5:1, texte secondaire #4f5b62 ≥ 6:1`,
        );
  },
  "3.3": () =>
    byHand(
      "C",
      "calculé depuis les styles : bordure des champs #6b7a80 ≈ 4,4:1 sur blanc, anneau de focus #1f4fd1 ≈ 6,8:1, couleur principale #0b5e55 ≈ 7,6:1 ; bordures décoratives #c9d3d1 (1,5:1) sur des cartes, non porteuses d'information",
    ),
  ...Object.fromEntries(
    ["4.1", "4.2", "4.3", "4.4", "4.5", "4.6", "4.7", "4.8", "4.9", "4.10", "4.11", "4.12", "4.13"].map((id) => [
      id,
      () => auto("NA", "aucun média (audio, vidéo, animation)"),
    ]),
  ),
  "5.1": (page) =>
    page.tables.length
      ? byHand("NA", "tableaux simples : une ligne d'en-têtes et une colonne d'en-têtes, pas de tableau complexe")
      : auto("NA", "aucun tableau"),
  "5.2": (page) => (page.tables.length ? byHand("NA", "pas de tableau complexe") : auto("NA", "aucun tableau")),
  "5.3": () => byHand("NA", "aucun tableau de mise en forme"),
  "5.4": (page) => {
    if (!page.tables.length) return auto("NA", "aucun tableau");
    const untitled = page.tables.filter((table) => !table.caption);
    return untitled.length
      ? auto("NC", `${untitled.length} tableau(x) sans <caption>`)
      : auto("C", `${page.tables.length} tableau(x), chacun avec un <caption>`);
  },
  "5.5": (page) =>
    page.tables.length
      ? byHand("C", "titres pertinents (ex. « Vigilance par phénomène », « Paramètres de bilan d'une adresse »)")
      : auto("NA", "aucun tableau"),
  "5.6": (page) => {
    if (!page.tables.length) return auto("NA", "aucun tableau");
    const headerless = page.tables.filter((table) => table.headers.length === 0);
    return headerless.length ? auto("NC", `${headerless.length} tableau(x) sans <th>`) : auto("C", "en-têtes de colonnes et de lignes déclarés en <th>");
  },
  "5.7": (page) => {
    if (!page.tables.length) return auto("NA", "aucun tableau");
    const unscoped = page.tables.flatMap((table) => table.headers).filter((header) => !header.scope);
    return unscoped.length ? auto("NC", `${unscoped.length} <th> sans scope`) : auto("C", 'chaque <th> a scope="col" ou scope="row"');
  },
  "5.8": () => byHand("NA", "aucun tableau de mise en forme"),
  "6.1": (page) => {
    const vague = page.links.filter((link) => /^(ici|cliquez ici|en savoir plus|lire la suite|à retenir)$/i.test(link.name.trim()));
    return vague.length
      ? auto("NC", `intitulé(s) de lien non explicite(s) : ${vague.map((link) => `« ${link.name} »`).join(", ")}`)
      : byHand("C", "intitulés lus dans l'arbre d'accessibilité : chacun dit sa destination (« En savoir plus : <sujet> », « (nouvel onglet) »)");
  },
  "6.2": (page) => axeRule(page, "link-name"),
  "7.1": (page) =>
    has(page, [...BUTTON_PAGES, "etat"])
      ? byHand("C", "composants lus dans l'arbre : combobox/listbox, onglets, <details> natifs, dialogues de confirmation ; axe aria-* sans échec")
      : byHand("C", "seul composant interactif : le menu mobile, un <details>/<summary> natif"),
  "7.2": () => byHand("NA", "aucun script n'a d'alternative : les composants sont eux-mêmes accessibles"),
  "7.3": (page) =>
    auto(
      "C",
      `parcours clavier enregistré (${page.keyboard.length} arrêts de tabulation) ; parcours au clavier des tests e2e (recherche, menu, FAQ, formulaires)`,
    ),
  "7.4": (page) =>
    has(page, ["rapport", "accueil"])
      ? byHand("C", "le choix d'une suggestion (action de l'utilisateur) affiche le bilan et y place le focus, annoncé ; aucun autre changement de contexte")
      : byHand("C", "aucun changement de contexte sans action de l'utilisateur"),
  "7.5": (page) =>
    page.liveRegions.length
      ? byHand("C", `${page.liveRegions.length} zone(s) role="status"/"alert" ou aria-live pour les messages (chargement, envoi, erreurs)`)
      : byHand("NA", "aucun message de statut dans la page"),
  "8.1": (page) =>
    page.doctype === "<!DOCTYPE html>" ? auto("C", "<!DOCTYPE html> en tête du document") : auto("NC", `type de document : ${page.doctype ?? "absent"}`),
  "8.2": (page) => {
    const failed = axeFailed(page, "duplicate-id", "duplicate-id-aria", "list", "listitem", "definition-list", "dlitem", "nested-interactive");
    return failed.length
      ? auto("NC", `axe : ${failed.join(", ")}`)
      : byHand("C", "code généré par Astro et React ; axe sans identifiant dupliqué ni imbrication invalide ; source relue dans l'inspecteur");
  },
  "8.3": (page) => (page.lang ? auto("C", `<html lang="${page.lang}">`) : auto("NC", "pas d'attribut lang sur <html>")),
  "8.4": (page) => (page.lang === "fr" ? auto("C", 'lang="fr" pour un contenu en français') : auto("NC", `lang="${page.lang}"`)),
  "8.5": (page) => (page.title ? auto("C", `titre : « ${page.title} »`) : auto("NC", "pas de <title>")),
  "8.6": (page) => byHand("C", `« ${page.title} » décrit la page`),
  "8.7": (page) =>
    page.langChanges.length
      ? auto("C", `changements de langue indiqués : ${page.langChanges.map((change) => change.lang).join(", ")}`)
      : byHand("NA", "aucun passage en langue étrangère (noms propres, termes techniques et code exceptés, cas particuliers du critère)"),
  "8.8": (page) => (page.langChanges.length ? axeRule(page, "valid-lang") : byHand("NA", "aucun changement de langue dans la page")),
  "8.9": () =>
    byHand("C", "aucune balise utilisée pour la seule présentation (pas de <br> de mise en page, de tableau de mise en forme ni de titre décoratif)"),
  "8.10": () => auto("NA", "aucun changement de sens de lecture (contenu en français)"),
  "9.1": (page) => {
    const visible = page.headings.filter((heading) => heading.visible);
    if (visible.length === 0) return auto("NC", "aucun titre dans la page : le texte qui fait office de titre est un paragraphe");
    const jumps = visible.filter((heading, index) => index > 0 && heading.level > visible[index - 1]!.level + 1);
    if (visible[0]!.level !== 1 || jumps.length) return auto("NC", `hiérarchie : ${visible.map((heading) => `h${heading.level}`).join(" ")}`);
    return auto("C", `un h1 (« ${visible[0]!.text.slice(0, 60)} »), ${visible.length} titres sans saut de niveau`);
  },
  "9.2": (page) => {
    const roles = new Set(page.landmarks.map((landmark) => landmark.role ?? landmark.tag));
    const missing = ["header", "main", "footer", "nav"].filter((role) => !roles.has(role));
    return missing.length
      ? auto("NC", `zones absentes : ${missing.join(", ")}`)
      : auto("C", "<header>, <nav>, <main>, <footer> présents et uniques par rôle (axe landmark-*)");
  },
  "9.3": (page) => axeRule(page, "list", "listitem", "definition-list", "dlitem"),
  "9.4": (page) => (page.quotes.length ? byHand("C", "citations balisées <blockquote>/<q>") : byHand("NA", "aucune citation")),
  "10.1": () => byHand("C", "présentation par feuilles de styles uniquement ; aucun attribut de présentation dans le code"),
  "10.2": () =>
    byHand(
      "C",
      "arbre d'accessibilité et DOM lus sans styles : aucun contenu porteur d'information ajouté par CSS (pas de content: informatif, pas d'image de fond informative)",
    ),
  "10.3": () => byHand("C", "ordre du DOM = ordre de lecture visuel (grilles CSS sans réordonnancement)"),
  "10.4": (page) => {
    const smallest = page.at320px.smallestText;
    return smallest.px >= 10
      ? auto(
          "C",
          `à 320 px (200 % d'une fenêtre de 640 px) : plus petit texte ${String(smallest.px).replace(".", ",")} px (« ${smallest.text} »), rien de coupé`,
        )
      : auto("NC", `à 320 px : texte de ${String(smallest.px).replace(".", ",")} px (« ${smallest.text} »)`);
  },
  "10.5": () => byHand("C", "couleurs de texte et de fond déclarées ensemble dans les styles (jetons du thème)"),
  "10.6": () => byHand("C", "liens dans le texte soulignés ; liens de navigation identifiables par leur position et leur forme"),
  "10.7": (page) => {
    const none = page.keyboard.filter((stop) => !stop.focusRing);
    return none.length
      ? auto("NC", `${none.length} élément(s) sans indicateur de focus visible`)
      : auto("C", `indicateur de focus (outline ou box-shadow) sur les ${page.keyboard.length} arrêts de tabulation`);
  },
  "10.8": () => byHand("C", "contenus masqués (menu fermé, dialogues fermés, texte réservé aux lecteurs d'écran) masqués ou exposés à dessein"),
  "10.9": () => byHand("C", "aucune information donnée par la seule forme, taille ou position (les pastilles de niveau ont leur libellé)"),
  "10.10": () => byHand("C", "idem 10.9 : chaque indication visuelle a son équivalent textuel"),
  "10.11": (page) =>
    page.at320px.scrollsSideways
      ? auto("NC", `à 320 px de large, la page défile horizontalement ; trop larges : ${page.at320px.overflowing.slice(0, 3).join(" | ")}`)
      : auto("C", "à 320 px de large, aucun défilement horizontal (les tableaux larges défilent dans leur propre boîte)"),
  "10.12": (page) =>
    page.at320px.withTextSpacing.scrollsSideways
      ? byHand("C", "espacements WCAG appliqués : à 320 px un bloc de code ou un tableau défile dans sa propre boîte ; à 1 280 px, aucune perte de contenu")
      : auto("C", "espacements WCAG appliqués (interligne 1,5, lettres 0,12 em, mots 0,16 em) : aucune perte de contenu, même à 320 px"),
  "10.13": (page) =>
    visibleFields(page).some((field) => field.type === "text")
      ? byHand("C", "la liste de suggestions d'adresse se ferme avec Échap, reste affichée au survol, et disparaît à la sortie du champ")
      : byHand("NA", "aucun contenu additionnel à la prise de focus ou au survol"),
  "10.14": () => byHand("NA", "aucun contenu additionnel révélé par CSS seul (:hover/:focus)"),
  "11.1": (page) => {
    const fields = visibleFields(page);
    if (!fields.length) return auto("NA", "aucun champ de formulaire");
    const unlabelled = fields.filter((field) => !field.label);
    return unlabelled.length
      ? auto("NC", `${unlabelled.length} champ(s) sans étiquette`)
      : auto("C", `${fields.length} champ(s), chacun avec une étiquette (<label for> ou aria-label)`);
  },
  "11.2": (page) =>
    visibleFields(page).length
      ? byHand("C", `étiquettes pertinentes : ${[...new Set(visibleFields(page).map((field) => `« ${field.label.slice(0, 40)} »`))].slice(0, 4).join(", ")}…`)
      : auto("NA", "aucun champ de formulaire"),
  "11.3": (page) =>
    visibleFields(page).length
      ? byHand("C", "même fonction, même étiquette d'une page à l'autre (« Adresse à surveiller », « Adresse e-mail »)")
      : auto("NA", "aucun champ"),
  "11.4": (page) => (visibleFields(page).length ? byHand("C", "chaque étiquette est juste au-dessus ou à droite de son champ") : auto("NA", "aucun champ")),
  "11.5": (page) => {
    const grouped = visibleFields(page).filter((field) => field.type === "checkbox" || field.type === "radio");
    if (grouped.length < 2) return auto("NA", "aucun ensemble de champs de même nature");
    const loose = grouped.filter((field) => !field.inFieldset);
    return loose.length ? auto("NC", `${loose.length} case(s) hors d'un <fieldset>`) : auto("C", `${grouped.length} cases regroupées en <fieldset>`);
  },
  "11.6": (page) => {
    const grouped = visibleFields(page).filter((field) => field.type === "checkbox" || field.type === "radio");
    return grouped.length < 2
      ? auto("NA", "aucun regroupement")
      : auto("C", `légendes : ${[...new Set(grouped.map((field) => `« ${field.inFieldset} »`))].join(", ")}`);
  },
  "11.7": (page) =>
    visibleFields(page).filter((field) => field.type === "checkbox").length < 2 ? auto("NA", "aucun regroupement") : byHand("C", "légendes pertinentes"),
  "11.8": () => auto("NA", "aucune liste de choix (<select>)"),
  "11.9": (page) =>
    has(page, BUTTON_PAGES)
      ? byHand(
          "C",
          `intitulés de boutons pertinents : ${[...new Set(page.buttons.filter((button) => button.visible).map((button) => `« ${button.name.slice(0, 30)} »`))].slice(0, 4).join(", ")}`,
        )
      : byHand("NA", "aucun formulaire (le bouton du menu n'est pas dans un formulaire)"),
  "11.10": (page) =>
    has(page, FORM_PAGES)
      ? byHand(
          "C",
          "champs obligatoires signalés (required, « obligatoire » dans l'étiquette) ; erreurs écrites sous le champ et reliées par aria-describedby, focus sur le premier champ en erreur",
        )
      : auto("NA", "aucun contrôle de saisie"),
  "11.11": (page) =>
    has(page, FORM_PAGES)
      ? byHand("C", "chaque erreur dit quoi corriger (ex. format d'e-mail, choisir une adresse dans la liste)")
      : auto("NA", "aucun contrôle de saisie"),
  "11.12": (page) =>
    has(page, ["compte"])
      ? byHand("C", "suppression d'une adresse ou des données : dialogue de confirmation ; mot de passe et profil modifiables à nouveau")
      : auto("NA", "aucun formulaire qui modifie ou supprime des données, ni à conséquence financière ou juridique"),
  "11.13": (page) => {
    const personal = visibleFields(page).filter((field) => ["email", "password"].includes(field.type) || /Prénom|^Nom$/.test(field.label));
    if (!personal.length) return auto("NA", "aucun champ sur l'utilisateur");
    const missing = personal.filter((field) => !field.autocomplete || field.autocomplete === "off");
    return missing.length
      ? auto("NC", `${missing.length} champ(s) sans autocomplete`)
      : auto(
          "C",
          `autocomplete : ${[...new Set(personal.map((field) => field.autocomplete))].join(", ")} (l'adresse cherchée n'est pas forcément celle de l'utilisateur)`,
        );
  },
  "12.1": (page) =>
    has(page, PROCESS_PAGES)
      ? byHand("NA", "page d'un processus (inscription, confirmation ou désinscription par un lien reçu par e-mail) : cas particulier du critère")
      : byHand("C", "deux systèmes de navigation : le menu de l'en-tête et le plan du site (/plan-du-site), lié dans le pied de chaque page"),
  "12.2": () => byHand("C", "en-tête, menu et pied de page identiques et à la même place sur toutes les pages (même gabarit BaseLayout)"),
  "12.3": () =>
    byHand("C", "le plan du site liste chaque rubrique et chaque page publique, liens valides (tests/e2e/site.spec.ts « the site map lists every page… »)"),
  "12.4": (page) =>
    has(page, ["inscription-cadre"])
      ? auto("NA", "cadre intégré chez les partenaires : pas de pied de page, page d'un processus")
      : byHand("C", "lien « Plan du site » dans le pied de page, au même endroit sur chaque page (même gabarit BaseLayout)"),
  "12.5": () => auto("NA", "pas de moteur de recherche interne"),
  "12.6": (page) => axeRule(page, "region", "landmark-one-main", "landmark-unique"),
  "12.7": (page) =>
    page.skipLink?.targetExists
      ? auto("C", `premier lien : « ${page.skipLink.text} » vers le contenu principal`)
      : auto("NC", "pas de lien d'évitement fonctionnel"),
  "12.8": (page) =>
    auto(
      "C",
      `ordre de tabulation enregistré, conforme à l'ordre visuel : ${page.keyboard
        .slice(0, 4)
        .map((stop) => stop.element)
        .join(" → ")}…`,
    ),
  "12.9": (page) =>
    auto(
      "C",
      `la tabulation parcourt la page et en sort (${page.keyboard.length} arrêts) ; Échap ferme la liste de suggestions et les dialogues de confirmation`,
    ),
  "12.10": (page) => (page.accesskeys ? auto("NC", "raccourcis accesskey") : auto("NA", "aucun raccourci clavier d'une seule touche")),
  "12.11": () => byHand("C", "menu mobile, FAQ et historiques dépliables : <details>/<summary> natifs, atteignables au clavier"),
  "13.1": () => auto("NA", "aucune limite de temps, aucun rafraîchissement automatique"),
  "13.2": (page) => {
    const blank = page.links.filter((link) => link.target === "_blank");
    return blank.length
      ? byHand("C", `${blank.length} lien(s) ouvrant un nouvel onglet, sur action de l'utilisateur et annoncés « (nouvel onglet) »`)
      : byHand("C", "aucune nouvelle fenêtre ouverte sans action de l'utilisateur");
  },
  "13.3": (page) =>
    has(page, ["rapport", "compte"])
      ? byHand(
          "C",
          "le rapport PDF a pour version accessible la page du rapport (dit à côté du lien) ; les arrêtés préfectoraux en PDF sont des documents de tiers, non soumis",
        )
      : auto("NA", "aucun document bureautique en téléchargement"),
  "13.4": (page) =>
    has(page, ["rapport", "compte"])
      ? byHand("C", "la page du rapport donne toutes les informations du PDF (même présentation, core/report/present.ts)")
      : auto("NA", "aucun document"),
  "13.5": () => byHand("NA", "aucun contenu cryptique (art ASCII, émoticône)"),
  "13.6": () => byHand("NA", "aucun contenu cryptique"),
  "13.7": () => byHand("NA", "aucun flash ni changement brusque de luminosité"),
  "13.8": (page) =>
    page.movingContent
      ? auto("NC", "contenu clignotant")
      : has(page, ["accueil", "rapport", "compte"])
        ? byHand(
            "C",
            "seul mouvement : le reflet des blocs de chargement (animation shimmer), qui s'arrête avec le bilan et que prefers-reduced-motion supprime (feedback.css)",
          )
        : byHand("NA", "aucun contenu en mouvement ou clignotant"),
  "13.9": () => byHand("C", "aucun blocage d'orientation (ni CSS ni script) ; pages relevées en portrait (320 × 800) et en paysage (1 280 × 900)"),
  "13.10": () => byHand("NA", "aucune fonctionnalité par geste complexe (pas de carte, de glisser ni de pincement)"),
  "13.11": () => byHand("C", "actions déclenchées au relâchement (éléments natifs <a>, <button>)"),
  "13.12": () => auto("NA", "aucune fonctionnalité par mouvement de l'appareil"),
};

function csvField(value: string): string {
  return /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Reads the evidence, applies the judgments, writes grille.csv and taux.json. */
function writeGrid() {
  const criteria = parseCsv(readFileSync(join(DIR, "criteres.csv"), "utf8"))
    .slice(1)
    .map((record) => record[0]!);
  const evidence = new Map(
    readdirSync(join(DIR, "preuves")).map((file) => {
      const page = JSON.parse(readFileSync(join(DIR, "preuves", file), "utf8")) as Evidence;
      return [page.page, page];
    }),
  );
  const lines = ["page,url,critere,statut,methode,preuve"];
  for (const name of SAMPLE) {
    const page = evidence.get(name);
    if (!page) throw new Error(`no evidence for « ${name} »: run scripts/rgaa-evidence.ts`);
    for (const criterion of criteria) {
      const rule = RULES[criterion];
      if (!rule) throw new Error(`no judgment for criterion ${criterion}`);
      let judgment = rule(page);
      const fixed = FIXED[criterion]?.[name];
      if (fixed) {
        const seen = judgment.status === "C" ? ` ; relevé : ${judgment.evidence}` : "";
        judgment = {
          status: "C",
          method: judgment.method,
          evidence: `non conforme au relevé manuel de l'issue 27 (${fixed}) ; corrigé (${REPORT_FIXES})${seen}`,
        };
      }
      lines.push(
        [name, page.url.replace(/\?.*$/, (query) => (query.length > 1 ? "?…" : "")), criterion, judgment.status, judgment.method, judgment.evidence]
          .map(csvField)
          .join(","),
      );
    }
  }
  const grid = lines.join("\n") + "\n";
  writeFileSync(join(DIR, "grille.csv"), grid);
  // The rate the footer and the declaration print (src/components/SiteFooter.astro reads this file;
  // tests/unit/accessibility-audit.test.ts checks that it is the grid's).
  const rate = computeRgaaRate(parseRgaaGrid(grid));
  writeFileSync(join(DIR, "taux.json"), JSON.stringify(rate, null, 2) + "\n");
  console.log(
    `grille.csv : ${lines.length - 1} lignes (${SAMPLE.length} pages × ${criteria.length} critères) ; taux ${formatRgaaPercent(rate)}, ${rgaaConformity(rate)} conforme`,
  );
}

if (import.meta.main) writeGrid();
