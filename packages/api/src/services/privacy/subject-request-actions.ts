import type { z } from "zod";
import type { DestructionCertificate, SubjectRequest, subjectRequestCarryOutSchema } from "@medlegal/domain";
import {
  ERASURE_REQUEST_KINDS,
  erasureOutcome,
  OPEN_SUBJECT_REQUEST_STATUSES,
  PRIVACY_MESSAGES,
  RETENTION_MESSAGES,
} from "@medlegal/domain";
import { AppError } from "../../errors";
import { recordAudit } from "../audit/audit";
import { now, today } from "../platform/clock";
import type { Deps } from "../platform/deps";
import { anonymiseClaimant } from "./anonymise";
import { destructionCertificate } from "./destruction";
import { erasureRefusalFor } from "./retention";
import { assertPrivacyManager, getSubjectRequest } from "./subject-requests";

/**
 * "Carry out" a deletion request (POPIA section 24) or an upheld objection (section 11(3)): refused
 * with the legal reason while a retention period or a legal hold keeps any of the claimant's records
 * (the retention rules themselves); otherwise, in one transaction, the claimant is anonymised through
 * the destruction's own path, the certificate issued and the request answered, each step audited
 * (docs/decisions.md "Deletion and objection requests").
 */
export async function carryOutSubjectRequest(
  deps: Deps,
  input: z.output<typeof subjectRequestCarryOutSchema>,
): Promise<{ request: SubjectRequest; certificate: DestructionCertificate }> {
  await assertPrivacyManager(deps);
  const { db, actor } = deps;
  const certificateId = await db.transaction().execute(async (trx) => {
    const request = await trx
      .selectFrom("subject_requests")
      .select(["id", "reference", "kind", "status", "patient_id"])
      .where("id", "=", input.id)
      .forUpdate()
      .executeTakeFirst();
    if (!request) throw new AppError("NOT_FOUND", PRIVACY_MESSAGES.notFound);
    if (!ERASURE_REQUEST_KINDS.includes(request.kind)) throw new AppError("INVALID", PRIVACY_MESSAGES.notErasure);
    if (!OPEN_SUBJECT_REQUEST_STATUSES.includes(request.status)) throw new AppError("CONFLICT", PRIVACY_MESSAGES.closed);
    const patient = await trx
      .selectFrom("patients")
      .select(["id", "anonymised_at"])
      .where("id", "=", request.patient_id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (patient.anonymised_at) throw new AppError("CONFLICT", RETENTION_MESSAGES.alreadyAnonymised);
    // Holds are taken under the claimant's cases' locks, so a hold set meanwhile is seen here.
    await trx.selectFrom("cases").select("id").where("patient_id", "=", patient.id).forUpdate().execute();
    const refusal = await erasureRefusalFor(trx, patient.id, today());
    if (refusal) throw new AppError("CONFLICT", `${PRIVACY_MESSAGES.erasureRefused} ${refusal}.`);

    const certificate = await anonymiseClaimant(trx, actor, patient.id, { subjectRequest: request.reference });
    const outcome = erasureOutcome(certificate.number);
    const at = now();
    await trx
      .updateTable("subject_requests")
      .set({ status: "answered", outcome, closed_at: at, updated_at: at })
      .where("id", "=", request.id)
      .execute();
    await recordAudit(trx, actor, {
      action: "subject_request.carry_out",
      entityType: "subject_request",
      entityId: request.id,
      before: { status: request.status },
      after: { reference: request.reference, kind: request.kind, status: "answered", certificate: certificate.number },
    });
    return certificate.id;
  });
  return { request: await getSubjectRequest(deps, input.id), certificate: await destructionCertificate(deps, certificateId) };
}
