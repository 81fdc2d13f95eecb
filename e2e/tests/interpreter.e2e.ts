import { addDays, sastDate } from "@medlegal/domain";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { violations } from "../axe";
import { bookInPerson } from "../bookings";
import { launch, post, screenshot, signedInPage } from "../browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The demo's interpreter with an account (seed: Mpho Ledwaba, Sepedi). */
const INTERPRETER = "Mpho Ledwaba";

/**
 * This file's own in-person assessment, made the way the app makes it: the attorney opens a case and
 * query, staff assign the plastic surgeon, he accepts, staff book his first free in-person hour five
 * weeks out and confirm it.
 */
async function confirmedBooking(attorney: Page, employee: Page, expert: Page, tag: string) {
  const kase = await post<{ id: string }>(attorney, "cases.create", {
    claimType: "raf",
    incidentDate: "2025-04-02",
    newClaimant: {
      firstName: "Nandi",
      lastName: `Interp${tag}`,
      passportNumber: `NI${tag}`.slice(0, 20),
      birthDate: "1988-03-14",
      gender: "female",
      homeLanguage: "isiZulu",
      interpreterNeeded: true,
      consentReceivedAt: addDays(sastDate(new Date()), -1),
    },
  });
  return bookInPerson(
    { attorney, employee, expert },
    {
      caseId: kase.id,
      specialization: "Plastic and Reconstructive Surgeon",
      expertName: "Venter",
      subject: "Scarring after a burn",
      instructions: "Assess the scarring",
      fromDays: 35,
      toDays: 49,
    },
  );
}

/**
 * The demo interpreter's page at `width`, on the session the suite shares (the server allows 30
 * sign-ins per 15 minutes from one address): "/" takes them to My Interpreting, as they have no dashboard.
 */
async function interpreterPage(width: number) {
  const opened = await signedInPage(browser, "interpreter", width, width < 640 ? 812 : 860);
  await opened.page.waitForURL((url) => url.pathname === "/my-interpreting");
  return opened;
}

describe("an interpreter with an account", () => {
  it("staff name the interpreter's account on a booking, and the interpreter sees it under My Interpreting, at 1280 and 375 px", async () => {
    const tag = Date.now().toString(36);
    const attorney = await signedInPage(browser, "attorney");
    const employee = await signedInPage(browser, "employee");
    const expert = await signedInPage(browser, "dr_venter");
    const booking = await confirmedBooking(attorney.page, employee.page, expert.page, tag);
    await attorney.context.close();
    await expert.context.close();

    // Staff choose the account in the logistics form: no name or contact to type.
    const page = employee.page;
    await page.goto(`/booking-form/${booking.id}`);
    await page.getByRole("heading", { name: "Logistics" }).waitFor();
    await page.getByRole("button", { name: "Arrange logistics" }).click();
    const picker = page.getByLabel("Interpreter", { exact: true });
    await expect.poll(() => picker.locator("option").allTextContents()).toContain(INTERPRETER);
    await picker.selectOption({ label: INTERPRETER });
    await page.getByLabel("Language", { exact: true }).fill("isiZulu");
    expect(await page.getByLabel("Interpreter's name").count()).toBe(0);
    await picker.scrollIntoViewIfNeeded();
    await screenshot(page, "interpreter-logistics-form-1280");
    expect(await violations(page, `/booking-form/${booking.id} logistics form`)).toEqual([]);
    await page.getByRole("button", { name: "Save logistics" }).click();
    await expect.poll(() => page.getByText(`${INTERPRETER} (isiZulu)`).isVisible()).toBe(true);
    await employee.context.close();

    // The interpreter: their booking, the claimant and the language, nothing about the injury.
    const wide = await interpreterPage(1280);
    const card = wide.page.getByRole("listitem").filter({ hasText: booking.reference });
    await card.waitFor();
    const text = (await card.textContent()) ?? "";
    expect(text).toContain(`Nandi Interp${tag}`);
    expect(text).toContain("isiZulu");
    expect(text).not.toContain("Plastic");
    expect(text).not.toContain("Scarring");
    const nav = wide.page.getByRole("navigation", { name: "Main" });
    expect(await nav.getByRole("link").allTextContents()).toEqual(["My Interpreting", "Settings"]);
    await screenshot(wide.page, "interpreter-bookings-1280");
    expect(await violations(wide.page, "/my-interpreting")).toEqual([]);
    // The past tab.
    await wide.page.getByRole("tab", { name: "Past" }).click();
    // The demo interpreter's past: the demo's day may be behind them already, or not yet.
    await wide.page
      .getByText("No past bookings")
      .or(wide.page.getByRole("list", { name: "Past bookings" }))
      .waitFor();
    expect(await violations(wide.page, "/my-interpreting past")).toEqual([]);
    // A page of the agency's is not theirs.
    await wide.page.goto("/admin/bookings");
    await wide.page.getByRole("heading", { name: "You don't have access to this page" }).waitFor();
    await wide.context.close();

    const phone = await interpreterPage(375);
    await phone.page.getByRole("listitem").filter({ hasText: booking.reference }).waitFor();
    await screenshot(phone.page, "interpreter-bookings-375");
    expect(await violations(phone.page, "/my-interpreting at 375")).toEqual([]);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await phone.context.close();
  }, 180_000);
});
