import type { Transaction } from "kysely";
import { sql } from "kysely";
import type { Database } from "@medlegal/db";
import type { QueryEventKind, QueryListItem } from "@medlegal/domain";
import { stamp } from "../platform/clock";
import type { Db } from "../platform/deps";
import { announceQueryChange } from "./query-live";
import { fullName } from "../platform/sql";

/** A query with its case, claimant, attorney, case manager and requested specializations: the row of every list. */
export function queryListQuery(db: Db) {
  return db
    .selectFrom("queries")
    .innerJoin("cases", "cases.id", "queries.case_id")
    .innerJoin("patients", "patients.id", "cases.patient_id")
    .innerJoin("users as attorney", "attorney.id", "queries.attorney_id")
    .leftJoin("users as employee", "employee.id", "queries.assigned_employee_id")
    .select([
      "queries.id",
      "queries.reference",
      "queries.subject",
      "queries.status",
      "queries.priority",
      "queries.priority_rank",
      "queries.case_id",
      "cases.reference as case_reference",
      fullName("patients").as("patient_name"),
      "queries.attorney_id",
      fullName("attorney").as("attorney_name"),
      "attorney.firm_name",
      "queries.assigned_employee_id",
      fullName<string | null>("employee").as("employee_name"),
      sql<string[]>`coalesce((
        SELECT json_agg(s.name ORDER BY s.name) FROM query_specializations qs
        JOIN specializations s ON s.id = qs.specialization_id WHERE qs.query_id = queries.id), '[]'::json)`.as("specializations"),
      "queries.created_at",
      "queries.updated_at",
    ]);
}
type ListRow = Awaited<ReturnType<ReturnType<typeof queryListQuery>["executeTakeFirstOrThrow"]>>;

export const toQueryListItem = (row: ListRow): QueryListItem => ({
  id: row.id,
  reference: row.reference,
  subject: row.subject,
  status: row.status,
  priority: row.priority,
  caseId: row.case_id,
  caseReference: row.case_reference,
  patientName: row.patient_name,
  attorneyId: row.attorney_id,
  attorneyName: row.attorney_name,
  firmName: row.firm_name,
  assignedEmployeeId: row.assigned_employee_id,
  assignedEmployeeName: row.employee_name,
  specializations: row.specializations,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/** One entry of a query's timeline, in the changing transaction. */
export async function addEvent(
  trx: Transaction<Database>,
  event: { queryId: string; actorId: string | null; kind: QueryEventKind; from?: string | null; to?: string | null; body?: string | null },
) {
  await trx
    .insertInto("query_events")
    .values({
      query_id: event.queryId,
      actor_id: event.actorId,
      kind: event.kind,
      from_status: event.from ?? null,
      to_status: event.to ?? null,
      body: event.body ?? null,
      ...stamp("at"),
    })
    .execute();
  // Every timeline entry is a change the query's people should see at once.
  await announceQueryChange(trx, event.queryId);
}
