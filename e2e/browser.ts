import { existsSync, mkdirSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { chromium } from "playwright-core";
import { inject } from "vitest";

export const DEMO_PASSWORD = "Demo@Password1";
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const ARTIFACTS = resolve(import.meta.dirname, "artifacts");

/** Debian's Chromium, headless, with the flags this machine's closed network needs (and any a test adds). */
export async function launch(extraArgs: string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
      ...extraArgs,
    ],
  });
}

export const baseUrl = () => inject("baseUrl");

/** The latest mail the server wrote to `to` (an .eml file: headers, then the quoted-printable text), waiting for it to arrive. */
export async function mailTo(to: string): Promise<string> {
  const directory = inject("mailDir");
  for (let i = 0; i < 100; i++) {
    const names = existsSync(directory) ? (await readdir(directory)).sort().reverse() : [];
    for (const name of names) {
      const text = (await readFile(join(directory, name), "utf8"))
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      if (new RegExp(`^To: ${to.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`, "mi").test(text)) return text;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No mail to ${to} arrived`);
}

export async function newPage(browser: Browser, width = 1280, height = 860): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width, height } });
  const page = await context.newPage();
  return { context, page };
}

export async function signIn(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.goto("/auth");
  await page.locator("#signin-username").fill(username);
  await page.locator("#signin-password").fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  // Every role lands on "/" except the interpreter, who has no dashboard (My Interpreting instead).
  await page.waitForURL((url) => url.pathname === "/" || url.pathname === "/my-interpreting");
}

/**
 * A page signed in as `username` and on the dashboard, reusing that user's session for the whole
 * run (every file): the server counts 30 sign-ins per 15 minutes from one address, and the suite
 * signs in from one. For tests that neither test signing in nor sign out.
 */
export async function signedInPage(
  browser: Browser,
  username: string,
  width = 1280,
  height = 860,
): Promise<{ context: BrowserContext; page: Page }> {
  const stored = join(inject("sessionsDir"), `${username}.json`);
  if (existsSync(stored)) {
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width, height }, storageState: stored });
    const page = await context.newPage();
    const me = await page.request.get("/api/user");
    if (me.ok() && (await me.json()) !== null) {
      await page.goto("/");
      return { context, page };
    }
    await context.close();
  }
  const opened = await newPage(browser, width, height);
  await signIn(opened.page, username);
  await opened.context.storageState({ path: stored });
  return opened;
}

/** Keeps a screenshot for people to look at (e2e/artifacts, not committed). */
export async function screenshot(page: Page, name: string) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: false });
}

/** A tRPC query from the page's signed-in context: what the signed-in user may read, as the app reads it. */
export async function read<T>(page: Page, procedure: string, input: unknown): Promise<T> {
  const answer = await page.request.get(`/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`);
  const body = (await answer.json()) as { result?: { data: T }; error?: { message: string } };
  if (!answer.ok()) throw new Error(`${procedure}: ${answer.status()} ${body.error?.message}`);
  return body.result!.data;
}

/** A tRPC mutation from the page's signed-in context (same origin, its session cookie): test data made the way the app makes it. */
export async function post<T>(page: Page, procedure: string, input: unknown): Promise<T> {
  const origin = new URL(page.url()).origin;
  const answer = await page.request.post(`/trpc/${procedure}`, { headers: { origin, "content-type": "application/json" }, data: input });
  const body = (await answer.json()) as { result?: { data: T }; error?: { message: string } };
  if (!answer.ok()) throw new Error(`${procedure}: ${body.error?.message}`);
  return body.result!.data;
}
