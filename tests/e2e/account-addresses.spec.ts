// Issue 13 in Chromium, at desktop and mobile widths, against scripts/demo.ts: an account's
// addresses (each place once, its water network by name and the person's choice of it, kept after
// a reload), the PDF section without an address, the page after deleting the account; and in the
// public report, a change of network with the keyboard keeps the focus on the chooser.
// One sign-up per width: the server allows 10 sign-ups an hour from one address, for every spec.
import { expect, type Locator, type Page } from "@playwright/test";
import { analyseAddress, latestEmailTo, seriousViolations, test, uniqueEmail, waitForIslands } from "./helpers.ts";

const VIEWPORTS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
];

function confirmLinkOf(text: string): string {
  const link = /https?:\/\/\S+\/confirmation-compte\?\S+/.exec(text)?.[0];
  if (!link) throw new Error(`no confirmation link in:\n${text}`);
  return link;
}

async function signUp(page: Page, email: string) {
  await page.goto("/auth");
  await waitForIslands(page);
  await page.getByRole("tab", { name: "Créer un compte" }).click();
  await page
    .getByRole("tabpanel")
    .getByLabel(/^Adresse e-?mail/)
    .fill(email);
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  const confirmation = await latestEmailTo(email, /Confirmez/);
  await page.goto(confirmLinkOf(confirmation.text));
  await waitForIslands(page);
  await page.getByLabel("Choisissez votre mot de passe").fill("mot-de-passe-solide");
  await page.getByRole("button", { name: "Confirmer mon adresse" }).click();
  await expect(page).toHaveURL(/\/compte$/);
  await waitForIslands(page);
}

/**
 * A toast sits at the bottom of a phone's screen, over what the next step clicks: close it. A toast
 * also closes itself after a while, maybe between seeing its button and clicking it (a busy
 * machine): the click is then moot, and what counts is that none is left.
 */
async function closeToasts(page: Page) {
  const close = page.getByRole("button", { name: "Fermer la notification" });
  while ((await close.count()) > 0)
    await close
      .first()
      .click({ timeout: 2_000 })
      .catch(() => {});
  await expect(close).toHaveCount(0);
}

async function addAddress(page: Page, typed: string, option: RegExp, nickname: string) {
  await closeToasts(page);
  await page.getByLabel("Nom de cette adresse").fill(nickname);
  const input = page.getByRole("combobox", { name: "Adresse à surveiller" });
  await input.fill("");
  await input.pressSequentially(typed, { delay: 20 });
  await page.getByRole("listbox").getByRole("option", { name: option }).first().click();
  await page.getByRole("button", { name: "Ajouter", exact: true }).click();
}

/** axe once the toasts' entrance animation is over (a half-faded toast skews the contrast). */
async function expectNoSeriousViolation(page: Page) {
  // Every finite animation (the toasts' entrance) over: no fixed wait, whatever the machine's load.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.effect?.getTiming().iterations === Infinity || animation.playState !== "running"),
  );
  expect(await seriousViolations(page)).toEqual([]);
}

async function expectChosenNetwork(chooser: Locator, name: string) {
  await expect(chooser.locator("option:checked")).toHaveText(name);
}

