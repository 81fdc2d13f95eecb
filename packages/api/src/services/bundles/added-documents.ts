/**
 * The documents the attorney adds to a case's expert evidence (issue 41 item 1): the defendant's
 * reports and notices, court orders, each with its versions as files of kind `evidence_document`;
 * their withdrawal and download. Seen as their case is, never by an expert.
 */
import type { Database } from "@medlegal/db";
import { can, type CurrentUser, type EvidenceDocumentInput } from "@medlegal/domain";
import type { Transaction } from "kysely";
import { AppError, notFound } from "../../errors";
import { recordAccess } from "../audit/access-log";
import { recordAudit } from "../audit/audit";
import { checkUpload, storeFile } from "../files/files";
import { STORED_BYTES, storedFileDownload, type FileDownload } from "../files/stored-files";
import { loadVisibleCase } from "../platform/access";
import { now, stamp } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";

/** A document the attorney adds, with its PDF as version 1: checked in a worker (not a PDF, encrypted, a bomb: a sentence). */
export async function addEvidenceDocument(
  { db, actor }: Deps,
  input: EvidenceDocumentInput & { fileName: string; data: Uint8Array },
): Promise<{ id: string }> {
  await loadVisibleCase(db, actor.user, input.caseId);
  const file = await checkUpload("evidence_document", input);
  return db.transaction().execute(async (trx) => {
    const kase = await loadVisibleCase(trx, actor.user, input.caseId);
    if (input.specializationId) {
      const known = await trx.selectFrom("specializations").select("id").where("id", "=", input.specializationId).executeTakeFirst();
      if (!known) throw new AppError("INVALID", "Choose a discipline from the list.");
    }
    const document = await trx
      .insertInto("evidence_documents")
      .values({
        case_id: kase.id,
        section: input.section,
        party: input.party,
        specialization_id: input.specializationId,
        author: input.author,
        document_date: input.documentDate,
        description: input.description,
        added_by: actor.user.id,
        ...stamp("created_at"),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await addVersion(trx, { actor }, document.id, 1, file);
    await recordAudit(trx, actor, {
      action: "evidence_document.add",
      entityType: "case",
      entityId: kase.id,
      after: {
        documentId: document.id,
        section: input.section,
        party: input.party,
        description: input.description,
        fileName: file.fileName,
      },
    });
    return { id: document.id };
  });
}

/** A new version of an added document; a bundle made from now on uses it. */
export async function addEvidenceVersion(
  { db, actor }: Deps,
  input: { id: string; fileName: string; data: Uint8Array },
): Promise<{ id: string; number: number }> {
  await loadVisibleEvidenceDocument(db, actor.user, input.id);
  const file = await checkUpload("evidence_document", input);
  return db.transaction().execute(async (trx) => {
    const document = await loadVisibleEvidenceDocument(trx, actor.user, input.id, true);
    if (document.withdrawn_at) throw new AppError("CONFLICT", "The document was withdrawn: add it again as a new document.");
    const last = await trx
      .selectFrom("evidence_document_versions")
      .select((eb) => eb.fn.max("number").as("n"))
      .where("document_id", "=", document.id)
      .executeTakeFirstOrThrow();
    const number = Number(last.n ?? 0) + 1;
    const version = await addVersion(trx, { actor }, document.id, number, file);
    await recordAudit(trx, actor, {
      action: "evidence_document.version",
      entityType: "case",
      entityId: document.case_id,
      after: { documentId: document.id, number, fileName: file.fileName },
    });
    return { id: version, number };
  });
}

/** Takes an added document out of the evidence; a served bundle keeps it, and the next one lists it as withdrawn. */
export async function withdrawEvidenceDocument({ db, actor }: Deps, { id }: { id: string }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const document = await loadVisibleEvidenceDocument(trx, actor.user, id, true);
    if (document.withdrawn_at) return;
    await trx.updateTable("evidence_documents").set({ withdrawn_at: now(), withdrawn_by: actor.user.id }).where("id", "=", id).execute();
    await recordAudit(trx, actor, {
      action: "evidence_document.withdraw",
      entityType: "case",
      entityId: document.case_id,
      after: { documentId: id, description: document.description },
    });
  });
}

/** An added document, seen as its case is (404 otherwise). */
export async function loadVisibleEvidenceDocument(db: Db, user: CurrentUser, id: string, forUpdate = false) {
  let query = db.selectFrom("evidence_documents").selectAll().where("id", "=", id);
  if (forUpdate) query = query.forUpdate();
  const document = await query.executeTakeFirst();
  if (!document) throw notFound("document");
  await loadVisibleCase(db, user, document.case_id).catch(() => {
    throw notFound("document");
  });
  return document;
}

async function addVersion(
  trx: Transaction<Database>,
  { actor }: Pick<Deps, "actor">,
  documentId: string,
  number: number,
  file: Awaited<ReturnType<typeof checkUpload>>,
): Promise<string> {
  const stored = await storeFile(trx, actor, "evidence_document", documentId, file);
  const version = await trx
    .insertInto("evidence_document_versions")
    .values({
      document_id: documentId,
      number,
      file_id: stored.id,
      pages: file.pages ?? 1,
      created_by: actor.user.id,
      ...stamp("created_at"),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return version.id;
}

/** An added document's PDF: staff and the case's attorney (404 for anyone else), in the access log naming the claimant. */
export async function downloadEvidenceFile({ db, actor }: Deps, fileId: string): Promise<FileDownload> {
  const file = await db
    .selectFrom("files")
    .select(["owner_id", "file_name", "content_type", ...STORED_BYTES])
    .where("id", "=", fileId)
    .where("owner_kind", "=", "evidence_document")
    .executeTakeFirst();
  if (!file || !can(actor.user.role, "bundles.read")) throw notFound("file");
  const document = await loadVisibleEvidenceDocument(db, actor.user, file.owner_id);
  const kase = await db.selectFrom("cases").select("patient_id").where("id", "=", document.case_id).executeTakeFirstOrThrow();
  await recordAccess(db, actor, { action: "download", entityType: "case", entityId: document.case_id, patientId: kase.patient_id });
  return storedFileDownload(file, { fileName: file.file_name, contentType: file.content_type });
}
