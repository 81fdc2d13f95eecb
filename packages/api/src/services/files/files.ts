import { createHash, randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { sql } from "kysely";
import type { Database, FileOwnerKind } from "@medlegal/db";
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TYPES,
  RECEIVED_RECORDS_MAX_BYTES,
  REPORT_MAX_BYTES,
  safeFileName,
  sniffDocumentType,
  UPLOAD_QUOTA_BYTES_PER_DAY,
} from "@medlegal/domain";
import type { SignedInActor } from "../../actors";
import { AppError } from "../../errors";
import { stamp } from "../platform/clock";
import { inspectPdf, PDF_LIMITS } from "./pdf-jobs";
import { placeBytes } from "./stored-files";

type ContentType = (typeof DOCUMENT_TYPES)[number];

/** What each use of the store accepts (docs/decisions.md, "Files and reports"). */
export const FILE_USES: Record<FileOwnerKind, { maxBytes: number; types: readonly ContentType[]; what: string; fallbackName: string }> = {
  // Records a holder sent for a records request (issue 40): scanned PDFs of up to 500 pages.
  record_request: {
    maxBytes: RECEIVED_RECORDS_MAX_BYTES,
    types: ["application/pdf"],
    what: "Received records are uploaded as PDF files.",
    fallbackName: "records.pdf",
  },
  // A document of the case's expert evidence the attorney adds for the trial bundle (issue 41): it
  // must open as is, as its pages are stamped into the bundle.
  evidence_document: {
    maxBytes: REPORT_MAX_BYTES,
    types: ["application/pdf"],
    what: "Documents for the bundle are uploaded as PDF files.",
    fallbackName: "document.pdf",
  },
  // Made by the server from a case's evidence (services/bundles), never uploaded.
  bundle: { maxBytes: 0, types: [], what: "Bundles are made by MedLegal.", fallbackName: "bundle.pdf" },
  query_document: {
    maxBytes: DOCUMENT_MAX_BYTES,
    types: DOCUMENT_TYPES,
    what: "Only PDF, PNG and JPEG files can be uploaded.",
    fallbackName: "document",
  },
  report_version: {
    maxBytes: REPORT_MAX_BYTES,
    types: ["application/pdf"],
    what: "Reports are uploaded as PDF files.",
    fallbackName: "report.pdf",
  },
  // Made by the server, never uploaded (storeGeneratedFile).
  invoice: { maxBytes: REPORT_MAX_BYTES, types: ["application/pdf"], what: "Invoices are PDF files.", fallbackName: "invoice.pdf" },
  credit_note: {
    maxBytes: REPORT_MAX_BYTES,
    types: ["application/pdf"],
    what: "Credit notes are PDF files.",
    fallbackName: "credit-note.pdf",
  },
  payment_proof: {
    maxBytes: DOCUMENT_MAX_BYTES,
    types: DOCUMENT_TYPES,
    what: "A proof of payment is a PDF, PNG or JPEG file.",
    fallbackName: "proof-of-payment",
  },
  // Video recordings arrive in chunks and are checked by the meetings service (services/meetings/recordings.ts), never here.
  meeting_recording: { maxBytes: 0, types: [], what: "Recordings are uploaded from the meeting room.", fallbackName: "recording.webm" },
  // A message's attachment: uploaded first (message_upload), then sent with a message (message_attachment).
  message_upload: {
    maxBytes: DOCUMENT_MAX_BYTES,
    types: DOCUMENT_TYPES,
    what: "Only PDF, PNG and JPEG files can be attached.",
    fallbackName: "attachment",
  },
  message_attachment: {
    maxBytes: DOCUMENT_MAX_BYTES,
    types: DOCUMENT_TYPES,
    what: "Only PDF, PNG and JPEG files can be attached.",
    fallbackName: "attachment",
  },
  // A signed confidentiality or operator agreement (services/privacy/agreements.ts).
  privacy_agreement: {
    maxBytes: DOCUMENT_MAX_BYTES,
    types: DOCUMENT_TYPES,
    what: "A signed agreement is a PDF, PNG or JPEG file.",
    fallbackName: "agreement.pdf",
  },
  // A case's deferral undertaking and its settlement or court order (services/receivables/case-billing.ts).
  billing_undertaking: {
    maxBytes: DOCUMENT_MAX_BYTES,
    types: DOCUMENT_TYPES,
    what: "A signed undertaking is a PDF, PNG or JPEG file.",
    fallbackName: "undertaking.pdf",
  },
  billing_order: {
    maxBytes: DOCUMENT_MAX_BYTES,
    types: DOCUMENT_TYPES,
    what: "A court order is a PDF, PNG or JPEG file.",
    fallbackName: "court-order.pdf",
  },
};

