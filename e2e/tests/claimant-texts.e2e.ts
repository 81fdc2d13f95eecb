import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { violations } from "../axe";
import { launch, read, screenshot, signedInPage } from "../browser";

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
      for (const name of ["SMS reminder", "WhatsApp reminder", "No reminder"])
        expect(await channels.getByRole("rowheader", { name }).isVisible()).toBe(true);
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
      expect(
        await page
          .getByRole("group", { name: /English/ })
          .getByText(/Preview: Your MedLegal assessment BK-2026-00123 is booked/)
          .isVisible(),
      ).toBe(true);
      await screenshot(page, `reminder-texts-${width}`);
      expect(await violations(page, `/settings?tab=texts at ${width}`)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await context.close();
    }, 120_000);
  }
});

// A claimant's own words, in the query's messages (read only: the demo's question, opened by its case manager).
describe("a claimant's text on their query", () => {
  for (const width of [1280, 375]) {
    it(`shows under the claimant's name and number, with no way to answer in the app, at ${width} px`, async () => {
      // The demo's question went to the case manager of the claimant's query: whichever staff member that is.
      let found: {
        context: Awaited<ReturnType<typeof signedInPage>>["context"];
        page: Awaited<ReturnType<typeof signedInPage>>["page"];
        threadId: string;
      } | null = null;
      for (const username of ["employee", "sipho", "admin"]) {
        const { context, page } = await signedInPage(browser, username, width);
        const threads = await read<{ items: { id: string }[] }>(page, "messages.threads", {
          filter: "all",
          kind: "query_claimant",
          limit: 20,
        });
        if (threads.items[0]) {
          found = { context, page, threadId: threads.items[0].id };
          break;
        }
        await context.close();
      }
      expect(found, "a staff member reads the demo claimant's text").not.toBeNull();
      const { context, page, threadId } = found!;
      await page.goto(`/messages?thread=${threadId}`);
      const text = page.getByRole("article", { name: /\(claimant, (SMS|WhatsApp) from \+27\d{9}\)/ });
      await text.waitFor();
      expect(await text.getByText("Can my sister come with me? I cannot walk far.").isVisible()).toBe(true);
      expect(await page.getByText(/cannot read replies here: call them/).isVisible()).toBe(true);
      expect(await page.getByLabel("Message", { exact: true }).count()).toBe(0);
      await screenshot(page, `claimant-text-${width}`);
      expect(await violations(page, `/messages (claimant's text) at ${width}`)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await context.close();
    }, 120_000);
  }
});
