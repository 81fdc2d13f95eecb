// @ts-check
// PDF jobs in a worker thread, one at a time (services/files/pdf-jobs.ts starts it with memory
// limits and stops it past a job's time): reading an uploaded PDF, stamping a report's pages and
// writing a trial bundle (files/pdf-bundle-writer.mjs) happen here, never on the thread
// that answers requests. Plain JavaScript, so it runs as is from source (vitest, tsx) and, bundled,
// from the compiled server (apps/server/build.mjs builds dist/pdf-worker.js from it).
import { readFile, writeFile } from "node:fs/promises";
import { parentPort } from "node:worker_threads";
import { inflateSync } from "node:zlib";
import { BundleSourceError, writeBundle } from "./pdf-bundle-writer.mjs";
import { degrees, PDFArray, PDFDict, PDFDocument, PDFName, PDFObjectStreamParser, PDFRawStream, PDFRef, rgb, StandardFonts } from "pdf-lib";

// pdf-lib reports each object it skips on the console; the answer to the caller says what matters.
console.warn = () => {};

/** Thrown for a file the job refuses; `reason` is what pdf-jobs.ts turns into a sentence. */
class Refused extends Error {
  /** @param {"unreadable" | "expands"} reason */
  constructor(reason) {
    super(reason);
    this.reason = reason;
  }
}

/** Why a file's object stream was refused; pdf-lib skips an object that fails to parse, so it is kept here. */
/** @type {"unreadable" | "expands" | null} */
let refusal = null;
/** @param {"unreadable" | "expands"} reason */
const refuse = (reason) => {
  refusal ??= reason;
  return new Refused(reason);
};

/** What the current job's object streams may still unpack to. */
let left = 0;

/**
 * pdf-lib unpacks each object stream whole, in JavaScript, while it loads a file: 200 kB can unpack
 * to gigabytes. Before it does, zlib unpacks the stream again with a ceiling on the output, and the
 * object streams of one file share the job's budget; only FlateDecode (or no filter) is accepted there.
 */
function limitObjectStreams() {
  const original = PDFObjectStreamParser.forStream;
  /** @param {PDFRawStream} raw @param {(() => boolean) | undefined} wait */
  PDFObjectStreamParser.forStream = (raw, wait) => {
    const filter = raw.dict.lookup(PDFName.of("Filter"));
    const filters = filter instanceof PDFArray ? filter.asArray() : filter ? [filter] : [];
    if (filters.some((f) => f !== PDFName.of("FlateDecode")) || filters.length > 1) throw refuse("unreadable");
    let size = raw.contents.byteLength;
    if (filters.length) {
      try {
        size = inflateSync(raw.contents, { maxOutputLength: left + 1 }).byteLength;
      } catch (error) {
        throw refuse(/** @type {{ code?: string }} */ (error).code === "ERR_BUFFER_TOO_LARGE" ? "expands" : "unreadable");
      }
    }
    left -= size;
    if (left < 0) throw refuse("expands");
    return original(raw, wait);
  };
}

/** @param {Uint8Array} data @param {{ ignoreEncryption: boolean }} options */
async function open(data, { ignoreEncryption }) {
  let pdf;
  try {
    // All at once: pdf-lib otherwise pauses every 100 objects for a timer, which on a busy machine
    // made a 2,000-page report take longer than the job's time. This thread has nothing else to do.
    pdf = await PDFDocument.load(data, { updateMetadata: false, ignoreEncryption, parseSpeed: Infinity });
  } catch (error) {
    throw error instanceof Refused ? error : new Refused(refusal ?? "unreadable");
  }
  if (refusal) throw new Refused(refusal);
  return pdf;
}

/** Action types that run something in the reader: scripts, programs, form posts and imports. */
const ACTIVE_ACTIONS = new Set(
  ["JavaScript", "Launch", "SubmitForm", "ImportData", "RichMediaExecute", "Rendition"].map((n) => PDFName.of(n)),
);
const ACTIVE_KEYS = [PDFName.of("JS"), PDFName.of("JavaScript")];

/**
 * What active content the document holds, by kind ("JavaScript", "Launch", ...): every object is
 * looked at, those inside object streams too, with names read as pdf-lib decodes them (#xx escapes).
 * @param {PDFDocument} pdf
 */
function activeContent(pdf) {
  const found = new Set();
  /** @type {Set<unknown>} */
  const seen = new Set();
  /** @param {unknown} value */
  const visit = (value) => {
    if (value instanceof PDFRef || seen.has(value)) return;
    seen.add(value);
    const dict = value instanceof PDFDict ? value : value instanceof PDFRawStream ? value.dict : null;
    if (dict) {
      const kind = dict.get(PDFName.of("S"));
      if (kind instanceof PDFName && ACTIVE_ACTIONS.has(kind)) found.add(kind.decodeText());
      for (const key of ACTIVE_KEYS) if (dict.has(key)) found.add("JavaScript");
      for (const [, entry] of dict.entries()) visit(entry);
    } else if (value instanceof PDFArray) {
      for (const entry of value.asArray()) visit(entry);
    }
  };
  for (const [, object] of pdf.context.enumerateIndirectObjects()) visit(object);
  return [...found].sort();
}

