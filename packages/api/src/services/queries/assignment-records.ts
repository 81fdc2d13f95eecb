import type { AssignmentItem } from "@medlegal/domain";
import type { Db } from "../platform/deps";
import { fullName } from "../platform/sql";

export function assignmentQuery(db: Db) {
  return db
    .selectFrom("consultant_assignments")
    .innerJoin("users as consultant", "consultant.id", "consultant_assignments.consultant_id")
    .innerJoin("specializations", "specializations.id", "consultant_assignments.specialization_id")
    .selectAll("consultant_assignments")
    .select([fullName("consultant").as("consultant_name"), "specializations.name as specialization"]);
}
type Row = Awaited<ReturnType<ReturnType<typeof assignmentQuery>["executeTakeFirstOrThrow"]>>;

/** What an attorney sees of an assignment: not the fee the agency agreed with the expert, nor why an expert declined. */
export const withoutAgencyNotes = (item: AssignmentItem): AssignmentItem => ({ ...item, feeAgreedCents: null, declineReason: null });

export const toAssignmentItem = (row: Row): AssignmentItem => ({
  id: row.id,
  queryId: row.query_id,
  consultantId: row.consultant_id,
  consultantName: row.consultant_name,
  specializationId: row.specialization_id,
  specialization: row.specialization,
  status: row.status,
  feeAgreedCents: row.fee_agreed_cents,
  declineReason: row.decline_reason,
  createdAt: row.created_at.toISOString(),
  respondedAt: row.responded_at ? row.responded_at.toISOString() : null,
});
