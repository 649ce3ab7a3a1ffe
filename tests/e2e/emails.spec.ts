// Issue 13: the ways out our e-mails offer, followed in Chromium against the Node server and the
// fake Resend (scripts/demo.ts): a manage link asked for from /desinscription, the cancel link of
// the sign-up confirmation, the way out on the confirmation page and in the welcome e-mail.
import { expect, type Page } from "@playwright/test";
import { latestEmailTo, sentEmails, seriousViolations, test, uniqueEmail, waitForIslands } from "./helpers.ts";

function linkIn(text: string, path: string): string {
  const link = new RegExp(`https?://\\S+${path}\\?\\S+`).exec(text)?.[0];
  if (!link) throw new Error(`no ${path} link in:\n${text}`);
  return link;
}

/** An alert sign-up from /inscription (8 bd du Port, Amiens), up to its confirmation e-mail. */
async function signUpForAlerts(page: Page, email: string): Promise<string> {
  await page.goto("/inscription");
  await waitForIslands(page);
  await page.getByRole("combobox", { name: "Adresse à surveiller" }).pressSequentially("8 bd du Port", { delay: 20 });
  await page.getByRole("option").first().click();
  await page.getByLabel(/^Adresse e-?mail$/).fill(email);
  await page.getByLabel(/J'accepte de recevoir par e-?mail/).check();
  await page.getByRole("button", { name: "Recevoir les alertes" }).click();
  await expect(page).toHaveURL(/\/merci$/);
  return (await latestEmailTo(email, /Confirmez votre inscription aux alertes/)).text;
}

/** On the page an unsubscribe link opens: the button, then what it did. */
async function unsubscribeOnPage(page: Page, link: string) {
  await page.goto(link);
  await waitForIslands(page);
  await expect(page.getByRole("heading", { name: "Désinscription confirmée" })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Me désinscrire" }).click();
  await expect(page.getByRole("heading", { name: "Désinscription confirmée" })).toBeVisible();
  await expect(page.getByText("Vous avez été désinscrit(e) avec succès.")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
}

// Behaviours, not layouts (decision 096): each at one width, the widths alternating.
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
test(`/desinscription without a link: a form, the same answer for anyone, then an e-mail whose link unsubscribes (${PHONE.width} px)`, async ({ page }) => {
  test.slow();
  await page.setViewportSize(PHONE);
  const email = uniqueEmail("sans-lien");
  await signUpForAlerts(page, email);

  await page.goto("/desinscription");
  await waitForIslands(page);
  // No link at all is not an error: the page says where the link is, and how to get a new one.
  await expect(page.getByRole("heading", { name: "Lien invalide" })).toHaveCount(0);
  await expect(page.getByText(/en bas de l'un de nos e-mails/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Recevoir un lien de gestion par e-mail" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // An empty field: the error under it, the field marked invalid and focused.
  const field = page.getByLabel("Adresse e-mail");
  const send = page.getByRole("button", { name: "Recevoir un lien de gestion" });
  await send.click();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(/Saisissez votre adresse e-mail/);
  await expect(field).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);

  // An address we do not know, then the known one: the same answer, word for word.
  await field.fill(uniqueEmail("inconnu"));
  await send.click();
  const answer = page.getByText(/^Si cette adresse est inscrite/);
  await expect(answer).toBeVisible();
  await expect(field).not.toHaveAttribute("aria-invalid", "true");
  const unknownAnswer = await answer.innerText();
  expect(await seriousViolations(page)).toEqual([]);
  await field.fill(email);
  await send.click();
  await expect(answer).toBeVisible();
  expect(await answer.innerText()).toBe(unknownAnswer);

  // The e-mail lists the sign-up (still waiting for its confirmation) with its own way out.
  const manage = await latestEmailTo(email, /Gérer vos alertes Zone Santé/);
  expect(manage.text).toContain("8 Boulevard du Port 80000 Amiens");
  await unsubscribeOnPage(page, linkIn(manage.text, "/desinscription"));
  await expect(page.getByRole("link", { name: "Me réinscrire" })).toHaveAttribute("href", "/inscription");
});

test(`the sign-up confirmation e-mail's « annuler » link cancels it for good (${DESKTOP.width} px)`, async ({ page }) => {
  test.slow();
  await page.setViewportSize(DESKTOP);
  const email = uniqueEmail("pas-moi");
  const confirmation = await signUpForAlerts(page, email);
  expect(confirmation).toMatch(/Je n'ai pas demandé cette inscription, l'annuler/);

  await unsubscribeOnPage(page, linkIn(confirmation, "/desinscription"));

  // The confirmation link no longer confirms anything.
  await page.goto(linkIn(confirmation, "/confirmation-alertes"));
  await waitForIslands(page);
  await page.getByRole("button", { name: "Confirmer mon inscription" }).click();
  await expect(page.getByRole("heading", { name: "Lien invalide" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test(`a confirmed sign-up shows its way out on the page and in the welcome e-mail (${PHONE.width} px)`, async ({ page }) => {
  test.slow();
  await page.setViewportSize(PHONE);
  const email = uniqueEmail("bienvenue");
  const confirmation = await signUpForAlerts(page, email);

  await page.goto(linkIn(confirmation, "/confirmation-alertes"));
  await waitForIslands(page);
  await page.getByRole("button", { name: "Confirmer mon inscription" }).click();
  await expect(page.getByRole("heading", { name: "Inscription confirmée" })).toBeVisible();
  const wayOut = page.getByRole("link", { name: "Me désinscrire de ces alertes" });
  await expect(wayOut).toHaveAttribute("href", /^\/desinscription\?u=s_[a-z0-9]+&t=[0-9a-f]{64}$/);
  expect(await seriousViolations(page)).toEqual([]);

  const welcome = await latestEmailTo(email, /^Vos alertes Zone Santé sont activées$/);
  expect(welcome.text).toMatch(/vers 17\u00a0h \(heure de Paris\)/);
  const fromEmail = new URL(linkIn(welcome.text, "/desinscription"));
  expect(`${fromEmail.pathname}${fromEmail.search}`).toBe(await wayOut.getAttribute("href"));

  await wayOut.click();
  await expect(page).toHaveURL(/\/desinscription\?u=s_/);
  await waitForIslands(page);
  await page.getByRole("button", { name: "Me désinscrire" }).click();
  await expect(page.getByRole("heading", { name: "Désinscription confirmée" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

/** Asks /desinscription for a manage link and reads the e-mail that brings it. */
async function askManageLink(page: Page, email: string, count: number): Promise<string> {
  await page.goto("/desinscription");
  await waitForIslands(page);
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByRole("button", { name: "Recevoir un lien de gestion" }).click();
  await expect(page.getByText(/^Si cette adresse est inscrite/)).toBeVisible();
  await expect.poll(async () => (await sentEmails()).filter((sent) => sent.to.includes(email) && /Gérer vos alertes/.test(sent.subject)).length).toBe(count);
  return (await latestEmailTo(email, /Gérer vos alertes Zone Santé/)).text;
}

/** The link written after `label` in an e-mail's text part (« Libellé : https://… »). */
function linkAfter(text: string, label: string): string {
  const link = new RegExp(`${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\u00a0: (https?://\\S+)`).exec(text)?.[1];
  if (!link) throw new Error(`no link « ${label} » in:\n${text}`);
  return link;
}

// Issue 38, item 5.3: the manage e-mail offered only « Annuler ». Each of its links, followed.
test("the manage e-mail lets a pending sign-up be confirmed, its report be read, an account be made and the alerts be stopped (390 px)", async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  const email = uniqueEmail("gerer");
  await signUpForAlerts(page, email);

  const pending = await askManageLink(page, email, 1);
  expect(pending).toContain("Inscription sans compte en attente de confirmation");

  // « Voir le bilan de cette adresse »: the home page with the address's report.
  await page.goto(linkAfter(pending, "Voir le bilan de cette adresse"));
  await waitForIslands(page);
  await expect(page.getByTestId("report").getByRole("heading", { name: /^Bilan pour .*Boulevard du Port.*Amiens/ })).toBeVisible();

  // « Créer mon compte gratuit »: the page where an account is made.
  await page.goto(linkAfter(pending, "Créer mon compte gratuit"));
  await waitForIslands(page);
  await expect(page.getByRole("tab", { name: "Créer un compte" })).toBeVisible();

  // « Confirmer mon inscription »: the confirmation page, whose button confirms it.
  await page.goto(linkAfter(pending, "Confirmer mon inscription"));
  await waitForIslands(page);
  await page.getByRole("button", { name: "Confirmer mon inscription" }).click();
  await expect(page.getByRole("heading", { name: "Inscription confirmée" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Asked again, the e-mail says it is active and offers the way out, which works.
  const active = await askManageLink(page, email, 2);
  expect(active).toContain("Inscription sans compte, alertes actives");
  expect(active).not.toContain("/confirmation-alertes");
  await unsubscribeOnPage(page, linkAfter(active, "Me désinscrire des alertes pour 8 Boulevard du Port 80000 Amiens"));
});
