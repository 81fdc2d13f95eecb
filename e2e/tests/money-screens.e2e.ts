import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, screenshot, signedInPage } from "../browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

// Issue 23 (money): Invoice Management with receivables and payables apart, and the expert's way to the generator.
describe("money screens at 1280 and 375 px", () => {
  for (const width of [1280, 375]) {
    it(`Invoice Management keeps receivables apart from payables at ${width} px`, async () => {
      const { page, context } = await signedInPage(browser, "admin", width, 860);
      await page.goto("/invoices");
      const receivables = page.getByRole("region", { name: "Receivables: owed to the agency by attorneys" });
      await receivables.waitFor();
      await page.getByRole("region", { name: "Payables: owed by the agency to experts" }).waitFor();
      await receivables.scrollIntoViewIfNeeded();
      await screenshot(page, `money-invoice-management-${width}`);
      // No amount wraps inside itself: each is one line of text.
      const amount = receivables.locator("strong").first();
      const box = await amount.boundingBox();
      expect(box!.height).toBeLessThan(30);
      await context.close();
    });

    it(`the expert reaches the generator from the dashboard at ${width} px`, async () => {
      const { page, context } = await signedInPage(browser, "consultant", width, 860);
      await page.getByText("Work to invoice").waitFor();
      await screenshot(page, `money-consultant-dashboard-${width}`);
      await page
        .getByText("Work to invoice")
        .locator("xpath=ancestor::div[contains(@class,'p-4')][1]")
        .getByRole("link", { name: "View" })
        .click();
      await page.getByRole("heading", { name: "Expert Invoice Generator" }).waitFor();
      await page.getByRole("list", { name: "Unbilled work" }).or(page.getByText("No unbilled work in this period")).first().waitFor();
      await screenshot(page, `money-expert-invoice-generator-${width}`);
      await context.close();
    });
  }
});
