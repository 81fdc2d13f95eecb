import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, read, screenshot, signedInPage } from "../browser";
import { pdfText } from "../pdf";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A one-page PDF with a line of text, built by hand (offsets computed), as an expert's report. */
function reportPdf(title: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${title}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

const DECLARATION = "I understand my duty is to assist the court; this report is true and my opinion is independent of the parties.";

async function uploadVersion(page: Page, number: number) {
  await page.getByRole("button", { name: `Upload version ${number}` }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Report (PDF, at most 25 MB)").setInputFiles({
    name: `knee-report-v${number}.pdf`,
    mimeType: "application/pdf",
    buffer: reportPdf(`Orthopaedic report version ${number}`),
  });
  await dialog.getByLabel("Expert's declaration").fill(DECLARATION);
  if (number > 1) await dialog.getByLabel("What changed (optional)").fill("Corrected the claimant's ID number.");
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await dialog.waitFor({ state: "hidden" });
  await page.getByRole("list", { name: "Versions" }).getByText(`Version ${number}: knee-report-v${number}.pdf`).waitFor();
}

async function reviewAll(page: Page, failFirst: boolean) {
  await page.getByRole("button", { name: "Take for review" }).click();
  const checklist = page.getByRole("form", { name: "Quality checklist" });
  await checklist.waitFor();
  const groups = checklist.getByRole("group");
  const count = await groups.count();
  for (let i = 0; i < count; i++)
    await groups
      .nth(i)
      .getByLabel(i === 0 && failFirst ? "Fail" : "Pass", { exact: true })
      .check();
  if (failFirst) {
    await checklist.getByLabel("What is wrong").fill("The ID number on page 1 does not match the instruction.");
    await checklist.getByRole("button", { name: "Return to the expert" }).click();
  } else {
    await checklist.getByRole("button", { name: "Approve" }).click();
  }
  await checklist.waitFor({ state: "hidden" });
}

describe("a report from upload to the attorney's download", () => {
  it("the consultant uploads, the agency returns it, v2 is approved and released, and the attorney's PDF carries the footer", async () => {
    const consultant = await signedInPage(browser, "consultant");
    // The consultant reaches the report from My Bookings (no Reports entry in their sidebar).
    await consultant.page.goto("/my-bookings");
    const mine = consultant.page.getByRole("list", { name: "My reports" });
    await mine.waitFor();
    const employee = await signedInPage(browser, "employee");
    // A medico-legal report whose release waits for payment: not on a case the demo's deferred billing covers (which ones depends on the day).
    const rows = mine.getByRole("listitem").filter({ hasText: "Awaiting report" });
    await rows.first().waitFor();
    let row = rows.first();
    for (let i = 0; i < (await rows.count()); i++) {
      const id = (await rows.nth(i).getByRole("link").getAttribute("href"))!.split("/").pop()!;
      const detail = await read<{ kind: string; releasedOnApproval: boolean }>(employee.page, "reports.get", { id });
      if (detail.kind === "medico_legal" && !detail.releasedOnApproval) {
        row = rows.nth(i);
        break;
      }
    }
    const reference = (await row.getByRole("link").textContent())!;
    await row.getByRole("link").click();
    await consultant.page.waitForURL(/\/reports\/[0-9a-f-]{36}$/);
    const reportUrl = new URL(consultant.page.url()).pathname;
    await uploadVersion(consultant.page, 1);

    await employee.page.goto(reportUrl);
    await reviewAll(employee.page, true);
    await employee.page.getByText("Changes requested", { exact: true }).first().waitFor();

    await consultant.page.reload();
    await consultant.page.getByText("The ID number on page 1 does not match the instruction.", { exact: false }).first().waitFor();
    await uploadVersion(consultant.page, 2);
    await screenshot(consultant.page, "report-consultant-v2");

    await employee.page.reload();
    await reviewAll(employee.page, false);
    // Unpaid, and the attorney has no deferral agreement: only an administrator releases it, with a reason.
    await employee.page.getByText(/^Release waits for payment/).waitFor();
    expect(await employee.page.getByRole("button", { name: /^Release to attorney/ }).count()).toBe(0);
    const admin = await signedInPage(browser, "admin");
    await admin.page.goto(reportUrl);
    await admin.page.getByRole("button", { name: "Release before payment" }).click();
    const reasonDialog = admin.page.getByRole("dialog");
    await reasonDialog.getByLabel("Reason").fill("Trial next week; the attorney pays on receipt.");
    await reasonDialog.getByRole("button", { name: "Release" }).click();
    await admin.page.getByText("Released", { exact: true }).first().waitFor();
    await screenshot(admin.page, "report-released-staff");
    await admin.context.close();

    const attorney = await signedInPage(browser, "attorney", 375);
    await attorney.page.goto(reportUrl);
    await attorney.page.getByRole("heading", { name: new RegExp(reference) }).waitFor();
    expect(await attorney.page.getByText("Version 1:").count()).toBe(0);
    const [download] = await Promise.all([
      attorney.page.waitForEvent("download"),
      attorney.page.getByRole("link", { name: "Download the released report" }).click(),
    ]);
    const text = await pdfText(
      Buffer.from(await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks as Buffer[]))),
    );
    expect(text).toContain("Orthopaedic report version 2");
    expect(text).toMatch(new RegExp(`Released to Van der Merwe Attorneys Inc\\. on \\d{1,2} \\w+ \\d{4}, ${reference}`));
    await screenshot(attorney.page, "report-attorney-375");
    for (const s of [consultant, employee, attorney]) await s.context.close();
  }, 120_000);
});
