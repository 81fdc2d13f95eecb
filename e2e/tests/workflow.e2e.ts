import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIDEBAR } from "@medlegal/domain";
import { launch, newPage, screenshot, signedInPage, signIn } from "../browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign Out" }).first().click();
  await page.waitForURL((url) => url.pathname === "/auth");
}

async function sidebarLabels(page: Page) {
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link").first().waitFor();
  return (await nav.getByRole("link").allInnerTexts()).map((text) => text.split("\n")[0]!.trim());
}

describe("user administration", () => {
  it("lets the administrator create an employee who can then sign in", async () => {
    const { context, page } = await newPage(browser);
    const n = Date.now().toString(36);
    await signIn(page, "admin");
    await page.goto("/admin/users");
    await page.getByRole("button", { name: "New user" }).click();
    const form = page.getByRole("form", { name: "New user" });
    await form.locator("#user-role").selectOption("employee");
    await form.locator("#user-username").fill(`emp_${n}`);
    await form.locator("#user-firstName").fill("Ayanda");
    await form.locator("#user-lastName").fill("Zungu");
    await form.locator("#user-email").fill(`emp_${n}@agency.example`);
    await form.locator("#user-password").fill("Str0ng!Password");
    await form.locator("#user-confirmPassword").fill("Str0ng!Password");
    await screenshot(page, "admin-new-user-1280");
    await form.getByRole("button", { name: "Create user" }).click();
    await expect.poll(() => page.getByText(`emp_${n}`).first().isVisible()).toBe(true);
    await signOut(page);

    await signIn(page, `emp_${n}`, "Str0ng!Password");
    expect(await sidebarLabels(page)).toEqual(SIDEBAR.employee.map((e) => e.label));
    await context.close();
  });
});

describe("the query workflow", () => {
  it("walks a query from the attorney through review and assignment to the consultant's acceptance", async () => {
    const subject = `Spinal assessment ${Date.now().toString(36)}`;

    // The attorney instructs the agency.
    const attorney = await signedInPage(browser, "attorney");
    await attorney.page.goto("/queries");
    await attorney.page.getByRole("button", { name: "New query" }).first().click();
    const form = attorney.page.getByRole("form", { name: "New query" });
    const firstCase = await form.locator("#query-caseId option:not([disabled])").first().getAttribute("value");
    await form.locator("#query-caseId").selectOption(firstCase!);
    await form.locator("#query-subject").fill(subject);
    await form.locator("#query-instructions").fill("C5-C6 injury after a collision. Please assess and report on the RAF4 threshold.");
    await form.getByLabel("Neurosurgeon", { exact: true }).check();
    await form.getByRole("button", { name: "Submit query" }).click();
    await attorney.page.waitForURL(/\/queries\/[0-9a-f-]{36}$/);
    const queryUrl = new URL(attorney.page.url()).pathname;
    await expect.poll(() => attorney.page.getByText("Submitted", { exact: true }).first().isVisible()).toBe(true);
    await screenshot(attorney.page, "query-submitted-attorney-1280");

    // The employee takes it into review and assigns a neurosurgeon.
    const employee = await signedInPage(browser, "employee");
    await employee.page.goto("/admin/query-management");
    await employee.page.getByRole("listitem").filter({ hasText: subject }).getByRole("link").first().click();
    await employee.page.waitForURL((url) => url.pathname === queryUrl);
    await employee.page.getByRole("button", { name: "Take into review" }).click();
    await expect.poll(() => employee.page.getByText("In review", { exact: true }).first().isVisible()).toBe(true);
    const panel = employee.page
      .getByRole("region", { name: "Neurosurgeon" })
      .or(employee.page.locator('section[aria-label="Neurosurgeon"]'))
      .first();
    await panel.getByRole("radio", { name: /Kavitha Naidoo/ }).check();
    await panel.getByRole("button", { name: "Assign expert" }).click();
    await expect.poll(() => employee.page.getByText("Assigning experts", { exact: true }).first().isVisible()).toBe(true);
    await screenshot(employee.page, "query-assigning-employee-1280");

    // The consultant sees it among their queries and accepts.
    const consultant = await signedInPage(browser, "dr_naidoo");
    await consultant.page.goto("/queries");
    await expect.poll(() => consultant.page.getByText(subject).filter({ visible: true }).count()).toBeGreaterThan(0);
    await consultant.page
      .getByRole("button", { name: /^Accept .*\(Neurosurgeon\)$/ })
      .first()
      .click();
    await expect.poll(() => consultant.page.getByText("Assignment accepted", { exact: true }).first().isVisible()).toBe(true);
    await screenshot(consultant.page, "query-accepted-consultant-1280");

    // The attorney sees the acceptance in the query's timeline; another attorney cannot open it.
    await attorney.page.reload();
    await expect
      .poll(() =>
        attorney.page
          .getByText(/Kavitha Naidoo accepted/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    const other = await signedInPage(browser, "nomsa");
    await other.page.goto(queryUrl);
    await expect.poll(() => other.page.getByText(subject).count()).toBe(0);

    for (const p of [attorney, employee, consultant, other]) await p.context.close();
  });
});
