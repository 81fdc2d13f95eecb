import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { violations } from "../axe";
import { launch, screenshot, signedInPage } from "../browser";
import { pdfText } from "../pdf";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe("privacy: the register of security compromises", () => {
  it("records a compromised account's breach with the claimants it read, and gives the filing's PDF", async () => {
    const { context, page } = await signedInPage(browser, "admin");
    await page.goto("/admin/privacy");
    await page.getByRole("heading", { name: "Security compromises", exact: true }).waitFor();
    await page.getByRole("button", { name: "Record a compromise" }).click();
    const dialog = page.getByRole("dialog", { name: "Record a security compromise" });
    await dialog.getByLabel("Confirmed or suspected").selectOption("confirmed");
    const description = `Phishing captured a password (e2e ${Date.now()})`;
    await dialog.getByLabel("How it happened").fill(description);
    await dialog.getByLabel("Health information (reports, injuries, assessments)").check();
    await dialog.getByLabel("ID and passport numbers").check();

    // The demo attorney's account, over the last year: the access log names the claimants it read.
    const account = dialog.getByLabel("Account", { exact: true });
    await expect.poll(async () => (await account.locator("option").count()) > 1).toBe(true);
    const value = await account.locator("option", { hasText: "(attorney)" }).getAttribute("value");
    await account.selectOption(value!);
    const today = await page.evaluate(() => new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Johannesburg" }).format(new Date()));
    await dialog.getByLabel("From", { exact: true }).fill(`${Number(today.slice(0, 4)) - 1}${today.slice(4)}`);
    await dialog.getByLabel("To", { exact: true }).fill(today);
    const use = dialog.getByRole("button", { name: /^Use \d+ as the number of data subjects$/ });
    await use.waitFor();
    const count = Number((await use.textContent())!.match(/\d+/)![0]);
    expect(count).toBeGreaterThan(0);
    await use.click();
    expect(await dialog.getByLabel("Number of data subjects").inputValue()).toBe(String(count));
    await dialog.getByLabel("Measures taken").fill("Password reset and every session ended.");
    await screenshot(page, "breach-dialog-1280");
    await dialog.getByRole("button", { name: "Record compromise" }).click();
    await dialog.waitFor({ state: "hidden" });

    const row = page.getByRole("listitem").filter({ hasText: description });
    await row.waitFor();
    expect(await row.getByText("Not yet reported to the Regulator").isVisible()).toBe(true);
    await screenshot(page, "breach-register-1280");
    expect(await violations(page, "/admin/privacy breaches")).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      row.getByRole("link", { name: /^PDF for the filing: SCB-/ }).click(),
    ]);
    const text = (await pdfText(Buffer.concat((await (await download.createReadStream()).toArray()) as Buffer[]))).replace(/\s+/g, " ");
    expect(text).toContain(`How it happened: ${description}`);
    expect(text).toContain(`Number of data subjects: ${count}`);
    expect(text).toContain("Date reported to the Regulator: Not yet reported");
    expect(text).toContain("Johan van der Merwe");
    await context.close();
  }, 90_000);

  it("fits a phone, the form included", async () => {
    const { context, page } = await signedInPage(browser, "admin", 375, 800);
    await page.goto("/admin/privacy");
    await page.getByRole("button", { name: "Record a compromise" }).click();
    await page.getByRole("dialog", { name: "Record a security compromise" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, "breach-dialog-375");
    await context.close();
  });
});
