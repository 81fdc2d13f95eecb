import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Database } from "@medlegal/db";
import { AppError } from "../../errors";
import type { Actor } from "../../actors";
import { recordAudit } from "../audit/audit";
import { ocrAvailable, ocrPage } from "../files/ocr";
import { overlayPdfFile, surveyPdfFile } from "../files/pdf-jobs";
import { openStoredFile, placeFileFromDisk, queueStoredObjectRemoval, STORED_BYTES } from "../files/stored-files";
import { stamp } from "../platform/clock";
import type { SweepJob } from "../platform/sweeper";

/**
 * The second phase of received records (issue 40 item 5): the pages the survey found without text
 * get a text layer by OCR, in the background, one page and one tesseract at a time. Each page's text
 * is kept in the database as it is made, so a server that stops (or is stopped) resumes at the next
 * page; once every page has its text, a searchable copy is stored beside the original and served in
 * its place. The original stays downloadable throughout. docs/decisions.md, "Received records".
 */

const SWEEPER: Actor = { user: null, meta: { ip: null, userAgent: "sweeper", requestId: "records-ocr", appUrl: "" } };

/** Tries before a file's OCR is marked failed (the original still serves). */
const MAX_ATTEMPTS = 3;
/** How long a server holds a file after its last page; a page takes seconds, at most a few minutes. */
const LEASE_MINUTES = 10;
/**
 * One run's time for pages: a 500-page scan takes most of an hour, and a run that long would look
 * like a stuck job (the sweeper's last-run alert, docs/operations.md). Past it the file is let go,
 * its pages kept, and the next run goes on.
 */
const RUN_MS = 4 * 60_000;

const lease = () => sql<Date>`now() + make_interval(mins => ${LEASE_MINUTES})`;

/** Takes the next file waiting for OCR, with a lease; undefined when none waits. */
function claimNext(db: Kysely<Database>) {
  return db
    .updateTable("received_records")
    .set({ ocr_state: "running", ocr_claimed_until: lease(), ocr_attempts: sql<number>`ocr_attempts + 1` })
    .where(
      "file_id",
      "=",
      db
        .selectFrom("received_records")
        .select("file_id")
        .where("ocr_state", "in", ["pending", "running"])
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom("files")
              .select("files.id")
              .whereRef("files.id", "=", "received_records.file_id")
              .where("files.destroyed_at", "is", null),
          ),
        )
        .where((eb) => eb.or([eb("ocr_claimed_until", "is", null), eb("ocr_claimed_until", "<", sql<Date>`now()`)]))
        .orderBy("created_at")
        .limit(1)
        .forUpdate()
        .skipLocked(),
    )
    .returning(["file_id", "request_id", "ocr_attempts"])
    .executeTakeFirst();
}

/**
 * OCRs the files waiting for it, one page at a time, until none waits, the run's time is up, or
 * `signal` aborts (the server closing: the running tesseract is stopped). A file not finished is
 * let go with its pages kept, and resumes at the next run.
 * Returns the files finished; `onPage` hears of each page kept. Does nothing where OCR is unavailable (RECORDS_OCR=off, or no tesseract).
 */
