import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults } from "axe-core";
import type { Page } from "playwright-core";

/**
 * axe-core in Chromium: the serious and critical violations under WCAG 2.2 A and AA and axe's
 * best practices (docs/decisions.md, "Accessibility and small screens").
 */
export const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"];

declare global {
  interface Window {
    axe?: { run: (context: unknown, options: unknown) => Promise<AxeResults> };
  }
}

/**
 * The serious and critical axe violations of what the page shows now, one line each. axe is added
 * when missing, evaluated through the DevTools protocol (the app's CSP rightly refuses inline scripts).
 */
export async function violations(page: Page, where: string): Promise<string[]> {
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.evaluate(axeSource);
  const results = await page.evaluate(
    (tags) => window.axe!.run(document, { resultTypes: ["violations"], runOnly: { type: "tag", values: tags } }),
    AXE_TAGS,
  );
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.map((node) => `${where}: ${v.id} (${v.impact}) at ${node.target.join(" ")}: ${v.help}`));
}
