import type { Role } from "@medlegal/domain";
import { canOpenRoute, ROUTE_PERMISSIONS, sastDate, SIDEBAR } from "@medlegal/domain";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeSource, violations } from "../axe";
import { launch, newPage, screenshot, signedInPage } from "../browser";

/**
 * Every screen each role may open, checked by axe-core in Chromium: no violation of impact
 * serious or critical, under WCAG 2.2 A and AA and axe's best practices (docs/decisions.md,
 * "Accessibility and small screens"). A failure lists every violation with its rule, element, route and role.
 */

const USERNAMES: Record<Role, string> = {
  administrator: "admin",
  employee: "employee",
  attorney: "attorney",
  consultant: "consultant",
  interpreter: "interpreter",
};
const ROLES = Object.keys(USERNAMES) as Role[];

/** At 375 px: the dashboard, a list, a form and a detail page (and a calendar) per role. */
const PHONE_ROUTES: Record<Role, string[]> = {
  administrator: [
    "/",
    "/admin/users",
    "/booking-form",
    "/queries/$id",
    "/appointments",
    "/settings?tab=checklist",
    "/settings?tab=release",
    "/settings?tab=backups",
    "/manual-invoice",
    "/sa-invoice-demo",
    "/admin/payments?attorney=$attorneyId",
  ],
  employee: [
    "/",
    "/messages",
    "/messages?thread=$threadId",
    "/admin/query-management",
    "/video-conferences",
    "/call-rosters",
    "/queries/$id",
    "/admin/bookings",
    "/sla-monitoring",
    "/reports",
    "/reports/$id",
    "/invoices",
    "/invoices/$id",
    "/records",
  ],
  attorney: [
    "/",
    "/messages",
    "/messages?thread=$threadId",
    "/queries",
    "/booking-form",
    "/queries/$id",
    "/booking-form/$bookingId",
    "/cases",
    "/sla-tracking",
    "/reports",
    "/reports/$id",
    "/invoices",
    "/invoices/$id",
    "/payments",
  ],
  consultant: ["/", "/my-bookings", "/expert-availability", "/queries/$id", "/appointments", "/reports/$id", "/expert-invoice-generator"],
  interpreter: ["/my-interpreting", "/settings"],
};

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * A page with axe loaded into every document and without animations, so axe measures colours
 * as they rest, not mid-fade; signed in as `username` (one session per user for the run) or not.
 */
async function quietPage(width: number, username?: string) {
  const height = width < 640 ? 812 : 860;
  const opened = username ? await signedInPage(browser, username, width, height) : await newPage(browser, width, height);
  await opened.page.emulateMedia({ reducedMotion: "reduce" });
  await opened.context.addInitScript({ content: axeSource });
  return opened;
}

/** Waits until the page shows its data: a heading, and no spinner or loading placeholder left. */
async function settle(page: Page) {
  await page.locator("h1").first().waitFor({ state: "visible" });
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            Array.from(document.querySelectorAll<HTMLElement>('.animate-pulse, .animate-spin, [aria-busy="true"]')).filter(
              (el) => el.offsetParent !== null,
            ).length + document.getAnimations().filter((a) => a.playState === "running").length,
        ),
      { timeout: 15_000, interval: 100 },
    )
    .toBe(0);
}

async function visit(page: Page, path: string, where: string): Promise<string[]> {
  await page.goto(path);
  await settle(page);
  return violations(page, `${where} ${path}`);
}

