import { Worker } from "node:worker_threads";
import { DEFAULT_PDF_MAX_PAGES, parsePdfMaxPages } from "@medlegal/domain";
import { AppError } from "../../errors";
import type { BundleJob, BundleJobResult } from "./pdf-bundle-job";

/**
 * Reading and stamping PDFs happens in worker threads (pdf-worker.mjs), one job at a time each,
 * with memory limits and a timeout per job: a small file that unpacks to gigabytes, or one with 20,000 pages, then
 * costs that thread, never the one answering every other request (docs/decisions.md,
 * "PDF processing off the request thread").
 */
export type PdfJob =
  | { op: "inspect"; data: Uint8Array; mustOpen: boolean; objectStreamBytes: number }
  | { op: "stamp"; data: Uint8Array; footer: string | null; objectStreamBytes: number }
  | { op: "survey"; path: string; objectStreamBytes: number }
  | { op: "overlay"; path: string; out: string; layers: { page: number; data: Uint8Array }[]; objectStreamBytes: number }
  | ({ op: "bundle"; objectStreamBytes: number } & BundleJob);

type WorkerAnswer =
  | { ok: true; pages?: number; active?: string[]; textPages?: number; bare?: number[]; data?: Uint8Array; bundle?: BundleJobResult }
  | {
      ok: false;
      reason: "unreadable" | "expands" | "failed";
      /** A bundle's source file the refusal is about, and a sentence that says it all when the reason does not. */
      about?: string;
      sentence?: string | null;
      message?: string;
    };

export const PDF_LIMITS = {
  /** Per reading job; a 25 MB report with a few thousand pages takes a few seconds. */
  timeoutMs: 20_000,
  /**
   * Per stamping job: the file passed its checks at upload and is within the page cap; stamping
   * every page of a long report on a busy machine takes longer than reading it.
   */
  stampTimeoutMs: 120_000,
  /**
   * Pages a PDF may have (every upload route): a longer file is refused with a sentence, so the
   * stamping of a report stays bounded. PDF_MAX_PAGES (the server checks it at start).
   */
  maxPages: parsePdfMaxPages(process.env.PDF_MAX_PAGES) ?? DEFAULT_PDF_MAX_PAGES,
  /**
   * Per trial bundle: 2,000 pages take well under a minute (docs/benchmarks.md, `bench:bundle`);
   * a long bundle on a busy machine is given ten.
   */
  bundleTimeoutMs: 600_000,
  /** The worker's JavaScript heap. */
  heapMb: 384,
  /** What a file's object streams may unpack to, together (real ones: a few MB). */
  objectStreamBytes: 64 * 1024 * 1024,
  /** Jobs at once; more wait their turn, so memory stays bounded under a burst of uploads. */
  concurrent: 2,
};

// From source (vitest, tsx) this module is a .ts file beside the worker; in the compiled server
// (apps/server/build.mjs) every chunk and dist/pdf-worker.js sit in the same folder.
const WORKER_URL = import.meta.url.endsWith(".ts")
  ? new URL("./pdf-worker.mjs", import.meta.url)
  : new URL("./pdf-worker.js", import.meta.url);

const TOO_BIG =
  "The PDF could not be processed: it unpacks to far more data than its size. Save it again as a plain PDF (Print to PDF) and upload that.";
const TOO_SLOW = "The PDF took too long to process. Save it again as a plain PDF (Print to PDF), or split it, and upload that.";
export const PDF_UNREADABLE =
  "The PDF could not be opened: it may be damaged or password-protected. Save it again as a plain PDF and upload that.";

let running = 0;
const waiting: (() => void)[] = [];
/** Workers waiting for their next job: starting one (an isolate, pdf-lib) costs more than most jobs. */
const idle: Worker[] = [];
/** Jobs run, for tests that show a kept result is served without a new one. */
export const pdfJobStats = { started: 0 };

async function turn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= PDF_LIMITS.concurrent) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

// Typed as the emitter it is (the web app's type check sees other typings of Worker).
const eventsOf = (worker: Worker) => worker as unknown as NodeJS.EventEmitter;

function startWorker(): Worker {
  const worker = new Worker(WORKER_URL, { resourceLimits: { maxOldGenerationSizeMb: PDF_LIMITS.heapMb, maxYoungGenerationSizeMb: 32 } });
  // An idle worker never keeps the process alive, and one that stops leaves the idle list.
  worker.unref();
  eventsOf(worker).on("exit", () => {
    const at = idle.indexOf(worker);
    if (at >= 0) idle.splice(at, 1);
  });
  return worker;
}

