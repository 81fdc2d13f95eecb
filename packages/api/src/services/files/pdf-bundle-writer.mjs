// @ts-check
// A trial bundle written as a stream (docs/decisions.md, "Trial bundle files"): run by the PDF worker
// (services/files/pdf-worker.mjs), never on the thread that answers requests. pdf-lib keeps a whole
// document in memory, so no PDFDocument of the bundle is ever built: each source file is loaded
// alone, its pages are copied into a scratch context whose object numbers continue from a running
// counter, stamped, and written to the section's file and the whole bundle's file at once; then it
// is dropped. What stays in memory is per page a few numbers (object number, byte offsets) and its
// label, so memory does not grow with the bundle. The page tree, index, outline and cross-reference
// tables are written last. Plain JavaScript, like the worker, so it runs from source and bundled.
import { closeSync, createWriteStream, openSync, writeSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { finished } from "node:stream/promises";
import {
  PDFArray,
  PDFContext,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFObjectCopier,
  PDFRef,
  rgb,
  StandardFonts,
} from "pdf-lib";
import yazl from "yazl";

/** The strip added on the displayed top edge of every page, and where the label sits in it (points). */
const STRIP = 20;
const LABEL_SIZE = 11;
const LABEL_BASELINE = 6;
const LABEL_RIGHT = 28;
/** The stamp's font, by a name no producer uses, added to each page's resources. */
const LABEL_FONT = PDFName.of("MLBundleLabel");

const A4 = /** @type {[number, number]} */ ([595.28, 841.89]);
const MARGIN = 50;
/** Index columns: description, party, author, date, pages (widths add up to the text width). */
const COLUMNS = [
  { title: "Description", width: 175 },
  { title: "Party", width: 75 },
  { title: "Author", width: 90 },
  { title: "Date", width: 60 },
  { title: "Pages", width: 95.28 },
];
const ROW_SIZE = 9;
const ROW_LEADING = 11;

/**
 * @typedef {{ path: string; description: string; party: string; author: string; date: string; pageLabels: string[] }} Entry
 * @typedef {{ letter: string; title: string; fileName: string; entries: Entry[]; changes?: { kind: string; description: string; pages: string }[] }} Section
 * @typedef {{ heading: string; outDir: string; sections: Section[]; csv: string; names: { whole: string; indexPdf: string; indexCsv: string; zip: string } }} BundleJob
 * @typedef {(data: Uint8Array) => Promise<PDFDocument>} OpenPdf
 */

/** A source file the job cannot use: `about` names it, `sentence` (when set) says why in full. */
export class BundleSourceError extends Error {
  /** @param {string} about @param {string | null} sentence @param {unknown} cause */
  constructor(about, sentence, cause) {
    super(sentence ?? about, { cause });
    this.about = about;
    this.sentence = sentence;
  }
}

/** Lower-case roman numerals, for the index pages (C-i, C-ii): document page numbers never depend on the index's length. */
/** @param {number} n */
export function roman(n) {
  const parts = /** @type {const} */ ([
    [1000, "m"],
    [900, "cm"],
    [500, "d"],
    [400, "cd"],
    [100, "c"],
    [90, "xc"],
    [50, "l"],
    [40, "xl"],
    [10, "x"],
    [9, "ix"],
    [5, "v"],
    [4, "iv"],
    [1, "i"],
  ]);
  let out = "";
  for (const [value, text] of parts)
    while (n >= value) {
      out += text;
      n -= value;
    }
  return out;
}

/** One object's bytes as it sits in a file (`n 0 obj ... endobj`). @param {number} num @param {import("pdf-lib").PDFObject} object */
function serialize(num, object) {
  const body = Buffer.alloc(object.sizeInBytes());
  object.copyBytesInto(body, 0);
  return Buffer.concat([Buffer.from(`${num} 0 obj\n`), body, Buffer.from("\nendobj\n")]);
}

/** A PDF file written front to back; it keeps the byte offset of each object for its cross-reference table. */
class PdfOut {
  /** @param {string} path */
  constructor(path) {
    this.fd = openSync(path, "w");
    this.offset = 0;
    /** @type {number[]} object numbers, in the order written */
    this.numbers = [];
    /** @type {number[]} */
    this.offsets = [];
    // A binary comment after the header, so transfer programs treat the file as binary.
    this.write(Buffer.from("%PDF-1.7\n%\xE2\xE3\xCF\xD3\n", "latin1"));
  }
  /** @param {Buffer} bytes */
  write(bytes) {
    writeSync(this.fd, bytes);
    this.offset += bytes.length;
  }
  /** @param {number} num @param {Buffer} bytes (from serialize) */
  object(num, bytes) {
    this.numbers.push(num);
    this.offsets.push(this.offset);
    this.write(bytes);
  }
  /**
   * The cross-reference table and trailer. Object numbers run across the whole bundle, so a
   * section's file holds only some of them: the table lists them in subsections of consecutive
   * numbers, and the numbers it skips are simply absent (free).
   * @param {number} root @param {number} info
   */
  finish(root, info) {
    const order = this.numbers.map((_, i) => i).sort((a, b) => this.numbers[a] - this.numbers[b]);
    const start = this.offset;
    let text = "xref\n0 1\n0000000000 65535 f\r\n";
    for (let i = 0; i < order.length;) {
      let j = i;
      while (j + 1 < order.length && this.numbers[order[j + 1]] === this.numbers[order[j]] + 1) j += 1;
      text += `${this.numbers[order[i]]} ${j - i + 1}\n`;
      for (let k = i; k <= j; k++) text += `${String(this.offsets[order[k]]).padStart(10, "0")} 00000 n\r\n`;
      i = j + 1;
    }
    const size = Math.max(0, ...this.numbers) + 1;
    text += `trailer\n<< /Size ${size} /Root ${root} 0 R /Info ${info} 0 R >>\nstartxref\n${start}\n%%EOF\n`;
    this.write(Buffer.from(text, "latin1"));
    closeSync(this.fd);
  }
}

/** @param {PDFContext} context @param {unknown} value @returns {number[] | null} */
function box(context, value) {
  const array = value instanceof PDFRef ? context.lookup(value) : value;
  if (!(array instanceof PDFArray) || array.size() !== 4) return null;
  const n = array.asArray().map((v) => {
    const x = v instanceof PDFRef ? context.lookup(v) : v;
    return x instanceof PDFNumber ? x.asNumber() : NaN;
  });
  if (n.some((x) => !Number.isFinite(x))) return null;
  return [Math.min(n[0], n[2]), Math.min(n[1], n[3]), Math.max(n[0], n[2]), Math.max(n[1], n[3])];
}

/** A PDF literal string. @param {string} text */
const literal = (text) => `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;
const fmt = (/** @type {number} */ n) => (Math.round(n * 100) / 100).toString();

/**
 * Stamps a copied page with its label, clear of the document's own text: the page grows by a strip
 * on the edge shown at the top (which edge that is follows /Rotate), the strip is painted white
 * (it may uncover what a crop box hid) and the label is drawn in it, right-aligned and upright as
 * displayed. The page's own content runs first, wrapped in q/Q so its graphics state cannot leak.
 * @param {PDFContext} context @param {PDFDict} page @param {string} label @param {PDFRef} font @param {(text: string) => number} width
 */
function stampPage(context, page, label, font, width) {
  const media = box(context, page.get(PDFName.of("MediaBox"))) ?? [0, 0, 612, 792];
  const crop = box(context, page.get(PDFName.of("CropBox")));
  // What a viewer shows: the crop box within the media box.
  const shown = crop
    ? [Math.max(crop[0], media[0]), Math.max(crop[1], media[1]), Math.min(crop[2], media[2]), Math.min(crop[3], media[3])]
    : media.slice();
  if (shown[2] <= shown[0] || shown[3] <= shown[1]) shown.splice(0, 4, ...media);
  const rotateValue = page.get(PDFName.of("Rotate"));
  const rotateObject = rotateValue instanceof PDFRef ? context.lookup(rotateValue) : rotateValue;
  const degrees = rotateObject instanceof PDFNumber ? ((rotateObject.asNumber() % 360) + 360) % 360 : 0;
  const rotate = degrees - (degrees % 90);
  const [x1, y1, x2, y2] = shown;
  const w = width(label);
  const grown = shown.slice();
  /** @type {number[]} strip rectangle x, y, w, h */ let strip;
  /** @type {number[]} text matrix */ let matrix;
  if (rotate === 90) {
    // Shown turned a quarter clockwise: the left edge is at the top, the top edge at the right.
    grown[0] = x1 - STRIP;
    strip = [x1 - STRIP, y1, STRIP, y2 - y1];
    matrix = [0, 1, -1, 0, x1 - LABEL_BASELINE, y2 - LABEL_RIGHT - w];
  } else if (rotate === 180) {
    grown[1] = y1 - STRIP;
    strip = [x1, y1 - STRIP, x2 - x1, STRIP];
    matrix = [-1, 0, 0, -1, x1 + LABEL_RIGHT + w, y1 - LABEL_BASELINE];
  } else if (rotate === 270) {
    grown[2] = x2 + STRIP;
    strip = [x2, y1, STRIP, y2 - y1];
    matrix = [0, -1, 1, 0, x2 + LABEL_BASELINE, y1 + LABEL_RIGHT + w];
  } else {
    grown[3] = y2 + STRIP;
    strip = [x1, y2, x2 - x1, STRIP];
    matrix = [1, 0, 0, 1, x2 - LABEL_RIGHT - w, y2 + LABEL_BASELINE];
  }
  const edge = rotate === 90 ? 0 : rotate === 180 ? 1 : rotate === 270 ? 2 : 3;
  page.set(
    PDFName.of("MediaBox"),
    context.obj([Math.min(media[0], grown[0]), Math.min(media[1], grown[1]), Math.max(media[2], grown[2]), Math.max(media[3], grown[3])]),
  );
  if (crop) page.set(PDFName.of("CropBox"), context.obj(grown));
  // The trim, bleed and art boxes, when given, reach the new edge too, so the label is part of the finished page.
  for (const name of ["TrimBox", "BleedBox", "ArtBox"]) {
    const other = box(context, page.get(PDFName.of(name)));
    if (!other) continue;
    other[edge] = grown[edge];
    page.set(PDFName.of(name), context.obj(other));
  }

  // Resources may be shared with other pages; adding the label's font to them is harmless.
  let resources = page.get(PDFName.of("Resources"));
  if (resources instanceof PDFRef) resources = context.lookup(resources);
  if (!(resources instanceof PDFDict)) {
    resources = context.obj({});
    page.set(PDFName.of("Resources"), resources);
  }
  const resourceDict = /** @type {PDFDict} */ (resources);
  let fonts = resourceDict.get(PDFName.of("Font"));
  if (fonts instanceof PDFRef) fonts = context.lookup(fonts);
  if (!(fonts instanceof PDFDict)) {
    fonts = context.obj({});
    resourceDict.set(PDFName.of("Font"), fonts);
  }
  /** @type {PDFDict} */ (fonts).set(LABEL_FONT, font);

  const contents = page.get(PDFName.of("Contents"));
  const own = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
  const before = context.register(context.stream("q\n"));
  const after = context.register(
    context.stream(
      `\nQ\nq\n1 g\n${strip.map(fmt).join(" ")} re f\nBT\n0 g\n/${LABEL_FONT.decodeText()} ${LABEL_SIZE} Tf\n${matrix.map(fmt).join(" ")} Tm\n${literal(label)} Tj\nET\nQ\n`,
    ),
  );
  page.set(PDFName.of("Contents"), context.obj([before, ...own, after]));
}

/**
 * Writes a scratch context's objects to the given files and returns the next free object number.
 * @param {PDFContext} context @param {PdfOut[]} outs
 */
function flush(context, outs) {
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    const bytes = serialize(ref.objectNumber, object);
    for (const out of outs) out.object(ref.objectNumber, bytes);
  }
}

/** A scratch context whose new objects are numbered after `last`. @param {number} last */
function scratch(last) {
  const context = PDFContext.create();
  context.largestObjectNumber = last;
  return context;
}

/** @param {PDFDocument} doc */
async function fonts(doc) {
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const known = new Set(regular.getCharacterSet());
  // The standard fonts write WinAnsi: anything else shows as "?" rather than failing the bundle.
  const clean = (/** @type {string} */ text) =>
    Array.from(text.replace(/\s+/g, " ").trim(), (c) => (known.has(c.codePointAt(0) ?? 0) ? c : "?")).join("");
  return { regular, bold, clean };
}

/**
 * Splits text into lines no wider than `width`; a word longer than a line is broken.
 * @param {string} text @param {import("pdf-lib").PDFFont} font @param {number} size @param {number} width
 */
function wrap(text, font, size, width) {
  /** @type {string[]} */
  const lines = [];
  let line = "";
  for (const word of text.split(" ")) {
    let piece = word;
    while (font.widthOfTextAtSize(piece, size) > width) {
      let cut = piece.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(piece.slice(0, cut), size) > width) cut -= 1;
      if (line) lines.push(line);
      lines.push(piece.slice(0, cut));
      line = "";
      piece = piece.slice(cut);
    }
    const next = line ? `${line} ${piece}` : piece;
    if (font.widthOfTextAtSize(next, size) <= width) line = next;
    else {
      lines.push(line);
      line = piece;
    }
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

/** "C-001 – C-004", or the one label of a one-page document. @param {string[]} labels */
export const pageRange = (labels) => (labels.length > 1 ? `${labels[0]} – ${labels[labels.length - 1]}` : (labels[0] ?? ""));

const CHANGE_WORDS = { added: "Added", replaced: "Replaced", withdrawn: "Withdrawn" };

/**
 * Lays out a section's index on A4 pages (the bundle's heading, the section, a table row per
 * document, then what changed since the served version) and returns the pages, with where each
 * document's row sits so it can be made a link.
 * @param {string} heading @param {Section} section
 * @returns {Promise<{ doc: PDFDocument; rows: { page: number; rect: number[]; entry: number }[] }>}
 */
async function layOutIndex(heading, section) {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const { regular, bold, clean } = await fonts(doc);
  const black = rgb(0, 0, 0);
  const grey = rgb(0.35, 0.35, 0.35);
  /** @type {{ page: number; rect: number[]; entry: number }[]} */
  const rows = [];
  // Set by newPage() before any row is drawn.
  let page = /** @type {import("pdf-lib").PDFPage} */ (/** @type {unknown} */ (undefined));
  let y = 0;
  const textWidth = A4[0] - 2 * MARGIN;
  const tableHeader = () => {
    let x = MARGIN;
    for (const column of COLUMNS) {
      page.drawText(column.title, { x, y: y - ROW_SIZE, size: ROW_SIZE, font: bold, color: black });
      x += column.width;
    }
    y -= ROW_LEADING + 3;
    page.drawLine({ start: { x: MARGIN, y: y + 2 }, end: { x: A4[0] - MARGIN, y: y + 2 }, thickness: 0.5, color: grey });
    y -= 4;
  };
  const newPage = (/** @type {boolean} */ table) => {
    page = doc.addPage(A4);
    y = A4[1] - MARGIN;
    for (const line of wrap(clean(heading), regular, 9, textWidth)) {
      page.drawText(line, { x: MARGIN, y: y - 9, size: 9, font: regular, color: grey });
      y -= 12;
    }
    y -= 6;
    const title = `${section.letter} - ${section.title}`;
    for (const line of wrap(clean(title), bold, 14, textWidth)) {
      page.drawText(line, { x: MARGIN, y: y - 14, size: 14, font: bold, color: black });
      y -= 18;
    }
    page.drawText(doc.getPageCount() > 1 ? "Index (continued)" : "Index", { x: MARGIN, y: y - 11, size: 11, font: bold, color: black });
    y -= 24;
    if (table) tableHeader();
  };
  newPage(true);
  section.entries.forEach((entry, index) => {
    const cells = [entry.description, entry.party, entry.author, entry.date, pageRange(entry.pageLabels)].map((text, i) =>
      wrap(clean(text), regular, ROW_SIZE, COLUMNS[i].width - 6),
    );
    const height = Math.max(...cells.map((lines) => lines.length)) * ROW_LEADING + 4;
    if (y - height < MARGIN) newPage(true);
    let x = MARGIN;
    cells.forEach((lines, i) => {
      lines.forEach((line, n) =>
        page.drawText(line, {
          x,
          y: y - ROW_SIZE - n * ROW_LEADING,
          size: ROW_SIZE,
          font: regular,
          color: i === 0 ? rgb(0, 0.2, 0.55) : black,
        }),
      );
      x += COLUMNS[i].width;
    });
    rows.push({ page: doc.getPageCount() - 1, rect: [MARGIN, y - height + 2, A4[0] - MARGIN, y + 1], entry: index });
    y -= height;
  });
  if (section.changes?.length) {
    if (y - 40 < MARGIN) newPage(false);
    y -= 14;
    page.drawText("What changed since the served version", { x: MARGIN, y: y - 11, size: 11, font: bold, color: black });
    y -= 20;
    for (const change of section.changes) {
      const text = `${CHANGE_WORDS[/** @type {keyof typeof CHANGE_WORDS} */ (change.kind)] ?? change.kind}: ${change.description}${change.pages ? ` (${change.pages})` : ""}`;
      const lines = wrap(clean(text), regular, ROW_SIZE, textWidth);
      if (y - lines.length * ROW_LEADING < MARGIN) newPage(false);
      for (const line of lines) {
        page.drawText(line, { x: MARGIN, y: y - ROW_SIZE, size: ROW_SIZE, font: regular, color: black });
        y -= ROW_LEADING;
      }
      y -= 3;
    }
  }
  // Saved and loaded again: the fonts pdf-lib embeds lazily are then objects that can be copied.
  return { doc: await PDFDocument.load(await doc.save(), { updateMetadata: false }), rows };
}

/**
 * Outline items (bookmarks) as objects, numbered from `next`, under `parent`. Returns the objects
 * to write, the first and last item's numbers and the next free number.
 * @param {PDFContext} context @param {number} parent @param {{ title: string; page: number; children?: { title: string; page: number }[] }[]} items @param {number} next
 */
function outline(context, parent, items, next) {
  /** @type {[number, PDFDict][]} */
  const objects = [];
  const numbers = items.map(() => next++);
  items.forEach((item, i) => {
    /** @type {Record<string, unknown>} */
    const dict = {
      Title: PDFHexString.fromText(item.title),
      Parent: PDFRef.of(parent),
      Dest: [PDFRef.of(item.page), "XYZ", null, null, null],
    };
    if (i > 0) dict.Prev = PDFRef.of(numbers[i - 1]);
    if (i < items.length - 1) dict.Next = PDFRef.of(numbers[i + 1]);
    if (item.children?.length) {
      const nested = outline(context, numbers[i], item.children, next);
      next = nested.next;
      objects.push(...nested.objects);
      Object.assign(dict, { First: PDFRef.of(nested.first), Last: PDFRef.of(nested.last), Count: item.children.length });
    }
    objects.push([numbers[i], /** @type {PDFDict} */ (/** @type {unknown} */ (context.obj(/** @type {never} */ (dict))))]);
  });
  return { objects, first: numbers[0], last: numbers[numbers.length - 1], next };
}

/** A reference, or nothing (an empty section has no bookmarks; the key is then left out). @param {number | undefined} num */
const refOf = (num) => (num === undefined ? undefined : PDFRef.of(num));

/** Page labels as the viewer's page numbers: one entry per page, as labels may have gaps. @param {PDFContext} context @param {string[]} labels */
const pageLabels = (context, labels) =>
  context.obj({ Nums: labels.flatMap((label, i) => [i, context.obj({ P: PDFHexString.fromText(label) })]) });

/**
 * Writes the bundle: a PDF per section, the whole bundle, the index as PDF (and the CSV given), and
 * a ZIP of the section PDFs with the index. Returns what the caller reports.
 * @param {BundleJob} job @param {OpenPdf} openPdf opens one source file within the worker's limits
 */
export async function writeBundle(job, openPdf) {
  const measureDoc = await PDFDocument.create();
  const labelFont = await measureDoc.embedFont(StandardFonts.HelveticaBold);
  const labelWidth = (/** @type {string} */ text) => labelFont.widthOfTextAtSize(text, LABEL_SIZE);

  let last = 0;
  const fontNum = ++last;
  const fontBytes = serialize(
    fontNum,
    scratch(0).obj({ Type: "Font", Subtype: "Type1", BaseFont: "Helvetica-Bold", Encoding: "WinAnsiEncoding" }),
  );
  const fontRef = PDFRef.of(fontNum);
  const wholeRoot = ++last;
  const whole = new PdfOut(join(job.outDir, job.names.whole));
  whole.object(fontNum, fontBytes);
  const indexPdf = await PDFDocument.create({ updateMetadata: false });
  indexPdf.setTitle(`${job.heading} - index`);

  /** @type {{ letter: string; fileName: string; pages: number; indexPages: number }[]} */
  const done = [];
  /** @type {{ title: string; page: number; children: { title: string; page: number }[] }[]} */
  const wholeOutline = [];
  /** @type {string[]} */
  const wholeLabels = [];
  /** @type {number[]} */
  const sectionNodes = [];
  let wholeCount = 0;

  for (const section of job.sections) {
    const out = new PdfOut(join(job.outDir, section.fileName));
    out.object(fontNum, fontBytes);
    const pagesNum = ++last;
    const pagesRef = PDFRef.of(pagesNum);
    /** @type {number[]} */
    const documentPages = [];
    /** @type {number[]} */
    const firstPages = [];

    for (const entry of section.entries) {
      const about = `"${entry.description}" (${entry.pageLabels[0] ?? section.letter})`;
      let source, pages;
      try {
        source = await openPdf(await readFile(entry.path));
        // A file without a page tree loads, and fails here.
        pages = source.getPages();
      } catch (error) {
        throw new BundleSourceError(about, null, error);
      }
      if (pages.length === 0 || pages.length !== entry.pageLabels.length)
        throw new BundleSourceError(
          about,
          `${about} has ${pages.length} page(s) but ${entry.pageLabels.length} page number(s) were given for it.`,
          null,
        );
      const context = scratch(last);
      const copier = PDFObjectCopier.for(source.context, context);
      // A page's own actions (run when it is opened or closed) have no place in a court bundle; the source is dropped after this.
      for (const page of pages) page.node.delete(PDFName.of("AA"));
      // Copied by reference, so links and annotations within the document that point at its pages follow them.
      const refs = pages.map((page) => /** @type {PDFRef} */ (copier.copy(page.ref)));
      refs.forEach((ref, i) => {
        const node = /** @type {PDFDict} */ (context.lookup(ref));
        node.set(PDFName.of("Parent"), pagesRef);
        stampPage(context, node, entry.pageLabels[i], fontRef, labelWidth);
      });
      flush(context, [out, whole]);
      last = context.largestObjectNumber;
      firstPages.push(refs[0]?.objectNumber ?? 0);
      documentPages.push(...refs.map((ref) => ref.objectNumber));
    }

    // The index, at the front of the section, its rows linking to each document's first page.
    const index = await layOutIndex(job.heading, section);
    for (const page of await indexPdf.copyPages(index.doc, index.doc.getPageIndices())) indexPdf.addPage(page);
    const context = scratch(last);
    const copier = PDFObjectCopier.for(index.doc.context, context);
    const indexLabels = index.doc.getPages().map((_, i) => `${section.letter}-${roman(i + 1)}`);
    const indexRefs = index.doc.getPages().map((page) => /** @type {PDFRef} */ (copier.copy(page.ref)));
    indexRefs.forEach((ref, i) => {
      const node = /** @type {PDFDict} */ (context.lookup(ref));
      node.set(PDFName.of("Parent"), pagesRef);
      stampPage(context, node, indexLabels[i], fontRef, labelWidth);
      const links = index.rows
        .filter((row) => row.page === i && firstPages[row.entry])
        .map((row) =>
          context.register(
            context.obj({
              Type: "Annot",
              Subtype: "Link",
              Rect: row.rect,
              Border: [0, 0, 0],
              Dest: [PDFRef.of(firstPages[row.entry]), "XYZ", null, null, null],
            }),
          ),
        );
      if (links.length) node.set(PDFName.of("Annots"), context.obj(links));
    });
    flush(context, [out, whole]);
    last = context.largestObjectNumber;

    const kids = [...indexRefs.map((ref) => ref.objectNumber), ...documentPages];
    const labels = [...indexLabels, ...section.entries.flatMap((entry) => entry.pageLabels)];
    const tree = scratch(0);
    const node = { Type: "Pages", Kids: kids.map((n) => PDFRef.of(n)), Count: kids.length };
    out.object(pagesNum, serialize(pagesNum, tree.obj(node)));
    whole.object(pagesNum, serialize(pagesNum, tree.obj({ ...node, Parent: PDFRef.of(wholeRoot) })));

    const bookmarks = section.entries.map((entry, i) => ({ title: entry.description, page: firstPages[i] }));
    const outlineNum = ++last;
    const items = outline(tree, outlineNum, bookmarks, last + 1);
    last = items.next - 1;
    for (const [num, object] of items.objects) out.object(num, serialize(num, object));
    out.object(
      outlineNum,
      serialize(outlineNum, tree.obj({ Type: "Outlines", First: refOf(items.first), Last: refOf(items.last), Count: bookmarks.length })),
    );
    const [catalogNum, infoNum] = [++last, ++last];
    out.object(
      catalogNum,
      serialize(
        catalogNum,
        tree.obj({
          Type: "Catalog",
          Pages: pagesRef,
          Outlines: PDFRef.of(outlineNum),
          PageMode: "UseOutlines",
          PageLabels: pageLabels(tree, labels),
        }),
      ),
    );
    out.object(
      infoNum,
      serialize(
        infoNum,
        tree.obj({ Title: PDFHexString.fromText(`${section.letter} - ${section.title}`), Producer: PDFHexString.fromText("MedLegal") }),
      ),
    );
    out.finish(catalogNum, infoNum);

    done.push({ letter: section.letter, fileName: section.fileName, pages: kids.length, indexPages: indexRefs.length });
    wholeOutline.push({ title: `${section.letter} - ${section.title}`, page: kids[0], children: bookmarks });
    wholeLabels.push(...labels);
    sectionNodes.push(pagesNum);
    wholeCount += kids.length;
  }

  const tree = scratch(0);
  whole.object(
    wholeRoot,
    serialize(wholeRoot, tree.obj({ Type: "Pages", Kids: sectionNodes.map((n) => PDFRef.of(n)), Count: wholeCount })),
  );
  const outlineNum = ++last;
  const items = outline(tree, outlineNum, wholeOutline, last + 1);
  last = items.next - 1;
  for (const [num, object] of items.objects) whole.object(num, serialize(num, object));
  const visible = wholeOutline.reduce((sum, item) => sum + 1 + item.children.length, 0);
  whole.object(
    outlineNum,
    serialize(outlineNum, tree.obj({ Type: "Outlines", First: refOf(items.first), Last: refOf(items.last), Count: visible })),
  );
  const [catalogNum, infoNum] = [++last, ++last];
  whole.object(
    catalogNum,
    serialize(
      catalogNum,
      tree.obj({
        Type: "Catalog",
        Pages: PDFRef.of(wholeRoot),
        Outlines: PDFRef.of(outlineNum),
        PageMode: "UseOutlines",
        PageLabels: pageLabels(tree, wholeLabels),
      }),
    ),
  );
  whole.object(
    infoNum,
    serialize(infoNum, tree.obj({ Title: PDFHexString.fromText(job.heading), Producer: PDFHexString.fromText("MedLegal") })),
  );
  whole.finish(catalogNum, infoNum);

  await writeFile(join(job.outDir, job.names.indexPdf), await indexPdf.save());
  await writeFile(join(job.outDir, job.names.indexCsv), job.csv);

  // The ZIP for upload, streamed to disk: the section PDFs (already compressed inside, so stored), then the index.
  const zip = new yazl.ZipFile();
  for (const section of done) zip.addFile(join(job.outDir, section.fileName), section.fileName, { compress: false });
  zip.addFile(join(job.outDir, job.names.indexPdf), job.names.indexPdf);
  zip.addFile(join(job.outDir, job.names.indexCsv), job.names.indexCsv);
  const written = finished(zip.outputStream.pipe(createWriteStream(join(job.outDir, job.names.zip))));
  zip.end();
  await written;

  return { sections: done, pages: wholeCount };
}
