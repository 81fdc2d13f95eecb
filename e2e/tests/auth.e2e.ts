import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIDEBAR, SIDEBAR_MORE } from "@medlegal/domain";
import { violations } from "../axe";
import { launch, mailTo, newPage, screenshot, signedInPage, signIn } from "../browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe("signing up and in", () => {
  it("signs up an attorney, confirms the e-mail through the mailed link and lands on the dashboard", async () => {
    const { context, page } = await newPage(browser);
    const n = Date.now().toString(36);
    await page.goto("/auth");
    await expect.poll(() => page.title()).toBe("Sign In");
    await page.getByRole("tab", { name: "Sign Up" }).click();
    await page.getByText("Attorney", { exact: true }).click();
    await page.locator("#signup-firstName").fill("Naledi");
    await page.locator("#signup-lastName").fill("Mahlangu");
    await page.locator("#signup-username").fill(`naledi_${n}`);
    await page.locator("#signup-email").fill(`naledi_${n}@firm.example`);
    await page.locator("#signup-password").fill("Str0ng!Password");
    await page.locator("#signup-confirmPassword").fill("Str0ng!Password");
    await expect.poll(() => page.getByText("Password meets all requirements").isVisible()).toBe(true);
    await expect.poll(() => page.getByText("Passwords match").isVisible()).toBe(true);
    await page.locator("#signup-firmName").fill("Mahlangu Attorneys");
    await page.locator("#signup-gender").selectOption("female");
    await page.locator("#signup-birthDate").fill("1988-03-14");
    await page.getByLabel("Address 1", { exact: true }).fill("5 Church Street, Pretoria");
    await page.getByLabel("Email address 1", { exact: true }).fill(`office_${n}@firm.example`);
    await page.getByLabel("Phone number 1", { exact: true }).fill("+27 12 555 0111");
    const create = page.getByRole("button", { name: "Create Account" });
    await expect.poll(() => create.isEnabled()).toBe(true);
    await screenshot(page, "sign-up-attorney-1280");
    await create.click();
    await expect.poll(() => page.getByRole("heading", { name: "One more step" }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(`naledi_${n}@firm.example`).isVisible()).toBe(true);
    await screenshot(page, "sign-up-sent-1280");
    const mail = await mailTo(`naledi_${n}@firm.example`);
    const link = /https?:\/\/\S+\/confirm-sign-up\?token=[A-Za-z0-9_-]+/.exec(mail)?.[0];
    expect(link).toBeDefined();
    await page.goto(new URL(link!).pathname + new URL(link!).search);
    await expect.poll(() => page.getByRole("heading", { name: "Finish creating your account" }).isVisible()).toBe(true);
    await screenshot(page, "confirm-sign-up-1280");
    await page.getByRole("button", { name: "Create my account" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect.poll(() => page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "My Cases" }).isVisible()).toBe(true);
    await screenshot(page, "dashboard-new-attorney-1280");
    await context.close();
  });

  // On the suite's shared sessions: the server allows 30 sign-ins per 15 minutes from one address, and
  // the form's sign-in is the other tests' subject here.
  it.each(["admin", "employee", "attorney", "consultant", "interpreter"] as const)(
    "shows %s exactly that role's sidebar once signed in",
    async (username) => {
      const { context, page } = await signedInPage(browser, username);
      const role = (
        {
          admin: "administrator",
          employee: "employee",
          attorney: "attorney",
          consultant: "consultant",
          interpreter: "interpreter",
        } as const
      )[username];
      const nav = page.getByRole("navigation", { name: "Main" });
      await nav.getByRole("link").first().waitFor();
      const labels = (await nav.getByRole("link").allInnerTexts()).map((text) => text.split("\n")[0]!.trim());
      expect(labels).toEqual(SIDEBAR[role].map((entry) => entry.label));
      await expect.poll(() => page.getByText("2.1.0").first().isVisible()).toBe(true);
      await screenshot(page, `dashboard-${username}-1280`);
      await context.close();
    },
  );

  it.each(["admin", "employee", "attorney", "consultant"] as const)(
    "shows %s the second group below the spec's entries: the trial calendar, day sheets, cases and the records register for those who use them (issues 37, 40)",
    async (username) => {
      const { context, page } = await signedInPage(browser, username);
      const role = ({ admin: "administrator", employee: "employee", attorney: "attorney", consultant: "consultant" } as const)[username];
      await page.getByRole("navigation", { name: "Main" }).getByRole("link").first().waitFor();
      const more = page.getByRole("navigation", { name: "More" });
      if (SIDEBAR_MORE[role].length === 0) {
        expect(await more.count()).toBe(0);
      } else {
        expect((await more.getByRole("link").allInnerTexts()).map((text) => text.trim())).toEqual(
          SIDEBAR_MORE[role].map((entry) => entry.label),
        );
        // Each entry opens its page, which the role may open.
        await more.getByRole("link", { name: "Trial Calendar" }).click();
        await page.waitForURL((url) => url.pathname === "/trial-calendar");
        await page.getByRole("heading", { level: 1, name: /trial/i }).waitFor();
        expect(await page.getByText("You don't have access to this page").count()).toBe(0);
        await screenshot(page, `sidebar-more-${username}-1280`);
        expect(await violations(page, `the sidebar's More group (${username})`)).toEqual([]);
      }
      await context.close();
    },
  );

  it("shows the 'Session Expired' toast and resets the URL to /auth", async () => {
    const { context, page } = await newPage(browser);
    await page.goto("/auth?sessionExpired=true");
    await expect.poll(() => page.getByText("Session Expired", { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText("Your session has expired. Please log in again to continue.").isVisible()).toBe(true);
    await expect.poll(() => new URL(page.url()).search).toBe("");
    expect(new URL(page.url()).pathname).toBe("/auth");
    await context.close();
  });

  it("sends a signed-in user whose session ended on the server to /auth with the Session Expired toast", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, "attorney");
    // The session ends elsewhere (another tab signs out); the next call answers 401.
    await page.request.post("/api/logout", { headers: { origin: new URL(page.url()).origin } });
    // No navigation of the test's own: the bell's 5-second poll is the next call, and a goto here
    // would race the app's own redirect.
    await page.waitForURL((url) => url.pathname === "/auth", { timeout: 15_000 });
    await expect.poll(() => page.getByText("Session Expired", { exact: true }).isVisible()).toBe(true);
    await context.close();
  });

  it("sends a reset link from the Forgot password dialog without submitting the Sign In form behind it", async () => {
    const { context, page } = await newPage(browser);
    const logins: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/login")) logins.push(request.url());
    });
    await page.goto("/auth");
    // Whatever sits in the Sign In fields, the dialog's button only sends the reset link.
    await page.locator("#signin-username").fill("attorney");
    await page.locator("#signin-password").fill("Wrong!Password1");
    await page.getByRole("button", { name: "Forgot password?" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Email").fill("attorney@medlegal.example");
    await dialog.getByRole("button", { name: "Send reset link" }).click();
    await expect.poll(() => page.getByText("Reset link sent", { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(logins).toEqual([]);
    expect(await page.getByText("Login failed").count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe("/auth");
    await context.close();
  });

  it("says why on /auth after the inactivity sign-out, and tidies the address", async () => {
    const { context, page } = await newPage(browser, 375);
    // The app signs out after 15 idle minutes and comes here with this address.
    await page.goto("/auth?signedOut=inactive");
    const note = page.getByRole("status").filter({ hasText: "You were signed out after 15 minutes without activity" });
    await expect.poll(() => note.isVisible()).toBe(true);
    await expect.poll(() => new URL(page.url()).search).toBe("");
    // The form arrives after the page's text (docs/decisions.md, "Performance"): shot once it is there.
    await page.getByLabel("Username").waitFor();
    await screenshot(page, "auth-after-inactivity-375");
    await page.goto("/auth");
    expect(await page.getByText("You were signed out after 15 minutes").count()).toBe(0);
    await context.close();
  });

  it("shows the 404 screen for an unknown path", async () => {
    const { context, page } = await newPage(browser);
    await page.goto("/no-such-page");
    await expect.poll(() => page.getByRole("heading", { name: "404 Page Not Found" }).isVisible()).toBe(true);
    expect(await page.getByText("Did you forget to add the page to the router?").isVisible()).toBe(true);
    await context.close();
  });

  it("signs out from the user menu and returns to /auth, not to 'Session Expired'; protected pages then redirect", async () => {
    const { context, page } = await newPage(browser);
    const streamOpened = page.waitForRequest((request) => request.url().includes("/trpc/live.events"));
    await signIn(page, "employee");
    await streamOpened;
    const addresses: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) addresses.push(frame.url());
    });
    // The sign-out ends the tab's live stream on the server (or the page closes it): either way,
    // that 401 is the sign-out the user asked for, not an expired session.
    const streamEnded = new Promise<void>((resolve) => {
      const ended = (request: { url(): string }) => {
        if (request.url().includes("/trpc/live.events")) resolve();
      };
      page.on("requestfinished", ended);
      page.on("requestfailed", ended);
    });
    await page
      .getByRole("button", { name: /account menu|user menu|Priya/i })
      .first()
      .click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await page.waitForURL((url) => url.pathname === "/auth");
    await streamEnded;
    await page.getByLabel("Username").waitFor();
    expect(addresses.filter((address) => address.includes("sessionExpired"))).toEqual([]);
    expect(await page.getByText("Session Expired").count()).toBe(0);
    await page.goto("/admin/query-management");
    await page.waitForURL((url) => url.pathname === "/auth");
    await context.close();
  });

  it("keeps a logged-in user away from /auth", async () => {
    const { context, page } = await signedInPage(browser, "consultant");
    await page.goto("/auth");
    await page.waitForURL((url) => url.pathname === "/");
    await context.close();
  });
});

