// Issue 38, item 5.2: « gmial.com » got no « Vouliez-vous dire gmail.com ? » on some of the forms
// that send an e-mail to the address typed. Every such form, in Chromium at 390 px: the hint under
// the field, « Corriger » puts the domain right, the hint goes (issue 23 checked /auth's sign-up
// and /inscription: auth-forms.spec.ts). /compte has no e-mail change to check.
import { createServer, type Server } from "node:http";
import { expect, type FrameLocator, type Locator, type Page } from "@playwright/test";
import { freePort } from "../helpers/net.ts";
import { seriousViolations, test, waitForIslands, waitForIslandsIn } from "./helpers.ts";

const TYPED = "jean.dupont@gmial.com";
const CORRECTED = "jean.dupont@gmail.com";

/** Fills the field with the typo, then corrects it from the hint, inside `scope` (the form's part of the page, or a frame). */
async function correctTypo(scope: Locator | FrameLocator, field: Locator) {
  await field.fill(TYPED);
  const hint = scope.getByText("Vouliez-vous dire gmail.com\u00a0?");
  await expect(hint).toBeVisible();
  await scope.getByRole("button", { name: `Corriger en ${CORRECTED}` }).click();
  await expect(field).toHaveValue(CORRECTED);
  await expect(scope.getByText(/Vouliez-vous dire/)).toHaveCount(0);
}

/** `scope`: the form's visible part (/auth's other tab panel is hidden, and shares the e-mail typed). */
const FORMS: Array<{ name: string; path: string; scope(page: Page): Locator; field(page: Page): Promise<Locator> }> = [
  {
    name: "/auth, « Se connecter » with a password",
    path: "/auth",
    scope: (page) => page.getByRole("tabpanel"),
    field: async (page) => page.getByRole("tabpanel").getByLabel("Adresse e-mail", { exact: true }),
  },
  {
    name: "/auth, « Recevoir un code par e-mail »",
    path: "/auth",
    scope: (page) => page.getByRole("tabpanel"),
    field: async (page) => {
      await page.getByRole("button", { name: /Recevoir un code par e-mail/ }).click();
      return page.getByRole("tabpanel").getByLabel("Adresse e-mail", { exact: true });
    },
  },
  {
    name: "/desinscription, « Recevoir un lien de gestion par e-mail »",
    path: "/desinscription",
    scope: (page) => page.getByRole("main"),
    field: async (page) => page.getByRole("main").getByLabel("Adresse e-mail", { exact: true }),
  },
];

for (const form of FORMS) {
  test(`${form.name}: « ${TYPED} » is met with « Vouliez-vous dire gmail.com ? » and « Corriger » (390 px)`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(form.path);
    await waitForIslands(page);
    await correctTypo(form.scope(page), await form.field(page));
    expect(await seriousViolations(page)).toEqual([]);
  });
}

let partner: Server | undefined;
test.afterAll(async () => {
  await new Promise<void>((resolve) => (partner ? partner.close(() => resolve()) : resolve()));
});

test("the partner frame, pasted into a page on another origin, says « Vouliez-vous dire gmail.com ? » too (390 px)", async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const port = await freePort();
  partner = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(
      `<!doctype html><html lang="fr"><head><title>Mairie</title></head><body><h1>Alertes</h1><iframe src="${baseURL}/inscription/cadre?accent=0B5E55" title="Inscription aux alertes Zone Santé" width="100%" height="600" style="border:0"></iframe></body></html>`,
    );
  });
  await new Promise<void>((resolve) => partner!.listen(port, "127.0.0.1", resolve));
  await page.goto(`http://127.0.0.1:${port}/`);
  const frame = page.frameLocator("iframe");
  await waitForIslandsIn(frame);
  await correctTypo(frame, frame.getByLabel("Adresse e-mail", { exact: true }));
});
