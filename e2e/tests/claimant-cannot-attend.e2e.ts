import { addDays, sastDate } from "@medlegal/domain";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { violations } from "../axe";
import { bookInPerson } from "../bookings";
import { launch, post, read, screenshot, signedInPage } from "../browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/**
 * Issue 37 item 1 (docs/product-rules.md "A claimant who cannot attend"): staff record a claimant's
 * NO on the booking; the booking, the day sheet, the interpreter's page and the case manager's
 * dashboard all show it, and the arrangements to cancel stay there until marked done.
 */
describe("a claimant who cannot attend", () => {
  it("staff record the NO; the booking, the day sheet, the interpreter and the dashboard's tasks follow, at 1280 and 375 px", async () => {
    const attorney = await signedInPage(browser, "attorney");
    const employee = await signedInPage(browser, "employee");
    const expert = await signedInPage(browser, "aud_nel");
    const tag = Date.now().toString(36);
    const kase = await post<{ id: string }>(attorney.page, "cases.create", {
      claimType: "raf",
      incidentDate: "2025-04-12",
      newClaimant: {
        firstName: "Lebogang",
        lastName: `Noshow${tag}`,
        passportNumber: `LN${tag}`.slice(0, 20),
        birthDate: "1988-02-11",
        gender: "female",
        homeLanguage: "Sepedi",
        interpreterNeeded: true,
        consentReceivedAt: addDays(sastDate(new Date()), -1),
        phone: "+27 82 555 7377",
        messageChannel: "sms",
      },
    });
    const booking = await bookInPerson(
      { attorney: attorney.page, employee: employee.page, expert: expert.page },
      {
        caseId: kase.id,
        specialization: "Audiologist",
        expertName: "Nel",
        subject: "Hearing after a fall",
        instructions: "Assess hearing loss",
        fromDays: 36,
        toDays: 50,
      },
    );
    await attorney.context.close();
    await expert.context.close();
    // Staff arranged a taxi, a guesthouse and the demo interpreter (as in claimant-day.e2e.ts, by the form there).
    const interpreters = await read<{ id: string; name: string }[]>(employee.page, "logistics.interpreters", {});
    const mpho = interpreters.find((i) => i.name === "Mpho Ledwaba")!;
    await post(employee.page, "logistics.set", {
      bookingId: booking.id,
      transport: "taxi",
      pickupPoint: "Engen garage, Lebowakgomo",
      pickupTime: "05:50",
      transportCents: 90_000,
      accommodationName: "Thabakgolo Guesthouse",
      accommodationNights: 1,
      accommodationCents: 80_000,
      interpreterLanguage: "Sepedi",
      interpreterUserId: mpho.id,
    });

    // The claimant phoned: staff record it on the booking.
    const page = employee.page;
    await page.goto(`/booking-form/${booking.id}`);
    await page.getByRole("button", { name: "Claimant cannot attend" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByRole("button", { name: "Record: cannot attend" }).click();
    await dialog.waitFor({ state: "hidden" });
    const tasks = page.getByRole("region", { name: "Arrangements to cancel" });
    await tasks.waitFor();
    expect(await tasks.textContent()).toContain("Cancel the transport: Taxi from Engen garage, Lebowakgomo at 05:50");
    expect(await tasks.textContent()).toContain("Cancel the accommodation: Thabakgolo Guesthouse (1 night)");
    // Instead of Confirmed, and the action is gone.
    expect(await page.locator('[data-status="cannot_attend"]').first().textContent()).toBe("Claimant cannot attend");
    expect(await page.getByRole("button", { name: "Claimant cannot attend" }).count()).toBe(0);
    await screenshot(page, "cannot-attend-booking-1280");
    expect(await violations(page, `/booking-form/${booking.id}`)).toEqual([]);

    // The day sheet keeps the arrival, struck through and labelled.
    const day = sastDate(new Date(booking.startsAt));
    await page.goto(`/day-sheet?day=${day}&venue=${encodeURIComponent(booking.venue)}`);
    const row = page.getByRole("row").filter({ hasText: booking.reference });
    await row.waitFor();
    expect(await row.getAttribute("data-cannot-attend")).toBe("true");
    expect(await row.textContent()).toContain("Claimant cannot attend");
    await screenshot(page, "cannot-attend-day-sheet-1280");
    expect(await violations(page, "/day-sheet")).toEqual([]);

    // The case manager's dashboard lists what to cancel until each is marked done.
    await page.goto("/");
    const card = page.getByRole("list", { name: "Arrangements to cancel" });
    await card.waitFor();
    const taxi = card.getByRole("listitem").filter({ hasText: booking.reference }).filter({ hasText: "Cancel the transport" });
    await taxi.waitFor();
    await screenshot(page, "cannot-attend-dashboard-1280");
    expect(await violations(page, "/ with tasks")).toEqual([]);
    await taxi.getByRole("button", { name: /^Mark done/ }).click();
    await taxi.waitFor({ state: "detached" });
    expect(
      await card.getByRole("listitem").filter({ hasText: booking.reference }).filter({ hasText: "Cancel the accommodation" }).count(),
    ).toBe(1);
    await employee.context.close();

    // The interpreter's page says so, not Confirmed, and asks for no confirmation.
    const interpreter = await signedInPage(browser, "interpreter");
    await interpreter.page.goto("/my-interpreting");
    const mine = interpreter.page.getByRole("listitem").filter({ hasText: booking.reference });
    await mine.waitFor();
    expect(await mine.textContent()).toContain("The claimant cannot attend: do not go.");
    expect(await mine.getByRole("button", { name: `Confirm ${booking.reference}` }).count()).toBe(0);
    await mine.scrollIntoViewIfNeeded();
    await screenshot(interpreter.page, "cannot-attend-interpreter-1280");
    expect(await violations(interpreter.page, "/my-interpreting")).toEqual([]);
    await interpreter.context.close();

    // On a phone: the booking, the day sheet and the dashboard.
    const phone = await signedInPage(browser, "employee", 375);
    await phone.page.goto(`/booking-form/${booking.id}`);
    await phone.page.getByRole("region", { name: "Arrangements to cancel" }).waitFor();
    await phone.page.getByRole("region", { name: "Arrangements to cancel" }).scrollIntoViewIfNeeded();
    await screenshot(phone.page, "cannot-attend-booking-375");
    expect(await violations(phone.page, `/booking-form/${booking.id} at 375`)).toEqual([]);
    expect(await fits(phone.page)).toBe(true);
    await phone.page.goto(`/day-sheet?day=${day}&venue=${encodeURIComponent(booking.venue)}`);
    const phoneRow = phone.page.getByRole("row").filter({ hasText: booking.reference });
    await phoneRow.waitFor();
    await phoneRow.scrollIntoViewIfNeeded();
    await screenshot(phone.page, "cannot-attend-day-sheet-375");
    expect(await violations(phone.page, "/day-sheet at 375")).toEqual([]);
    expect(await fits(phone.page)).toBe(true);
    await phone.page.goto("/");
    await phone.page.getByRole("list", { name: "Arrangements to cancel" }).waitFor();
    await phone.page.getByRole("list", { name: "Arrangements to cancel" }).scrollIntoViewIfNeeded();
    await screenshot(phone.page, "cannot-attend-dashboard-375");
    expect(await violations(phone.page, "/ at 375")).toEqual([]);
    expect(await fits(phone.page)).toBe(true);
    await phone.context.close();
  }, 240_000);
});