/**
 * The pages of a report, which must have them; for a supporting file (no page tree, say) 0 will do.
 * @param {PDFDocument} pdf @param {boolean} mustOpen
 */
function pageCount(pdf, mustOpen) {
  try {
    return pdf.getPageCount();
  } catch {
    if (mustOpen) throw new Refused("unreadable");
    return 0;
  }
}

/** @param {Uint8Array} data @param {string | null} footer */
async function stamp(data, footer) {
  const pdf = await open(data, { ignoreEncryption: false });
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const page of pdf.getPages()) {
    const { width, height } = page.getSize();
    if (footer) {
      page.drawText(footer, { x: 36, y: 18, size: 9, font, color: rgb(0.2, 0.2, 0.2) });
    } else {
      page.drawText("DRAFT", {
        x: width / 2 - 150,
        y: height / 2 - 60,
        size: 110,
        font,
        color: rgb(0.85, 0.1, 0.1),
        opacity: 0.25,
        rotate: degrees(35),
      });
      page.drawText("DRAFT - not released to the attorney", { x: 36, y: 18, size: 9, font, color: rgb(0.6, 0.1, 0.1) });
    }
  }
  return pdf.save({ objectsPerTick: Infinity });
}

/**
 * The pages without text, by index from 0: a page carries text when its resources (its own or a
 * parent's) name a font. A scanned page is an image alone; one a scanner's OCR or a word processor
 * made has fonts for its text.
 * @param {PDFDocument} pdf
 */
function pagesWithoutText(pdf) {
  /** @type {number[]} */
  const bare = [];
  pdf.getPages().forEach((page, index) => {
    /** @type {unknown} */
    let node = page.node;
    let fonts = null;
    while (node instanceof PDFDict && !fonts) {
      const resources = node.lookup(PDFName.of("Resources"));
      const font = resources instanceof PDFDict ? resources.lookup(PDFName.of("Font")) : null;
      if (font instanceof PDFDict && font.keys().length > 0) fonts = font;
      node = node.lookup(PDFName.of("Parent"));
    }
    if (!fonts) bare.push(index);
  });
  return bare;
}

/**
 * Lays each OCR'd page's invisible text (a one-page PDF from tesseract) over its page of the
 * original, read from and written to disk, so a 100 MB scan never passes through the thread that
 * answers requests. The text page is stretched to the page's media box: tesseract sizes it from the
 * image pdftoppm rendered of that box.
 * @param {string} path @param {string} out @param {{ page: number; data: Uint8Array }[]} layers
 */
async function overlay(path, out, layers) {
  const pdf = await open(await readFile(path), { ignoreEncryption: true });
  const pages = pdf.getPages();
  for (const layer of layers) {
    const page = pages[layer.page];
    if (!page) continue;
    const [text] = await pdf.embedPdf(layer.data, [0]);
    const box = page.getMediaBox();
    page.drawPage(text, { x: box.x, y: box.y, width: box.width, height: box.height });
  }
  await writeFile(out, await pdf.save({ objectsPerTick: Infinity }));
}

limitObjectStreams();

/** @param {import("./pdf-jobs").PdfJob} job */
async function run(job) {
  left = job.objectStreamBytes;
  refusal = null;
  if (job.op === "inspect") {
    const pdf = await open(job.data, { ignoreEncryption: !job.mustOpen });
    return { pages: pageCount(pdf, job.mustOpen), active: activeContent(pdf) };
  }
  if (job.op === "bundle") {
    // Each source file is opened alone, with the object-stream budget of a job of its own.
    const openSource = (/** @type {Uint8Array} */ data) => {
      left = job.objectStreamBytes;
      refusal = null;
      return open(data, { ignoreEncryption: false });
    };
    return { bundle: await writeBundle(job, openSource) };
  }
  if (job.op === "survey") {
    // A large file (received records) is read here from its path, so its bytes never pass through the thread that answers requests.
    const pdf = await open(await readFile(job.path), { ignoreEncryption: true });
    const pages = pageCount(pdf, false);
    const bare = pages ? pagesWithoutText(pdf) : [];
    return { pages, active: activeContent(pdf), textPages: pages - bare.length, bare };
  }
  if (job.op === "overlay") {
    await overlay(job.path, job.out, job.layers);
    return {};
  }
  return { data: await stamp(job.data, job.footer) };
}

parentPort?.on("message", (/** @type {import("./pdf-jobs").PdfJob} */ job) =>
  run(job).then(
    (result) => parentPort?.postMessage({ ok: true, ...result }),
    (error) => {
      // A bundle's source file is named in the answer; why it failed is the cause's refusal, or the sentence given.
      const about = error instanceof BundleSourceError ? { about: error.about, sentence: error.sentence } : {};
      const cause = error instanceof BundleSourceError ? error.cause : error;
      // Anything else in a bundle (a full disk, say) is the server's failure, not a damaged upload.
      const reason = cause instanceof Refused ? cause.reason : job.op === "bundle" && !about.about ? "failed" : "unreadable";
      parentPort?.postMessage({
        ok: false,
        reason,
        ...about,
        ...(reason === "failed" ? { message: String(error?.message ?? error) } : {}),
      });
    },
  ),
);
