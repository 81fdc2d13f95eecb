import { sastDate } from "@medlegal/domain";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { violations } from "../axe";
import { launch, screenshot, signedInPage, post, read } from "../browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

// Issue 29: a bank statement matched by itself, confirmed in one click, and the invoice paid.
describe("bank statements", () => {
  it("the administrator imports an FNB statement, confirms the exact match, and the invoice shows paid", async () => {
    const { page, context } = await signedInPage(browser, "admin");
    await page.goto("/admin/payments");
    // The test's own invoice, to the demo's Van der Merwe firm, issued through the API.
    const accounts = await read<{ attorney: { id: string; name: string; firmName: string | null } }[]>(
      page,
      "payments.listAccounts",
      undefined,
    );
    const vdm = accounts.find((a) => (a.attorney.firmName ?? "").includes("Van der Merwe"))!;
    const tag = Date.now().toString(36);
    const draft = await post<{ id: string }>(page, "invoices.createDraft", {
      attorneyId: vdm.attorney.id,
      attorneyReference: `E2E/${tag}`,
      lines: [{ kind: "other", description: `Bank e2e ${tag}`, quantity: 1, unitPriceCents: 123_400 }],
    });
    const invoice = await post<{ id: string; number: string; totalCents: number }>(page, "invoices.issue", { id: draft.id });

    const day = sastDate(new Date()).replace(/-/g, "/");
    const statement = [
      "ACCOUNT TRANSACTION HISTORY",
      "Name:,MEDLEGAL AGENCY (PTY) LTD",
      "Account:,62000000001",
      "Date Range:,Last 7 days",
      "",
      "Date,Amount,Balance,Description,Reference",
      `${day},-95.00,90000.00,MONTHLY FEE,FEE`,
      `${day},${(invoice.totalCents / 100).toFixed(2)},${(90_000 + invoice.totalCents / 100).toFixed(2)},VDM TRUST,${invoice.number.replace(/-/g, "")}`,
    ].join("\n");

    await page.getByRole("link", { name: "Bank statements" }).click();
    await page.getByRole("heading", { name: "Bank Statements" }).waitFor();
    await page.getByLabel("Bank").selectOption("fnb");
    await page.getByLabel("Statement file").setInputFiles({ name: "fnb.csv", mimeType: "text/csv", buffer: Buffer.from(statement) });
    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByRole("list", { name: "Statement preview" });
    await preview.getByText("Exact match").waitFor();
    expect(await preview.getByRole("listitem").count()).toBe(1);
    expect(await violations(page, "bank statements @1280 preview")).toEqual([]);
    await screenshot(page, "bank-statements-preview-1280");

    await page.getByRole("button", { name: "Import 1 line" }).click();
    const queue = page.getByRole("list", { name: "Statement lines" });
    const line = queue.getByRole("listitem").filter({ hasText: invoice.number });
    await line.getByText("Exact match").waitFor();
    await page.getByRole("button", { name: /^Confirm \d+ exact match/ }).click();
    await line.getByText("Confirmed").waitFor();
    expect(await violations(page, "bank statements @1280 queue")).toEqual([]);
    await screenshot(page, "bank-statements-queue-1280");

    await line.getByRole("link", { name: invoice.number }).click();
    await page.getByRole("heading", { name: `Tax invoice ${invoice.number}` }).waitFor();
    await page.getByText("Paid", { exact: true }).first().waitFor();
    await context.close();

    // At 375 px: the screen fits, and passes axe.
    const small = await signedInPage(browser, "admin", 375);
    await small.page.goto("/admin/bank-statements");
    await small.page.getByRole("list", { name: "Statement lines" }).waitFor();
    expect(await small.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await violations(small.page, "bank statements @375")).toEqual([]);
    await screenshot(small.page, "bank-statements-375");
    await small.context.close();
  });
});
