import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sastDate } from "@medlegal/domain";
import { launch, screenshot, signedInPage } from "../browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe("booking an assessment", () => {
  it("is booked by the attorney, confirmed by the employee, and seen by the consultant in My Bookings and the calendar", async () => {
    // The attorney books the occupational therapist for Sibusiso Khumalo.
    const attorney = await signedInPage(browser, "attorney");
    await attorney.page.goto("/booking-form");
    const querySelect = attorney.page.locator("#booking-query");
    await querySelect.locator("option", { hasText: "Sibusiso Khumalo" }).waitFor({ state: "attached" });
    const caseValue = await querySelect.locator("option", { hasText: "Sibusiso Khumalo" }).getAttribute("value");
    await querySelect.selectOption(caseValue!);
    // Only the experts who accepted the query are offered.
    const expertSelect = attorney.page.locator("#booking-expert");
    await expertSelect.locator("option", { hasText: "Megan Smith" }).waitFor({ state: "attached" });
    await expertSelect.selectOption({ label: "Megan Smith (Occupational Therapist)" });
    const firstSlot = attorney.page.locator("button[aria-pressed]").first();
    await firstSlot.waitFor();
    await firstSlot.click();
    await attorney.page.locator("#booking-note").fill("The claimant needs a Zulu interpreter.");
    await screenshot(attorney.page, "booking-form-attorney-1280");
    await attorney.page.getByRole("button", { name: "Book assessment" }).click();
    await attorney.page.waitForURL(/\/booking-form\/[0-9a-f-]{36}$/);
    const bookingId = new URL(attorney.page.url()).pathname.split("/").pop()!;
    const answer = await attorney.page.request.get(`/trpc/bookings.get?input=${encodeURIComponent(JSON.stringify({ id: bookingId }))}`);
    const booking = (await answer.json()).result.data as { reference: string; startsAt: string; status: string };
    expect(booking.status).toBe("requested");

    // The employee confirms it.
    const employee = await signedInPage(browser, "employee");
    await employee.page.goto("/admin/bookings");
    await employee.page
      .getByRole("button", { name: `Confirm ${booking.reference}` })
      .filter({ visible: true })
      .first()
      .click();
    await expect
      .poll(
        async () =>
          (
            await (
              await employee.page.request.get(`/trpc/bookings.get?input=${encodeURIComponent(JSON.stringify({ id: bookingId }))}`)
            ).json()
          ).result.data.status,
      )
      .toBe("confirmed");

    // The consultant sees it in My Bookings and on that day of the calendar.
    const consultant = await signedInPage(browser, "ot_smith");
    await consultant.page.goto("/my-bookings");
    await expect.poll(() => consultant.page.getByText(booking.reference).filter({ visible: true }).count()).toBeGreaterThan(0);
    await screenshot(consultant.page, "my-bookings-consultant-1280");
    await consultant.page.goto(`/appointments?view=day&date=${sastDate(new Date(booking.startsAt))}`);
    await expect.poll(() => consultant.page.getByText("Sibusiso Khumalo").filter({ visible: true }).count()).toBeGreaterThan(0);
    await screenshot(consultant.page, "appointments-day-consultant-1280");

    for (const p of [attorney, employee, consultant]) await p.context.close();
  });
});
