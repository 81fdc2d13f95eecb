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

/** The palette's selected option (cmdk marks it with aria-selected). */
const selectedOption = (page: Page) => page.locator('[role="option"][aria-selected="true"]').textContent();

/** Global search (issue 30): the command palette, by keyboard, for staff and an attorney of another firm. */
describe("the command palette", () => {
  let surname: string;
  let queryReference: string;
  let queryId: string;

  beforeAll(async () => {
    // A claimant of the demo attorney, with a case and a query, made through the API.
    const { context, page } = await signedInPage(browser, "attorney");
    surname = `Palesa${Date.now().toString(36)}`;
    const kase = await post<{ id: string }>(page, "cases.create", {
      claimType: "raf",
      incidentDate: "2024-05-10",
      newClaimant: {
        firstName: "Nandi",
        lastName: surname,
        passportNumber: `PS${Date.now().toString(36)}`.slice(0, 20),
        birthDate: "1990-02-11",
        gender: "female",
        homeLanguage: "English",
      },
    });
    const specs = (await (await page.request.get("/trpc/specializations.listActive")).json()).result.data as { id: string }[];
    const query = await post<{ id: string; reference: string }>(page, "queries.create", {
      caseId: kase.id,
      subject: "Palette assessment",
      instructions: "Assess",
      specializationIds: [specs[0]!.id],
    });
    queryReference = query.reference;
    queryId = query.id;
    await context.close();
  }, 120_000);

  for (const width of [1280, 375]) {
    it(`an employee presses Ctrl+K, types part of the claimant's surname and opens the query with Enter, at ${width} px`, async () => {
      const { context, page } = await signedInPage(browser, "employee", width);
      // The palette's styles and scripts stay within the app's Content-Security-Policy.
      const refused: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" && /Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
      });
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      await screenshot(page, `command-palette-header-${width}`);
      await page.keyboard.press("Control+k");
      const dialog = page.getByRole("dialog", { name: "Search MedLegal" });
      await dialog.waitFor();
      await dialog.getByRole("combobox").pressSequentially(surname.slice(0, -2).toLowerCase());
      await dialog.getByRole("option", { name: new RegExp(queryReference) }).waitFor();
      expect(await dialog.getByText("Claimants", { exact: true }).isVisible()).toBe(true);
      expect(await dialog.getByText("Queries", { exact: true }).isVisible()).toBe(true);

      if (width === 375) {
        // Full-screen on a phone.
        const box = (await dialog.boundingBox())!;
        expect(box.width).toBe(375);
        expect(box.height).toBeGreaterThan(800);
      }
      await screenshot(page, `command-palette-${width}`);
      expect(await violations(page, `the open palette at ${width}`)).toEqual([]);

      for (let i = 0; i < 10 && !(await selectedOption(page))?.includes(queryReference); i++) await page.keyboard.press("ArrowDown");
      expect(await selectedOption(page)).toContain(queryReference);
      await page.keyboard.press("Enter");
      await page.waitForURL((url) => url.pathname === `/queries/${queryId}`);
      await page
        .getByRole("heading", { name: new RegExp(queryReference) })
        .first()
        .waitFor();
      expect(await dialog.count()).toBe(0);
      expect(refused).toEqual([]);
      await context.close();
    }, 120_000);
  }

  it("finds an attorney of another firm nothing of that claimant, without an error", async () => {
    const { context, page } = await signedInPage(browser, "nomsa");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await page.keyboard.press("/");
    const dialog = page.getByRole("dialog", { name: "Search MedLegal" });
    await dialog.getByRole("combobox").pressSequentially(surname.toLowerCase());
    await dialog.getByText(`Nothing found for “${surname.toLowerCase()}”.`).waitFor();
    expect(await dialog.getByRole("option").count()).toBe(0);
    expect(await dialog.getByRole("alert").count()).toBe(0);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);

    // ? lists the shortcuts; g then q goes to the attorney's own queries.
    await page.keyboard.press("?");
    const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await help.getByText("Go to queries").waitFor();
    expect(await violations(page, "the shortcuts list")).toEqual([]);
    await screenshot(page, "keyboard-shortcuts-1280");
    await page.keyboard.press("Escape");
    await expect.poll(() => help.count()).toBe(0);
    await page.keyboard.press("g");
    await page.keyboard.press("q");
    await page.waitForURL((url) => url.pathname === "/queries");
    await context.close();
  }, 60_000);
});
