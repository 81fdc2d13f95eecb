import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Database } from "@medlegal/db";
import { can, isExpert, RECEIVED_RECORDS_MAX_BYTES, safeFileName, type recordRequestMoveInputSchema } from "@medlegal/domain";
import type { z } from "zod";
import { AppError, notFound } from "../../errors";
import { recordAccess } from "../audit/access-log";
import { recordAudit } from "../audit/audit";
import { ocrAvailable } from "../files/ocr";
import { surveyPdfFile } from "../files/pdf-jobs";
import { type FileDownload, openStoredFile, placeFileFromDisk, STORED_BYTES, storedFileDownload } from "../files/stored-files";
import { now, stamp } from "../platform/clock";
import type { Deps } from "../platform/deps";
import type { SweepJob } from "../platform/sweeper";
import { expertMayReadRecords, loadVisibleRecordRequest } from "./access";
import { applyRecordMove, assertMoveAllowed } from "./moves";

/**
 * Records a holder sent (issue 40 item 5): a scanned PDF of up to 100 MB, uploaded against its
 * request. The upload arrives as a file on disk (never whole in memory), goes to the file store
 * as a stream, and moves the request to received (or received in part) in one transaction; its
 * pages are counted and its text layer looked for later, off the request thread, by a sweeper.
 * docs/decisions.md, "Received records".
 */

/** An upload the REST adapter wrote to a temporary file while hashing it. */
export interface UploadOnDisk {
  fileName: string;
  path: string;
  size: number;
  sha256: string;
  /** The first bytes, to tell a PDF by its content. */
  head: Uint8Array;
}

type Step = Pick<z.output<typeof recordRequestMoveInputSchema>, "status" | "onDate" | "note">;

const RECEIVED_STEPS = ["received", "received_in_part"] as const;

/** Settled before the body is read: staff, the request visible, and the step allowed on that day. */
export async function assertMayReceiveRecords({ db, actor }: Deps, requestId: string, step: Step): Promise<void> {
  const row = await loadVisibleRecordRequest(db, actor.user, requestId);
  if (!(RECEIVED_STEPS as readonly string[]).includes(step.status))
    throw new AppError("INVALID", "Say whether the records arrived in full or in part.");
  await assertMoveAllowed(db, row, step);
}

const NOT_A_PDF = "Received records are uploaded as PDF files.";

/** Stores the records and moves the request, in one transaction with the audit row; processing follows in the background. */
export async function receiveRecords(
  { db, actor }: Deps,
  input: { requestId: string; step: Step; upload: UploadOnDisk },
): Promise<{ fileId: string }> {
  const { upload } = input;
  if (upload.size === 0) throw new AppError("INVALID", "The file is empty.");
  if (upload.size > RECEIVED_RECORDS_MAX_BYTES)
    throw new AppError("INVALID", `Files can be at most ${RECEIVED_RECORDS_MAX_BYTES / 1024 / 1024} MB.`);
  if (Buffer.from(upload.head.subarray(0, 5)).toString("latin1") !== "%PDF-") throw new AppError("INVALID", NOT_A_PDF);
  const fileName = safeFileName(upload.fileName, "records.pdf");
  if (!fileName.toLowerCase().endsWith(".pdf"))
    throw new AppError("INVALID", `"${fileName}" is a PDF, but its name does not end in .pdf. ${NOT_A_PDF}`);
  const id = randomUUID();
  // Into the store as a stream before the row commits; without a store (PostgreSQL alone), into the row.
  const { sha256: _sha256, size: _size, ...bytes } = await placeFileFromDisk(id, upload.path);
  await db.transaction().execute(async (trx) => {
    const row = await loadVisibleRecordRequest(trx, actor.user, input.requestId, true);
    await applyRecordMove(trx, actor, row, {
      id: row.id,
      ...input.step,
      extensionDays: null,
      refusalSection: null,
      feeAmount: null,
      feeKind: null,
    });
    await trx
      .insertInto("files")
      .values({
        id,
        owner_kind: "record_request",
        owner_id: row.id,
        uploaded_by: actor.user.id,
        file_name: fileName,
        content_type: "application/pdf",
        size: upload.size,
        sha256: upload.sha256,
        ...bytes,
        ...stamp("created_at"),
      })
      .execute();
    await trx.insertInto("received_records").values({ file_id: id, request_id: row.id }).execute();
    await recordAudit(trx, actor, {
      action: "record_request.records_received",
      entityType: "record_request",
      entityId: row.id,
      after: { fileId: id, fileName, size: upload.size, sha256: upload.sha256 },
    });
  });
  return { fileId: id };
}

