import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { violations } from "../axe";
import { launch, newPage, screenshot, signedInPage } from "../browser";
import { pdfText } from "../pdf";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe("privacy: data subject requests", () => {
  it("records an access request for a demo claimant and produces the access report the claimant can read", async () => {
    const { context, page } = await signedInPage(browser, "admin");
    await page.goto("/admin/privacy");
    await page.getByRole("heading", { name: "Privacy" }).waitFor();
    await page.getByRole("button", { name: "New request" }).click();
    const dialog = page.getByRole("dialog");
    const claimant = dialog.getByLabel("Claimant", { exact: true });
    await expect.poll(async () => (await claimant.locator("option").count()) > 1).toBe(true);
    const choice = (await claimant.locator("option").nth(1).textContent())!.trim();
    const name = choice.replace(/\s*\(.*\)$/, "");
    await claimant.selectOption({ index: 1 });
    await dialog.getByLabel("Request", { exact: true }).selectOption("access");
    await dialog.getByLabel("Asked by").selectOption("attorney");
    await dialog.getByLabel("Name of the person who asked").fill("Privacy e2e requester");
    await screenshot(page, "privacy-new-request-1280");
    await dialog.getByRole("button", { name: "Record request" }).click();
    await dialog.waitFor({ state: "hidden" });

    const row = page.getByRole("listitem").filter({ hasText: "Privacy e2e requester" });
    await expect.poll(() => row.getByText(/Due .* \(in 30 days\)/).isVisible()).toBe(true);
    await screenshot(page, "privacy-requests-1280");
    expect(await violations(page, "/admin/privacy")).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent("download"), row.getByRole("link", { name: "Access report (PDF)" }).click()]);
    const text = await pdfText(Buffer.concat((await (await download.createReadStream()).toArray()) as Buffer[]));
    expect(text).toContain(`Dear ${name},`);
    expect(text).toContain("Who has had access to your information");

    await row.getByRole("button", { name: "Mark answered" }).click();
    await expect.poll(() => row.getByText("Answered", { exact: true }).isVisible()).toBe(true);
    await context.close();
  }, 90_000);

  it("starts an access request from the claimant on /patients: the letter in one click, then the register with the claimant chosen", async () => {
    const { context, page } = await signedInPage(browser, "admin");
    await page.goto("/patients");
    await page.getByLabel("Search").fill("Amahle");
    const action = page.getByRole("button", { name: "Privacy of Amahle Mokoena: access request and access history" });
    await action.click();
    const dialog = page.getByRole("dialog", { name: "Data subject access request" });
    await screenshot(page, "privacy-access-request-from-patients-1280");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      dialog.getByRole("link", { name: "Download the letter (PDF)" }).click(),
    ]);
    const text = await pdfText(Buffer.concat((await (await download.createReadStream()).toArray()) as Buffer[]));
    expect(text).toContain("Dear Amahle Mokoena,");

    await dialog.getByRole("link", { name: "Record the request" }).click();
    const form = page.getByRole("dialog", { name: "New data subject request" });
    await form.waitFor();
    expect(await form.getByLabel("Claimant", { exact: true }).locator("option:checked").textContent()).toContain("Amahle Mokoena");
    expect(await form.getByLabel("Request", { exact: true }).inputValue()).toBe("access");
    await form.getByLabel("Asked by").selectOption("claimant");
    await form.getByLabel("Name of the person who asked").fill("Palesa Mokoena for Amahle (e2e)");
    await form.getByRole("button", { name: "Record request" }).click();
    await form.waitFor({ state: "hidden" });
    await expect.poll(() => page.getByRole("listitem").filter({ hasText: "Palesa Mokoena for Amahle (e2e)" }).isVisible()).toBe(true);
    await context.close();
  }, 90_000);

  it("refuses to carry out a deletion request while the law keeps the records, saying why, and changes nothing", async () => {
    const { context, page } = await signedInPage(browser, "admin");
    await page.goto("/admin/privacy");
    await page.getByRole("heading", { name: "Privacy" }).waitFor();
    await page.getByRole("button", { name: "New request" }).click();
    const form = page.getByRole("dialog");
    const claimant = form.getByLabel("Claimant", { exact: true });
    await expect.poll(async () => (await claimant.locator("option").count()) > 1).toBe(true);
    await claimant.selectOption({ index: 1 });
    await form.getByLabel("Request", { exact: true }).selectOption("deletion");
    await form.getByLabel("Asked by").selectOption("claimant");
    await form.getByLabel("Name of the person who asked").fill("Deletion e2e requester");
    await form.getByRole("button", { name: "Record request" }).click();
    await form.waitFor({ state: "hidden" });

    const row = page.getByRole("listitem").filter({ hasText: "Deletion e2e requester" });
    await row.getByRole("button", { name: /^Carry out DSR-/ }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByText("A destruction certificate is issued and the request is marked answered").waitFor();
    await confirm.getByRole("button", { name: "Anonymise the claimant" }).click();
    // Every demo claimant has a recent or open matter: the refusal names the rule, the dialog stays open.
    const refusal = confirm.getByRole("alert");
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(
      /^This request cannot be carried out: the law requires the records to be kept\. (Matter|Invoices|Closed matters)/,
    );
    await screenshot(page, "privacy-carry-out-refused-1280");
    expect(await violations(page, "/admin/privacy carry out")).toEqual([]);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => row.getByText("Received", { exact: true }).isVisible()).toBe(true);
    await context.close();
  }, 90_000);

  it("fits a phone", async () => {
    const { context, page } = await signedInPage(browser, "admin", 375, 800);
    await page.goto("/admin/privacy");
    await page.getByRole("heading", { name: "Data subject requests" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, "privacy-requests-375");
    await context.close();
  });
});

describe("privacy: the PAIA manual (issue 37, item 19)", () => {
  for (const width of [1280, 375]) {
    it(`is public at ${width} px, generated from the agency's settings, and linked from the sign-in page, axe clean`, async () => {
      const { context, page } = await newPage(browser, width);
      await page.goto("/auth");
      await page.getByRole("link", { name: "PAIA manual and your personal information" }).click();
      await page.getByRole("heading", { name: "PAIA manual of MedLegal Agency (Pty) Ltd" }).waitFor();
      expect(page.url()).toMatch(/\/paia-manual$/);
      const contact = page.getByRole("region", { name: "1. Contact details" });
      for (const text of [
        "3 Oxford Road, Parktown, Johannesburg, 2193",
        "Anele Dlamini",
        "privacy@medlegal.example, +27 11 555 0100",
        "Sipho Ngcobo",
      ]) {
        expect(await contact.getByText(text, { exact: true }).isVisible()).toBe(true);
      }
      for (const heading of [
        "3. Subjects and categories of records held",
        "4. Processing of personal information",
        "5. How to request access",
        "6. Fees",
      ]) {
        expect(await page.getByRole("heading", { name: heading }).isVisible()).toBe(true);
      }
      expect(await page.getByText("Closed matters and their reports 5 years after their last activity", { exact: false }).isVisible()).toBe(
        true,
      );
      await screenshot(page, `paia-manual-${width}`);
      expect(await violations(page, `/paia-manual at ${width}`)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await context.close();
    }, 90_000);
  }
});
