import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { violations } from "../axe";
import { launch, screenshot, signedInPage, read } from "../browser";
import { pdfText } from "../pdf";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The demo's settled matter of the attorney (seed/receivables.ts): an agreement, a court order and the experts' fees invoiced. Only read here. */
async function settledMatter(page: Page): Promise<{ id: string; reference: string }> {
  const cases = await read<{ id: string; reference: string }[]>(page, "cases.list", {});
  let best: { c: { id: string; reference: string }; lines: number } | null = null;
  for (const c of cases) {
    const billing = await read<{ agreement: unknown; events: { kind: string }[]; scheduleLines: number }>(page, "receivables.caseBilling", {
      caseId: c.id,
    });
    if (billing.agreement && billing.events.some((e) => e.kind === "order") && billing.scheduleLines > (best?.lines ?? 0))
      best = { c, lines: billing.scheduleLines };
  }
  if (!best) throw new Error("The demo has no settled deferred matter for the attorney");
  return best.c;
}

describe("deferred billing on a case", () => {
  for (const width of [1280, 375]) {
    it(`the attorney sees the billing section and downloads the bill-of-costs schedule, at ${width} px`, async () => {
      const { context, page } = await signedInPage(browser, "attorney", width);
      const matter = await settledMatter(page);
      await page.goto(`/cases/${matter.id}`);
      await page.getByRole("heading", { name: "Billing", exact: true }).waitFor();
      await page.getByText("Settlement or court order ·").first().waitFor();
      // The attorney records events but never the agreement itself.
      expect(await page.getByRole("form", { name: "Deferral agreement" }).count()).toBe(0);
      expect(await page.getByRole("form", { name: "Record a billing event" }).isVisible()).toBe(true);

      const link = page.getByRole("link", { name: "Download schedule (PDF)" });
      await link.scrollIntoViewIfNeeded();
      await screenshot(page, `deferred-billing-${width}`);
      const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
      expect(download.suggestedFilename()).toBe(`Disbursement-schedule-${matter.reference}.pdf`);
      const text = await pdfText(Buffer.concat((await (await download.createReadStream()).toArray()) as Buffer[]));
      expect(text).toContain("Disbursement schedule: experts' fees");
      expect(text).toContain(matter.reference);
      expect(text).toContain("Incl. VAT");
      // Each expert's fee its own line: the qualifying and the reservation fee apart.
      expect(text).toContain("Qualifying fee");
      expect(text).toContain("Reservation fee");

      expect(await violations(page, `/cases/${matter.id} billing at ${width}`)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await context.close();
    }, 120_000);
  }

  for (const width of [1280, 375]) {
    it(`an administrator sees the receivables forecast and the exposure per firm, at ${width} px`, async () => {
      const { context, page } = await signedInPage(browser, "admin", width);
      await page.goto("/admin/payments");
      const card = page.getByText("Receivables forecast", { exact: true });
      await card.waitFor();
      const exposure = page.getByRole("table", { name: "Exposure per firm" });
      await exposure.waitFor();
      expect(await exposure.getByRole("rowheader", { name: "All firms" }).isVisible()).toBe(true);
      await page.getByRole("table", { name: "Expected inflows per month for the next 12 months" }).waitFor();
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, `receivables-forecast-${width}`);
      expect(await violations(page, `/admin/payments forecast at ${width}`)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await context.close();
    }, 120_000);
  }
});