const TYPE_NAMES: Record<ContentType, string> = { "application/pdf": "a PDF", "image/png": "a PNG image", "image/jpeg": "a JPEG image" };
const EXTENSION_TYPES: Record<string, ContentType> = { pdf: "application/pdf", png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg" };

export interface CheckedUpload {
  fileName: string;
  contentType: ContentType;
  size: number;
  sha256: string;
  data: Uint8Array;
  /** A PDF's page count; null for images. */
  pages: number | null;
}

/**
 * Refuses a file this use does not take, with a sentence (400): empty, too big, a type judged by
 * its first bytes that is not allowed, or a name whose ending claims another type than the
 * content (a PNG renamed .pdf). A PDF is opened in a worker thread (pdf-jobs.ts): one that
 * unpacks to far more than its size, takes too long, or holds active content (JavaScript, launch
 * actions) is refused on every route, and so is one with more pages than PDF_MAX_PAGES (3,000
 * unless set); a report or a bundle's document must also open as is (it is stamped later).
 * Nothing is stored here.
 */
export async function checkUpload(use: FileOwnerKind, input: { fileName: string; data: Uint8Array }): Promise<CheckedUpload> {
  const rules = FILE_USES[use];
  const size = input.data.byteLength;
  if (size === 0) throw new AppError("INVALID", "The file is empty.");
  if (size > rules.maxBytes) throw new AppError("INVALID", `Files can be at most ${rules.maxBytes / 1024 / 1024} MB.`);
  const contentType = sniffDocumentType(input.data);
  const fileName = safeFileName(input.fileName, rules.fallbackName);
  const claimed = EXTENSION_TYPES[fileName.split(".").pop()?.toLowerCase() ?? ""];
  if (contentType && claimed && claimed !== contentType) {
    throw new AppError(
      "INVALID",
      `"${fileName}" is ${TYPE_NAMES[contentType]}, not ${TYPE_NAMES[claimed]}: its name does not match its content. ${rules.what}`,
    );
  }
  if (!contentType || !rules.types.includes(contentType)) {
    throw new AppError("INVALID", contentType ? `"${fileName}" is ${TYPE_NAMES[contentType]}. ${rules.what}` : rules.what);
  }
  let pages: number | null = null;
  if (contentType === "application/pdf") {
    const pdf = await inspectPdf(input.data, use === "report_version" || use === "evidence_document");
    if (pdf.active.length) {
      throw new AppError(
        "INVALID",
        `"${fileName}" contains active content (${pdf.active.join(", ")}), which is not accepted. Print it to a new PDF and upload that.`,
      );
    }
    if (pdf.pages > PDF_LIMITS.maxPages) {
      const most = PDF_LIMITS.maxPages.toLocaleString("en-ZA");
      throw new AppError(
        "INVALID",
        `"${fileName}" has ${pdf.pages.toLocaleString("en-ZA")} pages; a PDF can have at most ${most}. Split it into parts of at most ${most} pages and upload those.`,
      );
    }
    pages = pdf.pages;
  }
  return { fileName, contentType, size, sha256: createHash("sha256").update(input.data).digest("hex"), data: input.data, pages };
}

/** 429 when this upload would take the user past their daily quota, over every use (their own row lock serialises two at once). */
async function assertWithinUploadQuota(trx: Transaction<Database>, userId: string, size: number): Promise<void> {
  await trx.selectFrom("users").select("id").where("id", "=", userId).forUpdate().execute();
  const { used } = await trx
    .selectFrom("files")
    .select(sql<number>`coalesce(sum(size), 0)::int8`.as("used"))
    .where("uploaded_by", "=", userId)
    .where("created_at", ">", sql<Date>`now() - interval '1 day'`)
    .executeTakeFirstOrThrow();
  if (Number(used) + size > UPLOAD_QUOTA_BYTES_PER_DAY) {
    throw new AppError(
      "TOO_MANY_REQUESTS",
      `You can upload at most ${UPLOAD_QUOTA_BYTES_PER_DAY / 1024 / 1024} MB in 24 hours. Please try again later, or ask the agency for help.`,
    );
  }
}

/**
 * Stores a checked file in the caller's transaction, owned by `ownerId`: its bytes in the configured
 * store, or in PostgreSQL without one (stored-files.ts), so every server instance serves it.
 */
export async function storeFile(
  trx: Transaction<Database>,
  actor: SignedInActor,
  use: FileOwnerKind,
  ownerId: string,
  file: CheckedUpload,
): Promise<{ id: string; createdAt: Date }> {
  await assertWithinUploadQuota(trx, actor.user.id, file.size);
  const id = randomUUID();
  const row = await trx
    .insertInto("files")
    .values({
      id,
      owner_kind: use,
      owner_id: ownerId,
      uploaded_by: actor.user.id,
      file_name: file.fileName,
      content_type: file.contentType,
      size: file.size,
      sha256: file.sha256,
      ...(await placeBytes(id, file.data)),
      ...stamp("created_at"),
    })
    .returning(["id", "created_at"])
    .executeTakeFirstOrThrow();
  return { id: row.id, createdAt: row.created_at };
}

/**
 * Stores a PDF the server made (an invoice, a credit note, a records request's letter) in the caller's
 * transaction, with its sha256; no upload quota, as nobody uploaded it. `madeBy` is the user it is made
 * for: the caller, or for a sweeper's letter the request's author.
 */
export async function storeGeneratedFile(
  trx: Transaction<Database>,
  madeBy: string,
  use: "invoice" | "credit_note" | "record_request",
  ownerId: string,
  file: { fileName: string; data: Uint8Array },
): Promise<{ id: string; sha256: string }> {
  const sha256 = createHash("sha256").update(file.data).digest("hex");
  const id = randomUUID();
  const row = await trx
    .insertInto("files")
    .values({
      id,
      owner_kind: use,
      owner_id: ownerId,
      uploaded_by: madeBy,
      file_name: safeFileName(file.fileName, FILE_USES[use].fallbackName),
      content_type: "application/pdf",
      size: file.data.byteLength,
      sha256,
      ...(await placeBytes(id, file.data)),
      ...stamp("created_at"),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, sha256 };
}

/** A stored file's row, or undefined; callers decide whether the caller may see its owner. */
export function loadFile(db: Kysely<Database>, id: string) {
  return db.selectFrom("files").selectAll().where("id", "=", id).executeTakeFirst();
}
