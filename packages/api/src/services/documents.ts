import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "@medlegal/db";
import type { QueryDocument } from "@medlegal/domain";
import { DOCUMENT_MAX_BYTES, safeFileName, sniffDocumentType } from "@medlegal/domain";
import type { SignedInActor } from "../context";
import { AppError } from "../errors";
import { loadVisibleQuery } from "./access";
import { recordAudit } from "./audit";
import { addEvent } from "./queries";

interface Deps {
  db: Kysely<Database>;
  actor: SignedInActor;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_MB = DOCUMENT_MAX_BYTES / 1024 / 1024;

/**
 * Stores a supporting document in PostgreSQL (so every server instance can serve it). Its type is
 * judged by its first bytes; only PDF, PNG and JPEG up to the size limit are kept.
 */
export async function uploadDocument({ db, actor }: Deps, input: { queryId: string; fileName: string; data: Uint8Array }): Promise<QueryDocument> {
  if (!UUID.test(input.queryId)) throw new AppError("NOT_FOUND", "That query does not exist or is not yours to see.");
  await loadVisibleQuery(db, actor.user, input.queryId);
  if (input.data.byteLength === 0) throw new AppError("INVALID", "The file is empty.");
  if (input.data.byteLength > DOCUMENT_MAX_BYTES) throw new AppError("INVALID", `Files can be at most ${MAX_MB} MB.`);
  const contentType = sniffDocumentType(input.data);
  if (!contentType) throw new AppError("INVALID", "Only PDF, PNG and JPEG files can be uploaded.");
  const fileName = safeFileName(input.fileName, "document");
  const sha256 = createHash("sha256").update(input.data).digest("hex");
  return db.transaction().execute(async (trx) => {
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
  if (!UUID.test(id)) throw missing;
  const doc = await db.selectFrom("query_documents").select(["query_id", "file_name", "content_type", "data"]).where("id", "=", id).executeTakeFirst();
  if (!doc) throw missing;
  try {
    await loadVisibleQuery(db, actor.user, doc.query_id);
  } catch {
    throw missing;
  }
  return { fileName: doc.file_name, contentType: doc.content_type, data: doc.data };
}
