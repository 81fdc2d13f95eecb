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

describe("the personal calendar link", () => {
  it("is made in Settings, serves neutral entries without a session, and stops at once when revoked", async () => {
    // ot_smith: this file's own user (no other e2e file touches their calendar link).
    const { context, page } = await signedInPage(browser, "ot_smith");
    await page.goto("/settings?tab=calendar");
    await page.getByRole("button", { name: "Make a calendar link" }).click();
    const field = page.getByLabel(/Your calendar link/);
    await expect.poll(() => field.isVisible()).toBe(true);
    const url = await field.inputValue();
    expect(url).toMatch(/\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    await expect.poll(() => page.getByText(/A calendar link made .* is live/).isVisible()).toBe(true);
    await screenshot(page, "settings-calendar-1280");
    expect(await violations(page, "/settings?tab=calendar")).toEqual([]);

    // A calendar app: no cookies.
    const outsider = await browser.newContext();
    const feed = await outsider.request.get(url);
    expect(feed.status()).toBe(200);
    const text = await feed.text();
    expect(text).toContain("BEGIN:VCALENDAR");
    expect(text).toMatch(/SUMMARY:MedLegal assessment BK-\d{4}-\d{5}/);
    expect(text).not.toMatch(/Occupational Therapist|assessment: /);

    await page.getByRole("button", { name: "Revoke" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Revoke link" }).click();
    await expect.poll(() => page.getByRole("button", { name: "Make a calendar link" }).isVisible()).toBe(true);
    expect((await outsider.request.get(url)).status()).toBe(404);
    await outsider.close();
    await context.close();
  });

  it("fits a phone", async () => {
    const { context, page } = await signedInPage(browser, "ot_smith", 375, 800);
    await page.goto("/settings?tab=calendar");
    await expect.poll(() => page.getByRole("heading", { name: "Calendar link" }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, "settings-calendar-375");
    await context.close();
  });
});
