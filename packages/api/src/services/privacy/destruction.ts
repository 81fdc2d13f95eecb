import type { DestructionCertificate, DestructionCounts } from "@medlegal/domain";
import { RETENTION_MESSAGES } from "@medlegal/domain";
import { AppError } from "../../errors";
import { assertCan } from "../platform/access";
import { today } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import { fullName } from "../platform/sql";
import { getAgencySettings } from "../settings/settings";
import { anonymiseClaimant } from "./anonymise";
import { renderDestructionCertificatePdf } from "./destruction-certificate-pdf";
import { dueClaimants } from "./retention";
import { assertPrivacyManager } from "./subject-requests";

/**
 * Destruction (docs/decisions.md "Retention and destruction"): an administrator's approval
 * anonymises a due claimant in one transaction and issues a destruction certificate.
 */
const certificateQuery = (db: Db) =>
  db
    .selectFrom("destruction_certificates as d")
    .innerJoin("users as u", "u.id", "d.approved_by")
    .select(["d.id", "d.number", "d.destroyed_at", "d.counts", fullName<string>("u").as("approved_by_name")]);
type CertificateRow = Awaited<ReturnType<ReturnType<typeof certificateQuery>["executeTakeFirstOrThrow"]>>;
const toCertificate = (r: CertificateRow): DestructionCertificate => ({
  id: r.id,
  number: r.number,
  destroyedAt: r.destroyed_at.toISOString(),
  approvedBy: r.approved_by_name,
  counts: r.counts as DestructionCounts,
});

export async function listDestructionCertificates(deps: Deps): Promise<DestructionCertificate[]> {
  await assertPrivacyManager(deps);
  return (await certificateQuery(deps.db).orderBy("d.destroyed_at", "desc").limit(500).execute()).map(toCertificate);
}

export async function destructionCertificate(deps: Deps, id: string): Promise<DestructionCertificate> {
  await assertPrivacyManager(deps);
  const row = await certificateQuery(deps.db).where("d.id", "=", id).executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", RETENTION_MESSAGES.certificateNotFound);
  return toCertificate(row);
}

/**
 * An administrator's approval: in one transaction, re-checks that the claimant is still due and not on
 * hold, then anonymises them through the one path a deletion request uses too (anonymise.ts), which
 * issues the certificate and writes the audit row without personal data.
 */
export async function approveDestruction(deps: Deps, patientId: string): Promise<DestructionCertificate> {
  await assertPrivacyManager(deps);
  assertCan(deps.actor.user, "privacy.destroy", RETENTION_MESSAGES.onlyAdministrators);
  const { db, actor } = deps;
  const id = await db.transaction().execute(async (trx) => {
    const patient = await trx
      .selectFrom("patients")
      .select(["id", "anonymised_at"])
      .where("id", "=", patientId)
      .forUpdate()
      .executeTakeFirst();
    if (!patient || patient.anonymised_at) throw new AppError("NOT_FOUND", RETENTION_MESSAGES.candidateNotFound);
    // Holds are taken under the claimant's cases' locks, so a hold set meanwhile is seen here.
    await trx.selectFrom("cases").select("id").where("patient_id", "=", patientId).forUpdate().execute();
    const [due] = await dueClaimants(trx, today(), patientId);
    if (!due) throw new AppError("CONFLICT", RETENTION_MESSAGES.notDue);
    return (await anonymiseClaimant(trx, actor, patientId, { dueOn: due.dueOn })).id;
  });
  return destructionCertificate(deps, id);
}

/** The certificate as a PDF download; reading it is not personal data, so the access log is not written. */
export async function destructionCertificatePdf(deps: Deps, id: string): Promise<{ fileName: string; body: Buffer; contentType: string }> {
  const certificate = await destructionCertificate(deps, id);
  const agency = await getAgencySettings(deps);
  return {
    fileName: `destruction-certificate-${certificate.number}.pdf`,
    body: await renderDestructionCertificatePdf(agency.name, certificate),
    contentType: "application/pdf",
  };
}
