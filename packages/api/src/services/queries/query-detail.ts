import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Database } from "@medlegal/db";
import type { idInputSchema, QueryDetail, QueryEventKind, QueryMoveFacts } from "@medlegal/domain";
import { can, offeredQueryMoves, isAttorney, isExpert } from "@medlegal/domain";
import type { z } from "zod";
import { notFound } from "../../errors";
import { isStaff, mayReadQueryDocuments, visibleQueries } from "../platform/access";
import { recordAccess } from "../audit/access-log";
import { assignmentQuery, toAssignmentItem, withoutAgencyNotes } from "./assignment-records";
import { queryListQuery, toQueryListItem } from "./query-records";
import { assignedTo } from "./access";
import type { Deps } from "../platform/deps";
import { fullName } from "../platform/sql";

/** One query with its case, claimant (less for a consultant), experts, documents and timeline. */
export async function getQuery({ db, actor }: Deps, { id }: z.output<typeof idInputSchema>): Promise<QueryDetail> {
  // One read for the query, its case and its claimant, scoped to what the caller may see.
  const row = await queryListQuery(db)
    .select([
      "queries.instructions",
      "queries.held_from",
      "queries.cancel_reason",
      "queries.report_sharing_consent_at",
      "cases.claim_type",
      "cases.incident_date",
      "cases.raf_claim_number",
      "cases.court_case_number",
      "patients.id as patient_id",
      "patients.first_name as patient_first_name",
      "patients.last_name as patient_last_name",
      "patients.birth_date as patient_birth_date",
      "patients.gender as patient_gender",
      "patients.home_language as patient_home_language",
      "patients.interpreter_needed as patient_interpreter_needed",
      "patients.id_number as patient_id_number",
      "patients.passport_number as patient_passport_number",
      "patients.email as patient_email",
      "patients.phone as patient_phone",
      "patients.consent_received_at as patient_consent_received_at",
    ])
    .where("queries.id", "=", id)
    .where(visibleQueries(actor.user))
    .executeTakeFirst();
  if (!row) throw notFound("query");
  const specializationIds = (
    await db.selectFrom("query_specializations").select("specialization_id").where("query_id", "=", id).execute()
  ).map((r) => r.specialization_id);

  let assignments = assignmentQuery(db).where("consultant_assignments.query_id", "=", id).orderBy("consultant_assignments.created_at");
  if (isExpert(actor.user)) assignments = assignments.where(assignedTo(actor.user));
  // A consultant only asked (not yet accepted) sees the instruction, not the medical documents.
  const documentsVisible = await mayReadQueryDocuments(db, actor.user, id);

  const documents = !documentsVisible
    ? []
    : await db
        .selectFrom("files")
        .innerJoin("users", "users.id", "files.uploaded_by")
        .select([
          "files.id",
          "files.file_name",
          "files.content_type",
          "files.size",
          "files.created_at",
          fullName("users").as("uploaded_by_name"),
        ])
        .where("files.owner_kind", "=", "query_document")
        .where("files.owner_id", "=", id)
        .orderBy("files.created_at")
        .execute();

  const events = await db
    .selectFrom("query_events")
    .leftJoin("users", "users.id", "query_events.actor_id")
    .select([
      "query_events.id",
      "query_events.at",
      "query_events.kind",
      "query_events.from_status",
      "query_events.to_status",
      "query_events.body",
      fullName<string | null>("users").as("actor_name"),
    ])
    .where("query_events.query_id", "=", id)
    .orderBy("query_events.at")
    .orderBy("query_events.id")
    .execute();

  const essentials = {
    firstName: row.patient_first_name,
    lastName: row.patient_last_name,
    birthDate: row.patient_birth_date,
    gender: row.patient_gender,
    homeLanguage: row.patient_home_language,
    interpreterNeeded: row.patient_interpreter_needed,
  };
  const claimant = isExpert(actor.user)
    ? { id: null, ...essentials }
    : {
        id: row.patient_id,
        ...essentials,
        idNumber: row.patient_id_number,
        passportNumber: row.patient_passport_number,
        email: row.patient_email,
        phone: row.patient_phone,
        consentReceivedAt: row.patient_consent_received_at,
      };

  await recordAccess(db, actor, { action: "view", entityType: "query", entityId: id, patientId: row.patient_id });
  return {
    ...toQueryListItem(row),
    instructions: row.instructions,
    heldFrom: row.held_from,
    cancelReason: row.cancel_reason,
    reportSharingConsentAt: row.report_sharing_consent_at?.toISOString() ?? null,
    claimType: row.claim_type,
    incidentDate: row.incident_date,
    rafClaimNumber: row.raf_claim_number,
    courtCaseNumber: row.court_case_number,
    specializationIds,
    claimant,
    nextStatuses: can(actor.user.role, "queries.manage") ? offeredQueryMoves(row.status, row.held_from, await moveFacts(db, id)) : [],
    assignments: (await assignments.execute()).map(toAssignmentItem).map((a) => (isAttorney(actor.user) ? withoutAgencyNotes(a) : a)),
    documentsVisible,
    documents: documents.map((d) => ({
      id: d.id,
      fileName: d.file_name,
      contentType: d.content_type,
      size: d.size,
      uploadedByName: d.uploaded_by_name,
      createdAt: d.created_at.toISOString(),
    })),
    events: events.map((e) => ({
      id: e.id,
      at: e.at.toISOString(),
      actorName: e.actor_name,
      kind: e.kind,
      fromStatus: e.from_status,
      toStatus: e.to_status,
      body: isStaff(actor.user) ? e.body : withoutDeclineReason(e.kind, e.body),
    })),
  };
}

/**
 * Timeline entries written before they named their acts kept an expert's reason for declining in
 * the text ("Dr X declined (Psychiatrist): reason"); only the agency sees that reason.
 */
export function withoutDeclineReason(kind: QueryEventKind, body: string | null): string | null {
  if (kind !== "assignment" || !body) return body;
  const declined = /^(.+ declined \([^)]*\)): /.exec(body);
  return declined ? declined[1]! : body;
}

/** How many of the query's bookings are confirmed, live and attended: what decides the offered moves. */
async function moveFacts(db: Kysely<Database>, queryId: string): Promise<QueryMoveFacts> {
  const row = await db
    .selectFrom("bookings")
    .select([
      sql<number>`count(*) FILTER (WHERE status = 'confirmed')::int`.as("confirmed"),
      sql<number>`count(*) FILTER (WHERE status IN ('requested', 'confirmed'))::int`.as("live"),
      sql<number>`count(*) FILTER (WHERE status = 'attended')::int`.as("attended"),
    ])
    .where("query_id", "=", queryId)
    .executeTakeFirstOrThrow();
  return { confirmedBookings: Number(row.confirmed), liveBookings: Number(row.live), attendedBookings: Number(row.attended) };
}
