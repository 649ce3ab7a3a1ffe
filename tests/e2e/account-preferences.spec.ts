// The alert preferences of /compte in Chromium, against scripts/demo.ts (issue 38): every topic of
// the registry is a switch (role, words, keyboard), each flip is kept after a reload at desktop and
// phone widths, a topic narrowed to a list (pollens) switched on first asks for its list, and a
// refused save is said beside the switch that caused it, not at the bottom of the section.
// One sign-up for the two widths: the server allows 10 sign-ups an hour from one address, for every spec.
import { expect, type Locator, type Page } from "@playwright/test";
import { ALERT_TOPICS } from "../../src/sections/rules.ts";
import { latestEmailTo, seriousViolations, test, uniqueEmail, waitForIslands } from "./helpers.ts";

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

/** A toast sits at the bottom of a phone's screen, over the switches: close it (it may close itself first). */
async function closeToasts(page: Page) {
  const close = page.getByRole("button", { name: "Fermer la notification" });
  while ((await close.count()) > 0)
    await close
      .first()
      .click({ timeout: 2_000 })
      .catch(() => {});
  await expect(close).toHaveCount(0);
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const switchOf = (page: Page, label: string) => page.getByRole("switch", { name: label, exact: true });

/** What a person reads beside the control: in view with it, and within a line or two of it. */
async function expectBeside(control: Locator, message: Locator) {
  await expect(message).toBeInViewport();
  await expect(control).toBeInViewport();
  const [a, b] = [await control.boundingBox(), await message.boundingBox()];
  expect(a && b, "both laid out").toBeTruthy();
  // The gap between the two boxes, vertically (0 when they share a line).
  const gap = Math.max(0, b!.y - (a!.y + a!.height), a!.y - (b!.y + b!.height));
  expect(gap).toBeLessThan(48);
}

/** The live region a switch is described by, last of its descriptions. */
async function messageOf(control: Locator): Promise<Locator> {
  const id = (await control.getAttribute("aria-describedby"))?.split(" ").at(-1);
  if (!id) throw new Error("a switch without a message");
  return control.page().locator(`[id="${id}"]`);
}

/** Whether each topic is on: the registry's defaults (an opt-in topic off), or their opposite. */
const statesOf = (flipped: boolean) => new Map(ALERT_TOPICS.map((topic) => [topic.key, topic.optIn === flipped]));

/**
 * Flips every topic by keyboard (Space) from `from` and checks each one saved; a topic narrowed to a
 * list, switched on with nothing ticked, waits for its first entry, ticked here, which saves both.
 */
async function flipEveryTopic(page: Page, from: Map<string, boolean>) {
  for (const topic of ALERT_TOPICS) {
    const on = !from.get(topic.key);
    const control = switchOf(page, topic.label);
    await expect(control).toHaveAttribute("aria-checked", String(!on));
    await control.focus();
    await page.keyboard.press("Space");
    await expect(control).toHaveAttribute("aria-checked", String(on));
    await expect(control).toBeFocused();
    const list = "choices" in topic ? page.getByRole("group", { name: topic.choices.legend }) : null;
    if ("choices" in topic && list && on && (await list.getByRole("checkbox", { checked: true }).count()) === 0) {
      // Nothing ticked yet: the switch says it waits, and its list, right under it, is asked for.
      await expect(control).toContainText("À compléter");
      await expect(control).toHaveAccessibleDescription(new RegExp(escaped(topic.choices.waiting)));
      await expectBeside(control, await messageOf(control));
      await expect(list).toBeInViewport();
      const first = topic.choices.options[0]!;
      await list.getByRole("checkbox", { name: first.name, exact: true }).check();
      await expect(list.getByRole("status")).toHaveText(`Préférence enregistrée\u00a0: alertes «\u00a0${topic.label}\u00a0» activées pour ${first.name}.`);
    } else {
      await expect(control).toHaveAccessibleDescription(
        new RegExp(`Préférence enregistrée\u00a0: alertes «\u00a0${topic.label}\u00a0» ${on ? "activées" : "désactivées"}`),
      );
    }
    // The state in words, not by colour alone.
    await expect(control).toContainText(on ? "Activé" : "Désactivé");
  }
}

async function expectStates(page: Page, states: Map<string, boolean>) {
  for (const topic of ALERT_TOPICS) await expect(switchOf(page, topic.label)).toHaveAttribute("aria-checked", String(states.get(topic.key)));
}

test("every alert topic in /compte is a switch whose flip is kept after a reload, at 1366 and 390 px; a refused save is said beside its control", async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1366, height: 900 });
  await signUp(page, uniqueEmail("preferences"));
  await closeToasts(page);

  // Real switches: one per topic of the registry, each a button with role="switch", described by its words.
  await expect(page.getByRole("switch")).toHaveCount(ALERT_TOPICS.length);
  for (const topic of ALERT_TOPICS) {
    const control = switchOf(page, topic.label);
    await expect(control).toHaveJSProperty("tagName", "BUTTON");
    await expect(control).toHaveAccessibleDescription(new RegExp(escaped(topic.description)));
  }
  await expectStates(page, statesOf(false));
  expect(await seriousViolations(page)).toEqual([]);

  // Desktop: each topic the other way from its default, kept after a reload.
  await flipEveryTopic(page, statesOf(false));
  await page.reload();
  await waitForIslands(page);
  await expectStates(page, statesOf(true));
  for (const topic of ALERT_TOPICS)
    if ("choices" in topic)
      await expect(
        page.getByRole("group", { name: topic.choices.legend }).getByRole("checkbox", { name: topic.choices.options[0]!.name, exact: true }),
      ).toBeChecked();

  // Phone: each one back, kept after a reload.
  await page.setViewportSize({ width: 390, height: 844 });
  await flipEveryTopic(page, statesOf(true));
  await page.reload();
  await waitForIslands(page);
  await expectStates(page, statesOf(false));
  expect(await seriousViolations(page)).toEqual([]);

  // A list's last entry cannot be unticked while its topic is on: said beside the list.
  const listed = ALERT_TOPICS.find((topic) => "choices" in topic);
  if (!listed || !("choices" in listed)) throw new Error("no topic narrowed to a list");
  const control = switchOf(page, listed.label);
  await control.focus();
  await page.keyboard.press("Space");
  await expect(control).toHaveAccessibleDescription(/Préférence enregistrée.*activées/);
  const list = page.getByRole("group", { name: listed.choices.legend });
  const first = list.getByRole("checkbox", { name: listed.choices.options[0]!.name, exact: true });
  await first.focus();
  await page.keyboard.press("Space");
  await expect(list.getByRole("status")).toContainText(listed.choices.required);
  await expect(first).toBeChecked();
  await expect(first).toBeFocused();
  await expect(first).toBeInViewport();
  await expectBeside(list, list.getByRole("status"));

  // A save the server refuses (the session has ended): said beside the switch, which goes back to the stored state.
  await page.context().clearCookies();
  const air = switchOf(page, "Qualité de l'air");
  await air.scrollIntoViewIfNeeded();
  await air.click();
  const refusal = await messageOf(air);
  await expect(refusal).toHaveText(
    "Préférence «\u00a0Qualité de l'air\u00a0» non enregistrée\u00a0: Veuillez vous reconnecter pour enregistrer vos préférences.",
  );
  await expect(refusal).toHaveAttribute("role", "status");
  await expect(air).toHaveAttribute("aria-checked", "true");
  await expect(air).toHaveAccessibleDescription(/Veuillez vous reconnecter/);
  await expectBeside(air, refusal);
});
