// Accounts in Chromium against the Node server, the fake upstreams, a fake Resend and a fake
// Google provider (scripts/demo.ts): the whole life of an account, from sign-up to deletion.
import { readFile } from "node:fs/promises";
import { expect, type Page } from "@playwright/test";
import { analyseAddress, latestEmailTo, seriousViolations, test, uniqueEmail, waitForIslands } from "./helpers.ts";

function confirmLinkOf(text: string): string {
  const link = /https?:\/\/\S+\/confirmation-compte\?\S+/.exec(text)?.[0];
  if (!link) throw new Error(`no confirmation link in:\n${text}`);
  return link;
}

async function signUp(page: Page, email: string, password = "mot-de-passe-solide") {
  await page.goto("/auth");
  await waitForIslands(page);
  await page.getByRole("tab", { name: "Créer un compte" }).click();
  await page.getByLabel("Prénom (facultatif)").fill("Marie");
  await page.getByRole("tabpanel").getByLabel("Adresse e-mail").fill(email);
  // No password at sign-up (issue 22): whoever confirms the address chooses it.
  await expect(page.getByRole("tabpanel").getByLabel("Mot de passe")).toHaveCount(0);
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(page.getByRole("heading", { name: "Vérifiez vos e-mails" })).toBeFocused();
  await expect(page.getByText("Vérifiez vos e-mails\u00a0: nous venons de vous écrire pour la suite de votre inscription.")).toBeVisible();
  const email_ = await latestEmailTo(email, /Confirmez/);
  // Opening the link changes nothing; it shows the address, the password is chosen there and the button confirms and signs in.
  await page.goto(confirmLinkOf(email_.text));
  await waitForIslands(page);
  await expect(page.getByText(`Adresse à confirmer\u00a0: ${email}`)).toBeVisible();
  await page.getByLabel("Choisissez votre mot de passe").fill(password);
  await expect(page.getByText("Au moins 10 caractères, pas un mot de passe courant")).toBeVisible();
  await page.getByRole("button", { name: "Confirmer mon adresse" }).click();
  await expect(page).toHaveURL(/\/compte$/);
}

async function addAddress(page: Page, typed: string, option: RegExp) {
  const input = page.getByRole("combobox", { name: "Adresse à surveiller" });
  await input.fill("");
  await input.pressSequentially(typed, { delay: 20 });
  await page.getByRole("option", { name: option }).first().click();
  await page.getByRole("button", { name: "Ajouter", exact: true }).click();
}