/** Times a file is tried before it is marked failed (a damaged PDF fails every time). */
const MAX_ATTEMPTS = 3;
/** How long one server holds a file it processes; a server that stopped meanwhile lets another take it after this. */
const LEASE_MINUTES = 10;

/**
 * Processes received records one file at a time: the stored bytes (checked against their SHA-256)
 * to a temporary file, read by a PDF worker for the page count and the pages that carry text. Pages
 * without text then wait for OCR (received-ocr.ts), or are marked unavailable where the machine has
 * none; the file is downloadable either way. A file
 * is taken with a lease (claimed_until), never inside an open transaction: a 500-page scan takes a
 * while, and the embedded database has one connection that every request shares.
 */
export async function processReceivedRecords(db: Kysely<Database>): Promise<number> {
  let done = 0;
  for (;;) {
    const next = await db
      .updateTable("received_records")
      .set({ claimed_until: sql<Date>`now() + make_interval(mins => ${LEASE_MINUTES})`, attempts: sql<number>`attempts + 1` })
      .where(
        "file_id",
        "=",
        db
          .selectFrom("received_records")
          .select("file_id")
          .where("state", "=", "processing")
          .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", sql<Date>`now()`)]))
          .orderBy("created_at")
          .limit(1)
          .forUpdate()
          .skipLocked(),
      )
      .returning(["file_id", "attempts"])
      .executeTakeFirst();
    if (!next) return done;
    const file = await db.selectFrom("files").select(STORED_BYTES).where("id", "=", next.file_id).executeTakeFirstOrThrow();
    const folder = await mkdtemp(join(tmpdir(), "medlegal-records-"));
    try {
      const path = join(folder, "records.pdf");
      await pipeline(await openStoredFile(file), createWriteStream(path));
      const survey = await surveyPdfFile(path);
      const bare = survey.pages - survey.textPages;
      const ocr = bare > 0 ? { ocr_state: (await ocrAvailable()) ? ("pending" as const) : ("unavailable" as const), ocr_pages: bare } : {};
      await db
        .updateTable("received_records")
        .set({
          state: "ready",
          pages: survey.pages,
          text_pages: survey.textPages,
          ...ocr,
          error: null,
          claimed_until: null,
          processed_at: now(),
        })
        .where("file_id", "=", next.file_id)
        .execute();
    } catch (error) {
      const reason = error instanceof AppError ? error.message : "The file could not be read.";
      await db
        .updateTable("received_records")
        .set({ error: reason, claimed_until: null, ...(next.attempts >= MAX_ATTEMPTS ? { state: "failed", processed_at: now() } : {}) })
        .where("file_id", "=", next.file_id)
        .execute();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
    done += 1;
  }
}

export const receivedRecordsJob = (db: Kysely<Database>): SweepJob => ({
  name: "received-records",
  everyMs: 5_000,
  run: () => processReceivedRecords(db),
});

/**
 * A request's file (its records, or a letter sent for it): staff and the case's attorney, as they
 * see the request; an expert its received records only, once the attorney consented to sharing and
 * when the request serves their discipline (404 otherwise). Every download in the access log, naming the claimant.
 */
export async function downloadRecordFile({ db, actor }: Deps, fileId: string): Promise<FileDownload> {
  const file = await db
    .selectFrom("files")
    .leftJoin("received_records", "received_records.file_id", "files.id")
    .select([
      "owner_id",
      "file_name",
      "content_type",
      "received_records.file_id as received",
      "received_records.searchable_file_id",
      ...STORED_BYTES,
    ])
    .where("files.id", "=", fileId)
    .where("owner_kind", "=", "record_request")
    .executeTakeFirst();
  if (!file) throw notFound("file");
  let caseId: string;
  if (isExpert(actor.user)) {
    if (!file.received || !(await expertMayReadRecords(db, actor.user, file.owner_id))) throw notFound("file");
    caseId = (await db.selectFrom("record_requests").select("case_id").where("id", "=", file.owner_id).executeTakeFirstOrThrow()).case_id;
  } else {
    if (!can(actor.user.role, "records.read")) throw notFound("file");
    caseId = (await loadVisibleRecordRequest(db, actor.user, file.owner_id)).case_id;
  }
  const kase = await db.selectFrom("cases").select("patient_id").where("id", "=", caseId).executeTakeFirstOrThrow();
  await recordAccess(db, actor, { action: "download", entityType: "record_request", entityId: file.owner_id, patientId: kase.patient_id });
  // The copy with a text layer (OCR) in the original's place, under the original's name.
  const bytes = file.searchable_file_id
    ? await db.selectFrom("files").select(STORED_BYTES).where("id", "=", file.searchable_file_id).executeTakeFirstOrThrow()
    : file;
  return storedFileDownload(bytes, { fileName: file.file_name, contentType: file.content_type });
}
