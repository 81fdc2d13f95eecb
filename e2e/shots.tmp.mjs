import { chromium } from "playwright-core";
const [user, ...paths] = process.argv.slice(2);
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
for (const width of [375, 1280]) {
  const ctx = await b.newContext({ baseURL: "http://127.0.0.1:3999", viewport: { width, height: 812 } });
  const page = await ctx.newPage();
  await page.goto("/auth");
  await page.locator("#signin-username").fill(user);
  await page.locator("#signin-password").fill("Demo@Password1");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.waitForURL((u) => u.pathname === "/" || u.pathname === "/my-interpreting");
  for (const path of paths) {
    await page.goto(path);
    await page.waitForTimeout(2000);
    const name = `/tmp/shots/${user}${path.replace(/[/?=&]/g, "_")}-${width}.png`;
    const y = Number(process.env.SCROLL ?? 0); await page.screenshot({ path: name, fullPage: true, clip: process.env.SCROLL ? { x: 0, y, width, height: 812 } : undefined });
    console.log(name, await page.evaluate(() => document.documentElement.scrollWidth));
  }
  await ctx.close();
}
await b.close();
