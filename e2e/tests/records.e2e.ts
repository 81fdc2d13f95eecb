import { readFile } from "node:fs/promises";
import { addDays, sastDate, saDateLabel } from "@medlegal/domain";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { violations } from "../axe";
import { bookInPerson } from "../bookings";
import { launch, mailTo, post, read, screenshot, signedInPage } from "../browser";
import { onePagePdf, pdfText } from "../pdf";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

interface RequestDetail {
  id: string;
  status: string;
  records: { fileId: string; fileName: string }[];
}

/** axe measures colours at rest, not mid-fade of a toast (as accessibility.e2e.ts does). */
async function quiet<T extends { page: Page }>(opened: Promise<T>): Promise<T> {
  const ready = await opened;
  await ready.page.emulateMedia({ reducedMotion: "reduce" });
  return ready;
}

const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** The bytes of what a click on `link` downloads. */
async function download(page: Page, link: Locator): Promise<Buffer> {
  const downloading = page.waitForEvent("download");
  await link.click();
  return readFile((await (await downloading).path())!);
}

describe("records from holders on the PAIA clock (issue 40)", () => {
  it("staff request a claimant's hospital records, the clock deems a request refused, the records arrive, and the orthopaedic surgeon downloads them only after the attorney's consent", async () => {
    const tag = Date.now().toString(36);
    const today = sastDate(new Date());
    const lastName = `Records${tag}`;
    const claimant = `Lindiwe ${lastName}`;
    const officer = `Ms Zanele Officer${tag}`;
    const holderName = `Helen Joseph Hospital ${tag}`;
    const holderEmail = `paia.${tag}@hospital.example`;

    // This file's own claimant, case, holder and confirmed booking with the orthopaedic surgeon, made as the app makes them.
    const attorney = await quiet(signedInPage(browser, "attorney"));
    const employee = await quiet(signedInPage(browser, "employee"));
    const surgeon = await quiet(signedInPage(browser, "consultant"));
    const kase = await post<{ id: string; reference: string }>(attorney.page, "cases.create", {
      claimType: "raf",
      incidentDate: addDays(today, -120),
      newClaimant: {
        firstName: "Lindiwe",
        lastName,
        passportNumber: `LR${tag}`.slice(0, 20),
        birthDate: "1990-06-21",
        gender: "female",
        homeLanguage: "English",
        consentReceivedAt: addDays(today, -1),
      },
    });
    await post(employee.page, "records.createHolder", {
      name: holderName,
      kind: "public",
      category: "hospital",
      informationOfficer: officer,
      email: holderEmail,
      postalAddress: "Private Bag X1, Auckland Park, 2006",
      requestFee: "35",
    });
    const booking = await bookInPerson(
      { attorney: attorney.page, employee: employee.page, expert: surgeon.page },
      {
        caseId: kase.id,
        specialization: "Orthopaedic Surgeon",
        expertName: "Mokoena",
        subject: "Fractured tibia",
        instructions: "Assess the left leg",
        fromDays: 21,
        toDays: 42,
      },
    );
    const { queryId } = await read<{ queryId: string }>(attorney.page, "bookings.get", { id: booking.id });

    // The employee asks the hospital for its notes from the case page, and sends the letter by e-mail.
    const page = employee.page;
    await page.goto(`/cases/${kase.id}`);
    const section = page.locator("section[aria-labelledby=records-case-heading]");
    const requests = section.getByRole("list", { name: "Records requests" });
    const rowOf = (kind: string) => requests.locator(":scope > li").filter({ hasText: kind });
    async function ask(kind: string) {
      await section.getByRole("button", { name: "Request records" }).click();
      const dialog = page.getByRole("dialog", { name: "Request records" });
      const holder = dialog.getByLabel("Holder of the records");
      await holder.locator("option", { hasText: holderName }).waitFor({ state: "attached" });
      await holder.selectOption({ label: `${holderName} (Hospital)` });
      await dialog.getByText(`information officer ${officer}`).waitFor();
      await dialog.getByLabel(kind).check();
      await dialog.getByLabel("Orthopaedic Surgeon", { exact: true }).check();
      expect(await dialog.getByLabel("Legal basis").inputValue()).toBe("paia_public");
      await dialog.getByLabel("The agency asks on").selectOption({ label: "The attorney's mandate" });
      await dialog.getByRole("button", { name: "Save the request" }).click();
      await dialog.waitFor({ state: "hidden" });
      // Saved, it opens in place on its next step.
      await rowOf(kind).getByRole("form", { name: "Record the next step" }).waitFor();
    }

    await ask("Hospital notes");
    const notes = rowOf("Hospital notes");
    expect(await notes.textContent()).toContain("Not sent yet: the holder's 30 days start when it receives the request.");
    await notes.getByRole("button", { name: "Send letter" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Send the request letter?" });
    expect(await confirm.textContent()).toContain(`The letter goes as a PDF to ${officer} at ${holderEmail}, ${holderName}`);
    await confirm.getByRole("button", { name: "Send letter" }).click();
    const due = saDateLabel(addDays(today, 30));
    await expect.poll(() => notes.getByText(`Decision due ${due}: 30 calendar days left.`).isVisible()).toBe(true);

    // The letter, as the holder gets it: its information officer and the statute's day.
    const letter = await pdfText(await download(page, notes.getByRole("list", { name: "Letters" }).getByRole("link")));
    expect(letter).toContain(`The Information Officer: ${officer}`);
    expect(letter).toContain(holderName);
    expect(letter).toContain(claimant);
    expect(letter).toContain(`A decision is due by ${due}: 30 calendar days (PAIA s 25(1)).`);
    // It went through the outbox to the information officer, the matter named by its reference only.
    const mail = await mailTo(holderEmail);
    expect(mail).toMatch(new RegExp(`^Subject: Request for access to records, our ref\\. ${kase.reference}$`, "m"));
    expect(mail).toContain(`Dear ${officer},`);
    // The letter rides along as the PDF (the header folds its long name).
    expect(mail).toMatch(
      new RegExp(`Content-Disposition: attachment; filename="Request for access to records\\s+${kase.reference} ${today}\\.pdf"`),
    );
    expect(mail).not.toContain(lastName);

    // The radiology went by hand: the hospital signed for it 40 days ago, so its 30 days have passed.
    await ask("Radiology (X-rays, scans and their reports)");
    const xrays = rowOf("Radiology");
    const step = xrays.getByRole("form", { name: "Record the next step" });
    await step.getByLabel("Next step").selectOption({ label: "Sent" });
    const received = addDays(today, -40);
    await step.getByLabel("Received on").fill(received);
    await step.getByLabel("Note (optional)").fill("Delivered by hand; the hospital's stamp on our copy.");
    await step.getByRole("button", { name: "Record the step" }).click();
    const appealBy = saDateLabel(addDays(received, 30 + 60));
    const refused = xrays.getByText(`Deemed refused, appeal by ${appealBy}.`);
    await expect.poll(() => refused.isVisible()).toBe(true);
    expect(await xrays.getByText("Needs action", { exact: true }).isVisible()).toBe(true);
    expect(await xrays.locator("p span.rounded-full").first().textContent()).toBe("Deemed refused");
    const facts = await xrays.locator("dl").first().textContent();
    expect(facts).toContain("Deemed refused on");
    expect(facts).toContain("Internal appeal by");
    // Hospital notes, the other request, still runs.
    expect(await notes.getByText("Needs action", { exact: true }).count()).toBe(0);

    // The Records section as the employee works it, at 375 px too.
    await xrays.scrollIntoViewIfNeeded();
    await screenshot(page, "records-deemed-refused-1280");
    const found = await violations(page, "the case's records at 1280 (deemed refused)");
    await page.setViewportSize({ width: 375, height: 812 });
    await refused.scrollIntoViewIfNeeded();
    await screenshot(page, "records-deemed-refused-375");
    found.push(...(await violations(page, "the case's records at 375 (deemed refused)")));
    expect(await fitsWidth(page), "the case's records fit 375 px").toBe(true);
    await page.setViewportSize({ width: 1280, height: 860 });

    // Late, the hospital's X-rays arrive: the employee uploads them on the request.
    const upload = xrays.getByRole("form", { name: "Upload records" });
    const scanName = `Radiology ${lastName}.pdf`;
    await upload.getByLabel("Records (PDF, at most 100 MB)").setInputFiles({
      name: scanName,
      mimeType: "application/pdf",
      buffer: onePagePdf(`X-ray report of ${claimant}: healed fracture of the left tibia`),
    });
    await upload.getByLabel("The holder sent").selectOption({ label: "All the records asked for" });
    await upload.getByRole("button", { name: "Upload records" }).click();
    await expect.poll(() => xrays.getByRole("list", { name: "Records received" }).getByText(scanName).isVisible()).toBe(true);
    await expect.poll(() => xrays.locator("p span.rounded-full").first().textContent()).toBe("Received");
    const requestId = (await read<{ id: string; recordKinds: string[] }[]>(page, "records.forCase", { caseId: kase.id })).find((r) =>
      r.recordKinds.includes("radiology"),
    )!.id;
    const { records } = await read<RequestDetail>(page, "records.get", { id: requestId });
    const fileId = records[0]!.fileId;

    // The surgeon opens the booking on Appointments: the X-rays are listed, but there is no link and the file answers 404.
    const day = sastDate(new Date(booking.startsAt));
    async function openBooking(p: Page) {
      await p.goto(`/appointments?view=day&date=${day}`);
      await p
        .getByRole("button", { name: new RegExp(lastName) })
        .filter({ visible: true })
        .first()
        .click();
      const dialog = p.getByRole("dialog", { name: claimant });
      await dialog.getByRole("heading", { name: "Records for this assessment" }).waitFor();
      await dialog.getByRole("list", { name: "Records received" }).waitFor();
      return dialog;
    }
    let dialog = await openBooking(surgeon.page);
    const xrayItem = dialog.getByRole("list", { name: "Records received" }).getByRole("listitem").filter({ hasText: holderName });
    expect(await xrayItem.textContent()).toContain("Radiology (X-rays, scans and their reports)");
    expect(await xrayItem.getByText("Available once the attorney consents").isVisible()).toBe(true);
    expect(await dialog.getByRole("link", { name: /^Download / }).count()).toBe(0);
    expect(await dialog.textContent()).toContain("The attorney has not consented to sharing yet");
    expect((await surgeon.page.request.get(`/api/files/${fileId}`)).status()).toBe(404);
    await screenshot(surgeon.page, "records-booking-before-consent-1280");
    found.push(...(await violations(surgeon.page, "the surgeon's booking before consent at 1280")));

    // The attorney consents to sharing on the query.
    await attorney.page.goto(`/queries/${queryId}`);
    await attorney.page.getByRole("button", { name: "Consent to sharing" }).click();
    await attorney.page.getByRole("alertdialog").getByRole("button", { name: "Consent to sharing" }).click();
    await attorney.page.getByText(/^You consented on /).waitFor();

    // Now the surgeon downloads the X-rays from the booking, at 375 px.
    await surgeon.page.setViewportSize({ width: 375, height: 812 });
    dialog = await openBooking(surgeon.page);
    const link = dialog.getByRole("link", { name: `Download ${scanName}` });
    await link.waitFor();
    expect(await dialog.getByText("Available once the attorney consents").count()).toBe(0);
    // The checklist of the discipline: the X-rays received, the notes still with the hospital.
    const needs = dialog.getByRole("list", { name: "Records this discipline needs" }).getByRole("listitem");
    expect(await needs.filter({ hasText: "Radiology" }).textContent()).toContain("Received");
    expect(await needs.filter({ hasText: "Hospital notes" }).textContent()).toContain(`Requested · ${holderName}, sent`);
    expect(await dialog.getByText("(1 outstanding)").isVisible()).toBe(true);
    await link.scrollIntoViewIfNeeded();
    await screenshot(surgeon.page, "records-booking-after-consent-375");
    found.push(...(await violations(surgeon.page, "the surgeon's booking after consent at 375")));
    expect(await fitsWidth(surgeon.page), "the booking's dialog fits 375 px").toBe(true);
    expect(await pdfText(await download(surgeon.page, link))).toContain("healed fracture of the left tibia");

    expect(found).toEqual([]);
    for (const p of [attorney, employee, surgeon]) await p.context.close();
  }, 180_000);
});
