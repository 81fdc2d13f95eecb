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

// Issue 28: whether the text reminders work, in SLA monitoring (read only: the demo's no-shows).
describe("attendance figures in SLA monitoring", () => {
  for (const width of [1280, 375]) {
    it(`show the no-show rate per month, reminder channel and expert, at ${width} px`, async () => {
      const { context, page } = await signedInPage(browser, "employee", width);
      await page.goto("/sla-monitoring");
      const channels = page.getByRole("region", { name: "No-shows per reminder channel" });
      await channels.waitFor();
      for (const name of ["SMS reminder", "WhatsApp reminder", "No reminder"]) expect(await channels.getByRole("rowheader", { name }).isVisible()).toBe(true);
      // The demo has a claimant who did not come: some month counts a no-show with its rate.
      const months = page.getByRole("region", { name: "No-shows per month" });
      await expect.poll(async () => (await months.textContent())?.match(/\d+(\.\d)? %/) !== null).toBe(true);
      await channels.scrollIntoViewIfNeeded();
      await screenshot(page, `sla-attendance-${width}`);
      expect(await violations(page, `/sla-monitoring at ${width}`)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await context.close();
    }, 120_000);
  }
});