test("sign up, confirm by email, add 3 addresses, reach the limit, save preferences, get the report by email and as a PDF, delete my data", async ({
  page,
}) => {
  test.slow();
  const email = uniqueEmail("parcours");
  await signUp(page, email);
  await waitForIslands(page);
  await expect(page.getByText("Votre adresse e-mail est confirmée.")).toBeVisible();
  await expect(page.getByRole("heading", { name: /Mes adresses surveillées \(0\/3\)/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await addAddress(page, "8 bd du Port", /8 Boulevard du Port 80000 Amiens/);
  await expect(page.getByRole("heading", { name: /\(1\/3\)/ })).toBeVisible();
  const first = page.locator(".address-item").first();
  await expect(first).toContainText("Domicile 1");
  // The water network by its name, never its code.
  await expect(first.getByRole("combobox", { name: /Réseau d'eau/ }).locator("option:checked")).toHaveText("AMIENS CENTRE – quartier centre-ville");
  await expect(first).not.toContainText("080000512");

  await page.getByLabel("Nom de cette adresse").fill("Chez mes parents");
  await addAddress(page, "Maraussan", /Maraussan/);
  // Oldest first, as the PDF and the report e-mail list them (issue 23): the new one comes last.
  await expect(page.locator(".address-item").first()).toContainText("Domicile 1");
  await expect(page.locator(".address-item").last()).toContainText("Chez mes parents");
  // A third place (the same one twice is refused: tests/e2e/account-addresses.spec.ts).
  await addAddress(page, "8 bd du Port", /Cergy/);
  await expect(page.getByRole("heading", { name: /\(3\/3\)/ })).toBeVisible();
  // At the limit: the limit said plainly, no form proposing « Domicile 4 » for an address that cannot be added.
  await expect(page.getByText("Vous suivez déjà 3\u00a0adresses, le maximum. Retirez-en une pour en ajouter une autre.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Ajouter", exact: true })).toHaveCount(0);
  await expect(page.getByLabel("Nom de cette adresse")).toHaveCount(0);
  await expect(page.getByText(/Domicile 4/)).toHaveCount(0);

  // Delete the newest (Cergy), with confirmation (cancel first).
  await page
    .locator(".address-item")
    .last()
    .getByRole("button", { name: /Supprimer/ })
    .click();
  const dialog = page.getByRole("dialog", { name: "Supprimer cette adresse ?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Annuler" }).click();
  await expect(page.locator(".address-item")).toHaveCount(3);
  await page
    .locator(".address-item")
    .last()
    .getByRole("button", { name: /Supprimer/ })
    .click();
  await dialog.getByRole("button", { name: "Supprimer" }).click();
  await expect(page.locator(".address-item")).toHaveCount(2);
  await expect(page.getByRole("button", { name: "Ajouter", exact: true })).toBeEnabled();

  // Each address opens its full report.
  await expect(
    page
      .locator(".address-item")
      .first()
      .getByRole("link", { name: /Voir le bilan/ }),
  ).toHaveAttribute("href", /^\/\?lat=.*citycode=.*#analyse$/);

  // Preferences: all on by default; turning air off saves it at once (no e-mail), focus stays on the
  // switch; the report is e-mailed only on request.
  const air = page.getByRole("switch", { name: /Qualité de l'air/ });
  await expect(air).toBeChecked();
  await air.uncheck();
  await expect(page.getByRole("status").filter({ hasText: /Préférence enregistrée/ })).toContainText("désactivées");
  await expect(air).toBeFocused();
  await page.getByRole("button", { name: "M'envoyer mon bilan par e-mail" }).click();
  await expect(page.getByText("Votre bilan vient de vous être envoyé par e-mail.")).toBeVisible();
  const report = await latestEmailTo(email, /Votre bilan santé-environnement/);
  expect(report.text).toContain("Amiens");
  await page.reload();
  await expect(page.getByRole("switch", { name: /Qualité de l'air/ })).not.toBeChecked();

  // Pollen and weather warnings are opt-in (decision 073): off until turned on; pollen needs a
  // chosen pollen: switched on first, it asks for one beside it and saves with the first ticked; all by keyboard.
  const pollen = page.getByRole("switch", { name: /^Pollens/ });
  await expect(pollen).not.toBeChecked();
  await expect(page.getByRole("switch", { name: /^Vigilance météo/ })).not.toBeChecked();
  await pollen.focus();
  await page.keyboard.press("Space");
  await expect(pollen).toHaveAccessibleDescription(/cochez .*pollens qui vous concernent/i);
  await expect(pollen).toContainText("À compléter");
  await page.getByRole("checkbox", { name: "Bouleau", exact: true }).focus();
  await page.keyboard.press("Space");
  await expect(page.getByRole("status").filter({ hasText: /Préférence enregistrée/ })).toContainText("Pollens\u00a0» activées pour Bouleau");
  await page.reload();
  await expect(page.getByRole("switch", { name: /^Pollens/ })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Bouleau", exact: true })).toBeChecked();

  // PDF of every address.
  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("button", { name: "Télécharger le rapport PDF" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^bilan-zone-sante-\d{4}-\d{2}-\d{2}\.pdf$/);
  expect((await readFile((await download.path())!)).subarray(0, 5).toString()).toBe("%PDF-");

  // Delete my data: needs the confirmation word.
  await page.getByRole("button", { name: "Supprimer mes données" }).click();
  const deletion = page.getByRole("dialog", { name: /Supprimer définitivement/ });
  const confirm = deletion.getByRole("button", { name: "Supprimer définitivement" });
  // RGAA 11.10/11.11: the button stays enabled; pressed too soon, it says what is missing, under the field, which takes the focus.
  await expect(confirm).toBeEnabled();
  await confirm.click();
  const word = deletion.getByLabel("Confirmation");
  await expect(word).toBeFocused();
  await expect(word).toHaveAttribute("aria-invalid", "true");
  await expect(word).toHaveAccessibleDescription(/Saisissez SUPPRIMER pour confirmer la suppression/);
  await expect(page).toHaveURL(/\/compte$/);
  await word.fill("effacer");
  await expect(deletion.getByText("Ce n'est pas le mot attendu\u00a0: saisissez SUPPRIMER (majuscules ou minuscules).")).toBeVisible();
  await confirm.click();
  await expect(word).toBeFocused();
  await expect(page).toHaveURL(/\/compte$/);
  // As a phone keyboard types it: automatic capital and a trailing space.
  await deletion.getByLabel("Confirmation").fill("Supprimer ");
  await confirm.click();
  await expect(page).toHaveURL(/\/compte-supprime$/);
  await expect(page.getByRole("heading", { level: 1, name: "Votre compte est supprimé" })).toBeVisible();
  await latestEmailTo(email, /a été supprimé/);

  // The account is gone.
  await page.goto("/auth");
  await waitForIslands(page);
  await page.getByRole("tabpanel").getByLabel("Adresse e-mail").fill(email);
  const password = page.getByRole("tabpanel").getByLabel("Mot de passe");
  await password.fill("mot-de-passe-solide");
  await page.getByRole("button", { name: "Se connecter" }).click();
  // Said under the password field, not in a toast.
  await expect(password).toHaveAccessibleDescription(/mot de passe incorrect/i);
  await expect(password).toBeFocused();
  await expect(page.getByRole("button", { name: "Fermer la notification" })).toHaveCount(0);
});

/** The header's links: the desktop navigation, or the phone's menu (opened first). */
async function headerLinks(page: Page) {
  const desktop = page.getByRole("navigation", { name: "Navigation principale" });
  if (await desktop.isVisible()) return desktop;
  const menu = page.locator(".menu-toggle");
  if (!(await menu.evaluate((details) => (details as HTMLDetailsElement).open))) await menu.locator("summary").click();
  return page.getByRole("navigation", { name: "Navigation mobile" });
}

// At 390 px, where the header is the phone's menu (one sign-up: the server allows 10 an hour for every spec).
test("/compte sends a signed-out visitor to /auth, /auth sends a signed-in person to /compte; the header says « Mon compte » once signed in, and signing out says « Vous êtes déconnecté(e). »", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/compte");
  await expect(page).toHaveURL(/\/auth$/);
  await waitForIslands(page);
  expect(await seriousViolations(page)).toEqual([]);
  // Signed out, on a static content page: « Se connecter », and « Comment ça marche » is back in the menu.
  await page.goto("/sources");
  let nav = await headerLinks(page);
  await expect(nav.getByRole("link", { name: "Se connecter" })).toHaveAttribute("href", "/auth");
  await expect(nav.getByRole("link", { name: "Mon compte" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Comment ça marche" })).toHaveAttribute("href", "/#comment-ca-marche");

  await signUp(page, uniqueEmail("redirection"));
  await page.goto("/auth");
  await expect(page).toHaveURL(/\/compte$/);
  await page.goto("/sources");
  nav = await headerLinks(page);
  await expect(nav.getByRole("link", { name: "Mon compte" })).toHaveAttribute("href", "/compte");
  await expect(nav.getByRole("link", { name: "Se connecter" })).toHaveCount(0);
  // The session cookie itself stays out of the page's reach (HttpOnly): only the hint is readable.
  expect(await page.evaluate(() => document.cookie)).not.toContain("zs_session");
  expect(await seriousViolations(page)).toEqual([]);

  await nav.getByRole("link", { name: "Mon compte" }).click();
  await expect(page).toHaveURL(/\/compte$/);
  await waitForIslands(page);
  await page.getByRole("button", { name: "Se déconnecter" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  const said = page.getByRole("status").filter({ hasText: "Vous êtes déconnecté(e)." });
  await expect(said).toBeVisible();
  await expect(said).toBeFocused();
  nav = await headerLinks(page);
  await expect(nav.getByRole("link", { name: "Se connecter" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Mon compte" })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  // Said once: a reload does not repeat it.
  await page.reload();
  await waitForIslands(page);
  await expect(page.getByText("Vous êtes déconnecté(e).")).toHaveCount(0);
  await page.goto("/compte");
  await expect(page).toHaveURL(/\/auth$/);
});

/** The header's visible labels (logo, links, button) that wrap onto a second line: « Comment ça / marche ». */
async function wrappedHeaderLabels(page: Page): Promise<string[]> {
  return page.locator(".site-header__inner a").evaluateAll((links) =>
    links
      .filter((link) => link.getClientRects().length > 0 && getComputedStyle(link).visibility !== "hidden")
      .filter((link) => {
        // The lines its text occupies (text only: the logo's picture sits beside its name).
        const tops = new Set<number>();
        const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
        }
        return tops.size > 1;
      })
      .map((link) => link.textContent?.trim() ?? ""),
  );
}

test("at 1366 px the header's navigation has « Comment ça marche » and « Se connecter », or « Mon compte » with the signed-in hint", async ({
  page,
  context,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/blog");
  const nav = page.getByRole("navigation", { name: "Navigation principale" });
  await expect(nav.getByRole("link", { name: "Comment ça marche" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Se connecter" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Mon compte" })).toHaveCount(0);
  expect(await wrappedHeaderLabels(page)).toEqual([]);
  // The hint the server sets beside the session cookie (tests/integration/signed-in-hint.test.ts).
  await context.addCookies([{ name: "zs_signed_in", value: "1", url: baseURL ?? "http://127.0.0.1" }]);
  await page.reload();
  await expect(nav.getByRole("link", { name: "Mon compte" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Se connecter" })).toHaveCount(0);
  // Just above the menu's breakpoint (72rem) the labels still fit on one line each.
  for (const width of [1366, 1160]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await wrappedHeaderLabels(page)).toEqual([]);
  }
  expect(await seriousViolations(page)).toEqual([]);
});

test("after a code request, « Pas de compte ? Créez-en un » leads to the sign-up, whatever the address (nothing revealed)", async ({ page }) => {
  await page.goto("/auth");
  await waitForIslands(page);
  await page.getByRole("button", { name: /Mot de passe oublié/ }).click();
  await page.getByRole("tabpanel").getByLabel("Adresse e-mail").fill(uniqueEmail("inconnu"));
  await page.getByRole("button", { name: "Recevoir un code" }).click();
  await expect(page.getByText(/Si un compte existe pour cette adresse/)).toBeVisible();
  await expect(page.getByText("Pas de compte\u00a0?")).toBeVisible();
  await page.getByRole("button", { name: "Créez-en un" }).click();
  await expect(page.getByRole("tab", { name: "Créer un compte" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByLabel("Prénom (facultatif)")).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
});

test("every password field has « Afficher le mot de passe »: a toggle button that keeps the focus and shows the password in clear", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/auth");
  await waitForIslands(page);
  const password = page.getByRole("tabpanel").getByLabel("Mot de passe", { exact: true });
  await password.fill("mot-de-passe-solide");
  await expect(password).toHaveAttribute("type", "password");
  const reveal = page.getByRole("tabpanel").getByRole("button", { name: "Afficher le mot de passe" });
  await expect(reveal).toHaveAttribute("aria-pressed", "false");
  await reveal.click();
  await expect(reveal).toHaveAttribute("aria-pressed", "true");
  await expect(reveal).toBeFocused();
  await expect(password).toHaveAttribute("type", "text");
  await expect(password).toHaveValue("mot-de-passe-solide");
  await reveal.press("Enter");
  await expect(reveal).toHaveAttribute("aria-pressed", "false");
  await expect(password).toHaveAttribute("type", "password");
  expect(await seriousViolations(page)).toEqual([]);
});

test("forgotten password: sign in with an emailed code, then choose a new password", async ({ page }) => {
  const email = uniqueEmail("code");
  await signUp(page, email, "ancien-mdp");
  await page.getByRole("button", { name: "Se déconnecter" }).click();
  await expect(page).toHaveURL(/\/auth$/);

  await page.goto("/auth");
  await waitForIslands(page);
  await page.getByRole("button", { name: /Mot de passe oublié/ }).click();
  await page.getByRole("tabpanel").getByLabel("Adresse e-mail").fill(email);
  await page.getByRole("button", { name: "Recevoir un code" }).click();
  const codeEmail = await latestEmailTo(email, /code de connexion/);
  const code = /\b(\d{6})\b/.exec(codeEmail.text)?.[1] ?? "";
  const codeField = page.getByLabel("Code reçu par e-mail");
  await expect(codeField).toBeFocused();
  await codeField.fill(code);
  await page.getByRole("button", { name: "Se connecter avec ce code" }).click();
  await expect(page).toHaveURL(/\/compte$/);
  await waitForIslands(page);
  await expect(page.getByText(/connecté avec un code reçu par e-mail/)).toBeVisible();
  await expect(page.getByLabel("Mot de passe actuel")).toHaveCount(0);
  await page.getByLabel("Nouveau mot de passe").fill("nouveau-mdp");
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await expect(page.getByText("Votre mot de passe a été modifié.")).toBeVisible();
});

test("Google sign-in through the provider lands on /compte", async ({ page }) => {
  await page.goto("/auth");
  await waitForIslands(page);
  await page.getByRole("link", { name: "Continuer avec Google" }).click();
  await expect(page).toHaveURL(/\/compte$/);
  await waitForIslands(page);
  await expect(page.getByText("marie.google@exemple-zs.fr")).toBeVisible();
});

test("a Google failure comes back as a clear message", async ({ page }) => {
  await page.goto("/auth?erreur=google");
  await expect(page.getByText("Impossible de se connecter avec Google. Veuillez réessayer.")).toBeVisible();
});

test("any visitor downloads the PDF of a report from the results", async ({ page }) => {
  await page.goto("/");
  await waitForIslands(page);
  await analyseAddress(page, "8 bd du Port");
  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("link", { name: "Télécharger le rapport PDF" }).click();
  const download = await downloadPromise;
  expect((await readFile((await download.path())!)).subarray(0, 5).toString()).toBe("%PDF-");
});

test("when no e-mail can leave now, the account sign-up says so in its live region, never « Vérifiez vos e-mails » (decision 090)", async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allow(/503/);
  const busy = "Nous ne pouvons pas envoyer d'e-mail pour le moment. Réessayez dans quelques minutes.";
  // The server's answer when a budget is spent (tests/integration/email-shares.test.ts checks the server's side).
  await page.route(/\/api\/auth\/signup$/, (route) =>
    route.fulfill({
      status: 503,
      headers: { "Retry-After": "60" },
      contentType: "application/json",
      body: JSON.stringify({ error: busy, code: "email_busy" }),
    }),
  );
  await page.goto("/auth");
  await waitForIslands(page);
  await page.getByRole("tab", { name: "Créer un compte" }).click();
  await page.getByRole("tabpanel").getByLabel("Adresse e-mail").fill(uniqueEmail("occupe"));
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(page.getByRole("alert").filter({ hasText: busy })).toBeVisible();
  await expect(page.getByText(/Vérifiez vos e-mails/)).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});
