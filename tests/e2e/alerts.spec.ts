// Alerts in Chromium: the partner frame on another origin, double opt-in from the captured email,
// the admin panel running the alert run, the alert email, one-click unsubscribe.
import { createServer, type Server } from "node:http";
import { expect, type Page } from "@playwright/test";
import { freePort } from "../helpers/net.ts";
import { latestEmailTo, sentEmails, seriousViolations, test, uniqueEmail, waitForIslands, waitForIslandsIn } from "./helpers.ts";

const ADMIN = "admin-e2e@exemple-zs.fr";

function linkIn(text: string, path: string): string {
  const link = new RegExp(`https?://\\S+${path}\\?\\S+`).exec(text)?.[0];
  if (!link) throw new Error(`no ${path} link in:\n${text}`);
  return link;
}

async function signUpAccount(page: Page, email: string) {
  await page.goto("/auth");
  await waitForIslands(page);
  // A retried test: the fixed admin account may already be there. The sign-up form answers alike
  // either way (issue 22), so the account is tried first.
  await page.getByRole("tabpanel").getByLabel("Adresse e-mail").fill(email);
  await page.getByRole("tabpanel").getByLabel("Mot de passe").fill("mot-de-passe-solide");
  await page.getByRole("button", { name: "Se connecter" }).click();
  const refused = page.getByText("E-mail ou mot de passe incorrect.");
  await expect.poll(async () => /\/compte$/.test(page.url()) || (await refused.isVisible())).toBe(true);
  if (await refused.isVisible()) {
    await page.getByRole("tab", { name: "Créer un compte" }).click();
    await page.getByRole("tabpanel").getByLabel("Adresse e-mail").fill(email);
    await page.getByRole("button", { name: "Créer mon compte" }).click();
    await expect(page.getByText("Vérifiez vos e-mails\u00a0: nous venons de vous écrire pour la suite de votre inscription.")).toBeVisible();
    await page.goto(linkIn((await latestEmailTo(email, /Confirmez/)).text, "/confirmation-compte"));
    await waitForIslands(page);
    await page.getByLabel("Choisissez votre mot de passe").fill("mot-de-passe-solide");
    await page.getByRole("button", { name: "Confirmer mon adresse" }).click();
  }
  await expect(page).toHaveURL(/\/compte$/);
}

let partner: Server | undefined;
test.afterAll(async () => {
  await new Promise<void>((resolve) => (partner ? partner.close(() => resolve()) : resolve()));
});