describe("the shell at 375 px", () => {
  it("hides the sidebar behind a menu button that toggles it", async () => {
    const { context, page } = await signedInPage(browser, "attorney", 375, 812);
    const nav = page.getByRole("navigation", { name: "Main" });
    await screenshot(page, "dashboard-attorney-375");
    expect(await nav.getByRole("link", { name: "My Cases" }).isVisible()).toBe(false);
    await page.getByRole("button", { name: /menu/i }).first().click();
    await expect.poll(() => nav.getByRole("link", { name: "My Cases" }).isVisible()).toBe(true);
    await screenshot(page, "sidebar-open-attorney-375");
    await context.close();
  });

  it("shows the bell with 9+ for the demo attorney and lists at most 10", async () => {
    const { context, page } = await signedInPage(browser, "attorney");
    const bell = page.getByRole("button", { name: /notifications/i }).first();
    await expect.poll(() => bell.innerText()).toContain("9+");
    await bell.click();
    const latest = page.getByRole("dialog").getByRole("list", { name: "Latest notifications" });
    await expect.poll(() => latest.getByRole("listitem").count()).toBe(10);
    await expect.poll(() => page.getByRole("dialog").getByRole("link", { name: "View all notifications" }).isVisible()).toBe(true);
    // The bell's name says what its badge shows; marking one read takes one off the panel's count.
    expect(await bell.getAttribute("aria-label")).toBe("Notifications, 9+ unread");
    const count = page.getByRole("dialog").getByText(/^\d+ unread$/);
    const unread = Number((await count.innerText()).split(" ")[0]);
    expect(unread).toBeGreaterThan(9);
    await latest
      .getByRole("button", { name: /^Mark ".*" as read$/ })
      .first()
      .click();
    await expect.poll(() => count.innerText()).toBe(`${unread - 1} unread`);
    await screenshot(page, "bell-open-attorney-1280");
    await context.close();
  });
});
