import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { violations } from "../axe";
import { launch, mailTo, newPage, post, read, screenshot, signedInPage } from "../browser";

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
interface ReportFacts {
  kind: string;
  queryId: string;
  attorneyName: string;
  releaseOverrideReason: string | null;
  invoice: { status: string } | null;
}
interface DemoUser {
  username: string;
  firstName: string;
  lastName: string;
}

/** The latest mail to `to` holding `phrase`: the outbox sends every few seconds, slower on a busy machine. */
async function mailWith(to: string, phrase: string): Promise<string> {
  for (let i = 0; i < 300; i++) {
    const mail = await mailTo(to);
    if (mail.includes(phrase)) return mail;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No mail to ${to} with "${phrase}"`);
}
const codeOf = (mail: string) => /code to .* is: (\d{6})/.exec(mail)![1]!;

async function quiet<T extends { page: Page }>(opened: Promise<T>): Promise<T> {
  const ready = await opened;
  await ready.page.emulateMedia({ reducedMotion: "reduce" });
  return ready;
}
const issueAt = (page: Page, n: number) => page.getByRole("form", { name: "Issues of the joint minute" }).locator("ol > li").nth(n);
const fullName = (u: DemoUser) => `${u.firstName} ${u.lastName}`;

/**
 * Issue 37, items 2 and 4: our expert finds the minute on their dashboard and is told of the other
 * side's work; the attorney of the matter reads what a signed minute waits for (its report went out
 * before payment) instead of "not found"; an administrator releases it early with a reason; staff,
 * attorney and expert find it in the list of joint minutes.
 */
describe("a joint minute follows its report, with our expert told at each step", () => {
  it("is found by our expert on the dashboard, waits for payment with the attorney told why, and goes early on the administrator's reason", async () => {
    const opposingName = "Dr Thandi Mokoena";
    const opposingEmail = `mokoena.${Date.now().toString(36)}@example.org`;

    // Its own data: a new minute on a released report that went out before payment (the administrator's override) and is still unpaid.
    const admin = await quiet(signedInPage(browser, "admin"));
    const released = await read<ListedReport[]>(admin.page, "reports.list", { status: "released" });
    let report: (ListedReport & ReportFacts) | undefined;
    const agreed = new Set(
      (await read<{ attorneyId: string; agreed: boolean }[]>(admin.page, "reports.listDeferrals", {}))
        .filter((d) => d.agreed)
        .map((d) => d.attorneyId),
    );
    for (const candidate of released) {
      const facts = await read<ReportFacts>(admin.page, "reports.get", { id: candidate.id });
      if (facts.kind !== "joint_minute" && facts.releaseOverrideReason && facts.invoice?.status !== "paid") {
        // Not a matter under the case's undertaking: its minutes would go on that deferral.
        const { caseId, attorneyId } = await read<{ caseId: string; attorneyId: string }>(admin.page, "queries.get", { id: facts.queryId });
        if (agreed.has(attorneyId) || (await read<{ agreement: unknown }>(admin.page, "receivables.caseBilling", { caseId })).agreement)
          continue;
        report = { ...candidate, ...facts };
        break;
      }
    }
    expect(report, "a released report that went out before payment").toBeDefined();
    const experts = (await read<{ items: DemoUser[] }>(admin.page, "users.list", { role: "consultant", limit: 100 })).items;
    const expertUser = experts.find((u) => fullName(u) === report!.consultantName)!;
    const attorneys = (await read<{ items: DemoUser[] }>(admin.page, "users.list", { role: "attorney", limit: 100 })).items;
    // The list names the attorney with their firm: "Name (Firm)".
    const attorneyUser = attorneys.find(
      (u) => report!.attorneyName === fullName(u) || report!.attorneyName.startsWith(`${fullName(u)} (`),
    )!;
    const minute = await post<{ id: string }>(admin.page, "jointMinutes.create", {
      reportId: report!.id,
      opposing: {
        name: opposingName,
        discipline: "Orthopaedic surgery",
        hpcsaNumber: "MP 0567890",
        practice: "Mokoena Orthopaedics, Sandton",
        email: opposingEmail,
        phone: "011 555 0123",
        instructingFirm: "State Attorney, Johannesburg",
        side: "defendant",
      },
      dueOn: null,
    });
    const found: string[] = [];

    // Our expert, on a phone: the dashboard lists the open minute, the bell says it was opened.
    const expert = await quiet(signedInPage(browser, expertUser.username, 375, 812));
    await expert.page.goto("/");
    const card = expert.page.getByRole("list", { name: "Open joint minutes" });
    await card
      .getByRole("link", { name: new RegExp(`with ${opposingName}$`) })
      .first()
      .waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(expert.page, "joint-minute-follow-expert-dashboard-375");
    found.push(...(await violations(expert.page, "expert dashboard 375")));
    await card
      .getByRole("link", { name: new RegExp(`with ${opposingName}$`) })
      .first()
      .click();
    await expert.page.waitForURL(`**/joint-minutes/${minute.id}`);
    await expert.page.getByRole("button", { name: "Add issue" }).click();
    await issueAt(expert.page, 0).getByRole("textbox", { name: "Issue 1" }).fill("Diagnosis");
    await issueAt(expert.page, 0).getByLabel("Outcome").selectOption("agreed");
    await issueAt(expert.page, 0)
      .getByLabel(/^View of /)
      .fill("Healed fracture of the right radius.");
    await expert.page.getByRole("button", { name: "Save as version 1" }).click();
    await expert.page.getByRole("button", { name: "Save as version 2" }).waitFor();

    // The opposing expert works and signs by guest link.
    const sent = await post<{ url: string }>(admin.page, "jointMinutes.sendGuestLink", { id: minute.id });
    const guest = await quiet(newPage(browser, 375, 812));
    await guest.page.goto(new URL(sent.url).pathname + new URL(sent.url).search);
    await guest.page.getByLabel("Code").fill(codeOf(await mailWith(opposingEmail, "code to open the joint minute")));
    await guest.page.getByRole("button", { name: "Open the minute" }).click();
    await issueAt(guest.page, 0)
      .getByLabel(/^View of /)
      .fill("Agreed: healed fracture of the right radius.");
    await guest.page.getByRole("button", { name: "Save as version 2" }).click();
    await guest.page.getByRole("button", { name: "Save as version 3" }).waitFor();
    await guest.page.getByRole("button", { name: "E-mail me a signing code" }).click();
    await guest.page.getByLabel(/^Your name, as recorded/).fill(opposingName);
    await guest.page.getByLabel("Code").fill(codeOf(await mailWith(opposingEmail, "code to sign version 2")));
    await guest.page.getByRole("button", { name: "Sign", exact: true }).click();
    await guest.page
      .getByText(/You signed this version|signed/i)
      .first()
      .waitFor();

    // Our expert is told of the other side's save and signature, each with a link to the minute.
    const notices = await read<{ title: string; link: string | null }[]>(expert.page, "notifications.list", {});
    const mine = notices.filter((n) => n.link === `/joint-minutes/${minute.id}`).map((n) => n.title);
    expect(mine).toEqual(
      expect.arrayContaining([
        `Joint minute opened: ${report!.reference}`,
        `Joint minute changed: ${report!.reference}`,
        `Joint minute signed by the opposing expert: ${report!.reference}`,
      ]),
    );

    // Our expert signs on a wide screen.
    const wide = await quiet(signedInPage(browser, expertUser.username));
    await wide.page.goto(`/joint-minutes/${minute.id}`);
    await wide.page.getByRole("button", { name: "E-mail me a signing code" }).click();
    const expertEmail = ((await (await wide.page.request.get("/api/user")).json()) as { email: string }).email;
    await wide.page.getByLabel(/^Your name, as recorded/).fill(fullName(expertUser));
    await wide.page.getByLabel("Code").fill(codeOf(await mailWith(expertEmail, "code to sign version 2")));
    await wide.page.getByRole("button", { name: "Sign", exact: true }).click();
    await wide.page.getByText("Signed by both experts", { exact: true }).first().waitFor();

    // The attorney of the matter, on a phone: the list and the minute say what it waits for, never "not found".
    const attorney = await quiet(signedInPage(browser, attorneyUser.username, 375, 812));
    await attorney.page.goto("/");
    // On a phone "Your areas" (the last list of the dashboard) shows three entries until "Show all".
    await attorney.page
      .getByRole("button", { name: /^Show all \d+/ })
      .last()
      .click();
    await attorney.page.getByRole("button", { name: "Joint minutes" }).click();
    await attorney.page.waitForURL("**/joint-minutes");
    await attorney.page.getByLabel("Search").fill(report!.reference);
    const row = attorney.page.getByRole("list", { name: "Joint minutes" }).getByRole("listitem").filter({ hasText: opposingName });
    await row.getByText(`Signed by both experts; it waits for the same payment as ${report!.reference}`, { exact: false }).waitFor();
    await screenshot(attorney.page, "joint-minute-follow-attorney-list-375");
    found.push(...(await violations(attorney.page, "attorney list 375")));
    await row.getByRole("link").first().click();
    await attorney.page.getByRole("heading", { name: "Not released to you yet" }).waitFor();
    await attorney.page.getByText(`it waits for the same payment as ${report!.reference}`, { exact: false }).waitFor();
    expect(await attorney.page.getByText("Healed fracture of the right radius.").count()).toBe(0);
    await screenshot(attorney.page, "joint-minute-follow-attorney-waiting-375");
    found.push(...(await violations(attorney.page, "attorney waiting 375")));

    // The administrator releases it before payment, with a reason.
    await admin.page.goto(`/joint-minutes/${minute.id}`);
    await admin.page.getByRole("button", { name: "Release before payment" }).click();
    const dialog = admin.page.getByRole("dialog");
    await dialog.getByLabel("Reason").fill("Trial on Monday; the attorney pays on receipt.");
    await screenshot(admin.page, "joint-minute-follow-early-release-1280");
    found.push(...(await violations(admin.page, "early release dialog 1280")));
    await dialog.getByRole("button", { name: "Release" }).click();
    await admin.page.getByText("Released before payment: Trial on Monday; the attorney pays on receipt.").waitFor();
    await screenshot(admin.page, "joint-minute-follow-released-1280");
    found.push(...(await violations(admin.page, "released early 1280")));

    // The attorney now reads it, with the PDF.
    await attorney.page.reload();
    await attorney.page.getByRole("link", { name: "Download PDF" }).waitFor();
    await expect.poll(() => attorney.page.getByText("Healed fracture of the right radius.").count()).toBeGreaterThan(0);

    // Staff find it in the list of joint minutes from the dashboard's areas, at 1280.
    const employee = await quiet(signedInPage(browser, "employee"));
    await employee.page.goto("/");
    await employee.page.getByRole("button", { name: "Joint minutes" }).click();
    await employee.page.waitForURL("**/joint-minutes");
    await employee.page.getByLabel("Search").fill(opposingName);
    await employee.page.getByLabel("State").selectOption("released");
    await employee.page
      .getByRole("list", { name: "Joint minutes" })
      .getByRole("link", { name: /Joint minute:/ })
      .first()
      .waitFor();
    await screenshot(employee.page, "joint-minute-follow-staff-list-1280");
    found.push(...(await violations(employee.page, "staff list 1280")));
    expect(found).toEqual([]);

    for (const p of [admin, expert, guest, wide, attorney, employee]) await p.context.close();
  }, 300_000);
});
