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

/** A tiny PDF that passes the upload's content check. */
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

describe("privacy: the agreement register", () => {
  it("records a new expert's operator agreement with its signed file, and shows it current", async () => {
    const { context, page } = await signedInPage(browser, "admin");
    // The test's own expert, made by the administrator: no agreement yet.
    const suffix = Date.now()
      .toString(36)
      .replace(/\d/g, (d) => "abcdefghij"[Number(d)]!);
    const lastName = `Agreementtest ${suffix}`;
    await page.goto("/admin/privacy");
    const made = await page.request.post("/trpc/users.create", {
      headers: { origin: new URL(page.url()).origin, "content-type": "application/json" },
      data: {
        role: "consultant",
        username: `dr_agree_${suffix}`,
        email: `dr_agree_${suffix}@clinic.example`,
        password: "Str0ng!Password",
        firstName: "Ayanda",
        lastName,
        specialization: "Neurosurgeon",
        licenseNumber: "MP 0999999",
        phone: "082 555 0199",
        address: "1 Clinic Road, Durban",
      },
    });
    expect(made.status(), await made.text()).toBe(200);
    const name = `Ayanda ${lastName}`;
    await page.reload();
    await page.getByRole("heading", { name: "Agreements", exact: true }).waitFor();
    const row = page.getByRole("list", { name: "Agreements" }).getByRole("listitem").filter({ hasText: name });
    await row.waitFor();
    expect(await row.getByText("Missing", { exact: true }).isVisible()).toBe(true);

    await row.getByRole("button", { name: `Record agreement for ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Record an agreement: ${name}` });
    expect(await dialog.getByLabel("Kind").inputValue()).toBe("operator");
    await dialog.getByLabel("Version").fill("2026.2");
    const today = await page.evaluate(() => new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Johannesburg" }).format(new Date()));
    await dialog.getByLabel("Valid until (optional)").fill(`${Number(today.slice(0, 4)) + 2}${today.slice(4)}`);
    await dialog
      .getByLabel(/^Signed agreement/)
      .setInputFiles({ name: "operator-agreement.pdf", mimeType: "application/pdf", buffer: PDF });
    await screenshot(page, "agreement-dialog-1280");
    expect(await violations(page, "/admin/privacy agreement dialog")).toEqual([]);
    await dialog.getByRole("button", { name: "Record agreement" }).click();
    await dialog.waitFor({ state: "hidden" });

    await row.getByText("Current", { exact: true }).waitFor();
    expect(await row.getByText(/Operator agreement, version 2026\.2, signed/).isVisible()).toBe(true);
    expect(await row.getByRole("link", { name: `Signed agreement of ${name}` }).getAttribute("href")).toMatch(/^\/api\/files\//);
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, "agreement-register-1280");
    expect(await violations(page, "/admin/privacy agreements")).toEqual([]);
    await context.close();
  }, 90_000);

  it("fits a phone, the form included", async () => {
    const { context, page } = await signedInPage(browser, "admin", 375, 800);
    await page.goto("/admin/privacy");
    const first = page.getByRole("list", { name: "Agreements" }).getByRole("listitem").first();
    await first.waitFor();
    await first.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, "agreement-register-375");
    await first.getByRole("button", { name: /^Record agreement for / }).click();
    await page.getByRole("dialog", { name: /^Record an agreement: / }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, "agreement-dialog-375");
    await context.close();
  });
});
