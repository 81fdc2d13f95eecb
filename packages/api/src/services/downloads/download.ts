import type { Kysely } from "kysely";
import type { Database } from "@medlegal/db";
import type { SignedInActor } from "../../actors";
import { RETENTION_MESSAGES } from "@medlegal/domain";
import { AppError, notFound } from "../../errors";
import type { RateLimits } from "../auth/rate-limits";
import { countAttempt } from "../auth/rate-limits";
import { downloadDocument } from "../queries/documents";
import { downloadInvoiceFile } from "../invoices/invoice-list";
import { downloadProofFile } from "../payments/proofs";
import { downloadVersion } from "../reports/report-versions";
import { downloadRecording } from "../meetings/recordings";
import { downloadAttachment } from "../messages/message-attachments";
import { downloadAgreementFile } from "../privacy/agreements";
import { downloadBillingFile } from "../receivables/case-billing-files";
import { downloadRecordFile } from "../records/received";
import { downloadEvidenceFile } from "../bundles/added-documents";
import { downloadBundleFile } from "../bundles/bundles";
import type { FileDownload } from "../files/stored-files";

/**
 * The one download of a stored file: the owner's service checks that the caller may see the
 * record the file belongs to (404 when not, the same as a missing file) and writes the access-log
 * row. Each user has a download allowance per window (429 past it), counted before anything is read.
 */
export async function downloadFile(
  { limits, ...deps }: { db: Kysely<Database>; actor: SignedInActor; limits: RateLimits },
  id: string,
): Promise<FileDownload> {
  await countAttempt(deps.db, `download:user:${deps.actor.user.id}`, limits.perUser.fileDownload, "downloads");
  const missing = notFound("file");
  const file = await deps.db.selectFrom("files").select(["owner_kind", "destroyed_at"]).where("id", "=", id).executeTakeFirst();
  // Its bytes went with the claimant's records: a clear 404, never an empty file. Asked before the
  // owner's check, which would stamp or log an empty file; the ids are random, the answer names nobody.
  if (file?.destroyed_at) throw new AppError("NOT_FOUND", RETENTION_MESSAGES.fileDestroyed);
  return ownersDownload(deps, id, file?.owner_kind, missing);
}

async function ownersDownload(
  deps: { db: Kysely<Database>; actor: SignedInActor },
  id: string,
  ownerKind: string | undefined,
  missing: AppError,
): Promise<FileDownload> {
  try {
    if (ownerKind === "query_document") return await downloadDocument(deps, id);
    if (ownerKind === "report_version") return await downloadVersion(deps, id);
    if (ownerKind === "invoice" || ownerKind === "credit_note") return await downloadInvoiceFile(deps, id);
    if (ownerKind === "payment_proof") return await downloadProofFile(deps, id);
    // A recording downloads whole, through the id of its first chunk.
    if (ownerKind === "meeting_recording") return await downloadRecording(deps, id);
    // Only the participants of its thread; an upload not yet sent is nobody's to download.
    if (ownerKind === "message_attachment") return await downloadAttachment(deps, id);
    // Privacy managers only (the agreement register).
    if (ownerKind === "privacy_agreement") return await downloadAgreementFile(deps, id);
    // A case's undertaking or court order: staff and the case's attorney.
    if (ownerKind === "billing_undertaking" || ownerKind === "billing_order") return await downloadBillingFile(deps, id);
    // Records received for a request, and its letters: staff and the case's attorney.
    if (ownerKind === "record_request") return await downloadRecordFile(deps, id);
    // A document the attorney added to the case's expert evidence: staff and the case's attorney.
    if (ownerKind === "evidence_document") return await downloadEvidenceFile(deps, id);
    // A bundle's files (sections, the whole, the index, the ZIP) and the joint minutes drawn for it: staff and the case's attorney.
    if (ownerKind === "bundle") return await downloadBundleFile(deps, id);
  } catch (error) {
    // One answer for a missing file and another's, whatever owns it, so ids cannot be probed.
    if (error instanceof AppError && error.code === "NOT_FOUND") throw missing;
    throw error;
  }
  throw missing;
}
