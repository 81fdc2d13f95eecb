import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { violations } from "../axe";
import { launch, screenshot, signedInPage, read } from "../browser";

/**
 * Messages between an attorney and the agency, in two browsers at once: what one sends appears in
 * the other's open conversation and raises the other's sidebar badge without a reload (the live
 * stream invalidates the conversation and the unread count); a PDF attached on one side downloads on
 * the other. Then the list and the conversation as two views on a phone.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

interface Thread {
  id: string;
  kind: string;
  subject: string;
  queryId: string | null;
  queryReference: string | null;
}

/**
 * The attorney thread of one of the attorney's queries that the employee takes part in: opened
 * through messages.openQueryThread (it returns the one that exists, or creates it), so the test
 * needs no demo conversation.
 */
async function attorneyThreadWithEmployee(attorney: Page, employee: Page): Promise<Thread> {
  const queries = await read<{ items: { id: string }[] }>(attorney, "queries.list", { limit: 25 });
  for (const query of queries.items) {
    const opened = await attorney.request.post("/trpc/messages.openQueryThread", {
      data: { queryId: query.id, kind: "query_attorney" },
      headers: { origin: new URL(attorney.url()).origin },
    });
    if (!opened.ok()) continue;
    const { threadId } = ((await opened.json()) as { result: { data: { threadId: string } } }).result.data;
    const seen = await employee.request.get(`/trpc/messages.thread?input=${encodeURIComponent(JSON.stringify({ threadId }))}`);
    if (seen.ok()) return ((await seen.json()) as { result: { data: Thread } }).result.data;
  }
  throw new Error("No query of the demo attorney has an attorney thread the demo employee takes part in");
}

/** The number on the sidebar's Messages entry (none shown: 0). */
async function badge(page: Page): Promise<number> {
  const entry = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Messages/ });
  const text = (await entry.innerText()).replace("Messages", "").trim();
  return text ? Number.parseInt(text, 10) : 0;
}