/** The sentence for a refusal, naming the bundle's source file when it is about one. */
function refusalOf(answer: WorkerAnswer & { ok: false }): Error {
  if (answer.reason === "failed") return new Error(`The PDF job failed: ${answer.message}`);
  if (answer.sentence) return new AppError("INVALID", answer.sentence);
  const sentence = answer.reason === "expands" ? TOO_BIG : PDF_UNREADABLE;
  return new AppError("INVALID", answer.about ? `${answer.about}: ${sentence}` : sentence);
}

/**
 * Runs one job in a worker; refusals become a 400 with a sentence. A worker that answered takes
 * the next job; one past its time is stopped (`tooSlow` says so), and one past its memory stops itself.
 */
export function runJob(job: PdfJob, timeoutMs: number, tooSlow = TOO_SLOW): Promise<WorkerAnswer & { ok: true }> {
  return turn(
    () =>
      new Promise((resolve, reject) => {
        pdfJobStats.started += 1;
        const worker = idle.pop() ?? startWorker();
        const events = eventsOf(worker);
        let settled = false;
        const settle = (keep: boolean, outcome: () => void) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          events.off("message", onMessage).off("error", onError).off("exit", onExit);
          if (keep && idle.length < PDF_LIMITS.concurrent) idle.push(worker);
          else void worker.terminate();
          outcome();
        };
        const onMessage = (answer: WorkerAnswer) => settle(true, () => (answer.ok ? resolve(answer) : reject(refusalOf(answer))));
        const onError = (error: Error & { code?: string }) =>
          settle(false, () => reject(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? new AppError("INVALID", TOO_BIG) : error));
        const onExit = () => settle(false, () => reject(new Error("The PDF worker stopped without an answer")));
        const timer = setTimeout(() => settle(false, () => reject(new AppError("INVALID", tooSlow))), timeoutMs);
        events.on("message", onMessage).on("error", onError).on("exit", onExit);
        worker.postMessage(job);
      }),
  );
}

/**
 * Opens an uploaded PDF in a worker: its page count and the active content it holds (scripts,
 * launch actions). `mustOpen`: refuse a file that cannot be opened as is (a report, which is
 * stamped later); otherwise an encrypted file is read as far as its structure allows.
 */
export async function inspectPdf(data: Uint8Array, mustOpen: boolean): Promise<{ pages: number; active: string[] }> {
  const answer = await runJob({ op: "inspect", data, mustOpen, objectStreamBytes: PDF_LIMITS.objectStreamBytes }, PDF_LIMITS.timeoutMs);
  return { pages: answer.pages ?? 0, active: answer.active ?? [] };
}

/** Stamps every page of a report: the attorney's copy with its release line (`footer`), anything else with DRAFT. */
export async function stampPdf(data: Uint8Array, footer: string | null): Promise<Uint8Array> {
  try {
    const answer = await runJob({ op: "stamp", data, footer, objectStreamBytes: PDF_LIMITS.objectStreamBytes }, PDF_LIMITS.stampTimeoutMs);
    return new Uint8Array(answer.data!);
  } catch (error) {
    // The file passed these checks at upload: failing now is the server's fault, not the downloader's.
    throw new Error(`A report could not be stamped: ${(error as Error).message}`);
  }
}

/**
 * Reads a large PDF from a file in a worker (received records, up to 100 MB): its pages, the pages
 * that carry text, and any active content. Given the stamping job's time, as a 500-page scan takes
 * longer to read than a report.
 */
export async function surveyPdfFile(path: string): Promise<{ pages: number; textPages: number; bare: number[]; active: string[] }> {
  const answer = await runJob({ op: "survey", path, objectStreamBytes: PDF_LIMITS.objectStreamBytes }, PDF_LIMITS.stampTimeoutMs);
  return { pages: answer.pages ?? 0, textPages: answer.textPages ?? 0, bare: answer.bare ?? [], active: answer.active ?? [] };
}

/**
 * Writes to `out` the PDF at `path` with each OCR'd page's invisible text laid over its page
 * (`page`: its index from 0; `data`: a one-page PDF), in a worker, as the survey reads it.
 */
export async function overlayPdfFile(path: string, out: string, layers: { page: number; data: Uint8Array }[]): Promise<void> {
  await runJob({ op: "overlay", path, out, layers, objectStreamBytes: PDF_LIMITS.objectStreamBytes }, PDF_LIMITS.stampTimeoutMs);
}
