import type { Browser, Page } from "playwright-core";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, newPage, screenshot, signIn } from "../browser";

const PASSWORD = "Str0ng!Password";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The code an authenticator app shows for `secret`, `stepsAhead` 30-second steps from now. */
const codeFor = (secret: string, stepsAhead = 0) =>
  new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });

async function fillPassword(page: Page, username: string, password: string) {
  await page.goto("/auth");
  await page.locator("#signin-username").fill(username);
  await page.locator("#signin-password").fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

describe("two-factor sign-in", () => {
  it("an administrator enrols, signs out, and signs in with password and code; a wrong code is refused", async () => {
    // A fresh administrator of this run, so the demo accounts other suites use stay as they are.
    const username = `tf_admin_${Date.now().toString(36)}`;
    const setup = await newPage(browser);
    await signIn(setup.page, "admin");
    const created = await setup.page.evaluate(
      async ({ username, password }) => {
        const response = await fetch("/trpc/users.create", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            role: "administrator",
            username,
            email: `${username}@medlegal.example`,
            firstName: "Lindiwe",
            lastName: "Khoza",
            password,
          }),
        });
        return response.status;
      },
      { username, password: PASSWORD },
    );
    expect(created).toBe(200);
    await setup.context.close();

    const { context, page } = await newPage(browser);
    await signIn(page, username, PASSWORD);
    await page.goto("/settings?tab=security");
    await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
    const secretText = page.getByTestId("two-factor-secret");
    await secretText.waitFor();
    await expect.poll(() => page.getByRole("img", { name: "QR code for your authenticator app" }).isVisible()).toBe(true);
    await screenshot(page, "two-factor-enrol-1280");
    const secret = (await secretText.innerText()).replace(/\s/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    await page.getByLabel("Code from your app").fill(codeFor(secret));
    await page.getByRole("button", { name: "Turn on" }).click();
    await expect.poll(() => page.getByTestId("recovery-code").count()).toBe(10);
    await screenshot(page, "two-factor-recovery-codes-1280");
    await page.getByRole("button", { name: "I have saved my recovery codes" }).click();
    await expect.poll(() => page.getByText("On", { exact: true }).isVisible()).toBe(true);
    await screenshot(page, "two-factor-security-tab-on-1280");

    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL((url) => url.pathname === "/auth");

    await fillPassword(page, username, PASSWORD);
    const codeInput = page.locator("#signin-code");
    await codeInput.waitFor();
    expect(await codeInput.getAttribute("autocomplete")).toBe("one-time-code");
    expect(await codeInput.getAttribute("inputmode")).toBe("numeric");
    expect(await page.getByLabel("Two-factor code").isVisible()).toBe(true);
    await screenshot(page, "two-factor-code-step-1280");

    // A wrong code: the server's sentence, once, on the field; still on /auth.
    const right = codeFor(secret, 1);
    await codeInput.fill(right === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect
      .poll(() => page.getByText("That code is not correct. Check your authenticator app and try again.").first().isVisible())
      .toBe(true);
    expect(await page.getByText("That code is not correct. Check your authenticator app and try again.").count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe("/auth");
    await screenshot(page, "two-factor-wrong-code-1280");

    // The code of the next step (the enrolment spent this one): signed in, on the dashboard.
    await codeInput.fill(codeFor(secret, 1));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect
      .poll(() => page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "User Management" }).isVisible())
      .toBe(true);
    await context.close();

    // At 375 px: the code step, and the recovery-code toggle.
    const small = await newPage(browser, 375, 812);
    await fillPassword(small.page, username, PASSWORD);
    await small.page.locator("#signin-code").waitFor();
    await screenshot(small.page, "two-factor-code-step-375");
    await small.page.getByRole("button", { name: "Use a recovery code" }).click();
    await expect.poll(() => small.page.getByLabel("Recovery code").isVisible()).toBe(true);
    expect(await small.page.locator("#signin-code").getAttribute("autocomplete")).toBe("off");
    await small.context.close();
  });

  it("shows the Security tab to an attorney at 375 px, with the QR code to opt in", async () => {
    const { context, page } = await newPage(browser, 375, 812);
    await signIn(page, "attorney");
    await page.goto("/settings?tab=security");
    await expect.poll(() => page.getByText("Two-factor sign-in", { exact: true }).first().isVisible()).toBe(true);
    await screenshot(page, "two-factor-security-tab-375");
    await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
    await page.getByTestId("two-factor-secret").waitFor();
    await page.getByRole("img", { name: "QR code for your authenticator app" }).scrollIntoViewIfNeeded();
    await screenshot(page, "two-factor-enrol-375");
    // Leaving without a code keeps it off: the attorney still signs in with the password alone.
    await page.getByRole("button", { name: "Cancel" }).click();
    await context.close();
  });
});