/** What GET /api/messages/unread answers once the open conversation `threadId` has been marked read. */
async function unreadAfterOpening(page: Page, threadId: string): Promise<number> {
  const input = encodeURIComponent(JSON.stringify({ threadId }));
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/trpc/messages.thread?input=${input}`)).json()) as { result: { data: { unreadCount: number } } })
          .result.data.unreadCount,
    )
    .toBe(0);
  return ((await (await page.request.get("/api/messages/unread")).json()) as { count: number }).count;
}

const log = (page: Page) => page.getByRole("log", { name: "Messages" });

describe("messages", () => {
  it("an attorney's message appears in the employee's open conversation and raises the employee's badge, without a reload", async () => {
    const attorney = await signedInPage(browser, "attorney");
    const employee = await signedInPage(browser, "employee");

    // The attorney thread of one of the attorney's queries that the employee takes part in.
    const thread = await attorneyThreadWithEmployee(attorney.page, employee.page);

    // The employee opens it: it is marked read, and the badge counts the rest.
    await employee.page.goto(`/messages?thread=${thread.id}`);
    await employee.page.getByRole("heading", { name: thread.subject, level: 2 }).waitFor();
    // Its messages (none in a fresh demo) have loaded: the loading placeholder is gone.
    await log(employee.page).waitFor();
    await expect.poll(() => log(employee.page).getByRole("status").count()).toBe(0);
    await expect
      .poll(() =>
        employee.page
          .getByRole("link", { name: new RegExp(thread.queryReference ?? thread.subject) })
          .first()
          .getAttribute("aria-current"),
      )
      .toBe("page");
    // Once marked read, the badge shows what the server counts for the other conversations.
    const before = await unreadAfterOpening(employee.page, thread.id);
    await expect.poll(() => badge(employee.page)).toBe(before);
    await screenshot(employee.page, "messages-employee-1280");

    // The attorney writes, over two lines, with markup that must stay text.
    const text = `Any news on the assessment date? ${Date.now().toString(36)}`;
    await attorney.page.goto(`/messages?thread=${thread.id}`);
    const box = attorney.page.getByLabel("Message", { exact: true });
    await box.fill(`${text}\n<b>Second line</b>`);
    await box.press("Control+Enter");
    await log(attorney.page).getByText(text).waitFor();
    await expect.poll(() => box.inputValue()).toBe("");
    await screenshot(attorney.page, "messages-attorney-sent-1280");

    // The employee, without a reload, sees it at the end of the conversation, and the badge rises.
    await expect.poll(() => log(employee.page).innerText(), { timeout: 10_000 }).toContain(text);
    const arrived = log(employee.page).locator("article").last();
    expect(await arrived.innerText()).toContain("<b>Second line</b>");
    expect(await log(employee.page).locator("b").count()).toBe(0);
    await expect.poll(() => badge(employee.page), { timeout: 10_000 }).toBe(before + 1);
    await screenshot(employee.page, "messages-employee-received-1280");

    // Turning to the composer reads it: the badge falls back.
    await employee.page.getByLabel("Message", { exact: true }).focus();
    await expect.poll(() => badge(employee.page), { timeout: 10_000 }).toBe(before);

    expect(await violations(employee.page, "employee @1280 /messages conversation")).toEqual([]);
    await attorney.context.close();
    await employee.context.close();
  }, 90_000);

  it("a PDF the attorney attaches reaches the employee's open conversation, and downloads there as the same file", async () => {
    const attorney = await signedInPage(browser, "attorney");
    const employee = await signedInPage(browser, "employee");
    const thread = await attorneyThreadWithEmployee(attorney.page, employee.page);
    const stamp = Date.now().toString(36);
    const name = `Hospital-records-${stamp}.pdf`;
    // The files store checks the content, not the name: a PDF's header and trailer, and a line that makes it this file.
    const pdf = Buffer.from(`%PDF-1.4\n% ${name}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);

    await employee.page.goto(`/messages?thread=${thread.id}`);
    await log(employee.page).waitFor();

    await attorney.page.goto(`/messages?thread=${thread.id}`);
    const reply = attorney.page.getByRole("form", { name: "Reply" });
    const [chooser] = await Promise.all([attorney.page.waitForEvent("filechooser"), reply.getByRole("button", { name: "Attach" }).click()]);
    await chooser.setFiles({ name, mimeType: "application/pdf", buffer: pdf });
    // Uploaded before sending: the composer lists it as ready.
    await reply.getByRole("list", { name: "Attachments" }).getByText(/ready/).waitFor();
    const text = `The hospital records are attached. ${stamp}`;
    await reply.getByLabel("Message", { exact: true }).fill(text);
    await reply.getByRole("button", { name: "Send" }).click();
    await log(attorney.page).getByText(text).waitFor();
    await expect.poll(() => reply.getByRole("list", { name: "Attachments" }).count()).toBe(0);

    // The employee, without a reload, sees the message with its attachment and downloads it.
    const message = log(employee.page).locator("article").filter({ hasText: text });
    await message.waitFor({ timeout: 10_000 });
    const link = message.getByRole("link", { name });
    await screenshot(employee.page, "messages-attachment-received-1280");
    const [download] = await Promise.all([employee.page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe(name);
    const received = Buffer.concat((await (await download.createReadStream()).toArray()) as Buffer[]);
    expect(received.equals(pdf)).toBe(true);
    expect(await violations(employee.page, "employee @1280 /messages with an attachment received")).toEqual([]);
    expect(await violations(attorney.page, "attorney @1280 /messages with an attachment sent")).toEqual([]);
    // On a phone the file's long name truncates inside the bubble: the conversation never scrolls sideways.
    await attorney.page.setViewportSize({ width: 375, height: 812 });
    await log(attorney.page).getByText(text).waitFor();
    expect(await log(attorney.page).evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);

    await attorney.context.close();
    await employee.context.close();
  }, 90_000);

  it("on a phone, the list and the conversation are two views, with a way back", async () => {
    const { context, page } = await signedInPage(browser, "attorney", 375, 812);
    const employee = await signedInPage(browser, "employee");
    await attorneyThreadWithEmployee(page, employee.page);
    await employee.context.close();
    await page.goto("/messages");
    const list = page.getByRole("region", { name: "Conversations" });
    const first = list.getByRole("link").first();
    await first.waitFor();
    await screenshot(page, "messages-list-375");
    expect(await violations(page, "attorney @375 /messages")).toEqual([]);

    await first.click();
    await expect.poll(() => new URL(page.url()).searchParams.get("thread")).not.toBeNull();
    await log(page).waitFor();
    expect(await list.isVisible()).toBe(false);
    await page.getByLabel("Message", { exact: true }).waitFor();
    await screenshot(page, "messages-conversation-375");
    expect(await violations(page, "attorney @375 /messages conversation")).toEqual([]);

    await page.getByRole("link", { name: "Back to conversations" }).click();
    await list.waitFor();
    expect(await log(page).count()).toBe(0);
    await context.close();
  }, 60_000);

  it("a query page lists the query's conversations and opens one", async () => {
    const { context, page } = await signedInPage(browser, "attorney");
    const employee = await signedInPage(browser, "employee");
    const thread = await attorneyThreadWithEmployee(page, employee.page);
    await employee.context.close();
    const queryId = thread.queryId!;
    await page.goto(`/queries/${queryId}`);
    const section = page.getByRole("list", { name: "Conversations about this query" });
    await section.waitFor();
    await section.locator(`a[href="/messages?thread=${thread.id}"]`).scrollIntoViewIfNeeded();
    await screenshot(page, "messages-query-section-1280");
    await section.locator(`a[href="/messages?thread=${thread.id}"]`).click();
    await page.getByRole("heading", { name: thread.subject, level: 2 }).waitFor();
    expect(new URL(page.url()).searchParams.get("thread")).toBe(thread.id);
    await context.close();
  }, 60_000);
});
