import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";

/**
 * OCR of scanned pages with Debian's tesseract-ocr (English) and poppler-utils' pdftoppm, when the
 * machine has them (docs/decisions.md, "Received records"). Each is a child process started with
 * an argument list (no shell), a time limit, at the lowest priority and on one thread, and stopped
 * when the caller's signal aborts (the server closing).
 */
const run = promisify(execFile);

export const OCR_LIMITS = {
  /** Rendering one page at 300 dpi, and reading it: a dense A4 page takes a few seconds on one core. */
  renderTimeoutMs: 60_000,
  recogniseTimeoutMs: 180_000,
  /** The page image's resolution: tesseract reads printed text best at 300 dpi. */
  dpi: 300,
};

/** RECORDS_OCR: `off`, or `auto` (the default: OCR when the machine has tesseract and pdftoppm). */
export function recordsOcrSetting(value = process.env.RECORDS_OCR): "off" | "auto" {
  return value?.trim().toLowerCase() === "off" ? "off" : "auto";
}

let found: Promise<boolean> | undefined;

/** Whether this machine can OCR: tesseract with its English data, and pdftoppm, looked for once per process. */
export function ocrOnThisMachine(): Promise<boolean> {
  found ??= Promise.all([
    run("tesseract", ["--list-langs"], { timeout: 10_000 }).then(({ stdout, stderr }) => /^eng$/m.test(`${stdout}\n${stderr}`)),
    run("pdftoppm", ["-v"], { timeout: 10_000 }).then(() => true),
  ]).then(
    (answers) => answers.every(Boolean),
    () => false,
  );
  return found;
}

/** Whether received records get OCR here: the setting allows it and the machine has it. */
export async function ocrAvailable(): Promise<boolean> {
  return recordsOcrSetting() === "auto" && (await ocrOnThisMachine());
}

// One thread per tesseract: pages go one at a time, so OCR takes at most one core from the server.
const CHILD_ENV = { ...process.env, OMP_THREAD_LIMIT: "1" };

/**
 * The invisible text of one page (`page` from 0) of the PDF at `path`, as a one-page PDF of the
 * page's size: pdftoppm renders it in grey at 300 dpi into `folder`, tesseract reads the image and
 * writes its words alone (textonly_pdf), to be laid over the original page.
 */
export async function ocrPage(path: string, page: number, folder: string, signal: AbortSignal): Promise<Uint8Array> {
  const image = join(folder, `page-${page}`);
  const n = String(page + 1);
  const dpi = String(OCR_LIMITS.dpi);
  await run("nice", ["-n", "19", "pdftoppm", "-r", dpi, "-gray", "-f", n, "-l", n, "-singlefile", "-png", path, image], {
    timeout: OCR_LIMITS.renderTimeoutMs,
    signal,
    env: CHILD_ENV,
  });
  const text = join(folder, `text-${page}`);
  await run("nice", ["-n", "19", "tesseract", `${image}.png`, text, "-l", "eng", "--dpi", dpi, "-c", "textonly_pdf=1", "pdf"], {
    timeout: OCR_LIMITS.recogniseTimeoutMs,
    signal,
    env: CHILD_ENV,
    maxBuffer: 1024 * 1024,
  });
  return new Uint8Array(await readFile(`${text}.pdf`));
}