/** Ids for the routes with parameters, among the records the signed-in role may see. */
async function routeParams(page: Page): Promise<Record<string, string>> {
  const first = async (procedure: string) => {
    const answer = await page.request.get(`/trpc/${procedure}?input=${encodeURIComponent("{}")}`);
    if (!answer.ok()) return undefined;
    return ((await answer.json()) as { result: { data: { items: { id: string; startsAt?: string }[] } } }).result.data.items[0];
  };
  const query = await first("queries.list");
  const booking = await first("bookings.list");
  // reports.list answers a plain array; the most advanced report shows the most of its page.
  const reports = await page.request.get(`/trpc/reports.list?input=${encodeURIComponent("{}")}`);
  const reportItems = reports.ok() ? ((await reports.json()) as { result: { data: { id: string; status: string }[] } }).result.data : [];
  const report = reportItems.find((r) => r.status === "in_review" || r.status === "released") ?? reportItems[0];
  // invoices.list answers { items }: the first invoice the role may see (none for a consultant without expert invoices).
  const invoice = await first("invoices.list");
  // payments.listAccounts (administrators) answers the accounts, those with money owed first.
  const accounts = await page.request.get("/trpc/payments.listAccounts");
  const account = accounts.ok()
    ? ((await accounts.json()) as { result: { data: { attorney: { id: string } }[] } }).result.data[0]
    : undefined;
  // messages.threads answers { items }: the role's most recent conversation (demo data gives every user some).
  const thread = await first("messages.threads");
  // cases.list answers a plain array: the first case the role may see (its page holds the court dates).
  const cases = await page.request.get(`/trpc/cases.list?input=${encodeURIComponent("{}")}`);
  const kase = cases.ok() ? ((await cases.json()) as { result: { data: { id: string }[] } }).result.data[0] : undefined;
  // A joint minute the role may see: the first on a released report (the demo's signed one is released to its attorney).
  let minute: { id: string } | undefined;
  for (const r of reportItems.filter((item) => item.status === "released")) {
    const listed = await page.request.get(
      `/trpc/jointMinutes.listForReport?input=${encodeURIComponent(JSON.stringify({ reportId: r.id }))}`,
    );
    minute = listed.ok()
      ? ((await listed.json()) as { result: { data: { minutes: { id: string }[] } } }).result.data.minutes[0]
      : undefined;
    if (minute) break;
  }
  // Every role that reads queries has one in the demo (the interpreter reads none: 403).
  if (!query && (await page.request.get(`/trpc/queries.list?input=${encodeURIComponent("{}")}`)).status() !== 403)
    throw new Error("The demo data gives this role no query to open");
  return {
    $id: query?.id ?? "",
    $bookingId: booking?.id ?? "",
    $roomId: "assessment-room",
    $reportId: report?.id ?? "",
    $invoiceId: invoice?.id ?? "",
    $attorneyId: account?.attorney.id ?? "",
    $bookingDay: booking?.startsAt ? sastDate(new Date(booking.startsAt)) : "",
    $threadId: thread?.id ?? "",
    $caseId: kase?.id ?? "",
    $minuteId: minute?.id ?? "",
  };
}

/** A report page's `$id` is a report's, an invoice page's an invoice's, a case page's a case's, a joint minute's a minute's, not a query's. */
const named = (path: string) =>
  path
    .replace(/^\/reports\/\$id$/, "/reports/$reportId")
    .replace(/^\/invoices\/\$id$/, "/invoices/$invoiceId")
    .replace(/^\/cases\/\$id$/, "/cases/$caseId")
    .replace(/^\/joint-minutes\/\$id$/, "/joint-minutes/$minuteId");
const withParams = (path: string, params: Record<string, string>) => named(path).replace(/\$\w+/g, (name) => params[name] ?? "");

/** Screens behind a route's tabs and views, by who may open them. */
const TAB_ROUTES: { path: string; roles: readonly Role[] }[] = [
  ...["password", "security", "notifications", "calendar"].map((tab) => ({ path: `/settings?tab=${tab}`, roles: ROLES })),
  ...["agency", "sla", "holidays", "checklist", "release", "video", "backups"].map((tab) => ({
    path: `/settings?tab=${tab}`,
    roles: ["administrator"] as const,
  })),
  { path: "/audit-trail?tab=reads", roles: ["administrator"] },
  // The records page's register of holders and their pace, behind the desk (issue 40).
  { path: "/records?tab=holders", roles: ["administrator", "employee"] },
  { path: "/records?tab=checklists", roles: ["administrator"] },
  // Payment Management with an attorney's account open (record, allocate, proofs, statement).
  { path: "/admin/payments?attorney=$attorneyId", roles: ["administrator"] },
  // /messages with a conversation open (the list and the conversation side by side).
  { path: "/messages?thread=$threadId", roles: ROLES },
  // A day with an assessment, in the calendar's week and day views.
  ...["week", "day"].map((view) => ({ path: `/appointments?view=${view}&date=$bookingDay`, roles: ROLES })),
];

