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

// The demo data sits around today, so nobody is due: the section shows its empty states. The
// destruction itself is covered by apps/server/test/retention.test.ts.
describe("privacy: retention", () => {
  for (const width of [1280, 375]) {
    it(`shows the retention section at ${width} px, axe clean`, async () => {
      const { context, page } = await signedInPage(browser, "admin", width);
      await page.goto("/admin/privacy");
      await page.getByRole("heading", { name: "Retention" }).waitFor();
      for (const heading of ["Due for destruction", "Destruction certificates", "Legal holds"]) {
        expect(await page.getByRole("heading", { name: heading }).isVisible()).toBe(true);
      }
      await expect.poll(() => page.getByText("Nobody is due").isVisible()).toBe(true);
      await page.getByRole("heading", { name: "Retention" }).scrollIntoViewIfNeeded();
      await screenshot(page, `privacy-retention-${width}`);
      expect(await violations(page, `/admin/privacy at ${width}`)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await context.close();
    }, 90_000);
  }
});
