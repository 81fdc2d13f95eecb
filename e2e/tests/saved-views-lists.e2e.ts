import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { violations } from "../axe";
import { launch, post, read, screenshot, signedInPage } from "../browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Issue 30 item 2 beyond the query lists: an employee saves a filtered Invoice Management as a view,
 * opens it from the sidebar and finds the list filtered as saved, with the sidebar's number equal to
 * the rows shown. Its own invoices, found by an attorney's reference no other test uses.
 */
describe("a saved view of the invoice list", () => {
  let tag: string;
  const issued: string[] = [];
  let lastDraft: string;

  beforeAll(async () => {
    const { context, page } = await signedInPage(browser, "employee");
    tag = `SV-${Date.now().toString(36)}`;
    const cases = await read<{ attorneyId: string }[]>(page, "cases.list", {});
    const attorneyId = cases[0]!.attorneyId;
    // Three drafts under the test's reference; two are issued now, the third while the view is in the sidebar.
    for (const n of [1, 2, 3]) {
      const draft = await post<{ id: string }>(page, "invoices.createDraft", {
        attorneyId,
        attorneyReference: `${tag}/${n}`,
        lines: [{ kind: "other", description: `Saved view e2e ${n}`, quantity: 1, unitPriceCents: 10_000 * n }],
      });
      if (n < 3) issued.push((await post<{ number: string }>(page, "invoices.issue", { id: draft.id })).number);
      else lastDraft = draft.id;
    }
    await context.close();
  }, 120_000);

  const rows = (page: Page) => page.getByRole("list", { name: "Invoices and credit notes" }).getByRole("listitem");

  it("saves the filtered list, opens it from the sidebar with the filters applied, and the count equals the rows (1280 px)", async () => {
    const { context, page } = await signedInPage(browser, "employee");
    await page.goto("/invoices");
    await page.getByRole("heading", { name: "Invoice Management" }).waitFor();
    await page.getByLabel("Search").fill(tag);
    await page.getByLabel("Status").selectOption("issued");
    // The filters reach the URL (the search once typing pauses).
    await page.waitForURL((url) => url.searchParams.get("q") === tag && url.searchParams.get("status") === "issued");
    for (const number of issued) await page.getByRole("link", { name: number }).waitFor();
    await expect.poll(() => rows(page).count()).toBe(2);

    await page.getByRole("button", { name: "Save view" }).click();
    const dialog = page.getByRole("dialog", { name: "Save this view" });
    const name = `Issued ${tag}`;
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByRole("button", { name: "Save view" }).click();
    await dialog.waitFor({ state: "hidden" });

    // Away from the list, then back through the sidebar.
    await page.goto("/");
    const entry = page.getByRole("navigation", { name: "Saved views" }).getByRole("link", { name: new RegExp(name) });
    await entry.waitFor();
    expect(await entry.getByTestId("saved-view-count").textContent()).toBe("2");
    // Someone issues the third meanwhile: opening the view recounts, so the number matches the rows.
    issued.push((await post<{ number: string }>(page, "invoices.issue", { id: lastDraft })).number);
    await entry.click();
    await page.waitForURL(
      (url) => url.pathname === "/invoices" && url.searchParams.get("q") === tag && url.searchParams.get("status") === "issued",
    );
    expect(await page.getByLabel("Search").inputValue()).toBe(tag);
    expect(await page.getByLabel("Status").inputValue()).toBe("issued");
    for (const number of issued) await page.getByRole("link", { name: number }).waitFor();
    await expect.poll(() => rows(page).count()).toBe(3);
    await expect.poll(() => entry.getByTestId("saved-view-count").textContent()).toBe("3");
    expect(await violations(page, "Invoice Management from a saved view")).toEqual([]);
    await screenshot(page, "saved-view-invoices-1280");

    // Back returns to where the view was opened from.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/");
    await context.close();
  }, 120_000);

  it("on a phone the view opens from the menu with the same filters, count and rows", async () => {
    const { context, page } = await signedInPage(browser, "employee", 375);
    await page.getByRole("button", { name: "Open menu" }).click();
    const entry = page.getByRole("navigation", { name: "Saved views" }).getByRole("link", { name: new RegExp(`Issued ${tag}`) });
    await entry.waitFor();
    expect(await entry.getByTestId("saved-view-count").textContent()).toBe("3");
    await expect.poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === "running").length)).toBe(0);
    expect(await violations(page, "the menu with saved views on a phone")).toEqual([]);
    await screenshot(page, "saved-view-menu-375");
    await entry.click();
    await page.waitForURL((url) => url.pathname === "/invoices" && url.searchParams.get("status") === "issued");
    for (const number of issued) await page.getByRole("link", { name: number }).waitFor();
    await expect.poll(() => rows(page).count()).toBe(3);
    expect(await violations(page, "Invoice Management from a saved view on a phone")).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, "saved-view-invoices-375");
    await context.close();
  }, 120_000);

  it("the case, booking and report lists open filtered from their URL with Save view, at 1280 and 375 px", async () => {
    for (const width of [1280, 375]) {
      const { context, page } = await signedInPage(browser, "employee", width);
      for (const [path, heading, check] of [
        [`/cases?q=${tag}`, "Cases", "Search"],
        ["/admin/bookings?status=confirmed&from=any", "Booking Management", "Status"],
        ["/reports?tab=all&status=in_review&overdue=true", "Reports", "Status"],
      ] as const) {
        await page.goto(path);
        await page.getByRole("heading", { name: heading, exact: true }).waitFor();
        await page.getByRole("button", { name: "Save view" }).waitFor();
        expect(await page.getByLabel(check, { exact: true }).inputValue()).toBe(
          check === "Search" ? tag : path.includes("confirmed") ? "confirmed" : "in_review",
        );
        await expect
          .poll(() => page.evaluate(() => document.querySelectorAll('.animate-pulse, .animate-spin, [aria-busy="true"]').length))
          .toBe(0);
        expect(await violations(page, `${heading} filtered at ${width}`)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await screenshot(page, `saved-view-${heading.toLowerCase().replace(/ /g, "-")}-${width}`);
      }
      await context.close();
    }
  }, 120_000);
});