/** Every route the role may open, and its tabs and views, parameters filled in. */
function routesOf(role: Role, params: Record<string, string>): string[] {
  const pages = Object.keys(ROUTE_PERMISSIONS).map((path) => ({ path, opens: canOpenRoute(role, path) }));
  const tabs = TAB_ROUTES.map(({ path, roles }) => ({ path, opens: (roles as readonly Role[]).includes(role) }));
  return [...pages, ...tabs]
    .filter(({ path, opens }) => opens && (named(path).match(/\$\w+/g) ?? []).every((name) => params[name]))
    .map(({ path }) => withParams(path, params));
}

describe("accessibility: no serious or critical axe violation", () => {
  it("on the public screens at 1280 and 375 px", async () => {
    const found: string[] = [];
    for (const width of [1280, 375]) {
      const { context, page } = await quietPage(width);
      for (const path of [
        "/auth",
        "/auth?signedOut=inactive",
        "/reset-password",
        "/reset-password?token=not-a-real-token",
        "/confirm-sign-up?token=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
        "/confirm-sign-up",
        "/join/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA?token=v1.not-a-real-token",
        "/no-such-page",
        "/joint-minute?token=not-a-real-token",
        "/bundle?token=not-a-real-token",
      ]) {
        found.push(...(await visit(page, path, `signed out @${width}`)));
      }
      await page.goto("/auth");
      await settle(page);
      await page.getByRole("tab", { name: "Sign Up" }).click();
      await page.getByText("Attorney", { exact: true }).click();
      found.push(...(await violations(page, `signed out @${width} /auth sign-up (attorney)`)));
      await page.getByText("Medical Consultant", { exact: true }).click();
      found.push(...(await violations(page, `signed out @${width} /auth sign-up (consultant)`)));
      await page.getByRole("tab", { name: "Sign In" }).click();
      await page.getByRole("button", { name: /forgot password/i }).click();
      await page.getByRole("dialog").waitFor();
      found.push(...(await violations(page, `signed out @${width} /auth forgot password`)));
      await context.close();
    }
    expect(found).toEqual([]);
  }, 90_000);

  it.each(ROLES)(
    "on every route the %s may open at 1280 px, and in the header's menus",
    async (role) => {
      const { context, page } = await quietPage(1280, USERNAMES[role]);
      const found: string[] = [];
      for (const path of routesOf(role, await routeParams(page))) found.push(...(await visit(page, path, `${role} @1280`)));

      await page.goto("/");
      await settle(page);
      await page.getByRole("button", { name: /^Notifications/ }).click();
      await page.getByRole("dialog", { name: "Notifications" }).waitFor();
      found.push(...(await violations(page, `${role} @1280 notification bell`)));
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: /^Account menu/ }).click();
      await page.getByRole("menu").waitFor();
      found.push(...(await violations(page, `${role} @1280 user menu`)));
      await context.close();
      expect(found).toEqual([]);
    },
    150_000,
  );

  it.each(ROLES)(
    "on the %s's dashboard, a list, a form and a detail at 375 px, and in the menu",
    async (role) => {
      const { context, page } = await quietPage(375, USERNAMES[role]);
      const params = await routeParams(page);
      const found: string[] = [];
      for (const path of PHONE_ROUTES[role]) found.push(...(await visit(page, withParams(path, params), `${role} @375`)));

      await page.goto("/");
      await settle(page);
      const menuButton = page.getByRole("button", { name: "Open menu" });
      await menuButton.click();
      const drawer = page.getByRole("dialog", { name: "Navigation" });
      await drawer.waitFor();
      // The menu opens on its first entry (not on Sign Out), and Escape returns to the menu button.
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(SIDEBAR[role][0]!.label);
      found.push(...(await violations(page, `${role} @375 menu`)));
      await page.keyboard.press("Escape");
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-controls"))).toBe("mobile-sidebar");
      await context.close();
      expect(found).toEqual([]);
    },
    90_000,
  );

  it("on a case's records for staff: a request opened with its next step, and the request dialog, at 1280 and 375 px (issue 40)", async () => {
    const found: string[] = [];
    for (const width of [1280, 375]) {
      const { context, page } = await quietPage(width, "employee");
      // The demo's Khumalo case holds requests in several states, a deemed refusal among them.
      const cases = await page.request.get(`/trpc/cases.list?input=${encodeURIComponent("{}")}`);
      const kase = ((await cases.json()) as { result: { data: { id: string; patientName: string }[] } }).result.data.find((c) =>
        c.patientName.includes("Khumalo"),
      );
      await visit(page, `/cases/${kase!.id}`, `employee @${width}`);
      const section = page.locator("section[aria-labelledby=records-case-heading]");
      await section
        .getByRole("button", { name: /^Details: / })
        .last()
        .click();
      await section.getByRole("form", { name: "Record the next step" }).waitFor();
      await settle(page);
      found.push(...(await violations(page, `employee @${width} a case's records request opened`)));
      await section.getByRole("button", { name: "Request records" }).click();
      await page.getByRole("dialog", { name: "Request records" }).getByLabel("Holder of the records").waitFor();
      found.push(...(await violations(page, `employee @${width} the request records dialog`)));
      await screenshot(page, `records-request-dialog-employee-${width}`);
      await context.close();
    }
    expect(found).toEqual([]);
  }, 90_000);

  it("offers a skip link as the first tab stop, visible on focus, that moves to the content", async () => {
    const { context, page } = await quietPage(1280, "consultant");
    await page.goto("/my-bookings");
    await settle(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect.poll(() => skip.evaluate((el) => el === document.activeElement)).toBe(true);
    const box = await skip.boundingBox();
    expect(box!.width).toBeGreaterThan(100);
    expect(box!.height).toBeGreaterThan(20);
    await screenshot(page, "skip-link-focused-1280");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("main");
    expect(new URL(page.url()).pathname).toBe("/my-bookings");
    await context.close();
  }, 30_000);

  it("in the dialogs and pickers: new case, claimant, query and user, free slots, the day board", async () => {
    const found: string[] = [];

    const attorney = await quietPage(1280, "attorney");
    for (const [path, button] of [
      ["/cases", "New case"],
      ["/patients", "New claimant"],
      ["/queries", "New query"],
    ] as const) {
      await attorney.page.goto(path);
      await settle(attorney.page);
      const opener = attorney.page.getByRole("button", { name: button, exact: true }).first();
      await opener.click();
      await attorney.page.getByRole("dialog", { name: button }).waitFor();
      found.push(...(await violations(attorney.page, `attorney @1280 ${path} dialog "${button}"`)));
      // Closing the dialog returns focus to the button that opened it.
      await attorney.page.keyboard.press("Escape");
      await expect.poll(() => attorney.page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(button);
    }

    // The booking form with a consultant's free slots.
    await attorney.page.goto("/booking-form");
    await settle(attorney.page);
    const bookingQuery = attorney.page.locator("#booking-query");
    await bookingQuery.locator("option", { hasText: "Sibusiso Khumalo" }).waitFor({ state: "attached" });
    await bookingQuery.selectOption((await bookingQuery.locator("option", { hasText: "Sibusiso Khumalo" }).getAttribute("value"))!);
    // Only the experts who accepted the query are offered.
    const expertSelect = attorney.page.locator("#booking-expert");
    await expertSelect.locator("option", { hasText: "Megan Smith" }).waitFor({ state: "attached" });
    await expertSelect.selectOption({ label: "Megan Smith (Occupational Therapist)" });
    await attorney.page.locator("button[aria-pressed]").first().waitFor();
    await settle(attorney.page);
    found.push(...(await violations(attorney.page, "attorney @1280 /booking-form free slots")));
    await screenshot(attorney.page, "a11y-booking-slots-attorney-1280");
    await attorney.context.close();

    const admin = await quietPage(1280, "admin");
    await admin.page.goto("/admin/users");
    await settle(admin.page);
    await admin.page.getByRole("button", { name: "New user", exact: true }).click();
    await admin.page.getByRole("dialog", { name: "New user" }).waitFor();
    found.push(...(await violations(admin.page, `administrator @1280 /admin/users dialog "New user"`)));

    // Messages, "New message": subject, the people found by name, internal, the first message.
    await admin.page.goto("/messages");
    await settle(admin.page);
    await admin.page.getByRole("button", { name: "New message", exact: true }).click();
    await admin.page.getByRole("dialog", { name: "New message" }).waitFor();
    await admin.page.getByRole("list", { name: "People you can add" }).getByRole("button").first().click();
    await admin.page.getByRole("list", { name: "Chosen recipients" }).waitFor();
    found.push(...(await violations(admin.page, `administrator @1280 /messages dialog "New message"`)));
    await screenshot(admin.page, "a11y-new-message-1280");
    await admin.page.keyboard.press("Escape");

    // Settings, "Release on approval": recording an agreement asks for a note.
    await admin.page.goto("/settings?tab=release");
    await settle(admin.page);
    await admin.page
      .getByRole("button", { name: /^Record agreement: / })
      .first()
      .click();
    await admin.page.getByRole("dialog", { name: "Record a release-on-approval agreement" }).waitFor();
    found.push(
      ...(await violations(admin.page, `administrator @1280 /settings?tab=release dialog "Record a release-on-approval agreement"`)),
    );
    await admin.page.keyboard.press("Escape");

    // The expert appointment scheduler with its suggested days and day board.
    await admin.page.goto("/expert-appointment-scheduler");
    await settle(admin.page);
    const querySelect = admin.page.locator("#scheduler-query");
    await querySelect.locator("option:not([value=''])").first().waitFor({ state: "attached" });
    // The first open query whose chosen experts share a free day (some have every expert booked already).
    const suggested = admin.page.getByRole("list", { name: "Suggested days" });
    const noDay = admin.page.getByText("No day in these four weeks", { exact: false });
    for (const value of await querySelect
      .locator("option:not([value=''])")
      .evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value))) {
      const reference = (await querySelect.locator(`option[value="${value}"]`).textContent())!.split(" — ")[0]!;
      await querySelect.selectOption(value);
      // Each specialization offers only the expert who accepted it; wait for this query's card.
      await admin.page.getByRole("link", { name: reference, exact: true }).waitFor();
      await admin.page.getByRole("list", { name: "Requested experts" }).waitFor();
      // Days, no day, or no day card at all (consent missing, every expert booked already, or nobody accepted yet).
      const dayCard = admin.page.getByText("Day and times", { exact: true });
      let outcome = "pending";
      await expect
        .poll(
          async () =>
            (outcome = (await suggested.isVisible())
              ? "days"
              : (await noDay.isVisible()) || !(await dayCard.isVisible())
                ? "none"
                : "pending"),
        )
        .not.toBe("pending");
      if (outcome === "days") break;
    }
    const day = suggested.getByRole("button").first();
    await day.click();
    await settle(admin.page);
    found.push(...(await violations(admin.page, "administrator @1280 /expert-appointment-scheduler day board")));
    await screenshot(admin.page, "a11y-scheduler-admin-1280");
    await admin.context.close();

    expect(found).toEqual([]);
  }, 120_000);
});
