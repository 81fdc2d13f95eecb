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

// The demo has one claimant past retention (issue 37, item 21): Willem Visagie, whose only matter
// closed five years and two weeks ago. The destruction's details are covered by apps/server/test/retention.test.ts.
describe("privacy: retention", () => {
  for (const width of [1280, 375]) {
    it(`shows the retention section at ${width} px, axe clean`, async () => {
      const { context, page } = await signedInPage(browser, "admin", width);
      await page.goto("/admin/privacy");
      await page.getByRole("heading", { name: "Retention", exact: true }).waitFor();
      for (const heading of ["Due for destruction", "Destruction certificates", "Legal holds"]) {
        expect(await page.getByRole("heading", { name: heading }).isVisible()).toBe(true);
      }
      const due = page
        .getByRole("list", { name: "Claimants due for destruction" })
        .getByRole("listitem")
        .filter({ hasText: "Willem Visagie" });
      await expect.poll(() => due.isVisible()).toBe(true);
      expect(await due.textContent()).toMatch(/Matter CASE-\d{4}-\d{5} closed, last activity .*Due since/);
      expect(await due.getByRole("button", { name: "Approve destruction of Willem Visagie" }).isVisible()).toBe(true);
      expect(await page.getByLabel("Invoices").inputValue()).toBe("5");
      await page.getByRole("heading", { name: "Retention", exact: true }).scrollIntoViewIfNeeded();
      await screenshot(page, `privacy-retention-${width}`);
      expect(await violations(page, `/admin/privacy at ${width}`)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await context.close();
    }, 90_000);
  }

  it("sets a legal hold on a case from /cases with a reason, lists it on /admin/privacy, and lifts it", async () => {
    const { context, page } = await signedInPage(browser, "admin");
    await page.goto("/cases");
    const action = page.getByRole("button", { name: /^Legal hold on CASE-/ }).first();
    await action.waitFor();
    const reference = (await action.getAttribute("aria-label"))!.replace("Legal hold on ", "");
    await action.click();
    const dialog = page.getByRole("dialog", { name: `Legal hold on ${reference}` });
    await dialog.getByRole("button", { name: "Set legal hold" }).click();
    expect(await dialog.getByText("Say why the case is on legal hold").isVisible()).toBe(true);
    await dialog.getByLabel("Reason").fill("Retention e2e: pending litigation");
    await screenshot(page, "privacy-legal-hold-1280");
    await dialog.getByRole("button", { name: "Set legal hold" }).click();
    await dialog.waitFor({ state: "hidden" });

    await page.goto("/admin/privacy");
    // The invoice period cannot go under SARS's five years: the form refuses with the server's sentence.
    await page.getByLabel("Invoices").fill("4");
    await page.getByRole("form", { name: "Retention periods" }).getByRole("button", { name: /save/i }).click();
    await expect.poll(() => page.getByText("Invoices are kept at least 5 years for SARS (and at most 50)").isVisible()).toBe(true);
    const hold = page
      .getByRole("list", { name: "Legal holds" })
      .getByRole("listitem")
      .filter({ hasText: "Retention e2e: pending litigation" });
    await expect.poll(() => hold.isVisible()).toBe(true);
    expect(await hold.textContent()).toContain(reference);
    await hold.getByRole("button", { name: `Lift hold on ${reference}` }).click();
    await expect.poll(() => hold.count()).toBe(0);
    await context.close();
  }, 90_000);

  it("approves the demo claimant's destruction behind a confirmation and offers the certificate (issue 37, item 21)", async () => {
    const { context, page } = await signedInPage(browser, "admin");
    await page.goto("/admin/privacy");
    await page.getByRole("button", { name: "Approve destruction of Willem Visagie" }).click();
    const dialog = page
      .getByRole("alertdialog", { name: "Destroy this claimant's records?" })
      .or(page.getByRole("dialog", { name: "Destroy this claimant's records?" }));
    expect(await dialog.getByText(/Willem Visagie's names, identity numbers/).isVisible()).toBe(true);
    await screenshot(page, "retention-approve-1280");
    await dialog.getByRole("button", { name: "Destroy and certify" }).click();
    await dialog.waitFor({ state: "hidden" });
    const certificates = page.getByRole("list", { name: "Destruction certificates" });
    const link = certificates.getByRole("link", { name: /^Certificate DC-\d{4}-\d{5} \(PDF\)$/ });
    await expect.poll(() => link.count()).toBe(1);
    expect(await page.getByText("Willem Visagie").count()).toBe(0);
    await page.getByRole("heading", { name: "Destruction certificates" }).scrollIntoViewIfNeeded();
    await screenshot(page, "retention-certificate-1280");
    await context.close();
  }, 90_000);
});
