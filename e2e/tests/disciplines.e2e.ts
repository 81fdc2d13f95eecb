import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { violations } from "../axe";
import { launch, screenshot, signedInPage } from "../browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

// Issue 27, section 3 (read only: the demo's rules drive the other tests' timers).
describe("disciplines that wait for others", () => {
  for (const width of [1280, 375]) {
    it(`the administrator sees which disciplines wait, and the form to change it, at ${width} px`, async () => {
      const { context, page } = await signedInPage(browser, "admin", width);
      await page.goto("/admin/specializations");
      const rules = page.getByRole("list", { name: "Disciplines that wait" });
      await rules.waitFor();
      expect(await rules.textContent()).toContain("Actuary waits for the Industrial Psychologist report.");
      const form = page.getByRole("form", { name: "Set what a discipline waits for" });
      await form.getByLabel("Discipline").selectOption({ label: "Industrial Psychologist" });
      expect(await form.getByLabel("Orthopaedic Surgeon").isChecked()).toBe(true);
      expect(await form.getByLabel("Actuary").isChecked()).toBe(false);
      await rules.scrollIntoViewIfNeeded();
      await screenshot(page, `disciplines-${width}`);
      expect(await violations(page, `/admin/specializations at ${width}`)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await context.close();
    }, 120_000);
  }
});
