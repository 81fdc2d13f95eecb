import type { Browser } from "playwright-core";
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
 * Issue 30 items 2-4 on Query Management: the board of queries (drag and the keyboard's "Move to"),
 * a saved view with its count in the sidebar, and a bulk action's answer per row. Its own claimant
 * and three queries, found by the claimant's unique surname, so parallel files do not disturb it.
 */
describe("the board, saved views and bulk actions", () => {
  let surname: string;
  const refs: string[] = [];

  beforeAll(async () => {
    const { context, page } = await signedInPage(browser, "attorney");
    surname = `Boardman${Date.now().toString(36)}`;
    const kase = await post<{ id: string }>(page, "cases.create", {
      claimType: "raf",
      incidentDate: "2024-06-10",
      newClaimant: {
        firstName: "Thandi",
        lastName: surname,
        passportNumber: `BD${Date.now().toString(36)}`.slice(0, 20),
        birthDate: "1985-03-02",
        gender: "female",
        homeLanguage: "English",
      },
    });
    const specs = await read<{ id: string }[]>(page, "specializations.listActive", undefined);
    for (const subject of ["Board one", "Board two", "Board three"]) {
      const query = await post<{ reference: string }>(page, "queries.create", {
        caseId: kase.id,
        subject,
        instructions: "Assess",
        specializationIds: [specs[0]!.id],
      });
      refs.push(query.reference);
    }
    refs.sort();
    await context.close();
  }, 120_000);

  it("an employee drags a card to the next status, a refused drop stays with the reason, and the 'Move to' menu moves one by keyboard", async () => {
    const { context, page } = await signedInPage(browser, "employee");
    await page.goto(`/admin/query-management?view=board&q=${surname}`);
    const board = page.getByRole("region", { name: "Board of queries by status" });
    const column = (name: string) => board.getByRole("region", { name: new RegExp(`^${name}`) });
    const card = (ref: string) => page.getByTestId(`board-card-${ref}`);
    await column("Submitted").getByTestId(`board-card-${refs[0]}`).waitFor();
    await card(refs[0]!)
      .getByRole("button", { name: `Move to ${refs[0]}` })
      .waitFor();
    await screenshot(page, "board-1280");

    await card(refs[0]!).dragTo(column("In review"));
    await column("In review").getByTestId(`board-card-${refs[0]}`).waitFor();

    // The keyboard's way: the card's menu.
    await card(refs[1]!)
      .getByRole("button", { name: `Move to ${refs[1]}` })
      .focus();
    await page.keyboard.press("Enter");
    await page.getByRole("menuitem", { name: "In review" }).waitFor();
    await page.keyboard.press("Enter");
    await column("In review").getByTestId(`board-card-${refs[1]}`).waitFor();
    expect(await violations(page, "the board")).toEqual([]);
    // In review cannot go back to Submitted: the card stays, and the toast says why.
    await card(refs[0]!)
      .getByRole("button", { name: `Move to ${refs[0]}` })
      .waitFor();
    await card(refs[0]!).dragTo(column("Submitted"));
    await page.getByText("A query that is in review cannot move to submitted.").first().waitFor();
    expect(await column("In review").getByTestId(`board-card-${refs[0]}`).count()).toBe(1);
    await context.close();
  }, 120_000);

  it("on a phone the board scrolls column by column", async () => {
    const { context, page } = await signedInPage(browser, "employee", 375);
    await page.goto(`/admin/query-management?view=board&q=${surname}`);
    const board = page.getByRole("region", { name: "Board of queries by status" });
    await board.getByTestId(`board-card-${refs[2]}`).waitFor();
    const { scrollWidth, clientWidth } = await board.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
    await screenshot(page, "board-375");
    expect(scrollWidth).toBeGreaterThan(clientWidth * 3);
    // Nothing but the board scrolls sideways: the page itself stays the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await violations(page, "the board on a phone")).toEqual([]);
    await context.close();
  }, 120_000);

  it("at 1280 px shows whole columns only, scrolled or not, and with a status filter only that status's column (issue 37)", async () => {
    const { context, page } = await signedInPage(browser, "employee");
    await page.goto(`/admin/query-management?view=board&q=${surname}`);
    const board = page.getByRole("region", { name: "Board of queries by status" });
    await board.getByTestId(`board-card-${refs[2]}`).waitFor();
    // Each column is either wholly inside the board's visible width or wholly outside it.
    const cutOff = () =>
      board.evaluate((el) => {
        const view = el.getBoundingClientRect();
        return [...el.querySelectorAll<HTMLElement>("section[data-status]")]
          .map((column) => ({ status: column.dataset.status, rect: column.getBoundingClientRect() }))
          .filter(({ rect }) => rect.right > view.left + 1 && rect.left < view.right - 1)
          .filter(({ rect }) => rect.left < view.left - 1 || rect.right > view.right + 1)
          .map(({ status }) => status);
      });
    expect(await cutOff()).toEqual([]);
    await screenshot(page, "board-whole-columns-1280");
    await board.evaluate((el) => el.scrollTo({ left: el.scrollWidth, behavior: "instant" }));
    await expect.poll(cutOff).toEqual([]);

    await page.locator("#qm-status").selectOption("submitted");
    await page.waitForURL((url) => url.searchParams.get("status") === "submitted");
    const columns = board.getByRole("region");
    await expect.poll(() => columns.count()).toBe(1);
    expect(await columns.first().getAttribute("data-status")).toBe("submitted");
    await screenshot(page, "board-status-filter-1280");
    expect(await violations(page, "the board with a status filter")).toEqual([]);
    await context.close();
  }, 120_000);

  it("saves the filtered list as a view that shows its count in the sidebar, and a bulk move answers per row", async () => {
    const { context, page } = await signedInPage(browser, "employee");
    await page.goto(`/admin/query-management?q=${surname}`);
    await page.getByRole("link", { name: refs[2]! }).waitFor();
    await page.getByRole("button", { name: "Save view" }).click();
    const dialog = page.getByRole("dialog", { name: "Save this view" });
    const name = `Thandi ${surname.slice(-5)}`;
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByRole("button", { name: "Save view" }).click();
    const entry = page.getByRole("navigation", { name: "Saved views" }).getByRole("link", { name: new RegExp(name) });
    await entry.waitFor();
    expect(await entry.getByTestId("saved-view-count").textContent()).toBe("3");

    // Two in review (moved on the board) and one still submitted: the move to Assigning refuses that one.
    for (const ref of refs) await page.getByRole("checkbox", { name: `Select ${ref}` }).check();
    const bulk = page.getByRole("region", { name: "Bulk actions" });
    await bulk.getByText("3 queries selected").waitFor();
    await bulk.getByLabel("Move to").selectOption("assigning");
    await bulk.getByRole("button", { name: "Move", exact: true }).click();
    const results = page.getByRole("list", { name: "Result per query" });
    await results.waitFor();
    await page.getByText("2 done, 1 refused").waitFor();
    expect(await results.getByText("A query that is submitted cannot move to assigning experts.").count()).toBe(1);
    await screenshot(page, "bulk-result-1280");
    expect(await violations(page, "the bulk result")).toEqual([]);
    await page.setViewportSize({ width: 375, height: 860 });
    await screenshot(page, "bulk-result-375");
    await context.close();
  }, 120_000);

  it("an attorney opens their saved view from the sidebar: My Queries with its status filter, and the number beside it", async () => {
    const { context, page } = await signedInPage(browser, "attorney");
    const entry = page.getByRole("navigation", { name: "Saved views" }).getByRole("link", { name: /My queries in review/ });
    await entry.waitFor();
    expect(await entry.getByTestId("saved-view-count").textContent()).toMatch(/^\d+$/);
    await entry.click();
    await page.waitForURL((url) => url.pathname === "/queries" && url.searchParams.get("status") === "in_review");
    expect(await page.getByLabel("Status").inputValue()).toBe("in_review");
    expect(await violations(page, "My Queries from a saved view")).toEqual([]);
    await screenshot(page, "my-queries-view-1280");
    await page.setViewportSize({ width: 375, height: 860 });
    await screenshot(page, "my-queries-view-375");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await context.close();
  }, 120_000);
});
