import { createHash } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { sql } from "kysely";
import type { Database } from "@medlegal/db";
import type { QueryDocument } from "@medlegal/domain";
import { DOCUMENT_MAX_BYTES, safeFileName, sniffDocumentType, UPLOAD_QUOTA_BYTES_PER_DAY } from "@medlegal/domain";
import type { SignedInActor } from "../../context";
import { AppError } from "../../errors";
import { loadVisibleQuery, mayReadQueryDocuments, visibleQueries } from "../platform/access";
import { recordAccess } from "../audit/access-log";
import { recordAudit } from "../audit/audit";
import { addEvent } from "./query-records";

interface Deps {
  db: Kysely<Database>;
  actor: SignedInActor;
}

const MAX_MB = DOCUMENT_MAX_BYTES / 1024 / 1024;

/** 429 when this upload would take the user past their daily quota (their own row lock serialises two at once). */
async function assertWithinUploadQuota(trx: Transaction<Database>, userId: string, size: number): Promise<void> {
  await trx.selectFrom("users").select("id").where("id", "=", userId).forUpdate().execute();
  const { used } = await trx
    .selectFrom("query_documents")
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
 * Stores a supporting document in PostgreSQL (so every server instance can serve it). Its type is
 * judged by its first bytes; only PDF, PNG and JPEG up to the size limit are kept.
 */
export async function uploadDocument({ db, actor }: Deps, input: { queryId: string; fileName: string; data: Uint8Array }): Promise<QueryDocument> {
  await loadVisibleQuery(db, actor.user, input.queryId);
  if (input.data.byteLength === 0) throw new AppError("INVALID", "The file is empty.");
  if (input.data.byteLength > DOCUMENT_MAX_BYTES) throw new AppError("INVALID", `Files can be at most ${MAX_MB} MB.`);
  const contentType = sniffDocumentType(input.data);
  if (!contentType) throw new AppError("INVALID", "Only PDF, PNG and JPEG files can be uploaded.");
  const fileName = safeFileName(input.fileName, "document");
  const sha256 = createHash("sha256").update(input.data).digest("hex");
  return db.transaction().execute(async (trx) => {
    await assertWithinUploadQuota(trx, actor.user.id, input.data.byteLength);
    const row = await trx
      .insertInto("query_documents")
      .values({ query_id: input.queryId, uploaded_by: actor.user.id, file_name: fileName, content_type: contentType, size: input.data.byteLength, sha256, data: input.data })
      .returning(["id", "created_at"])
      .executeTakeFirstOrThrow();
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
      createdAt: row.created_at.toISOString(),
    };
  });
}

/** A document, for whoever may see its query; anyone else gets the same 404 as for a missing one. */
export async function downloadDocument({ db, actor }: Deps, id: string): Promise<{ fileName: string; contentType: string; data: Uint8Array }> {
  const missing = new AppError("NOT_FOUND", "That document does not exist or is not yours to see.");
  const doc = await db
    .selectFrom("query_documents")
    .innerJoin("queries", "queries.id", "query_documents.query_id")
    .innerJoin("cases", "cases.id", "queries.case_id")
    .select(["query_documents.query_id", "query_documents.file_name", "query_documents.content_type", "query_documents.data", "cases.patient_id"])
    .where("query_documents.id", "=", id)
    .where(visibleQueries(actor.user))
    .executeTakeFirst();
  if (!doc || !(await mayReadQueryDocuments(db, actor.user, doc.query_id))) throw missing;
  await recordAccess(db, actor, { action: "download", entityType: "document", entityId: id, patientId: doc.patient_id });
  return { fileName: doc.file_name, contentType: doc.content_type, data: doc.data };
}