test("a partner site embeds the generated frame; sign-up, confirmation, alert run, alert email, unsubscribe", async ({ page, browser }) => {
  test.slow();
  // 1. The widget builder: colour, generated code, copy feedback.
  await page.goto("/widget");
  await waitForIslands(page);
  const colour = page.getByLabel("Couleur d'accent (code hexadécimal)");
  await colour.fill("pas-une-couleur");
  await expect(page.getByText(/n'est pas une couleur hexadécimale/)).toBeVisible();
  await colour.fill("0B5E55");
  const code = await page.getByLabel("Code à coller dans votre page").inputValue();
  expect(code).toContain('height="420"');
  expect(code).toContain("/inscription/cadre?accent=0B5E55");
  expect(code).toContain("zone-sante:height");
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copier le code" }).click();
  await expect(page.getByText("Code copié dans le presse-papiers.")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // 2. A partner page on another origin pastes the code.
  const port = await freePort();
  partner = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(`<!doctype html><html lang="fr"><head><title>Mairie de Maraussan</title></head><body><h1>Alertes santé</h1>${code}</body></html>`);
  });
  await new Promise<void>((resolve) => partner!.listen(port, "127.0.0.1", resolve));
  const visitor = await browser.newPage();
  await visitor.goto(`http://127.0.0.1:${port}/`);
  const frame = visitor.frameLocator("iframe");
  await waitForIslandsIn(frame);
  const email = uniqueEmail("partenaire");
  const submit = frame.getByRole("button", { name: "Recevoir les alertes" });
  // Never disabled (RGAA 11.11): sent without the consent, the frame says so under the box and focuses it.
  await expect(submit).toBeEnabled();
  await frame.getByRole("combobox", { name: "Adresse à surveiller" }).pressSequentially("Maraussan", { delay: 20 });
  await frame.getByRole("option").first().click();
  await frame.getByLabel("Adresse e-mail").fill(email);
  await submit.click();
  const consent = frame.getByRole("checkbox", { name: /J'accepte de recevoir par e-mail/ });
  await expect(consent).toBeFocused();
  await expect(consent).toHaveAccessibleDescription(/Cochez la case pour accepter de recevoir les alertes par e-mail/);
  await consent.check();
  await expect(consent).not.toHaveAttribute("aria-invalid", "true");
  // The frame told its parent its height: the partner's script resized it.
  await expect.poll(async () => visitor.locator("iframe").evaluate((node) => (node as HTMLIFrameElement).style.height)).toMatch(/^\d+px$/);
  await submit.click();
  await expect(frame.getByText(/Merci\s*! Vérifiez vos e-mails/)).toBeVisible();
  // No cookie was set for our site inside the partner's page.
  expect((await visitor.context().cookies()).filter((cookie) => cookie.domain === "127.0.0.1")).toEqual([]);
  await visitor.close();

  // 3. Double opt-in: nothing but the confirmation until the link is clicked.
  const confirmation = await latestEmailTo(email, /Confirmez votre inscription aux alertes/);
  // Opening the page (as a scanner running JavaScript would) posts nothing; the button confirms.
  const confirmPosts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/subscriptions/confirm") confirmPosts.push(request.url());
  });
  await page.goto(linkIn(confirmation.text, "/confirmation-alertes"));
  await waitForIslands(page);
  const confirmButton = page.getByRole("button", { name: "Confirmer mon inscription" });
  await expect(confirmButton).toBeVisible();
  expect(confirmPosts).toEqual([]);
  await confirmButton.click();
  await expect(page.getByRole("heading", { name: "Inscription confirmée" })).toBeVisible();
  expect(confirmPosts).toHaveLength(1);

  // 4. An admin runs the alert run from the panel.
  await signUpAccount(page, ADMIN);
  await page.goto("/admin-test");
  await waitForIslands(page);
  await expect(page.getByLabel("Adresse")).toHaveValue(/Paris/);
  await page.getByLabel("Adresse").fill("8 bd du Port");
  await page.getByRole("button", { name: "Tester récupération données" }).click();
  await expect(page.getByText("Code INSEE")).toBeVisible();
  await expect(page.locator(".admin__result")).toContainText("80021");
  await expect(page.getByText("Opérationnelle").first()).toBeVisible();
  await runAlertsFromPanel(page);
  expect(await seriousViolations(page)).toEqual([]);

  // 5. The alert email, then unsubscribe through its link.
  const alert = await latestEmailTo(email, /^Zone Santé – /);
  expect(alert.text).toMatch(/Eau du robinet\u00a0: non-conformité signalée/);
  expect(alert.text).toMatch(/Nitrates\u00a0: 62\u00a0mg\/L – Non conforme\. Mesuré le /);
  // The ministry's ban banner dates from the 2026 summer season: out of season it is no alert.
  expect(alert.text).not.toMatch(/Baignade interdite/);
  expect(alert.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  await page.goto(linkIn(alert.text, "/desinscription"));
  await waitForIslands(page);
  await expect(page.getByRole("heading", { name: "Désinscription confirmée" })).toHaveCount(0);
  await page.getByRole("button", { name: "Me désinscrire" }).click();
  await expect(page.getByRole("heading", { name: "Désinscription confirmée" })).toBeVisible();
  await expect(page.getByText("Vous avez été désinscrit(e) avec succès.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Me réinscrire" })).toHaveAttribute("href", "/inscription");

  // 6. The next run sends nothing to this address.
  const before = await sentEmails();
  await page.goto("/admin-test");
  await waitForIslands(page);
  await runAlertsFromPanel(page);
  const after = await sentEmails();
  expect(after.filter((mail) => mail.to.includes(email)).length).toBe(before.filter((mail) => mail.to.includes(email)).length);
});

/** Clicks « Tester alertes automatiques »: the run is asked for (202) and runs in the background; waits until it has finished. */
async function runAlertsFromPanel(page: Page): Promise<void> {
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/admin/run-alerts");
  await page.getByRole("button", { name: "Tester alertes automatiques" }).click();
  const answer = await answered;
  expect(answer.status()).toBe(202);
  const { runId } = (await answer.json()) as { runId: string };
  await expect(page.getByText("Vérification des alertes lancée en arrière-plan")).toBeVisible();
  await expect
    .poll(
      async () =>
        ((await (await page.request.get("/api/admin/status")).json()) as { lastRun: { summary: { runId?: string } | null } | null }).lastRun?.summary?.runId,
      { timeout: 60_000 },
    )
    .toBe(runId);
}

test("a non-admin account is refused the admin panel", async ({ page }) => {
  await signUpAccount(page, uniqueEmail("pas-admin"));
  await page.goto("/admin-test");
  await expect(page.getByText("Accès réservé aux administrateurs.", { exact: false })).toBeVisible();
});

test("an incomplete unsubscribe link says so, with a contact link and a form to get a new link by e-mail", async ({ page }) => {
  await page.goto("/desinscription?u=s_abc");
  await waitForIslands(page);
  await expect(page.getByRole("heading", { name: "Lien invalide" })).toBeVisible();
  await expect(page.getByText(/Lien de désinscription invalide ou expiré/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Nous contacter" })).toHaveAttribute("href", /^mailto:/);
  await expect(page.getByRole("link", { name: "Retour à l'accueil" })).toBeVisible();
  // Not a dead end: the way to a working link (the journey itself is in emails.spec.ts).
  await expect(page.getByRole("heading", { name: "Recevoir un lien de gestion par e-mail" })).toBeVisible();
  await expect(page.getByLabel("Adresse e-mail")).toBeVisible();
  await expect(page.getByRole("button", { name: "Recevoir un lien de gestion" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("a sign-up that fails on the network stays on the form, kept, and is sent from /merci later", async ({ page, consoleGuard }) => {
  consoleGuard.allow(/net::ERR_CONNECTION_REFUSED/);
  await page.goto("/inscription");
  await waitForIslands(page);
  await page.route("**/api/subscriptions", (route) => route.abort("connectionrefused"), { times: 1 });
  const email = uniqueEmail("reseau");
  await page.getByRole("combobox", { name: "Adresse à surveiller" }).pressSequentially("8 bd du Port", { delay: 20 });
  await page.getByRole("option").first().click();
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel(/J'accepte de recevoir par e-mail/).check();
  await page.getByRole("button", { name: "Recevoir les alertes" }).click();
  // No thank-you for a request the server never saw: the form says where it is.
  await expect(page.getByRole("alert").filter({ hasText: "Nous n'avons pas pu joindre Zone Santé." })).toContainText("gardée dans ce navigateur");
  await expect(page).toHaveURL(/\/inscription$/);
  expect(await page.evaluate(() => localStorage.getItem("zs_pending_signup"))).toContain(email);
  expect(await seriousViolations(page)).toEqual([]);

  // A later visit of /merci sends it, says so, and forgets it.
  await page.goto("/merci");
  await expect(page.getByRole("status").filter({ hasText: "gardée dans ce navigateur vient d'être envoyée" })).toBeVisible();
  await latestEmailTo(email, /Confirmez votre inscription aux alertes/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem("zs_pending_signup"))).toBeNull();
});

test("when no e-mail can leave now, the sign-up says so in its live region, never thanks, and keeps the request (decision 090)", async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allow(/503/);
  await page.goto("/inscription");
  await waitForIslands(page);
  // The server's answer when a budget is spent (tests/integration/email-shares.test.ts checks the server's side).
  const busy = "Nous ne pouvons pas envoyer d'e-mail pour le moment. Réessayez dans quelques minutes.";
  await page.route(
    "**/api/subscriptions",
    (route) =>
      route.fulfill({
        status: 503,
        headers: { "Retry-After": "60" },
        contentType: "application/json",
        body: JSON.stringify({ error: busy, code: "email_busy" }),
      }),
    { times: 1 },
  );
  const email = uniqueEmail("occupe");
  await page.getByRole("combobox", { name: "Adresse à surveiller" }).pressSequentially("8 bd du Port", { delay: 20 });
  await page.getByRole("option").first().click();
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel(/J'accepte de recevoir par e-mail/).check();
  await page.getByRole("button", { name: "Recevoir les alertes" }).click();
  const alert = page.getByRole("alert").filter({ hasText: busy });
  await expect(alert).toContainText("gardée dans ce navigateur");
  await expect(alert).not.toContainText(/merci|Vérifiez vos e-mails/i);
  await expect(page).toHaveURL(/\/inscription$/);
  expect(await page.evaluate(() => localStorage.getItem("zs_pending_signup"))).toContain(email);
});
