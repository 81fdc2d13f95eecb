import { sql } from "kysely";
import type { Transaction } from "kysely";
import type { Database } from "@medlegal/db";
import type { DestructionCounts } from "@medlegal/domain";
import { ANONYMISED, ERASURE_REQUEST_KINDS, erasureOutcome, OPEN_SUBJECT_REQUEST_STATUSES, sastYear } from "@medlegal/domain";
import type { SignedInActor } from "../../actors";
import { recordAudit } from "../audit/audit";
import { reprintWithoutClaimant } from "../invoices/invoice-reprint";
import { now } from "../platform/clock";
import { nextInSeries } from "../platform/references";
import { scrubAuditTrail, personalValues } from "./audit-scrub";
import { scrubStoredTexts } from "./text-scrub";
import { queueStoredObjectRemoval } from "../files/stored-files";

const ids = <T extends { id: string }>(rows: T[]) => rows.map((r) => r.id);
const count = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows);

/**
 * The one anonymisation of a claimant (docs/decisions.md "Retention and destruction", "Deletion and
 * objection requests"), run inside the caller's transaction after it checked that nothing keeps the
 * records: names, identity numbers, contacts and free text replaced, files emptied, invoices kept with
 * the tax fields only (their PDFs printed again without the name), report-version notes and old audit
 * rows cleared of the personal data (the events stay), a destruction certificate issued and the event
 * audited. `dueOn`: the day the sweep's rule made the claimant due (an approval); `subjectRequest`: the
 * request carried out. Returns the certificate's id and number.
 */
