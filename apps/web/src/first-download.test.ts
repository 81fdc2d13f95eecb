import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { checkFirstDownload, FIRST_DOWNLOAD_BUDGET, firstDownloadFiles, measureFirstDownload } from "../scripts/first-download";

/** A build folder as Vite writes it: index.html, assets and the manifest; `kb` of incompressible bytes per file. */
function fakeBuild(files: Record<string, number | string>, html: string, manifest: Record<string, unknown>) {
  const dist = mkdtempSync(join(tmpdir(), "medlegal-first-download-"));
  mkdirSync(join(dist, "assets"));
  mkdirSync(join(dist, ".vite"));
  writeFileSync(join(dist, "index.html"), html);
  for (const [file, content] of Object.entries(files))
    writeFileSync(join(dist, file), typeof content === "number" ? randomBytes(content * 1024) : content);
  writeFileSync(join(dist, ".vite/manifest.json"), JSON.stringify(manifest));
  return dist;
}

const MANIFEST = {
  "index.html": { file: "assets/index.js", isEntry: true, imports: ["_app.js"] },
  "_app.js": { file: "assets/app.js" },
  "src/components/auth/sign-in-form.tsx": { file: "assets/sign-in-form.js", imports: ["_app.js", "_zod.js"] },
  "_zod.js": { file: "assets/zod.js" },
  "src/components/ui/toaster.tsx": { file: "assets/toaster.js", imports: ["_app.js"] },
};

const HTML = `<!doctype html><html><head>
  <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
  <script type="module" crossorigin src="/assets/index.js"></script>
  <link rel="modulepreload" crossorigin href="/assets/app.js">
  <link rel="stylesheet" crossorigin href="/assets/app.css">
  <link rel="modulepreload" crossorigin href="/assets/auth.js">
</head><body><div id="root"></div></body></html>`;

describe("the first download's budget (the web build's check)", () => {
  const made: string[] = [];
  afterEach(() => made.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const build = (sizes: Record<string, number | string>) => {
    const dist = fakeBuild(sizes, HTML, MANIFEST);
    made.push(dist);
    return dist;
  };

  it("counts every script and modulepreload index.html names, as a browser fetches them, and the stylesheet, not the icon", () => {
    expect(firstDownloadFiles(HTML)).toEqual(["assets/index.js", "assets/app.js", "assets/app.css", "assets/auth.js"]);
  });

  it("sums the gzip of the scripts and preloads (the auth page's preload too), and for a cold /auth adds the sign-in form's chunks and the toasts'", () => {
    const dist = build({
      "assets/index.js": 10,
      "assets/app.js": 60,
      "assets/app.css": 15,
      "assets/auth.js": 20,
      "assets/sign-in-form.js": 5,
      "assets/zod.js": 30,
      "assets/toaster.js": 4,
    });
    const figures = measureFirstDownload(dist);
    // Random bytes do not compress: gzip adds a few bytes per file.
    expect(figures.javascript / 1024).toBeGreaterThan(90);
    expect(figures.javascript / 1024).toBeLessThan(91);
    expect(figures.scripts).toBe(3);
    expect(figures.coldAuth / 1024).toBeGreaterThan(144);
    expect(figures.coldAuth / 1024).toBeLessThan(145);
    expect(figures.zodInIt).toBe(false);
  });

  it("fails the build with the figure when the first download is over 150 KB, even when only a preload pushes it over", () => {
    const dist = build({
      "assets/index.js": 10,
      "assets/app.js": 130,
      "assets/app.css": 15,
      "assets/auth.js": 15,
      "assets/sign-in-form.js": 5,
      "assets/zod.js": 30,
      "assets/toaster.js": 4,
    });
    expect(FIRST_DOWNLOAD_BUDGET).toBe(150 * 1024);
    expect(() => checkFirstDownload(dist)).toThrow(/the first download is 155\.\d KB of JavaScript, over its 150\.0 KB budget/);
  });

  it("fails when a cold /auth fetches more than 250 KB, or zod is in the first download", () => {
    const heavy = build({
      "assets/index.js": 10,
      "assets/app.js": 100,
      "assets/app.css": 15,
      "assets/auth.js": 20,
      "assets/sign-in-form.js": 5,
      "assets/zod.js": 110,
      "assets/toaster.js": 4,
    });
    expect(() => checkFirstDownload(heavy)).toThrow(/a cold \/auth fetches 26\d\.\d KB, over its 250\.0 KB budget/);
    const withZod = build({
      "assets/index.js": 10,
      "assets/app.js": "var a = { _zod: {} };",
      "assets/app.css": 15,
      "assets/auth.js": 20,
      "assets/sign-in-form.js": 5,
      "assets/zod.js": 30,
      "assets/toaster.js": 4,
    });
    expect(() => checkFirstDownload(withZod)).toThrow(/the validation library \(zod\) is in the first download/);
  });
});
