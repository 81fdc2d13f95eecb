import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, screenshot, signedInPage } from "../browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const SUBJECT = "Head injury: neurosurgical and neuropsychological reports";

async function openDemoQuery(page: Page) {
  await page.goto("/queries");
  await page.getByRole("listitem").filter({ hasText: SUBJECT }).locator('a[href^="/queries/"]').first().click();
  await page.waitForURL(/\/queries\/[0-9a-f-]{36}$/);
  await page.getByRole("list", { name: "Assessments" }).waitFor();
}

/** Brings a card's heading to the top of the window, under the header, for the screenshot. */
const scrollTo = (page: Page, heading: string) =>
  page.getByRole("heading", { name: heading }).evaluate((e) => {
    e.scrollIntoView({ block: "start" });
    window.scrollBy(0, -80);
  });

const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe("a query's assessments and timeline", () => {
  it("shows the attorney every booking of their query, and the timeline in words, at 1280 and 375 px", async () => {
    for (const width of [1280, 375]) {
      const { context, page } = await signedInPage(browser, "attorney", width);
      await openDemoQuery(page);
      const rows = page.getByRole("list", { name: "Assessments" }).getByRole("listitem");
      await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
      await expect.poll(() => rows.filter({ hasText: "Kavitha Naidoo" }).first().textContent()).toMatch(/\d{2}:\d{2}–\d{2}:\d{2}/);
      await expect.poll(() => page.getByRole("list", { name: "Timeline" }).textContent()).toMatch(/booked Kavitha Naidoo for/);
      await scrollTo(page, "Assessments");
      await screenshot(page, `query-assessments-attorney-${width}`);
      await scrollTo(page, "Timeline");
      await screenshot(page, `query-timeline-attorney-${width}`);
      expect(await sidewaysOverflow(page), `sideways overflow at ${width} px`).toBe(0);
      await context.close();
    }
  });

  it("shows a consultant only their own booking on the query", async () => {
    const { context, page } = await signedInPage(browser, "dr_pillay", 375);
    await openDemoQuery(page);
    const rows = page.getByRole("list", { name: "Assessments" }).getByRole("listitem");
    await expect.poll(async () => (await rows.allTextContents()).every((text) => text.includes("Rajesh Pillay"))).toBe(true);
    expect(await rows.filter({ hasText: "Kavitha Naidoo" }).count()).toBe(0);
    await scrollTo(page, "Assessments");
    await screenshot(page, "query-assessments-consultant-375");
    expect(await sidewaysOverflow(page)).toBe(0);
    await context.close();
  });
});
