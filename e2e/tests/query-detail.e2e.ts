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

const LONG_NAME = "Hospital_discharge_summary_and_orthopaedic_records_of_the_claimant_2026.pdf";

describe("a query's page", () => {
  it("stays within the screen at 1280 and 375 px once a document with a long name is attached", async () => {
    for (const width of [1280, 375]) {
      const { context, page } = await signedInPage(browser, "attorney", width);
      await page.goto("/queries");
      const href = await page.locator('a[href^="/queries/"]').first().getAttribute("href");
      await page.goto(href!);
      await page.locator('input[type="file"]').setInputFiles({
        name: LONG_NAME,
        mimeType: "application/pdf",
        buffer: Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"),
      });
      await expect
        .poll(
          () =>
            page
              .getByRole("link", { name: `Download ${LONG_NAME}` })
              .first()
              .isVisible(),
          { timeout: 10_000 },
        )
        .toBe(true);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      const wide = await page.evaluate(() =>
        Array.from(document.querySelectorAll("body *"))
          .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
          .map((e) => `${e.tagName}.${String(e.className).slice(0, 60)}`)
          .slice(0, 3),
      );
      await screenshot(page, `query-detail-document-${width}`);
      expect(overflow, `sideways overflow at ${width} px: ${wide.join(", ")}`).toBe(0);
      await context.close();
    }
  });
});
