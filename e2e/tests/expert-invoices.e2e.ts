import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, screenshot, signedInPage, read } from "../browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe("expert invoices and following invoices up", () => {
  it("the employee picks an expert's unbilled work, adds travel, makes a draft and issues it to the agency; the work is billed once", async () => {
    const { page, context } = await signedInPage(browser, "employee");
    const experts = await read<{ id: string; name: string }[]>(page, "consultants.list", {});
    const venter = experts.find((e) => /Venter/.test(e.name));
    expect(venter, "the demo expert Dr Venter").toBeDefined();

    await page.goto("/expert-invoice-generator");
    await page.getByRole("heading", { name: "Expert Invoice Generator" }).waitFor();
    await page.getByText("Choose an expert", { exact: true }).last().waitFor();
    await page.getByLabel("Expert").selectOption(venter!.id);
    const work = page.getByRole("list", { name: "Unbilled work" });
    await work.waitFor();
    const items = await work.getByRole("listitem").count();
    expect(items).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Add travel" }).click();
    await page.getByLabel("Kilometres, travel 1").fill("38");
    await screenshot(page, "expert-invoice-generator-1280");
    await page.getByRole("button", { name: "Make draft" }).click();
    await page.getByRole("heading", { name: /^Draft invoice to / }).waitFor();
    await expect.poll(() => page.getByText("Travel to the assessment (km)").count()).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Issue invoice" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Issue invoice" }).click();
    await page.waitForURL(/\/invoices\/[0-9a-f-]{36}$/);
    const heading = page.getByRole("heading", { name: /^(Tax invoice|Invoice) EXP-VEN-\d{4}-\d{5}$/ });
    await heading.waitFor();

    // The billed work is gone from the list: each event is billed once.
    const today = new Date(Date.now() + 2 * 3_600_000).toISOString().slice(0, 10);
    const from = new Date(Date.now() + 2 * 3_600_000 - 90 * 86_400_000).toISOString().slice(0, 10);
    const left = await read<{ unitPriceCents: number | null }[]>(page, "invoices.listUnbilled", {
      consultantId: venter!.id,
      from,
      to: today,
    });
    // What the schedule priced was picked by default and is billed now; only unpriced work may remain.
    expect(left.filter((w) => w.unitPriceCents !== null)).toEqual([]);
    expect(left.length).toBeLessThan(items);
    await context.close();
  });

  it("at 375 px the consultant's generator fits the screen", async () => {
    const { page, context } = await signedInPage(browser, "consultant", 375, 812);
    await page.goto("/expert-invoice-generator");
    await page.getByRole("heading", { name: "Expert Invoice Generator" }).waitFor();
    await page.getByRole("heading", { name: "Your invoices" }).waitFor();
    await expect.poll(() => page.locator('[role="status"]').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, "expert-invoice-generator-375");
    await context.close();
  });

  it("staff see credit notes and the receivables' ageing on /invoices, and e-mail an invoice again once in 10 minutes", async () => {
    const { page, context } = await signedInPage(browser, "employee");
    await page.goto("/invoices");
    await page.getByRole("heading", { name: "Invoice Management" }).waitFor();
    await page.getByText("Ageing of the receivables").waitFor();
    await expect.poll(() => page.getByText("Credit note", { exact: true }).count()).toBeGreaterThan(0);
    await screenshot(page, "invoices-1280");
    await page.getByLabel("Kind").selectOption("credit_note");
    await expect.poll(() => page.getByRole("link", { name: /^INV-/ }).count()).toBe(0);
    await expect.poll(() => page.getByRole("link", { name: /^CN-/ }).count()).toBeGreaterThan(0);

    const overdue = await read<{ items: { id: string; number: string }[] }>(page, "invoices.list", { status: "overdue" });
    expect(overdue.items.length, "an overdue demo invoice").toBeGreaterThan(0);
    await page.goto(`/invoices/${overdue.items[0]!.id}`);
    await page.getByRole("button", { name: "E-mail again" }).click();
    await page.getByText(`Copy of ${overdue.items[0]!.number} e-mailed`, { exact: true }).waitFor();
    await page.getByRole("button", { name: "E-mail again" }).click();
    await page
      .getByText(/It can be sent again from .+, 10 minutes later\./)
      .first()
      .waitFor();
    await screenshot(page, "invoice-email-again-1280");
    await context.close();
  });
});
