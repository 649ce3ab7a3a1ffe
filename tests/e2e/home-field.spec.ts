// The home page's address field for assistive technology (issue 23): marked required, while the
// form's own French message — not the browser's bubble — says what is missing.
import { expect } from "@playwright/test";
import { seriousViolations, test, waitForIslands } from "./helpers.ts";

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`the address combobox is marked required and keeps its own validation message (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/");
    await waitForIslands(page);
    const field = page.getByRole("combobox", { name: /Votre adresse/ });
    await expect(field).toHaveAttribute("aria-required", "true");
    await expect(field).toHaveJSProperty("required", true);
    await page.getByRole("button", { name: "Analyser" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Veuillez saisir une adresse" })).toBeVisible();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    // No native bubble: the form is noValidate, so the empty required field does not block the island's message.
    expect(await field.evaluate((input) => (input as HTMLInputElement).form?.noValidate)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });
}
