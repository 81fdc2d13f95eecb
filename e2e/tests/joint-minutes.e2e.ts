import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { violations } from "../axe";
import { launch, mailTo, newPage, read, screenshot, signedInPage } from "../browser";
import { pdfText } from "../pdf";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

interface ListedReport {
  id: string;
  reference: string;
  consultantName: string;
}
interface DemoUser {
  username: string;
  firstName: string;
  lastName: string;
}

/** The latest mail to `to` that holds `phrase` (other mail to the same address may be newer for a moment). */
async function mailWith(to: string, phrase: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const mail = await mailTo(to);
    if (mail.includes(phrase)) return mail;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No mail to ${to} with "${phrase}"`);
}
const codeOf = (mail: string) => /code to .* is: (\d{6})/.exec(mail)![1]!;

/** axe measures colours at rest, not mid-fade of a toast (as accessibility.e2e.ts does). */
async function quiet<T extends { page: Page }>(opened: Promise<T>): Promise<T> {
  const ready = await opened;
  await ready.page.emulateMedia({ reducedMotion: "reduce" });
  return ready;
}

/** One issue of the editor, as the page lists them. */
const issueAt = (page: Page, n: number) => page.getByRole("form", { name: "Issues of the joint minute" }).locator("ol > li").nth(n);

describe("a joint minute with the opposing expert", () => {
  it("is prepared by our expert and the opposing expert (by guest link), signed by both, and downloaded by the attorney as PDF", async () => {
    // Not a name of the demo's own minutes on the same report.
    const opposingName = "Dr Johan Botes";
    const opposingEmail = `botes.${Date.now().toString(36)}@example.org`;

    // Its own data: a new minute on a released report whose release terms are met (paid, or released on approval).
    const employee = await quiet(signedInPage(browser, "employee"));
    const released = await read<ListedReport[]>(employee.page, "reports.list", { status: "released" });
    let report: ListedReport | undefined;
    for (const candidate of released) {
      const detail = await read<{ kind: string; invoice: { status: string } | null; releasedOnApproval: boolean }>(
        employee.page,
        "reports.get",
        { id: candidate.id },
      );
      if (detail.kind !== "joint_minute" && (detail.invoice?.status === "paid" || detail.releasedOnApproval)) {
        report = candidate;
        break;
      }
    }
    expect(report, "a released report paid for or released on approval").toBeDefined();
    const admin = await signedInPage(browser, "admin");
    const experts = (await read<{ items: DemoUser[] }>(admin.page, "users.list", { role: "consultant", limit: 100 })).items;
    const expertUser = experts.find((u) => `${u.firstName} ${u.lastName}` === report!.consultantName)!;
    const expertName = `${expertUser.firstName} ${expertUser.lastName}`;

    // The employee records the opposing expert on the report page and sends the guest link.
    await employee.page.goto(`/reports/${report!.id}`);
    await employee.page.getByRole("button", { name: "Record the opposing expert" }).click();
    const dialog = employee.page.getByRole("dialog");
    // Prefilled (issue 37, item 8): our expert's discipline and the defendant's side.
    const { specialization } = await read<{ specialization: string }>(employee.page, "reports.get", { id: report!.id });
    expect(await dialog.getByLabel("Discipline").inputValue()).toBe(specialization);
    expect(await dialog.getByLabel("Instructed by").inputValue()).toBe("defendant");
    await dialog.getByLabel("Name").fill(opposingName);
    await dialog.getByLabel("HPCSA number").fill("MP 0456789");
    await dialog.getByLabel("Practice").fill("Van Wyk Orthopaedics, Bellville");
    await dialog.getByLabel("E-mail").fill(opposingEmail);
    await dialog.getByLabel("Phone").fill("021 555 0101");
    await dialog.getByLabel("Instructing firm").fill("State Attorney, Cape Town");
    // The plaintiff's side (ours) is warned about, not refused; back to the defendant's.
    await dialog.getByLabel("Instructed by").selectOption("plaintiff");
    await dialog.getByText(/^Our expert was instructed for the plaintiff/).waitFor();
    await employee.page.setViewportSize({ width: 375, height: 812 });
    await screenshot(employee.page, "joint-minute-record-expert-warning-375");
    await employee.page.setViewportSize({ width: 1280, height: 860 });
    await dialog.getByLabel("Instructed by").selectOption("defendant");
    await screenshot(employee.page, "joint-minute-record-expert-1280");
    await dialog.getByRole("button", { name: "Record" }).click();
    await employee.page
      .getByRole("link", { name: `Joint minute with ${opposingName}` })
      .last()
      .click();
    await employee.page.getByRole("button", { name: "Send the guest link" }).click();
    await employee.page.getByText(/^Guest link sent .*works until/).waitFor();
    const minuteUrl = new URL(employee.page.url()).pathname;

    // Our expert writes the issues.
    const expert = await quiet(signedInPage(browser, expertUser.username));
    await expert.page.goto(minuteUrl);
    for (const [n, [label, status, view]] of [
      ["Diagnosis", "agreed", "Healed fracture of the left tibia with malunion."],
      ["Future surgery", "disagreed", "A corrective osteotomy is needed."],
    ].entries()) {
      await expert.page.getByRole("button", { name: "Add issue" }).click();
      const issue = issueAt(expert.page, n);
      await issue.getByRole("textbox", { name: `Issue ${n + 1}` }).fill(label!);
      await issue.getByLabel("Outcome").selectOption(status!);
      await issue.getByLabel(/^View of /).fill(view!);
    }
    await issueAt(expert.page, 0).getByLabel("Reasons (agreed or not)").fill("Both read the same X-rays of March.");
    await expert.page.getByRole("button", { name: "Save as version 1" }).click();
    await expert.page.getByRole("button", { name: "Save as version 2" }).waitFor();
    await screenshot(expert.page, "joint-minute-workspace-expert-1280");

    // The opposing expert opens the e-mailed link in a browser of his own, confirms the code and writes his views.
    const invitation = await mailWith(opposingEmail, "joint-minute?token=");
    const link = /(\/joint-minute\?token=[A-Za-z0-9_-]+)/.exec(invitation)![1]!;
    const guest = await quiet(newPage(browser, 375, 812));
    await guest.page.goto(link);
    await guest.page.getByRole("heading", { name: "Confirm it is you" }).waitFor();
    await screenshot(guest.page, "joint-minute-guest-code-375");
    const found = await violations(guest.page, "guest code 375");
    await guest.page.getByLabel("Code").fill(codeOf(await mailWith(opposingEmail, "code to open the joint minute")));
    await guest.page.getByRole("button", { name: "Open the minute" }).click();
    await issueAt(guest.page, 1).waitFor();
    expect(new URL(guest.page.url()).search).toBe("");
    await guest.page.getByText(`${expertName} (the agency's expert) and you, ${opposingName}`, { exact: false }).waitFor();
    await expect.poll(() => guest.page.getByText("A corrective osteotomy is needed.").count()).toBe(1);
    await issueAt(guest.page, 0)
      .getByLabel(/^View of /)
      .fill("Agreed: malunion of the left tibia.");
    await issueAt(guest.page, 1)
      .getByLabel(/^View of /)
      .fill("Conservative care suffices.");
    await guest.page.getByRole("button", { name: "Save as version 2" }).click();
    await guest.page.getByRole("button", { name: "Save as version 3" }).waitFor();
    await screenshot(guest.page, "joint-minute-guest-375");
    await guest.page.setViewportSize({ width: 1280, height: 860 });
    await screenshot(guest.page, "joint-minute-guest-1280");
    await guest.page.setViewportSize({ width: 375, height: 812 });
    found.push(...(await violations(guest.page, "guest workspace 375")), ...(await violations(expert.page, "expert workspace 1280")));

    // Both sign version 2: our expert first, then the opposing expert.
    await expert.page.reload();
    await expert.page.getByRole("button", { name: "E-mail me a signing code" }).click();
    const expertEmail = ((await (await expert.page.request.get("/api/user")).json()) as { email: string }).email;
    await expert.page.getByLabel(/^Your name, as recorded/).fill(expertName);
    await expert.page.getByLabel("Code").fill(codeOf(await mailWith(expertEmail, "code to sign version 2")));
    await expert.page.getByRole("button", { name: "Sign", exact: true }).click();
    await expert.page.getByText(/You signed this version/).waitFor();

    await guest.page.getByRole("button", { name: "E-mail me a signing code" }).click();
    await guest.page.getByLabel(/^Your name, as recorded/).fill(opposingName);
    await guest.page.getByLabel("Code").fill(codeOf(await mailWith(opposingEmail, "code to sign version 2")));
    await guest.page.getByRole("button", { name: "Sign", exact: true }).click();
    await guest.page.getByText(/Signed by both experts and frozen/).waitFor();
    await screenshot(guest.page, "joint-minute-guest-signed-375");
    found.push(...(await violations(guest.page, "guest signed 375")));

    // Signed by both, it follows its report (paid, or released on approval) to the attorney by itself (issue 37); the attorney downloads the PDF.
    await employee.page.reload();
    await employee.page.getByText("Released to the attorney", { exact: true }).first().waitFor();
    await screenshot(employee.page, "joint-minute-released-1280");
    found.push(...(await violations(employee.page, "released minute 1280")));

    const attorney = await quiet(signedInPage(browser, "attorney", 375, 812));
    await attorney.page.goto(minuteUrl);
    const downloading = attorney.page.waitForEvent("download");
    await attorney.page.getByRole("link", { name: "Download PDF" }).click();
    const file = await (await downloading).path();
    const { readFile } = await import("node:fs/promises");
    const text = await pdfText(await readFile(file!));
    for (const expected of [expertName, opposingName, "Agreed points", "Diagnosis", "Both read the same X-rays of March.", "Signatures"])
      expect(text).toContain(expected);
    await screenshot(attorney.page, "joint-minute-attorney-375");
    found.push(...(await violations(attorney.page, "attorney minute 375")));
    expect(found).toEqual([]);

    for (const p of [employee, admin, expert, guest, attorney]) await p.context.close();
  }, 120_000);
});
