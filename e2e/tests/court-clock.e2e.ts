import { addDays, addMonths, backwardPlan, isCourtDay, sastDate } from "@medlegal/domain";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { violations } from "../axe";
import { launch, screenshot, signedInPage, post } from "../browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A RAF case of the signed-in attorney with one query asking for two disciplines, made through the API. */
async function caseWithTwoDisciplines(page: Page) {
  const tag = Date.now().toString(36);
  const kase = await post<{ id: string; reference: string }>(page, "cases.create", {
    claimType: "raf",
    incidentDate: "2024-05-10",
    newClaimant: {
      firstName: "Thandi",
      lastName: `Court${tag}`,
      passportNumber: `CC${tag}`.slice(0, 20),
      birthDate: "1988-04-02",
      gender: "female",
      homeLanguage: "English",
    },
  });
  const specs = (await (await page.request.get("/trpc/specializations.listActive")).json()).result.data as { id: string; name: string }[];
  const chosen = specs.slice(0, 2);
  await post(page, "queries.create", {
    caseId: kase.id,
    subject: "Court clock assessments",
    instructions: "Assess for trial",
    specializationIds: chosen.map((s) => s.id),
  });
  return { kase, disciplines: chosen.map((s) => s.name) };
}

describe("the court's clock on a case", () => {
  for (const width of [1280, 375]) {
    it(`an attorney sets a trial date and sees each discipline's latest report date and the readiness, at ${width} px`, async () => {
      const { context, page } = await signedInPage(browser, "attorney", width);
      const { kase, disciplines } = await caseWithTwoDisciplines(page);
      // About six months ahead: the assessment is months away, but no expert has a booking yet (amber).
      let trial = addMonths(sastDate(new Date()), 6);
      while (!isCourtDay(trial)) trial = addDays(trial, 1);
      const expected = backwardPlan(trial).find((s) => s.step === "report")!.dueOn;

      await page.goto("/cases");
      await page.getByRole("link", { name: kase.reference, exact: true }).click();
      await page.getByRole("heading", { name: "Court dates" }).waitFor();
      await expect.poll(() => page.getByText("Enter the trial date").isVisible()).toBe(true);
      await page.getByLabel("Trial date").fill(trial);
      await page.getByLabel("Court", { exact: true }).selectOption("gauteng_johannesburg");
      await page.getByRole("button", { name: "Save court dates" }).click();

      const plan = page.getByRole("list", { name: "Plan per discipline" });
      await plan.waitFor();
      const reportDay = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(
        new Date(`${expected}T00:00:00Z`),
      );
      for (const name of disciplines) {
        const item = plan.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
        await expect.poll(() => item.isVisible()).toBe(true);
        expect(await item.getByText("Amber: at risk").isVisible()).toBe(true);
        expect(await item.textContent()).toContain("The expert has no booking yet");
        expect(await item.textContent()).toContain("Latest report");
        expect(await item.textContent(), `latest report ${expected}`).toMatch(new RegExp(reportDay.replace(/\s+/g, "\\s+")));
      }
      expect(await page.getByRole("list", { name: "Why" }).textContent()).toContain("no booking");
      await page.getByRole("heading", { name: "Readiness for trial" }).scrollIntoViewIfNeeded();
      await screenshot(page, `court-clock-${width}`);
      expect(await violations(page, `/cases/${kase.id} at ${width}`)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await context.close();
    }, 120_000);
  }
});

describe("the court's clock across matters", () => {
  it("the case manager sees the matter amber on the dashboard and on the trial calendar, with the reason, at 1280 and 375 px", async () => {
    const attorney = await signedInPage(browser, "attorney", 1280);
    const { kase } = await caseWithTwoDisciplines(attorney.page);
    let trial = addMonths(sastDate(new Date()), 6);
    while (!isCourtDay(trial)) trial = addDays(trial, 1);
    await post(attorney.page, "courtClock.setDates", {
      caseId: kase.id,
      vehicleIdentified: true,
      rafLodgedOn: null,
      summonsServedOn: null,
      trialDate: trial,
      courtDivision: "western_cape",
      preTrialDate: null,
    });
    // The attorney's dashboard lists their nearest court deadlines.
    await attorney.page.goto("/");
    await expect.poll(() => attorney.page.getByRole("list", { name: "Nearest court deadlines" }).isVisible()).toBe(true);
    await attorney.context.close();

    for (const width of [1280, 375]) {
      const { context, page } = await signedInPage(browser, "employee", width);
      await page.goto("/");
      const line = page.getByText(/^Trials ahead: \d+\./);
      await expect.poll(() => line.isVisible()).toBe(true);
      expect(await line.locator("..").textContent()).toMatch(/\d+ red, \d+ amber/);
      await page.getByRole("link", { name: "Open the trial calendar" }).click();
      await page.getByRole("heading", { name: "Trial calendar" }).waitFor();
      const row = page
        .getByRole("list", { name: "Upcoming trials" })
        .getByRole("listitem")
        .filter({ has: page.getByRole("link", { name: kase.reference, exact: true }) });
      await expect.poll(() => row.isVisible()).toBe(true);
      expect(await row.getByText("Amber: at risk").isVisible()).toBe(true);
      expect(await row.textContent()).toContain("The expert has no booking yet");
      expect(await row.textContent()).toContain("Western Cape");
      await row.scrollIntoViewIfNeeded();
      await screenshot(page, `trial-calendar-${width}`);
      expect(await violations(page, `/trial-calendar at ${width}`)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await context.close();
    }
  }, 120_000);
});

describe("the court clock's settings", () => {
  it("an administrator changes a division's offset in Settings, at 375 px", async () => {
    const { context, page } = await signedInPage(browser, "admin", 375);
    await page.goto("/settings?tab=sla");
    const division = page.getByRole("group", { name: "Free State Division" });
    await division.waitFor();
    const report = division.getByLabel(/Latest report/);
    const before = await report.inputValue();
    await report.fill(String(Number(before) + 1));
    await page.getByRole("form", { name: "Court clock" }).getByRole("button", { name: "Save changes" }).click();
    await expect.poll(() => page.getByText("Court clock saved").first().isVisible()).toBe(true);
    await division.scrollIntoViewIfNeeded();
    await screenshot(page, "court-clock-settings-375");
    expect(await violations(page, "/settings?tab=sla at 375")).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.reload();
    expect(
      await page
        .getByRole("group", { name: "Free State Division" })
        .getByLabel(/Latest report/)
        .inputValue(),
    ).toBe(String(Number(before) + 1));
    await context.close();
  }, 60_000);
});

describe("a stale report", () => {
  /** The demo's stale report: Ayesha Govender's, released long before her trial. */
  async function staleOnCase(page: Page) {
    await page.goto("/cases");
    await page
      .getByRole("listitem")
      .filter({ hasText: "Ayesha Govender" })
      .first()
      .getByRole("link", { name: /^CASE-/ })
      .click();
    // The discipline's item in the case's plan (the reason may also show in other cards on the page).
    const item = page
      .getByRole("list", { name: "Plan per discipline" })
      .getByRole("listitem")
      .filter({ hasText: /Needs an addendum:/ })
      .first();
    await expect.poll(() => item.isVisible()).toBe(true);
    return item;
  }
  /** Fills in what the addendum must cover (after the empty try is refused) and reaches the confirmation. */
  async function askFor(page: Page, scope: string) {
    const dialog = page.getByRole("dialog", { name: /^Request an addendum to / });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Review the request" }).click();
    await expect.poll(() => dialog.getByText(/^Say what the addendum must cover/).isVisible()).toBe(true);
    await dialog.getByLabel(/What must the addendum cover\?/).fill(scope);
    await dialog.getByRole("button", { name: "Review the request" }).click();
    const confirm = page.getByRole("dialog", { name: "Send this request to the expert?" });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(scope);
    expect(await confirm.textContent()).toMatch(/due by 17:00 on (Mon|Tue|Wed|Thu|Fri) \d{1,2} \w{3} \d{4}\./);
    return confirm;
  }

  it("staff request an addendum from the case page, saying what it must cover and confirming, on the same expert, at 1280 px", async () => {
    const { context, page } = await signedInPage(browser, "employee", 1280);
    const item = await staleOnCase(page);
    // Amber, never green beside the flag.
    expect(await item.getByText("Amber: at risk").isVisible()).toBe(true);
    const expert = (await item.locator("p.text-xs").first().textContent())!.split(" · ")[1]!;
    await item.getByRole("button", { name: "Request an addendum" }).click();
    const scope = "Update the prognosis and the future medical costs for the trial.";
    const confirm = await askFor(page, scope);
    await screenshot(page, "addendum-confirm-1280");
    expect(await violations(page, "addendum confirmation at 1280")).toEqual([]);
    await confirm.getByRole("button", { name: "Request the addendum" }).click();
    await page.waitForURL(/\/reports\/[0-9a-f-]{36}$/);
    // The addendum's page shows what it must cover, and names the same expert.
    await expect.poll(() => page.getByText(scope).isVisible()).toBe(true);
    expect(await page.locator("main").textContent()).toContain(expert);
    // Back on the case, the flag names the addendum requested instead of offering another.
    const again = await staleOnCase(page);
    await expect.poll(async () => (await again.textContent()) ?? "").toMatch(/Addendum RPT-\d{4}-\d{5} requested\./);
    expect(await again.getByRole("button", { name: "Request an addendum" }).count()).toBe(0);
    await context.close();
  }, 90_000);

  it("the report page asks the same, and nothing is sent until confirmed, at 375 px", async () => {
    const { context, page } = await signedInPage(browser, "employee", 375);
    const item = await staleOnCase(page);
    await item.getByRole("link", { name: "Open the report" }).click();
    await page.waitForURL(/\/reports\/[0-9a-f-]{36}$/);
    const linkedBefore = await page.getByText(/^RPT-\d{4}-\d{5}$/).count();
    await page.getByRole("button", { name: "Request an addendum" }).click();
    const confirm = await askFor(page, "Comment on the new MRI of the lumbar spine.");
    await screenshot(page, "addendum-confirm-375");
    expect(await violations(page, "addendum confirmation at 375")).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // Back, then cancel: nothing was requested.
    await confirm.getByRole("button", { name: "Back" }).click();
    await page
      .getByRole("dialog", { name: /^Request an addendum to / })
      .getByRole("button", { name: "Cancel" })
      .click();
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    expect(await page.getByText(/^RPT-\d{4}-\d{5}$/).count()).toBe(linkedBefore);
    await context.close();
  }, 90_000);
});