export async function processReceivedRecordsOcr(
  db: Kysely<Database>,
  { signal = new AbortController().signal, onPage }: { signal?: AbortSignal; onPage?: (fileId: string, pagesDone: number) => void } = {},
): Promise<number> {
  if (!(await ocrAvailable())) return 0;
  let done = 0;
  const deadline = Date.now() + RUN_MS;
  const stop = () => signal.aborted || Date.now() > deadline;
  while (!stop()) {
    const next = await claimNext(db);
    if (!next) break;
    const folder = await mkdtemp(join(tmpdir(), "medlegal-ocr-"));
    try {
      const original = await db
        .selectFrom("files")
        .select([...STORED_BYTES, "files.file_name", "files.uploaded_by"])
        .where("id", "=", next.file_id)
        .executeTakeFirstOrThrow();
      const path = join(folder, "records.pdf");
      await pipeline(await openStoredFile(original), createWriteStream(path));
      const { bare } = await surveyPdfFile(path);
      const kept = new Set(
        (await db.selectFrom("received_record_ocr_pages").select("page").where("file_id", "=", next.file_id).execute()).map((p) => p.page),
      );
      let wanted = true;
      for (const page of bare) {
        if (kept.has(page)) continue;
        if (stop()) break;
        const data = await ocrPage(path, page, folder, signal);
        kept.add(page);
        wanted = await keepPage(db, next.file_id, page, data, kept.size);
        if (!wanted) break;
        onPage?.(next.file_id, kept.size);
        await rm(join(folder, `page-${page}.png`), { force: true });
      }
      // The records were destroyed meanwhile (a claimant's erasure): nothing more to do for them.
      if (!wanted) continue;
      if (bare.some((page) => !kept.has(page))) {
        await letGo(db, next.file_id);
        break;
      }
      const layers = await db
        .selectFrom("received_record_ocr_pages")
        .select(["page", "data"])
        .where("file_id", "=", next.file_id)
        .orderBy("page")
        .execute();
      const out = join(folder, "searchable.pdf");
      await overlayPdfFile(path, out, layers);
      const id = randomUUID();
      // Into the store before the row commits, as an upload goes; without a store, into the row.
      const { sha256, size, ...bytes } = await placeFileFromDisk(id, out);
      const added = await db.transaction().execute(async (trx) => {
        const held = await trx
          .updateTable("received_records")
          .set({ ocr_state: "done", ocr_pages_done: layers.length, ocr_claimed_until: null, ocr_error: null })
          .where("file_id", "=", next.file_id)
          .where("ocr_state", "=", "running")
          .executeTakeFirst();
        if (!Number(held.numUpdatedRows)) {
          await queueStoredObjectRemoval(trx, bytes.storage_key ? [bytes.storage_key] : []);
          return false;
        }
        await trx
          .insertInto("files")
          .values({
            id,
            owner_kind: "record_request",
            owner_id: next.request_id,
            uploaded_by: original.uploaded_by,
            file_name: original.file_name,
            content_type: "application/pdf",
            size,
            sha256,
            ...bytes,
            ...stamp("created_at"),
          })
          .execute();
        await trx.updateTable("received_records").set({ searchable_file_id: id }).where("file_id", "=", next.file_id).execute();
        await trx.deleteFrom("received_record_ocr_pages").where("file_id", "=", next.file_id).execute();
        await recordAudit(trx, SWEEPER, {
          action: "record_request.text_layer_added",
          entityType: "record_request",
          entityId: next.request_id,
          after: { fileId: next.file_id, searchableFileId: id, pages: layers.length, size, sha256 },
        });
        return true;
      });
      if (added) done += 1;
    } catch (error) {
      if (signal.aborted) {
        await letGo(db, next.file_id);
        break;
      }
      const reason = error instanceof AppError ? error.message : "The text layer could not be added.";
      await db
        .updateTable("received_records")
        .set({ ocr_error: reason, ocr_claimed_until: null, ocr_state: next.ocr_attempts >= MAX_ATTEMPTS ? "failed" : "pending" })
        .where("file_id", "=", next.file_id)
        .where("ocr_state", "=", "running")
        .execute();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }
  return done;
}

/**
 * Keeps one page's text, extending the lease, while the file still waits for it: false once it
 * no longer does (its records destroyed, which also ends its OCR), and then nothing is kept.
 */
function keepPage(db: Kysely<Database>, fileId: string, page: number, data: Uint8Array, pagesDone: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const held = await trx
      .updateTable("received_records")
      .set({ ocr_pages_done: pagesDone, ocr_claimed_until: lease() })
      .where("file_id", "=", fileId)
      .where("ocr_state", "=", "running")
      .executeTakeFirst();
    if (!Number(held.numUpdatedRows)) return false;
    // Two servers may both hold a file whose lease ran out: the first page kept stands.
    await trx
      .insertInto("received_record_ocr_pages")
      .values({ file_id: fileId, page, data })
      .onConflict((oc) => oc.columns(["file_id", "page"]).doNothing())
      .execute();
    return true;
  });
}

/** A file a run stopped on (its time up, or the server closing): waiting again, the pages done kept, the try not counted. */
function letGo(db: Kysely<Database>, fileId: string) {
  return db
    .updateTable("received_records")
    .set({ ocr_state: "pending", ocr_claimed_until: null, ocr_attempts: sql<number>`greatest(ocr_attempts - 1, 0)` })
    .where("file_id", "=", fileId)
    .where("ocr_state", "=", "running")
    .execute();
}

/** The OCR phase as a sweeper job; stopping the sweeper stops the running tesseract. */
export function receivedRecordsOcrJob(db: Kysely<Database>): SweepJob {
  const stopping = new AbortController();
  return {
    name: "received-records-ocr",
    everyMs: 15_000,
    run: () => processReceivedRecordsOcr(db, { signal: stopping.signal }),
    stop: () => stopping.abort(),
  };
}
