import { sql } from "kysely";
import type { Db } from "../platform/deps";

/** The received files of a request, newest first, with what processing found. */
export async function receivedFilesOf(db: Db, requestId: string) {
  return db
    .selectFrom("received_records")
    .innerJoin("files", "files.id", "received_records.file_id")
    .select([
      "files.id",
      "files.file_name",
      "files.size",
      "files.sha256",
      "files.created_at",
      "received_records.state",
      "received_records.pages",
      "received_records.text_pages",
      "received_records.error",
      "received_records.ocr_state",
      "received_records.ocr_pages",
      "received_records.ocr_pages_done",
    ])
    .where("received_records.request_id", "=", requestId)
    .where(sql<boolean>`files.destroyed_at is null`)
    .orderBy("files.created_at", "desc")
    .execute();
}