export async function anonymiseClaimant(
  trx: Transaction<Database>,
  actor: SignedInActor,
  patientId: string,
  how: { dueOn?: string; subjectRequest?: string },
): Promise<{ id: string; number: string }> {
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
    .where((eb) =>
      eb.or([
        ...(queryIds.length ? [eb("query_id", "in", queryIds)] : []),
        ...(bookings.length ? [eb("booking_id", "in", ids(bookings))] : []),
        eb.val(false),
      ]),
    )
    .execute();
  const recordRequests = caseIds.length
    ? await trx.selectFrom("record_requests").select("id").where("case_id", "in", caseIds).execute()
    : [];
  const evidence = caseIds.length ? await trx.selectFrom("evidence_documents").select("id").where("case_id", "in", caseIds).execute() : [];
  const recordings = meetings.length
    ? await trx.selectFrom("meeting_recordings").select("id").where("meeting_id", "in", ids(meetings)).execute()
    : [];

  const personal = await personalValues(trx, patientId);
  const inSharedTexts = await personalValues(trx, patientId, { loneNames: false });
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
      message_channel: null,
      message_consent_at: null,
      anonymised_at: at,
      updated_at: at,
    })
    .where("id", "=", patientId)
    .execute();
  // Texts to and from the claimant's phone hold the number and their own words.
  await trx.deleteFrom("claimant_messages").where("patient_id", "=", patientId).execute();
  await trx.updateTable("claimant_replies").set({ from_phone: ANONYMISED, text: ANONYMISED }).where("patient_id", "=", patientId).execute();
  if (caseIds.length)
    await trx
      .updateTable("cases")
      .set({ notes: null, raf_claim_number: null, court_case_number: null, attorney_reference: null })
      .where("id", "in", caseIds)
      .execute();
  if (queryIds.length) {
    await trx
      .updateTable("queries")
      .set({ subject: ANONYMISED, instructions: ANONYMISED, cancel_reason: null })
      .where("id", "in", queryIds)
      .execute();
    await trx
      .updateTable("query_events")
      .set({ body: ANONYMISED })
      .where("query_id", "in", queryIds)
      .where("body", "is not", null)
      .execute();
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
    // The day's logistics name the guardian, their phone and a pickup point (often the home address).
    await trx.deleteFrom("booking_logistics").where("booking_id", "in", ids(bookings)).execute();
  }
  if (evidence.length)
    await trx.updateTable("evidence_documents").set({ description: ANONYMISED }).where("id", "in", ids(evidence)).execute();
  if (recordRequests.length) {
    // A request's description and the notes on its steps may name the claimant or their injuries.
    await trx.updateTable("record_requests").set({ description: null }).where("id", "in", ids(recordRequests)).execute();
    await trx
      .updateTable("record_request_events")
      .set({ note: ANONYMISED })
      .where("request_id", "in", ids(recordRequests))
      .where("note", "is not", null)
      .execute();
  }
  if (threads.length) await trx.updateTable("message_threads").set({ subject: ANONYMISED }).where("id", "in", ids(threads)).execute();
  if (messages.length) await trx.updateTable("messages").set({ body: ANONYMISED }).where("id", "in", ids(messages)).execute();
  if (meetings.length) await trx.updateTable("meetings").set({ title: ANONYMISED }).where("id", "in", ids(meetings)).execute();
  await trx
    .updateTable("subject_requests")
    .set({ requester_name: ANONYMISED, details: null, outcome: null })
    .where("patient_id", "=", patientId)
    .where("status", "<>", "refused")
    .execute();
  await trx
    .updateTable("subject_requests")
    .set({ requester_name: ANONYMISED, details: null, outcome: ANONYMISED })
    .where("patient_id", "=", patientId)
    .where("status", "=", "refused")
    .execute();

  // The uploaded files: query documents, report versions, recordings, conversation files. The rows
  // stay (report versions are append-only and point at them); their bytes and names go.
  const owners = [
    ...(queryIds.length ? [{ kind: "query_document" as const, ids: queryIds }] : []),
    ...(reports.length ? [{ kind: "report_version" as const, ids: ids(reports) }] : []),
    ...(recordings.length ? [{ kind: "meeting_recording" as const, ids: ids(recordings) }] : []),
    ...(messages.length ? [{ kind: "message_attachment" as const, ids: ids(messages) }] : []),
    // A case's deferral undertaking and court order name the claimant (issue 29).
    ...(caseIds.length
      ? [
          { kind: "billing_undertaking" as const, ids: caseIds },
          { kind: "billing_order" as const, ids: caseIds },
        ]
      : []),
    // A records request's letters name the claimant, and the records a holder sent are theirs (issue 40).
    ...(recordRequests.length ? [{ kind: "record_request" as const, ids: ids(recordRequests) }] : []),
    // The experts' reports and court orders the attorney added for the trial bundle are about the claimant (issue 41).
    ...(evidence.length ? [{ kind: "evidence_document" as const, ids: ids(evidence) }] : []),
  ];
  let files = 0;
  for (const owner of owners) {
    const destroyed = await trx
      .with("gone", (db) =>
        db
          .selectFrom("files")
          .select(["id", "storage_key"])
          .where("owner_kind", "=", owner.kind)
          .where("owner_id", "in", owner.ids)
          .where("destroyed_at", "is", null),
      )
      .updateTable("files")
      .from("gone")
      .set({ data: null, storage_key: null, size: 0, file_name: "destroyed", sha256: "", destroyed_at: at })
      .whereRef("files.id", "=", "gone.id")
      .returning("gone.storage_key")
      .execute();
    files += destroyed.length;
    // Bytes in the file store leave it once this commits (docs/decisions.md, "File storage").
    await queueStoredObjectRemoval(
      trx,
      destroyed.flatMap((file) => (file.storage_key ? [file.storage_key] : [])),
    );
  }
  if (recordRequests.length) {
    // The text OCR read from the records so far goes with them, and their OCR ends.
    const received = trx.selectFrom("received_records").select("file_id").where("request_id", "in", ids(recordRequests));
    await trx.deleteFrom("received_record_ocr_pages").where("file_id", "in", received).execute();
    await trx
      .updateTable("received_records")
      .set({ ocr_state: null, ocr_claimed_until: null })
      .where("request_id", "in", ids(recordRequests))
      .where("ocr_state", "in", ["pending", "running"])
      .execute();
  }
  const invoices = await trx.selectFrom("invoices").select("id").where("patient_id", "=", patientId).execute();
  const invoicesKept = count(
    await trx
      .updateTable("invoices")
      .set({ claimant_name: null, claim_number: null, anonymised_at: at })
      .where("patient_id", "=", patientId)
      .executeTakeFirst(),
  );
  // The stored PDFs print the claimant's name: printed again with the placeholder, tax fields as issued.
  await reprintWithoutClaimant(trx, ids(invoices));
  // Report versions are append-only; their change notes may name the claimant (migration 2026-11-28-67).
  for (const report of reports) await sql`SELECT anonymise_report_version_notes(${report.id}::uuid)`.execute(trx);
  const requests = await trx.selectFrom("subject_requests").select("id").where("patient_id", "=", patientId).execute();
  // Bell notifications and e-mails are tied to no record of the claimant; their texts may name them.
  await scrubStoredTexts(trx, inSharedTexts);
  await scrubAuditTrail(trx, personal, [
    patientId,
    ...caseIds,
    ...queryIds,
    ...ids(reports),
    ...ids(bookings),
    ...ids(threads),
    ...ids(messages),
    ...ids(meetings),
    ...ids(invoices),
    ...ids(requests),
  ]);

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
  const year = sastYear(at);
  const number = `DC-${year}-${String(await nextInSeries(trx, "DC", year)).padStart(5, "0")}`;
  const certificate = await trx
    .insertInto("destruction_certificates")
    .values({ number, destroyed_at: at, approved_by: actor.user.id, counts: JSON.stringify(counts) })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (how.dueOn) {
    await trx
      .insertInto("destruction_candidates")
      .values({
        patient_id: patientId,
        due_on: how.dueOn,
        found_at: at,
        approved_by: actor.user.id,
        approved_at: at,
        certificate_id: certificate.id,
      })
      .onConflict((oc) =>
        oc.column("patient_id").doUpdateSet({ approved_by: actor.user.id, approved_at: at, certificate_id: certificate.id }),
      )
      .execute();
  } else {
    // Not found due by the sweep: an unapproved listing, if any, is settled by this destruction.
    await trx.deleteFrom("destruction_candidates").where("patient_id", "=", patientId).where("approved_at", "is", null).execute();
  }
  // Other open deletion or objection requests of the claimant are done by this destruction: answered
  // with the certificate, so none is left open with nothing to carry out.
  const settled = await trx
    .updateTable("subject_requests")
    .set({ status: "answered", outcome: erasureOutcome(number), closed_at: at, updated_at: at })
    .where("patient_id", "=", patientId)
    .where("kind", "in", [...ERASURE_REQUEST_KINDS])
    .where("status", "in", [...OPEN_SUBJECT_REQUEST_STATUSES])
    .$if(!!how.subjectRequest, (q) => q.where("reference", "<>", how.subjectRequest!))
    .returning(["id", "reference", "status"])
    .execute();
  for (const request of settled) {
    await recordAudit(trx, actor, {
      action: "subject_request.update",
      entityType: "subject_request",
      entityId: request.id,
      after: { reference: request.reference, status: "answered", certificate: number },
    });
  }
  // The event without the personal data: the claimant's id, the certificate and the counts only.
  await recordAudit(trx, actor, {
    action: "patient.destroyed",
    entityType: "patient",
    entityId: patientId,
    after: { certificate: number, ...counts, ...(how.subjectRequest ? { subjectRequest: how.subjectRequest } : {}) },
  });
  return { id: certificate.id, number };
}
