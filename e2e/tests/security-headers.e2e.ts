import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, newPage, screenshot, signIn } from "../browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

/** Every Content-Security-Policy violation the page reports, as event and as console error. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy|Refused to/i.test(message.text())) consoleErrors.push(message.text());
  });
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      window.cspViolations!.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || "inline"} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
  });
  return async () => [...consoleErrors, ...((await page.evaluate(() => window.cspViolations)) ?? [])];
}

describe("the built app under its Content-Security-Policy", () => {
  it("serves the policy and runs /auth, a dialog, the dashboard and a menu without a violation", async () => {
    const { context, page } = await newPage(browser);
    const violations = await watchCsp(page);

    const shell = await page.goto("/auth");
    const headers = shell!.headers();
    expect(headers["content-security-policy"]).toContain("script-src 'self'");
    expect(headers["x-frame-options"]).toBe("DENY");
    await expect.poll(() => page.title()).toBe("Sign In");

    // Radix dialogs lock scrolling with a <style> element added at run time.
    await page.getByRole("button", { name: "Forgot password?" }).click();
    await expect.poll(() => page.getByRole("dialog", { name: "Reset your password" }).isVisible()).toBe(true);
    await screenshot(page, "csp-forgot-password-dialog-1280");
    await page.keyboard.press("Escape");

    await signIn(page, "admin");
    await expect.poll(() => page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(true);
    await page.getByRole("button", { name: /Account menu for/ }).click();
    await expect.poll(() => page.getByRole("menu").isVisible()).toBe(true);
    await screenshot(page, "csp-dashboard-menu-1280");
    await page.keyboard.press("Escape");

    expect(await violations()).toEqual([]);
    await context.close();
  });
});
