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

// The reminder texts per language, in settings (read only: nothing is saved here).
describe("the reminder texts in settings", () => {
  for (const width of [1280, 375]) {
    it(`show each language's texts with a preview, the drafts marked, at ${width} px`, async () => {
      const { context, page } = await signedInPage(browser, "admin", width);
      await page.goto("/settings?tab=texts");
      const zulu = page.getByRole("group", { name: /isiZulu/ });
      await zulu.waitFor();
      expect(await zulu.getByText("Draft: to be checked").isVisible()).toBe(true);
      expect(await page.getByRole("group", { name: /English/ }).getByText(/Preview: Your MedLegal assessment BK-2026-00123 is booked/).isVisible()).toBe(true);
      await screenshot(page, `reminder-texts-${width}`);
      expect(await violations(page, `/settings?tab=texts at ${width}`)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await context.close();
    }, 120_000);
  }
});
