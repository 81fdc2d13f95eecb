import { readFile } from "node:fs/promises";
import mammoth from "mammoth";
import { addDays, sastDate } from "@medlegal/domain";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { violations } from "../axe";
import { launch, post, screenshot, signedInPage } from "../browser";
import { pagesPdf, pdfText } from "../pdf";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The bytes of what a click on `link` downloads. */
async function download(page: Page, link: Locator): Promise<Buffer> {
  const downloading = page.waitForEvent("download");
  await link.click();
  return readFile((await (await downloading).path())!);
}

/** The names of a ZIP's entries, from its central directory (signature PK\1\2, name length at 28, name at 46). */
function zipEntries(zip: Buffer): string[] {
  const names: string[] = [];
  for (let at = zip.indexOf("PK\u0001\u0002", 0, "latin1"); at >= 0; at = zip.indexOf("PK\u0001\u0002", at + 4, "latin1")) {
    const length = zip.readUInt16LE(at + 28);
    names.push(zip.subarray(at + 46, at + 46 + length).toString("utf8"));
  }
  return names;
}

const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("the trial bundle (issue 41)", () => {
  it("an attorney adds the defendant's report, makes and serves the bundle, adds an addendum and makes it again without renumbering, and downloads the Rule 36(9) notice in Word", async () => {
    const tag = Date.now().toString(36);
    const today = sastDate(new Date());
    const lastName = `Bundle${tag}`;
    const attorney = await signedInPage(browser, "attorney");
    const page = attorney.page;
    await page.emulateMedia({ reducedMotion: "reduce" });
    // This file's own claimant and case, made as the app makes them.
    const kase = await post<{ id: string; reference: string }>(page, "cases.create", {
      claimType: "raf",
      incidentDate: addDays(today, -400),
      newClaimant: {
        firstName: "Themba",
        lastName,
        passportNumber: `BN${tag}`.slice(0, 20),
        birthDate: "1985-03-02",
        gender: "male",
        homeLanguage: "English",
        consentReceivedAt: addDays(today, -2),
      },
    });

    await page.goto(`/cases/${kase.id}`);
    const section = page.locator("section[aria-labelledby=trial-bundle-heading]");
    await section.getByText("No documents yet").waitFor();

    async function addDocument(fields: { section: string; party: string; author: string; description: string; pages: number }) {
      await section.getByRole("button", { name: "Add a document" }).click();
      const form = section.getByRole("form", { name: "Add a document" });
      await form.getByLabel("Section").selectOption(fields.section);
      await form.getByLabel("Whose document").selectOption(fields.party);
      await form.getByLabel("Author").fill(fields.author);
      await form.getByLabel("Document date").fill(addDays(today, -30));
      await form.getByLabel("Description").fill(fields.description);
      await form.getByLabel(/^Document \(PDF/).setInputFiles({
        name: `${fields.description}.pdf`,
        mimeType: "application/pdf",
        buffer: pagesPdf(Array.from({ length: fields.pages }, (_, i) => `${fields.description} page ${i + 1}`)),
      });
      await form.getByRole("button", { name: "Add the document" }).click();
      await form.waitFor({ state: "hidden" });
      await section.getByText(fields.description, { exact: true }).first().waitFor();
    }
    // The plaintiff's own expert's report (kept elsewhere, added here) and the defendant's orthopaedic report.
    await addDocument({
      section: "plaintiff_reports",
      party: "plaintiff",
      author: "Dr T. Mokoena",
      description: "Orthopaedic surgeon's report",
      pages: 3,
    });
    await addDocument({
      section: "defendant_reports",
      party: "defendant",
      author: "Dr J. van Wyk",
      description: "Defendant's orthopaedic report",
      pages: 4,
    });

    // Bundle 1, made in the background.
    const bundles = section.getByRole("list", { name: "Bundles" });
    await section.getByRole("button", { name: "Make bundle" }).click();
    const first = bundles.locator(":scope > li").filter({ has: page.getByRole("heading", { name: /^Bundle 1 · / }) });
    await first.getByRole("heading", { name: /^Bundle 1 · \d+ pages · ready$/ }).waitFor({ timeout: 60_000 });
    const index1 = first.getByRole("region", { name: "Index of bundle 1" });
    expect(await index1.getByRole("row").filter({ hasText: "Defendant's orthopaedic report" }).textContent()).toContain("D-001 – D-004");
    expect(await index1.getByRole("row").filter({ hasText: "Orthopaedic surgeon's report" }).textContent()).toContain("C-001 – C-003");

    // The ZIP for CaseLines: a PDF per section, named for upload, and the index.
    const zip = await download(page, first.getByRole("link", { name: "Download ZIP for CaseLines" }));
    expect(zipEntries(zip).sort()).toEqual(
      ["C - Plaintiff expert reports.pdf", "D - Defendant expert reports.pdf", "Index.csv", "Index.pdf"].sort(),
    );
    const sectionD = await pdfText(await download(page, first.getByRole("link", { name: "Section D (PDF)" })));
    expect(sectionD).toContain("D-001");
    expect(sectionD).toContain("D-004");

    // Served on the defendant's attorneys.
    const serve = first.getByRole("form", { name: "Mark bundle 1 served" });
    await serve.getByLabel("Date served").fill(today);
    await serve.getByLabel("Served on").fill("State Attorney, Johannesburg, for the RAF");
    await serve.getByRole("button", { name: "Mark served" }).click();
    await first.getByText("to State Attorney, Johannesburg, for the RAF").waitFor();

    // The defendant's addendum arrives; bundle 2 keeps every served number and puts it at the end of D.
    await addDocument({
      section: "defendant_reports",
      party: "defendant",
      author: "Dr J. van Wyk",
      description: "Addendum to the defendant's orthopaedic report",
      pages: 2,
    });
    await section.getByRole("button", { name: "Make bundle" }).click();
    const second = bundles.locator(":scope > li").filter({ has: page.getByRole("heading", { name: /^Bundle 2 · / }) });
    await second.getByRole("heading", { name: /^Bundle 2 · \d+ pages · ready$/ }).waitFor({ timeout: 60_000 });
    expect(await second.textContent()).toContain("Keeps the page numbers of bundle 1");
    const rows = second.getByRole("region", { name: "Index of bundle 2" }).getByRole("row");
    expect(await rows.filter({ hasText: "Orthopaedic surgeon's report" }).textContent()).toContain("C-001 – C-003");
    expect(await rows.filter({ hasText: /^D.*Defendant's orthopaedic report/ }).textContent()).toContain("D-001 – D-004");
    expect(await rows.filter({ hasText: "Addendum to the defendant's orthopaedic report" }).textContent()).toContain("D-005 – D-006");
    expect(await second.getByRole("list", { name: "Changed since bundle 1" }).textContent()).toContain(
      "Added: Addendum to the defendant's orthopaedic report (D-005 – D-006)",
    );
    const stamped = await pdfText(await download(page, second.getByRole("link", { name: "Section D (PDF)" })));
    // Page after page: the served report's last page keeps D-004, the addendum follows as D-005 and D-006
    // (the PDF's standard font prints the apostrophe as a right quote).
    expect(stamped).toMatch(/orthopaedic report page 4 D-004 Addendum to the defendant.s orthopaedic report page 1 D-005/);
    expect(stamped).toContain("D-006");

    // The Rule 36(9)(a) notice in Word opens and names the matter.
    const word = await download(page, page.getByRole("link", { name: "Rule 36(9)(a) notice (Word)" }));
    const notice = (await mammoth.extractRawText({ buffer: word })).value;
    expect(notice).toContain(`THEMBA ${lastName.toUpperCase()}`);
    expect(notice).toContain("PLAINTIFF'S NOTICE IN TERMS OF RULE 36(9)(A)");
    // No expert has a released report on this matter: the notice says so as a gap the attorney fills.
    expect(notice).toContain("[To be completed by the attorney: no expert has a released report on this matter yet");

    // The section at both widths.
    await second.scrollIntoViewIfNeeded();
    await screenshot(page, "trial-bundle-1280");
    const found = await violations(page, "the trial bundle at 1280");
    await page.setViewportSize({ width: 375, height: 812 });
    await second.scrollIntoViewIfNeeded();
    await screenshot(page, "trial-bundle-375");
    found.push(...(await violations(page, "the trial bundle at 375")));
    expect(await fitsWidth(page), "the trial bundle fits 375 px").toBe(true);
    expect(found).toEqual([]);
    await attorney.context.close();
  }, 240_000);
});
