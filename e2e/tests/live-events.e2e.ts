import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, screenshot, signedInPage } from "../browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * The live event stream in a real browser (docs/architecture.md, "Live events"): a change made by
 * one person appears on another's open page without a reload and without a poll of that page.
 */
describe("live updates", () => {
  it("shows an employee's comment on the attorney's open query page at once", async () => {
    const attorney = await signedInPage(browser, "attorney");
    const stream = attorney.page.waitForResponse((r) => new URL(r.url()).pathname === "/trpc/live.events");
    const list = await attorney.page.request.get(`/trpc/queries.list?input=${encodeURIComponent(JSON.stringify({}))}`);
    const items = ((await list.json()) as { result: { data: { items: { id: string; status: string }[] } } }).result.data.items;
    const query = items.find((q) => !["cancelled", "completed"].includes(q.status)) ?? items[0]!;
    await attorney.page.goto(`/queries/${query.id}`);
    await attorney.page.getByRole("list", { name: "Timeline" }).waitFor();
    const opened = await stream;
    expect(opened.status()).toBe(200);
    expect(opened.headers()["content-type"]).toMatch(/^text\/event-stream/);

    const employee = await signedInPage(browser, "employee");
    const text = `The expert asks for the X-rays of March (${Date.now().toString(36)}).`;
    const origin = new URL(employee.page.url()).origin;
    const posted = await employee.page.request.post("/trpc/queries.comment", {
      headers: { origin, "content-type": "application/json" },
      data: { queryId: query.id, body: text },
    });
    expect(posted.status()).toBe(200);

    // No reload, no focus change: only the stream can bring it (the query page is not polled).
    await expect.poll(() => attorney.page.getByText(text).isVisible(), { timeout: 4_000 }).toBe(true);
    await screenshot(attorney.page, "live-comment-on-query-1280");
    await employee.context.close();
    await attorney.context.close();
  });
});
