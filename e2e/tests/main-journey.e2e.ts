import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeSaId } from "@medlegal/domain";
import { launch, screenshot, signedInPage } from "../browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

/**
 * The main journey, through the screens only: a claimant added in New case, the case, a query with
 * a document, review and assignment, acceptance, a booking made from the query, confirmation.
 */
describe("the main journey", () => {
  it("goes from a new claimant to a confirmed assessment", async () => {
    const run = Date.now().toString(36);
    const lastName = `Mokoena ${run}`;
    const subject = `Head injury ${run}`;

    // The attorney opens a case and adds the claimant in the same dialog.
    const attorney = await signedInPage(browser, "attorney");
    await attorney.page.goto("/cases");
    await attorney.page.getByRole("button", { name: "New case", exact: true }).click();
    const dialog = attorney.page.getByRole("dialog", { name: "New case" });
    await dialog.getByRole("button", { name: "Add a new claimant" }).click();
    const claimant = dialog.getByRole("form", { name: "New claimant" });
    await claimant.locator("#patient-firstName").fill("Thandeka");
    await claimant.locator("#patient-lastName").fill(lastName);
    // A valid SA ID number fills in the birth date and gender.
    await claimant.locator("#patient-idNumber").fill(makeSaId("1991-08-23", "female", Date.now() % 4000));
    await expect.poll(() => claimant.locator("#patient-birthDate").inputValue()).toBe("1991-08-23");
    await claimant.locator("#patient-homeLanguage").selectOption("isiZulu");
    await claimant.locator("#patient-consentReceivedAt").fill("2026-11-02");
    await claimant.getByRole("button", { name: "Continue to the claim" }).click();
    const caseForm = dialog.getByRole("form", { name: "New case" });
    await expect.poll(() => caseForm.getByText(`Thandeka ${lastName}`).isVisible()).toBe(true);
    await caseForm.locator("#case-claimType").selectOption("raf");
    await caseForm.locator("#case-incidentDate").fill("2026-06-14");
    await caseForm.locator("#case-rafClaimNumber").fill(`RAF/2026/${run}`);
    await screenshot(attorney.page, "journey-new-case-claimant-1280");
    await caseForm.getByRole("button", { name: "Open case" }).click();
    const row = attorney.page
      .getByRole("main")
      .getByRole("listitem")
      .filter({ hasText: `Thandeka ${lastName}` });
    await row.waitFor();

    // The claimant is reachable from the case.
    await row.getByRole("link", { name: `Thandeka ${lastName}` }).click();
    await attorney.page.getByRole("dialog", { name: "Edit claimant" }).waitFor();
    await attorney.page.keyboard.press("Escape");
    await attorney.page.goto("/cases");

    // A query on the new case, with a document.
    await attorney.page
      .getByRole("listitem")
      .filter({ hasText: `Thandeka ${lastName}` })
      .getByRole("link", { name: /^New query for / })
      .click();
    const queryForm = attorney.page.getByRole("form", { name: "New query" });
    await queryForm.locator("#query-subject").fill(subject);
    await queryForm
      .locator("#query-instructions")
      .fill("Loss of consciousness after a collision. Please assess and report on the RAF4 threshold.");
    await queryForm.getByLabel("Neurosurgeon", { exact: true }).check();
    await queryForm.getByRole("button", { name: "Submit query" }).click();
    await attorney.page.waitForURL(/\/queries\/[0-9a-f-]{36}$/);
    const queryUrl = new URL(attorney.page.url()).pathname;
    await attorney.page
      .locator('input[type="file"]')
      .setInputFiles({ name: "hospital-records.pdf", mimeType: "application/pdf", buffer: PDF });
    await expect
      .poll(() => attorney.page.getByRole("list", { name: "Documents" }).getByText("hospital-records.pdf").isVisible())
      .toBe(true);
    // Nobody has accepted yet, so there is nothing to book.
    await expect
      .poll(() => attorney.page.getByText("Assessments can be booked once an expert has accepted this query.").isVisible())
      .toBe(true);

    // The employee takes it into review and assigns a neurosurgeon.
    const employee = await signedInPage(browser, "employee");
    await employee.page.goto(queryUrl);
    await employee.page.getByRole("button", { name: "Take into review" }).click();
    await expect.poll(() => employee.page.getByText("In review", { exact: true }).first().isVisible()).toBe(true);
    const panel = employee.page.locator('section[aria-label="Neurosurgeon"]').first();
    await panel.getByRole("radio", { name: /Kavitha Naidoo/ }).check();
    await panel.getByRole("button", { name: "Assign expert" }).click();
    await expect.poll(() => employee.page.getByText("Assigning experts", { exact: true }).first().isVisible()).toBe(true);

    // The consultant accepts on the query's page.
    const consultant = await signedInPage(browser, "dr_naidoo");
    await consultant.page.goto(queryUrl);
    // The answer's toast lasts 5 s, too short to wait for on a busy machine: the server's answer
    // and the page without the question are what stay.
    const accept = consultant.page.getByRole("button", { name: /^Accept .*\(Neurosurgeon\)$/ });
    const answered = consultant.page.waitForResponse((response) => response.url().includes("/trpc/assignments.respond"));
    await accept.click();
    expect((await answered).status()).toBe(200);
    await expect.poll(() => accept.count()).toBe(0);

    // The attorney books the assessment from the query, with the expert who accepted.
    await attorney.page.reload();
    await attorney.page.getByRole("link", { name: "Book assessment with Kavitha Naidoo (Neurosurgeon)" }).click();
    await attorney.page.waitForURL((url) => url.pathname === "/booking-form");
    await expect.poll(() => attorney.page.locator("#booking-expert").inputValue()).not.toBe("");
    const firstSlot = attorney.page.locator("button[aria-pressed]").first();
    await firstSlot.waitFor();
    await firstSlot.click();
    await screenshot(attorney.page, "journey-book-from-query-1280");
    await attorney.page.getByRole("button", { name: "Book assessment" }).click();
    await attorney.page.waitForURL(/\/booking-form\/[0-9a-f-]{36}$/);
    const heading = attorney.page.getByRole("heading", { level: 1 });
    await expect.poll(() => heading.innerText()).toMatch(/^Booking BK-\d{4}-\d{5}$/);
    const bookingReference = (await heading.innerText()).replace("Booking ", "");
    // The booking names its query.
    await expect.poll(() => attorney.page.getByRole("link", { name: /^Q-\d{4}-\d{5}$/ }).isVisible()).toBe(true);

    // Staff confirm it; the query is scheduled.
    await employee.page.goto("/admin/bookings");
    const confirm = employee.page.getByRole("button", { name: `Confirm ${bookingReference}` }).filter({ visible: true });
    await confirm.first().click();
    // Wait for the confirmation to land before leaving the page (leaving would cancel the request).
    await expect.poll(() => confirm.count()).toBe(0);
    await employee.page.goto(queryUrl);
    await expect.poll(() => employee.page.getByRole("list", { name: "Assessments" }).getByText("Confirmed").isVisible()).toBe(true);
    await expect.poll(() => employee.page.getByText("Scheduled", { exact: true }).first().isVisible()).toBe(true);
    await screenshot(employee.page, "journey-query-scheduled-employee-1280");

    for (const p of [attorney, employee, consultant]) await p.context.close();
  }, 240_000);
});