for (const viewport of VIEWPORTS) {
  test(`an account's addresses: no dead PDF button, each place once, its water network by name, then the deletion page (${viewport.width} px)`, async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize(viewport);
    const email = uniqueEmail(`adresses-${viewport.width}`);
    await signUp(page, email);
    await expect(page.getByRole("heading", { name: /Mes adresses surveillées \(0\/3\)/ })).toBeVisible();

    // Without an address, the PDF section says what to do instead of offering a button that fails.
    const pdfSection = page.getByRole("region", { name: "Mon rapport PDF" });
    await expect(pdfSection.getByText("Ajoutez une adresse pour télécharger son bilan PDF")).toBeVisible();
    await expect(pdfSection.getByRole("button", { name: "Télécharger le rapport PDF" })).toHaveCount(0);
    await expectNoSeriousViolation(page);

    await addAddress(page, "8 bd du Port", /8 Boulevard du Port 80000 Amiens/, "Maison");
    await expect(page.getByRole("heading", { name: /\(1\/3\)/ })).toBeVisible();
    const maison = page.locator(".address-item").filter({ hasText: "Maison" });
    // The network by its name, among the commune's, never as a raw code.
    const chooser = maison.getByRole("combobox", { name: /Réseau d'eau/ });
    await expectChosenNetwork(chooser, "AMIENS CENTRE – quartier centre-ville");
    await expect(chooser.locator("option")).toHaveText(["AMIENS CENTRE – quartier centre-ville", "AMIENS NORD – quartier nord"]);
    await expect(maison).not.toContainText("080000512");
    await expect(maison).not.toContainText("Non trouvé");
    await expect(pdfSection.getByRole("button", { name: "Télécharger le rapport PDF" })).toBeEnabled();
    // RGAA 13.3: the PDF is untagged; the button says the report page is its accessible version.
    await expect(pdfSection.getByRole("button", { name: "Télécharger le rapport PDF" })).toHaveAccessibleDescription(
      "Le rapport PDF n'est pas accessible aux lecteurs d'écran\u00a0: la page du bilan en est la version accessible.",
    );
    await expectNoSeriousViolation(page);

    // The same address again: refused, said under the field.
    await addAddress(page, "8 bd du Port", /8 Boulevard du Port 80000 Amiens/, "Encore");
    const field = page.getByRole("combobox", { name: "Adresse à surveiller" });
    await expect(page.getByRole("alert").filter({ hasText: "Cette adresse est déjà dans votre compte." })).toBeVisible();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toBeFocused();
    // Seen, not hidden under the suggestion list reopened by the focus: the list stays closed and the
    // message is what the page shows at its centre.
    await expect(field).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("listbox", { name: "Suggestions d'adresses" })).toBeHidden();
    const refusal = page.getByRole("alert").filter({ hasText: "Cette adresse est déjà dans votre compte." });
    await refusal.scrollIntoViewIfNeeded();
    expect(
      await refusal.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return top !== null && element.contains(top);
      }),
    ).toBe(true);
    await expect(page.getByRole("heading", { name: /\(1\/3\)/ })).toBeVisible();
    await expect(page.locator(".address-item")).toHaveCount(1);
    await expectNoSeriousViolation(page);

    // Another network: saved at once, focus kept on the select, kept after a reload.
    const saved = page.waitForResponse((response) => response.request().method() === "PATCH" && response.url().includes("/api/account/addresses/"));
    await chooser.selectOption({ label: "AMIENS NORD – quartier nord" });
    expect((await saved).status()).toBe(200);
    await expect(maison.getByRole("status")).toContainText(/Réseau enregistré\s*:\s*AMIENS NORD/);
    await expect(maison.getByRole("link", { name: /Voir le bilan/ })).toHaveAttribute("href", /udi=080000518/);
    await expectNoSeriousViolation(page);
    await page.reload();
    await waitForIslands(page);
    await expectChosenNetwork(
      page
        .locator(".address-item")
        .filter({ hasText: "Maison" })
        .getByRole("combobox", { name: /Réseau d'eau/ }),
      "AMIENS NORD – quartier nord",
    );
    await expectNoSeriousViolation(page);

    // Deleting the account lands on a page that says what was deleted, with a way home.
    await closeToasts(page);
    await page.getByRole("button", { name: "Supprimer mes données" }).click();
    const deletion = page.getByRole("dialog", { name: /Supprimer définitivement/ });
    await deletion.getByLabel("Confirmation").fill("SUPPRIMER");
    await expectNoSeriousViolation(page);
    await deletion.getByRole("button", { name: "Supprimer définitivement" }).click();
    await expect(page).toHaveURL(/\/compte-supprime$/);
    await expect(page.getByRole("heading", { level: 1, name: "Votre compte est supprimé" })).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "vos adresses surveillées" })).toBeVisible();
    await expect(page.getByText(/Un dernier e-mail vous confirme la suppression/)).toBeVisible();
    await latestEmailTo(email, /a été supprimé/);
    await expectNoSeriousViolation(page);
    await page.getByRole("link", { name: "Retour à l'accueil" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test(`in the report, a change of network with the arrow keys keeps the focus on the chooser while the card reloads (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto("/");
    await waitForIslands(page);
    await analyseAddress(page, "8 bd du Port");
    const report = page.getByTestId("report");
    const chooser = report.getByRole("combobox", { name: /Réseau de distribution/ });
    await expect(chooser).toBeVisible();
    await expect(report).not.toHaveAttribute("aria-busy", "true");
    await closeToasts(page);
    await expectNoSeriousViolation(page);

    const values = await chooser.locator("option").evaluateAll((nodes) => nodes.map((node) => (node as HTMLOptionElement).value));
    const before = await chooser.inputValue();
    const index = values.indexOf(before);
    expect(index).toBeGreaterThanOrEqual(0);
    const [key, next] = index < values.length - 1 ? ["ArrowDown", values[index + 1]!] : ["ArrowUp", values[index - 1]!];

    // Hold the reload a moment, so the focus is checked while the card is loading too.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/report?**", async (route) => {
      await held;
      await route.continue();
    });
    await chooser.focus();
    await chooser.press(key);
    await expect(report).toHaveAttribute("aria-busy", "true");
    await expect(chooser).toBeFocused();
    await expect(chooser).toHaveValue(next);
    release();

    await expect.poll(() => page.url()).toContain(`udi=${next}`);
    await expect(report).not.toHaveAttribute("aria-busy", "true");
    expect(await chooser.evaluate((element) => element === document.activeElement)).toBe(true);
    await expect(chooser).toHaveValue(next);
    await page.unroute("**/api/report?**");
    await expectNoSeriousViolation(page);
  });
}
