import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, screenshot, signedInPage } from "../browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The text a select shows for its chosen option (a native time field has none to read). */
const shownText = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluate((el) =>
      el instanceof HTMLSelectElement
        ? (el.selectedOptions[0]?.textContent ?? "")
        : `<${el.tagName.toLowerCase()} type=${el.getAttribute("type")}>`,
    );

describe("the dashboard", () => {
  it("keeps every query reference inside its list at 1280 px", async () => {
    const { context, page } = await signedInPage(browser, "admin");
    const unassigned = page.getByRole("heading", { name: "Unassigned specializations" });
    await unassigned.waitFor();
    const references = page.locator("main").getByRole("link", { name: /^Q-\d{4}-\d{5}$/ });
    await references.first().waitFor();
    const overflowing = await references.evaluateAll((links) =>
      links
        .filter((link) => link.getBoundingClientRect().right > link.closest("ul")!.getBoundingClientRect().right + 0.5)
        .map((link) => link.textContent),
    );
    expect(overflowing).toEqual([]);
    await screenshot(page, "dashboard-references-admin-1280");
    await context.close();
  });

  it.each(["admin", "attorney"])("shows two figures per row and short lists on the %s's phone", async (username) => {
    const { context, page } = await signedInPage(browser, username, 375, 812);
    const messages = page.getByText("Unread messages", { exact: true });
    const notifications = page.getByText("Unread notifications", { exact: true });
    await messages.waitFor();
    const [a, b] = [await messages.boundingBox(), await notifications.boundingBox()];
    expect(Math.abs(a!.y - b!.y)).toBeLessThan(2);
    expect(b!.x).toBeGreaterThan(a!.x + 100);

    // A long list shows its first 3 entries and a "Show all" button for the rest.
    const statusCard = page
      .getByRole("heading", { name: /Queries per status|Your queries by status/ })
      .locator("xpath=ancestor::div[contains(@class,'rounded-lg')][1]");
    const statuses = statusCard.locator("li");
    await statuses.first().waitFor();
    const total = await statuses.count();
    expect(total).toBeGreaterThan(3);
    expect(await statuses.filter({ visible: true }).count()).toBe(3);
    await screenshot(page, `dashboard-lists-${username}-375`);
    // Short however much work the demo and the other files left (the page's total height is not:
    // each card shows while it has something to say): no list shows more than 3 entries, and no
    // card grows past what 3 entries and "Show all" take.
    const longestList = await page
      .locator("main ul")
      .evaluateAll((lists) =>
        Math.max(...lists.map((list) => [...list.children].filter((item) => item.getClientRects().length > 0).length)),
      );
    expect(longestList).toBeLessThanOrEqual(3);
    const tallestCard = await page
      .locator("main .rounded-lg.border.bg-card")
      .evaluateAll((cards) => Math.max(...cards.map((card) => card.getBoundingClientRect().height)));
    expect(tallestCard).toBeLessThan(600);
    await statusCard.getByRole("button", { name: `Show all ${total}` }).click();
    await expect.poll(() => statuses.filter({ visible: true }).count()).toBe(total);
    await context.close();
  });
});

describe("times of day", () => {
  it("are 24-hour times on the availability and duty roster screens", async () => {
    const consultant = await signedInPage(browser, "consultant");
    await consultant.page.goto("/expert-availability");
    const monday = consultant.page.getByRole("heading", { name: "Weekly hours" });
    await monday.waitFor();
    await consultant.page.locator("[id$='-start']").first().waitFor();
    expect(await shownText(consultant.page, "[id$='-start'] >> nth=0")).toMatch(/^\d{2}:\d{2}$/);
    expect(await shownText(consultant.page, "[id$='-end'] >> nth=0")).toMatch(/^(1[3-9]|2\d):\d{2}$/);
    expect(await consultant.page.locator("main").innerText()).not.toMatch(/\b(AM|PM)\b/i);
    await screenshot(consultant.page, "availability-consultant-1280");
    await consultant.context.close();

    const employee = await signedInPage(browser, "employee");
    await employee.page.goto("/call-rosters");
    await employee.page.locator("#shift-start").waitFor();
    expect(await shownText(employee.page, "#shift-start")).toBe("08:00");
    expect(await shownText(employee.page, "#shift-end")).toBe("16:30");
    await screenshot(employee.page, "call-rosters-employee-1280");
    await employee.context.close();
  });
});

describe("the settings page", () => {
  it("shows every tab of an administrator's settings on a phone without sideways scrolling", async () => {
    const { context, page } = await signedInPage(browser, "admin", 375, 812);
    await page.goto("/settings");
    const tabs = page.getByRole("tab");
    await tabs.first().waitFor();
    expect((await tabs.allTextContents()).map((t) => t.trim())).toEqual([
      "Profile",
      "Password",
      "Security",
      "Notifications",
      "Calendar",
      "Agency details",
      "SLA defaults",
      "Public holidays",
      "Report checklist",
      "Release on approval",
      "Video",
      "Text reminders",
      "Backups",
    ]);
    const outside = await tabs.evaluateAll((all) =>
      all
        .filter((tab) => tab.getBoundingClientRect().right > document.documentElement.clientWidth || tab.getBoundingClientRect().left < 0)
        .map((tab) => tab.textContent),
    );
    expect(outside).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await screenshot(page, "settings-tabs-admin-375");
    await context.close();
  });
});
