import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { violations } from "../axe";
import { launch, newPage, screenshot, signedInPage } from "../browser";

/**
 * A video assessment end to end, in Debian's Chromium with fake camera and microphone: the agency
 * arranges a meeting with the expert as host and the claimant as guest; the expert starts it, the
 * claimant opens her e-mailed link and waits, the expert admits her, both connect and see each
 * other, and the expert ends the meeting.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch(["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"]);
});
afterAll(async () => {
  await browser?.close();
});

/** The other person's tile: its connection state, and whether their video has frames. */
const remoteTile = (page: Page) => page.locator("li[data-connection]");
const remoteVideoWidth = (page: Page) =>
  remoteTile(page)
    .locator("video")
    .evaluate((v) => (v as HTMLVideoElement).videoWidth);

describe("a video assessment", () => {
  it("is arranged by the agency, hosted by the expert, joined by the claimant from her link, and ended by the expert", async () => {
    const title = `Occupational therapy video assessment ${Date.now().toString(36)}`;
    const guestName = "Sibusiso Khumalo";

    // The employee arranges it with Megan Smith as host and the claimant as guest.
    const employee = await signedInPage(browser, "employee");
    await employee.page.goto("/video-conferences");
    await employee.page.getByRole("button", { name: "New meeting" }).click();
    const dialog = employee.page.getByRole("dialog");
    await dialog.locator("#meeting-title").fill(title);
    await dialog.locator("#meeting-host option", { hasText: "Megan Smith" }).waitFor({ state: "attached" });
    await dialog
      .locator("#meeting-host")
      .selectOption({ label: (await dialog.locator("#meeting-host option", { hasText: "Megan Smith" }).textContent())! });
    await dialog.getByRole("button", { name: "Add a guest" }).click();
    await dialog.locator("#meeting-guest-0-name").fill(guestName);
    await dialog.locator("#meeting-guest-0-email").fill(`sibusiso.${Date.now()}@example.org`);
    await screenshot(employee.page, "video-new-meeting-1280");
    await dialog.getByRole("button", { name: "Arrange meeting" }).click();

    // Its details open: the guest's link is copied for another channel.
    await employee.page.getByRole("button", { name: `Copy link of ${guestName}` }).click();
    const link = await employee.page.locator("[data-guest-link]").inputValue();
    const joinPath = new URL(link).pathname + new URL(link).search;
    expect(joinPath).toMatch(/^\/join\/[A-Za-z0-9_-]{32,}\?token=v1\./);
    await screenshot(employee.page, "video-meeting-details-1280");
    await employee.page.keyboard.press("Escape");
    await employee.page.getByRole("heading", { name: title }).waitFor();
    await screenshot(employee.page, "video-conferences-employee-1280");

    // The expert finds it in her list and starts it after checking her camera.
    const host = await signedInPage(browser, "ot_smith");
    await host.page.goto("/video-conferences");
    await host.page.getByRole("link", { name: `Open room of ${title}` }).click();
    await host.page.getByRole("button", { name: "Start meeting" }).click();
    await host.page.getByRole("heading", { name: "Waiting room" }).waitFor();

    // The claimant opens her link in her own browser and waits to be admitted.
    const guest = await newPage(browser, 375, 812);
    // The guest's page holds its own live event stream (its meeting's events drive the room).
    const guestStream = guest.page.waitForResponse((r) => new URL(r.url()).pathname === "/trpc/live.events");
    await guest.page.goto(joinPath);
    await guest.page.getByRole("button", { name: "Join meeting" }).click();
    await guest.page.getByText("You are in the waiting room").waitFor();
    expect((await guestStream).status()).toBe(200);
    expect(new URL(guest.page.url()).search).toBe("");
    await screenshot(guest.page, "video-waiting-room-375");
    await host.page.getByRole("button", { name: `Admit ${guestName}` }).waitFor();
    const found = [...(await violations(host.page, "host's lobby 1280")), ...(await violations(guest.page, "guest's waiting room 375"))];

    // The expert admits her; both connect and each shows the other's video.
    await host.page.getByRole("button", { name: `Admit ${guestName}` }).click();
    for (const page of [host.page, guest.page]) {
      await expect.poll(() => remoteTile(page).getAttribute("data-connection"), { timeout: 30_000 }).toBe("connected");
      await expect.poll(() => remoteVideoWidth(page), { timeout: 20_000 }).toBeGreaterThan(0);
    }
    await expect.poll(() => remoteTile(host.page).getAttribute("data-peer")).toBe(guestName);
    await expect.poll(() => remoteTile(guest.page).getAttribute("data-peer")).toBe("Megan Smith");
    await screenshot(host.page, "video-call-host-1280");
    await screenshot(guest.page, "video-call-guest-375");
    found.push(...(await violations(host.page, "host's call 1280")), ...(await violations(guest.page, "guest's call 375")));
    expect(found).toEqual([]);

    // Recording stays off until both consented in the room; then the host's browser records in chunks.
    const record = host.page.getByRole("button", { name: "Record", exact: true });
    await expect.poll(() => record.isDisabled()).toBe(true);
    const consent = (page: Page) => page.getByRole("switch", { name: "I consent to this meeting being recorded" });
    await consent(guest.page).click();
    await expect.poll(() => record.isDisabled()).toBe(true);
    await consent(host.page).click();
    await expect.poll(() => record.isDisabled()).toBe(false);
    await record.click();
    await guest.page.getByRole("status").filter({ hasText: "Recording" }).waitFor();
    const list = await employee.page.request.get(
      `/trpc/meetings.list?input=${encodeURIComponent(JSON.stringify({ when: "upcoming", all: true }))}`,
    );
    const meetingId = ((await list.json()).result.data as { id: string; title: string }[]).find((m) => m.title === title)!.id;
    const recordings = async () =>
      (await (await employee.page.request.get(`/trpc/meetings.get?input=${encodeURIComponent(JSON.stringify({ id: meetingId }))}`)).json())
        .result.data.recordings as { size: number; fileId: string | null }[];
    await expect.poll(async () => (await recordings())[0]?.size ?? 0, { timeout: 20_000 }).toBeGreaterThan(0);
    await host.page.getByRole("button", { name: "Stop recording" }).click();
    await guest.page.getByRole("status").filter({ hasText: "Recording" }).waitFor({ state: "detached" });
    const fileId = (await recordings())[0]!.fileId!;
    const download = await employee.page.request.get(`/api/files/${fileId}`);
    expect(download.status()).toBe(200);
    expect([...(await download.body()).subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);

    // The expert ends the meeting; the claimant is told, and the link no longer opens the room.
    await host.page.getByRole("toolbar", { name: "Call controls" }).getByRole("button", { name: "End meeting" }).click();
    await host.page.getByRole("alertdialog").getByRole("button", { name: "End meeting" }).click();
    await guest.page.getByText("The host ended this meeting.").waitFor({ timeout: 15_000 });
    await screenshot(guest.page, "video-ended-guest-375");
    const again = await newPage(browser);
    await again.page.goto(joinPath);
    await again.page.getByText("This meeting has ended.").waitFor();

    for (const p of [employee, host, guest, again]) await p.context.close();
  }, 120_000);
});
