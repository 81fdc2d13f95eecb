import type { CaseBillingView } from "@medlegal/domain";
import { BILLING_MESSAGES, can } from "@medlegal/domain";
import { AppError, notFound } from "../../errors";
import { recordAccess } from "../audit/access-log";
import { recordAudit } from "../audit/audit";
import { checkUpload, storeFile } from "../files/files";
import { assertCan, loadVisibleCase } from "../platform/access";
import { now } from "../platform/clock";
import type { Deps } from "../platform/deps";
import { caseBillingOf } from "./case-billing";
import { STORED_BYTES, storedFileDownload, type FileDownload } from "../files/stored-files";

/**
 * A case's billing files (docs/decisions.md "Deferred billing per matter"): the attorney's signed
 * undertaking and the settlement or court order, attached by staff or the case's attorney and read
 * by them alone, access-logged.
 */

/** Settled before the upload's body is read: who may attach this file to this case, and to what. */
export async function assertMayAttachBillingFile(
  { db, actor }: Deps,
  { caseId, kind }: { caseId: string; kind: "undertaking" | "order" },
): Promise<void> {
  assertCan(actor.user, kind === "undertaking" ? "receivables.manage" : "receivables.events");
  const row = await loadVisibleCase(db, actor.user, caseId);
  if (kind === "undertaking") {
    const agreement = await db.selectFrom("deferral_agreements").select("case_id").where("case_id", "=", row.id).executeTakeFirst();
    if (!agreement) throw new AppError("CONFLICT", BILLING_MESSAGES.noAgreement);
  } else {
    const order = await db
      .selectFrom("case_billing_events")
      .select("case_id")
      .where("case_id", "=", row.id)
      .where("kind", "=", "order")
      .executeTakeFirst();
    if (!order) throw new AppError("CONFLICT", "Record the settlement or court order's date first, then attach its file.");
  }
}

/** Attaches the signed undertaking or the court order's file (replacing an earlier one), with its audit row. */
export async function attachBillingFile(
  deps: Deps,
  input: { caseId: string; kind: "undertaking" | "order"; fileName: string; data: Uint8Array },
): Promise<CaseBillingView> {
  await assertMayAttachBillingFile(deps, input);
  const { db, actor } = deps;
  const use = input.kind === "undertaking" ? "billing_undertaking" : "billing_order";
  const checked = await checkUpload(use, input);
  return db.transaction().execute(async (trx) => {
    const row = await loadVisibleCase(trx, actor.user, input.caseId);
    const file = await storeFile(trx, actor, use, row.id, checked);
    if (input.kind === "undertaking")
      await trx
        .updateTable("deferral_agreements")
        .set({ undertaking_file_id: file.id, updated_at: now() })
        .where("case_id", "=", row.id)
        .execute();
    else
      await trx
        .updateTable("case_billing_events")
        .set({ order_file_id: file.id })
        .where("case_id", "=", row.id)
        .where("kind", "=", "order")
        .execute();
    await recordAudit(trx, actor, {
      action: `case.billing_${input.kind}_file`,
      entityType: "case",
      entityId: row.id,
      after: { fileId: file.id, fileName: checked.fileName },
    });
    return caseBillingOf(trx, actor.user, row);
  });
}

/** A case's undertaking or order file: staff and the case's attorney (404 otherwise), access-logged. */
export async function downloadBillingFile({ db, actor }: Deps, fileId: string): Promise<FileDownload> {
  if (!can(actor.user.role, "receivables.read")) throw notFound("file");
  const file = await db
    .selectFrom("files")
    .select(["owner_id", "owner_kind", "file_name", "content_type", ...STORED_BYTES])
    .where("id", "=", fileId)
    .where("owner_kind", "in", ["billing_undertaking", "billing_order"])
    .executeTakeFirst();
  if (!file) throw notFound("file");
  const row = await loadVisibleCase(db, actor.user, file.owner_id);
  await recordAccess(db, actor, { action: "download", entityType: "case", entityId: row.id, patientId: row.patient_id });
  return storedFileDownload(file, { fileName: file.file_name, contentType: file.content_type });
}
