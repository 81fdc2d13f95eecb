import type { DestructionCertificate, DestructionCounts } from "@medlegal/domain";
import { ANONYMISED, RETENTION_MESSAGES } from "@medlegal/domain";
import { AppError } from "../../errors";
import { recordAudit } from "../audit/audit";
import { assertCan } from "../platform/access";
import { now, today } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import { nextInSeries } from "../platform/references";
import { fullName } from "../platform/sql";
import { getAgencySettings } from "../settings/settings";
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

const ids = <T extends { id: string }>(rows: T[]) => rows.map((r) => r.id);
const count = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows);

/**
 * An administrator's approval: in one transaction, re-checks that the claimant is still due and not on
 * hold, anonymises them, empties their files, strips their name from invoices (the tax fields stay),
 * writes an audit row without personal data and issues the certificate.
 */
export async function approveDestruction(deps: Deps, patientId: string): Promise<DestructionCertificate> {
  await assertPrivacyManager(deps);
  assertCan(deps.actor.user, "privacy.destroy", RETENTION_MESSAGES.onlyAdministrators);
  const { db, actor } = deps;
  const id = await db.transaction().execute(async (trx) => {
    const patient = await trx.selectFrom("patients").select(["id", "anonymised_at"]).where("id", "=", patientId).forUpdate().executeTakeFirst();
    if (!patient || patient.anonymised_at) throw new AppError("NOT_FOUND", RETENTION_MESSAGES.candidateNotFound);
    // Holds are taken under the claimant's cases' locks, so a hold set meanwhile is seen here.
    await trx.selectFrom("cases").select("id").where("patient_id", "=", patientId).forUpdate().execute();
    const [due] = await dueClaimants(trx, today(), patientId);
    if (!due) throw new AppError("CONFLICT", RETENTION_MESSAGES.notDue);
    const at = now();

    const cases = await trx.selectFrom("cases").select("id").where("patient_id", "=", patientId).execute();
    const caseIds = ids(cases);
    const queries = caseIds.length ? await trx.selectFrom("queries").select("id").where("case_id", "in", caseIds).execute() : [];
    const queryIds = ids(queries);
    const reports = await trx.selectFrom("reports").select("id").where("patient_id", "=", patientId).execute();
    const bookings = await trx.selectFrom("bookings").select("id").where("patient_id", "=", patientId).execute();
    const threads = queryIds.length ? await trx.selectFrom("message_threads").select("id").where("query_id", "in", queryIds).execute() : [];
    const messages = threads.length ? await trx.selectFrom("messages").select("id").where("thread_id", "in", ids(threads)).execute() : [];
    const meetings = await trx
      .selectFrom("meetings")
      .select("id")
      .where((eb) => eb.or([...(queryIds.length ? [eb("query_id", "in", queryIds)] : []), ...(bookings.length ? [eb("booking_id", "in", ids(bookings))] : []), eb.val(false)]))
      .execute();
    const recordings = meetings.length ? await trx.selectFrom("meeting_recordings").select("id").where("meeting_id", "in", ids(meetings)).execute() : [];

    await trx
      .updateTable("patients")
      .set({
        first_name: ANONYMISED,
        last_name: "claimant",
        id_number: null,
        passport_number: null,
        birth_date: "1900-01-01",
        email: null,
        phone: null,
        address: null,
        competent_person: null,
        anonymised_at: at,
        updated_at: at,
      })
      .where("id", "=", patientId)
      .execute();
    if (caseIds.length) await trx.updateTable("cases").set({ notes: null, raf_claim_number: null, court_case_number: null }).where("id", "in", caseIds).execute();
    if (queryIds.length) {
      await trx.updateTable("queries").set({ subject: ANONYMISED, instructions: ANONYMISED, cancel_reason: null, search_text: "" }).where("id", "in", queryIds).execute();
      await trx.updateTable("query_events").set({ body: ANONYMISED }).where("query_id", "in", queryIds).where("body", "is not", null).execute();
    }
    if (reports.length) {
      await trx
        .updateTable("reports")
        .set((eb) => ({
          withdrawn_reason: eb.case().when("withdrawn_reason", "is not", null).then(ANONYMISED).else(null).end(),
          release_override_reason: eb.case().when("release_override_reason", "is not", null).then(ANONYMISED).else(null).end(),
        }))
        .where("id", "in", ids(reports))
        .execute();
    }
    if (bookings.length) {
      await trx
        .updateTable("bookings")
        .set((eb) => ({ note: null, cancel_reason: eb.case().when("cancel_reason", "is not", null).then(ANONYMISED).else(null).end() }))
        .where("id", "in", ids(bookings))
        .execute();
    }
    if (threads.length) await trx.updateTable("message_threads").set({ subject: ANONYMISED }).where("id", "in", ids(threads)).execute();
    if (messages.length) await trx.updateTable("messages").set({ body: ANONYMISED }).where("id", "in", ids(messages)).execute();
    if (meetings.length) await trx.updateTable("meetings").set({ title: ANONYMISED }).where("id", "in", ids(meetings)).execute();
    await trx.updateTable("subject_requests").set({ requester_name: ANONYMISED, details: null, outcome: null }).where("patient_id", "=", patientId).where("status", "<>", "refused").execute();
    await trx.updateTable("subject_requests").set({ requester_name: ANONYMISED, details: null, outcome: ANONYMISED }).where("patient_id", "=", patientId).where("status", "=", "refused").execute();

    // The uploaded files: query documents, report versions, recordings, conversation files. The rows
    // stay (report versions are append-only and point at them); their bytes and names go.
    const owners = [
      ...(queryIds.length ? [{ kind: "query_document" as const, ids: queryIds }] : []),
      ...(reports.length ? [{ kind: "report_version" as const, ids: ids(reports) }] : []),
      ...(recordings.length ? [{ kind: "meeting_recording" as const, ids: ids(recordings) }] : []),
      ...(messages.length ? [{ kind: "message_attachment" as const, ids: ids(messages) }] : []),
    ];
    let files = 0;
    for (const owner of owners) {
      files += count(
        await trx
          .updateTable("files")
          .set({ data: new Uint8Array(0), size: 0, file_name: "destroyed", sha256: "", destroyed_at: at })
          .where("owner_kind", "=", owner.kind)
          .where("owner_id", "in", owner.ids)
          .where("destroyed_at", "is", null)
          .executeTakeFirst(),
      );
    }
    const invoicesKept = count(
      await trx.updateTable("invoices").set({ claimant_name: null, claim_number: null, anonymised_at: at }).where("patient_id", "=", patientId).executeTakeFirst(),
    );

    const counts: DestructionCounts = {
      claimants: 1,
      cases: caseIds.length,
      queries: queryIds.length,
      reports: reports.length,
      bookings: bookings.length,
      files,
      messages: messages.length,
      invoicesKept,
    };
    const year = at.getUTCFullYear();
    const number = `DC-${year}-${String(await nextInSeries(trx, "DC", year)).padStart(5, "0")}`;
    const certificate = await trx
      .insertInto("destruction_certificates")
      .values({ number, destroyed_at: at, approved_by: actor.user.id, counts: JSON.stringify(counts) })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("destruction_candidates")
      .values({ patient_id: patientId, due_on: due.dueOn, found_at: at, approved_by: actor.user.id, approved_at: at, certificate_id: certificate.id })
      .onConflict((oc) => oc.column("patient_id").doUpdateSet({ approved_by: actor.user.id, approved_at: at, certificate_id: certificate.id }))
      .execute();
    // The event without the personal data: the claimant's id, the certificate and the counts only.
    await recordAudit(trx, actor, { action: "patient.destroyed", entityType: "patient", entityId: patientId, after: { certificate: number, ...counts } });
    return certificate.id;
  });
  return destructionCertificate(deps, id);
}

/** The certificate as a PDF download; reading it is not personal data, so the access log is not written. */
export async function destructionCertificatePdf(deps: Deps, id: string): Promise<{ fileName: string; body: Buffer; contentType: string }> {
  const certificate = await destructionCertificate(deps, id);
  const agency = await getAgencySettings(deps);
  return { fileName: `destruction-certificate-${certificate.number}.pdf`, body: await renderDestructionCertificatePdf(agency.name, certificate), contentType: "application/pdf" };
}

