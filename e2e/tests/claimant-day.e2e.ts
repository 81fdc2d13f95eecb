import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { addDays, sastDate } from "@medlegal/domain";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
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

/** The text the server wrote (no gateway) that names `reference`, waiting for the reminder sweep (every 30 s) to send it. */
async function textFor(reference: string): Promise<{ to: string; text: string }> {
  const directory = inject("textsDir");
  for (let i = 0; i < 450; i++) {
    for (const name of existsSync(directory) ? await readdir(directory) : []) {
      const message = JSON.parse(await readFile(join(directory, name), "utf8")) as { to: string; text: string };
      if (message.text.includes(reference)) return message;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No text naming ${reference} was written`);
}

/**
 * An in-person assessment of this file's own claimant (who agreed to texts), made the way the app
 * makes it: the attorney opens the case and query, staff assign the audiologist, she accepts, staff
 * book her first free in-person hour three weeks out and confirm it.
 */
async function confirmedBooking(attorney: Page, employee: Page, expert: Page) {
  const tag = Date.now().toString(36);
  const yesterday = addDays(sastDate(new Date()), -1);
  const kase = await post<{ id: string; patientId: string }>(attorney, "cases.create", {
    claimType: "raf",
    incidentDate: "2025-03-10",
    newClaimant: {
      firstName: "Karabo",
      lastName: `Day${tag}`,
      passportNumber: `KD${tag}`.slice(0, 20),
      birthDate: "1992-07-01",
      gender: "male",
      homeLanguage: "Sepedi",
      interpreterNeeded: true,
      consentReceivedAt: yesterday,
      phone: "+27 82 555 7301",
      messageChannel: "sms",
    },
  });
  return bookInPerson(
    { attorney, employee, expert },
    {
      caseId: kase.id,
      specialization: "Audiologist",
      expertName: "Nel",
      subject: "Hearing after a collision",
      instructions: "Assess hearing loss",
      fromDays: 20,
      toDays: 34,
    },
  );
}

describe("the claimant's day", () => {
  it("staff arrange a taxi and an interpreter on the booking, the day sheet shows both, and the reminder text names the booking and venue, at 1280 and 375 px", async () => {
    const attorney = await signedInPage(browser, "attorney");
    const employee = await signedInPage(browser, "employee");
    const expert = await signedInPage(browser, "aud_nel");
    const booking = await confirmedBooking(attorney.page, employee.page, expert.page);
    await attorney.context.close();
    await expert.context.close();

    const page = employee.page;
    await page.goto(`/booking-form/${booking.id}`);
    await page.getByRole("heading", { name: "Logistics" }).waitFor();
    await page.getByRole("button", { name: "Arrange logistics" }).click();
    await page.getByLabel("How the claimant travels").selectOption("taxi");
    // A taxi without its pickup is refused on the field, and nothing is saved.
    await page.getByRole("button", { name: "Save logistics" }).click();
    await expect.poll(() => page.getByText("Enter where the claimant is picked up").isVisible()).toBe(true);
    await page.getByLabel("Pickup point").fill("Shell garage, Polokwane Road, Seshego");
    await page.getByLabel("Pickup time").fill("05:45");
    await page.getByLabel("Taxi fare, rand").fill("1 250.00");
    await page.getByLabel("Language", { exact: true }).fill("Sepedi");
    await page.getByLabel("Interpreter's name").fill("Mpho Ledwaba");
    await page.getByLabel("Interpreter's phone or e-mail").fill("+27 82 555 0311");
    await page.getByLabel("Pickup point").scrollIntoViewIfNeeded();
    await screenshot(page, "claimant-day-form-1280");
    expect(await violations(page, `/booking-form/${booking.id} logistics form`)).toEqual([]);
    await page.getByRole("button", { name: "Save logistics" }).click();
    await expect.poll(() => page.getByText("Pickup 05:45 at Shell garage, Polokwane Road, Seshego").isVisible()).toBe(true);
    expect(await page.getByText("Mpho Ledwaba (Sepedi)").isVisible()).toBe(true);
    await page.getByRole("heading", { name: "Logistics" }).scrollIntoViewIfNeeded();
    await screenshot(page, "claimant-day-booking-1280");
    expect(await violations(page, `/booking-form/${booking.id}`)).toEqual([]);

    const day = sastDate(new Date(booking.startsAt));
    await page.goto(`/day-sheet?day=${day}&venue=${encodeURIComponent(booking.venue)}`);
    const sheet = page.getByRole("region", { name: /^Day sheet/ });
    await sheet.waitFor();
    const row = sheet.getByRole("row").filter({ hasText: booking.reference });
    await expect.poll(() => row.isVisible()).toBe(true);
    const text = (await row.textContent()) ?? "";
    expect(text).toContain("Pickup 05:45 at Shell garage, Polokwane Road, Seshego");
    expect(text).toContain("Mpho Ledwaba (Sepedi)");
    // No expert's field on a sheet left at reception.
    expect(await sheet.textContent()).not.toContain("Audiologist");
    await screenshot(page, "claimant-day-sheet-1280");
    expect(await violations(page, "/day-sheet")).toEqual([]);
    await employee.context.close();

    const phone = await signedInPage(browser, "employee", 375);
    // Reached from Assessment Schedules (the spec's sidebar has no entry for it).
    await phone.page.goto("/admin/assessment-schedules");
    await phone.page.getByRole("link", { name: "Day sheet" }).click();
    await phone.page.waitForURL((url) => url.pathname === "/day-sheet");
    await phone.page.getByRole("heading", { name: "Day sheet", level: 1 }).waitFor();
    await phone.page.goto(`/day-sheet?day=${day}&venue=${encodeURIComponent(booking.venue)}`);
    await phone.page.getByRole("row").filter({ hasText: booking.reference }).waitFor();
    await screenshot(phone.page, "claimant-day-sheet-375");
    expect(await violations(phone.page, "/day-sheet at 375")).toEqual([]);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await phone.page.goto(`/booking-form/${booking.id}`);
    await phone.page.getByText("Mpho Ledwaba (Sepedi)").waitFor();
    await phone.page.getByText("Mpho Ledwaba (Sepedi)").scrollIntoViewIfNeeded();
    await screenshot(phone.page, "claimant-day-booking-375");
    expect(await violations(phone.page, `/booking-form/${booking.id} at 375`)).toEqual([]);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // The form itself on a phone: one column, every field labelled.
    await phone.page.getByRole("button", { name: "Edit logistics" }).click();
    await phone.page.getByLabel("Pickup point").scrollIntoViewIfNeeded();
    await screenshot(phone.page, "claimant-day-form-375");
    expect(await violations(phone.page, `/booking-form/${booking.id} logistics form at 375`)).toEqual([]);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await phone.context.close();

    // The confirmation text (no gateway: a file under the data directory's texts/) names the booking and the venue.
    const message = await textFor(booking.reference);
    expect(message.to.replace(/\D/g, "")).toBe("27825557301");
    expect(message.text).toContain(booking.venue);
    expect(message.text).not.toContain("Audiologist");
  }, 180_000);
});
