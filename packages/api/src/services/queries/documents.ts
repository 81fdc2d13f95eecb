import type { QueryDocument } from "@medlegal/domain";
import { notFound } from "../../errors";
import { loadVisibleQuery, mayReadQueryDocuments, visibleQueries } from "../platform/access";
import { recordAccess } from "../audit/access-log";
import { recordAudit } from "../audit/audit";
import { checkUpload, storeFile } from "../files/files";
import { addEvent } from "./query-records";
import type { Deps } from "../platform/deps";
import { STORED_BYTES, storedFileDownload, type FileDownload } from "../files/stored-files";

/**
 * 404 unless the caller may see the query. The upload route asks before it reads the file, so a
 * caller cannot make the server buffer a file for a query that is not theirs.
 */
export async function assertMayUploadDocument({ db, actor }: Deps, queryId: string): Promise<void> {
  await loadVisibleQuery(db, actor.user, queryId);
}

/**
 * Stores a supporting document in PostgreSQL (so every server instance can serve it). Its type is
 * judged by its first bytes; only PDF, PNG and JPEG up to the size limit are kept.
 */
export async function uploadDocument(
  { db, actor }: Deps,
  input: { queryId: string; fileName: string; data: Uint8Array },
): Promise<QueryDocument> {
  await assertMayUploadDocument({ db, actor }, input.queryId);
  const file = await checkUpload("query_document", input);
  const { fileName, contentType, sha256 } = file;
  return db.transaction().execute(async (trx) => {
    const row = await storeFile(trx, actor, "query_document", input.queryId, file);
    await addEvent(trx, { queryId: input.queryId, actorId: actor.user.id, kind: "document", body: fileName });
    await recordAudit(trx, actor, {
      action: "document.upload",
      entityType: "document",
      entityId: row.id,
      after: { queryId: input.queryId, fileName, contentType, size: input.data.byteLength, sha256 },
    });
    return {
      id: row.id,
      fileName,
      contentType,
      size: input.data.byteLength,
      uploadedByName: `${actor.user.firstName} ${actor.user.lastName}`,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

/** A document, for whoever may see its query; anyone else gets the same 404 as for a missing one. */
export async function downloadDocument({ db, actor }: Deps, id: string): Promise<FileDownload> {
  const missing = notFound("document");
  const doc = await db
    .selectFrom("files")
    .innerJoin("queries", "queries.id", "files.owner_id")
    .innerJoin("cases", "cases.id", "queries.case_id")
    .select(["files.owner_id as query_id", "files.file_name", "files.content_type", ...STORED_BYTES, "cases.patient_id"])
    .where("files.id", "=", id)
    .where("files.owner_kind", "=", "query_document")
    .where(visibleQueries(actor.user))
    .executeTakeFirst();
  if (!doc || !(await mayReadQueryDocuments(db, actor.user, doc.query_id))) throw missing;
  await recordAccess(db, actor, { action: "download", entityType: "document", entityId: id, patientId: doc.patient_id });
  return storedFileDownload(doc, { fileName: doc.file_name, contentType: doc.content_type });
}
