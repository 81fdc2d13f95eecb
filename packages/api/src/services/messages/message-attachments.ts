import { notFound } from "../../errors";
import { recordAccess } from "../audit/access-log";
import { recordAudit } from "../audit/audit";
import { checkUpload, storeFile } from "../files/files";
import { mayReadQueryDocuments } from "../platform/access";
import type { Deps } from "../platform/deps";
import { stillMine } from "./access";
import { storedFileDownload, type FileDownload } from "../files/stored-files";

/** Stores an attachment for the uploader's next message (PDF, PNG, JPEG; the documents' size limit). */
export async function uploadAttachment(
  { db, actor }: Deps,
  input: { fileName: string; data: Uint8Array },
): Promise<{ fileId: string; name: string; size: number; contentType: string }> {
  const file = await checkUpload("message_upload", input);
  return db.transaction().execute(async (trx) => {
    // Owned by the uploader until a message takes it (insertMessage).
    const stored = await storeFile(trx, actor, "message_upload", actor.user.id, file);
    await recordAudit(trx, actor, {
      action: "message.attachment_upload",
      entityType: "file",
      entityId: stored.id,
      after: { name: file.fileName, size: file.size },
    });
    return { fileId: stored.id, name: file.fileName, size: file.size, contentType: file.contentType };
  });
}

/** An attachment for a participant of its thread (404 for anyone else, and for an upload not yet sent), in the access log. */
export async function downloadAttachment({ db, actor }: Deps, fileId: string): Promise<FileDownload> {
  const row = await db
    .selectFrom("files as f")
    .innerJoin("messages as m", "m.id", "f.owner_id")
    .innerJoin("thread_participants as me", (join) => join.onRef("me.thread_id", "=", "m.thread_id").on("me.user_id", "=", actor.user.id))
    .leftJoin("message_threads as t", "t.id", "m.thread_id")
    .leftJoin("queries as q", "q.id", "t.query_id")
    .leftJoin("cases as c", "c.id", "q.case_id")
    .select([
      "f.file_name",
      "f.content_type",
      "f.id",
      "f.data",
      "f.storage_key",
      "f.size",
      "f.sha256",
      "m.id as message_id",
      "c.patient_id",
      "t.query_id",
    ])
    .where("f.id", "=", fileId)
    .where("f.owner_kind", "=", "message_attachment")
    .where(stillMine(actor))
    .executeTakeFirst();
  // A query's conversation files follow its documents' rule: an expert reads them once they have accepted.
  if (!row || (row.query_id && !(await mayReadQueryDocuments(db, actor.user, row.query_id)))) {
    throw notFound("file");
  }
  await recordAccess(db, actor, {
    action: "download",
    entityType: "message_attachment",
    entityId: fileId,
    patientId: row.patient_id ?? null,
  });
  return storedFileDownload(row, { fileName: row.file_name, contentType: row.content_type });
}
