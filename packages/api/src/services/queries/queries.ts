import type { Kysely, Transaction } from "kysely";
import { sql } from "kysely";
import type { Database } from "@medlegal/db";
import type {
  assignEmployeeSchema,
  commentInputSchema,
  idInputSchema,
  moveQuerySchema,
  QueryDetail,
  QueryEventKind,
  queryInputSchema,
  queryListInputSchema,
  QueryListItem,
  QueryMoveFacts,
  QueryStatus,
} from "@medlegal/domain";
import {
  addDays,
  canMoveQuery,
  illegalMoveMessage,
  LIVE_ASSIGNMENT_STATUSES,
  offeredQueryMoves,
  PRIORITY_RANK,
  QUERY_STATUS_LABEL,
  sastToUtc,
} from "@medlegal/domain";
import type { z } from "zod";
import type { SignedInActor } from "../../context";
import { AppError } from "../../errors";
import { isStaff, loadVisibleCase, loadVisibleQuery, mayReadQueryDocuments, visibleQueries } from "../platform/access";
import { recordAccess } from "../audit/access-log";
import { toAssignmentItem, assignmentQuery, withoutAgencyNotes } from "./assignment-records";
import { recordAudit } from "../audit/audit";
import { decodeCursor, encodeCursor, exactTime } from "../platform/keyset";
import { notify, notifyCaseManagers } from "../notifications/notifications";
import { refreshQuerySearchText } from "./query-search";
import { nextReference } from "../platform/references";

type Db = Kysely<Database> | Transaction<Database>;
interface Deps {
  db: Kysely<Database>;
  actor: SignedInActor;
}

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
      sql<string>`patients.first_name || ' ' || patients.last_name`.as("patient_name"),
      "queries.attorney_id",
      sql<string>`attorney.first_name || ' ' || attorney.last_name`.as("attorney_name"),
      "attorney.firm_name",
      "queries.assigned_employee_id",
      sql<string | null>`employee.first_name || ' ' || employee.last_name`.as("employee_name"),
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

/* ---------- list: server-side search, filters, sort and keyset pagination ---------- */


export async function listQueries({ db, actor }: Deps, f: z.output<typeof queryListInputSchema>): Promise<{ items: QueryListItem[]; nextCursor: string | null }> {
  let query = queryListQuery(db)
    .select(exactTime("queries.created_at").as("cursor_at"))
    .where(visibleQueries(actor.user))
    .limit(f.limit + 1);

  if (f.search) {
    const pattern = `%${f.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where("queries.search_text", "like", pattern);
  }
  if (f.status) query = query.where("queries.status", "=", f.status);
  if (f.priority) query = query.where("queries.priority", "=", f.priority);
  if (f.assignedEmployeeId) query = query.where("queries.assigned_employee_id", "=", f.assignedEmployeeId);
  if (f.unassigned) query = query.where("queries.assigned_employee_id", "is", null);
  if (f.from) query = query.where("queries.created_at", ">=", sastToUtc(f.from, "00:00"));
  if (f.to) query = query.where("queries.created_at", "<", sastToUtc(addDays(f.to, 1), "00:00"));
  if (f.specializationId) {
    const specializationId = f.specializationId;
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom("query_specializations")
          .select("query_specializations.query_id")
          .whereRef("query_specializations.query_id", "=", "queries.id")
          .where("query_specializations.specialization_id", "=", specializationId),
      ),
    );
  }

  // Each sort is a total order ending in the id, so the keyset cursor never skips or repeats a row.
  const cursor = f.cursor;
  switch (f.sort) {
    case "newest":
    case "oldest": {
      const dir = f.sort === "newest" ? "desc" : "asc";
      query = query.orderBy("queries.created_at", dir).orderBy("queries.id", dir);
      if (cursor) {
        const [at, id] = decodeCursor(cursor, ["time", "id"]);
        const op = f.sort === "newest" ? sql`<` : sql`>`;
        query = query.where(sql<boolean>`(queries.created_at, queries.id) ${op} (${at}::timestamptz, ${id}::uuid)`);
      }
      break;
    }
    case "priority": {
      query = query.orderBy("queries.priority_rank", "desc").orderBy("queries.created_at", "desc").orderBy("queries.id", "desc");
      if (cursor) {
        const [rank, at, id] = decodeCursor(cursor, ["rank", "time", "id"]);
        query = query.where(sql<boolean>`(queries.priority_rank, queries.created_at, queries.id) < (${rank}, ${at}::timestamptz, ${id}::uuid)`);
      }
      break;
    }
    case "reference": {
      query = query.orderBy("queries.reference", "asc");
      if (cursor) query = query.where("queries.reference", ">", decodeCursor(cursor, ["text"])[0]);
      break;
    }
  }

  const rows = await query.execute();
  const page = rows.slice(0, f.limit);
  const last = page[page.length - 1];
  let nextCursor: string | null = null;
  if (rows.length > f.limit && last) {
    const at = last.cursor_at;
    nextCursor = encodeCursor(
      f.sort === "priority" ? [last.priority_rank, at, last.id] : f.sort === "reference" ? [last.reference] : [at, last.id],
    );
  }
  return { items: page.map(toQueryListItem), nextCursor };
}

/* ---------- one query ---------- */

export async function getQuery({ db, actor }: Deps, { id }: z.output<typeof idInputSchema>): Promise<QueryDetail> {
  // One read for the query, its case and its claimant, scoped to what the caller may see.
  const row = await queryListQuery(db)
    .select([
      "queries.instructions",
      "queries.held_from",
      "queries.cancel_reason",
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
  if (!row) throw new AppError("NOT_FOUND", "That query does not exist or is not yours to see.");
  const specializationIds = (
    await db.selectFrom("query_specializations").select("specialization_id").where("query_id", "=", id).execute()
  ).map((r) => r.specialization_id);

  let assignments = assignmentQuery(db).where("consultant_assignments.query_id", "=", id).orderBy("consultant_assignments.created_at");
  if (actor.user.role === "consultant") assignments = assignments.where("consultant_assignments.consultant_id", "=", actor.user.id);
  // A consultant only asked (not yet accepted) sees the instruction, not the medical documents.
  const documentsVisible = await mayReadQueryDocuments(db, actor.user, id);

  const documents = !documentsVisible ? [] : await db
    .selectFrom("files")
    .innerJoin("users", "users.id", "files.uploaded_by")
    .select([
      "files.id",
      "files.file_name",
      "files.content_type",
      "files.size",
      "files.created_at",
      sql<string>`users.first_name || ' ' || users.last_name`.as("uploaded_by_name"),
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
      sql<string | null>`users.first_name || ' ' || users.last_name`.as("actor_name"),
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
  const claimant =
    actor.user.role === "consultant"
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
    claimType: row.claim_type,
    incidentDate: row.incident_date,
    rafClaimNumber: row.raf_claim_number,
    courtCaseNumber: row.court_case_number,
    specializationIds,
    claimant,
    nextStatuses: isStaff(actor.user) ? offeredQueryMoves(row.status, row.held_from, await moveFacts(db, id)) : [],
    assignments: (await assignments.execute()).map(toAssignmentItem).map((a) => (actor.user.role === "attorney" ? withoutAgencyNotes(a) : a)),
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

/* ---------- changes ---------- */

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
    })
    .execute();
}

/** The attorney and the consultants still on the query hear of every status change. */
async function notifyStatusChange(trx: Transaction<Database>, query: { id: string; reference: string; attorney_id: string }, to: QueryStatus) {
  const consultants = await trx
    .selectFrom("consultant_assignments")
    .select("consultant_id")
    .distinct()
    .where("query_id", "=", query.id)
    .where("status", "in", LIVE_ASSIGNMENT_STATUSES)
    .execute();
  const recipients = [query.attorney_id, ...consultants.map((c) => c.consultant_id)];
  for (const userId of recipients) {
    await notify(trx, {
      userId,
      type: to === "completed" ? "query_completed" : "query_update",
      title: to === "completed" ? `Query ${query.reference} completed` : `Query ${query.reference}: ${QUERY_STATUS_LABEL[to]}`,
      message: `${query.reference} is now ${QUERY_STATUS_LABEL[to].toLowerCase()}.`,
      link: `/queries/${query.id}`,
    });
  }
}

/** An attorney instructs the agency: a query on one of their cases, for the specializations wanted. */
export async function createQuery({ db, actor }: Deps, data: z.output<typeof queryInputSchema>): Promise<QueryDetail> {
  if (actor.user.role !== "attorney") throw new AppError("FORBIDDEN", "Only attorneys submit queries.");
  await loadVisibleCase(db, actor.user, data.caseId);
  const active = await db.selectFrom("specializations").select("id").where("id", "in", data.specializationIds).where("active", "=", true).execute();
  if (active.length !== data.specializationIds.length) {
    throw new AppError("INVALID", "Choose specializations from the list", { specializationIds: "Choose specializations from the list" });
  }
  const id = await db.transaction().execute(async (trx) => {
    const reference = await nextReference(trx, "Q");
    const { id } = await trx
      .insertInto("queries")
      .values({
        reference,
        case_id: data.caseId,
        attorney_id: actor.user.id,
        subject: data.subject,
        instructions: data.instructions,
        priority: data.priority,
        priority_rank: PRIORITY_RANK[data.priority],
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("query_specializations")
      .values(data.specializationIds.map((specialization_id) => ({ query_id: id, specialization_id })))
      .execute();
    await refreshQuerySearchText(trx, { queryId: id });
    await addEvent(trx, { queryId: id, actorId: actor.user.id, kind: "status", to: "submitted" });
    await recordAudit(trx, actor, {
      action: "query.create",
      entityType: "query",
      entityId: id,
      after: { reference, caseId: data.caseId, subject: data.subject, priority: data.priority, specializationIds: data.specializationIds },
    });
    await notifyCaseManagers(trx, { assignedEmployeeId: null, actorId: actor.user.id }, {
      type: "query_update",
      title: `New query ${reference}`,
      message: `${actor.user.firstName} ${actor.user.lastName} submitted ${reference} (${data.priority} priority): ${data.subject}.`,
      link: `/queries/${id}`,
    });
    return id;
  });
  return getQuery({ db, actor }, { id });
}

/**
 * Moves a query along DESIGN.md section 5. An illegal move answers 409 with a sentence; the move,
 * its timeline entry, its audit row and its notifications commit together.
 */
export async function moveQuery({ db, actor }: Deps, { id, to, reason }: z.output<typeof moveQuerySchema>): Promise<QueryDetail> {
  await db.transaction().execute(async (trx) => {
    const query = await trx.selectFrom("queries").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
    if (!query) throw new AppError("NOT_FOUND", "That query does not exist or is not yours to see.");
    await applyMove(trx, actor, query, to, reason ?? null);
  });
  return getQuery({ db, actor }, { id });
}

export async function applyMove(
  trx: Transaction<Database>,
  actor: SignedInActor,
  query: { id: string; reference: string; attorney_id: string; status: QueryStatus; held_from: QueryStatus | null; assigned_employee_id: string | null },
  to: QueryStatus,
  reason: string | null,
) {
  if (!canMoveQuery(query.status, to, query.held_from)) throw new AppError("CONFLICT", illegalMoveMessage(query.status, to));
  const takeOver = query.status === "submitted" && to === "in_review" && !query.assigned_employee_id;
  await trx
    .updateTable("queries")
    .set({
      status: to,
      held_from: to === "on_hold" ? query.status : null,
      cancel_reason: to === "cancelled" ? reason : null,
      ...(takeOver ? { assigned_employee_id: actor.user.id } : {}),
      updated_at: new Date(),
    })
    .where("id", "=", query.id)
    .execute();
  await addEvent(trx, { queryId: query.id, actorId: actor.user.id, kind: "status", from: query.status, to, body: reason });
  await recordAudit(trx, actor, {
    action: "query.move",
    entityType: "query",
    entityId: query.id,
    before: { status: query.status },
    after: { status: to, ...(reason ? { reason } : {}), ...(takeOver ? { assignedEmployeeId: actor.user.id } : {}) },
  });
  await notifyStatusChange(trx, query, to);
}

/** An employee takes a query: it becomes theirs, and a submitted one goes into review. */
export async function takeQuery({ db, actor }: Deps, { id }: z.output<typeof idInputSchema>): Promise<QueryDetail> {
  await db.transaction().execute(async (trx) => {
    const query = await trx.selectFrom("queries").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
    if (!query) throw new AppError("NOT_FOUND", "That query does not exist or is not yours to see.");
    if (query.assigned_employee_id !== actor.user.id) {
      await trx.updateTable("queries").set({ assigned_employee_id: actor.user.id, updated_at: new Date() }).where("id", "=", id).execute();
      await recordAudit(trx, actor, {
        action: "query.assign_employee",
        entityType: "query",
        entityId: id,
        before: { assignedEmployeeId: query.assigned_employee_id },
        after: { assignedEmployeeId: actor.user.id },
      });
    }
    if (query.status === "submitted") {
      await applyMove(trx, actor, { ...query, assigned_employee_id: actor.user.id }, "in_review", null);
    }
  });
  return getQuery({ db, actor }, { id });
}

export async function assignEmployee({ db, actor }: Deps, { id, employeeId }: z.output<typeof assignEmployeeSchema>): Promise<QueryDetail> {
  await db.transaction().execute(async (trx) => {
    const query = await trx.selectFrom("queries").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
    if (!query) throw new AppError("NOT_FOUND", "That query does not exist or is not yours to see.");
    if (employeeId) {
      const staff = await trx
        .selectFrom("users")
        .select("id")
        .where("id", "=", employeeId)
        .where("role", "in", ["employee", "administrator"])
        .where("is_active", "=", true)
        .executeTakeFirst();
      if (!staff) throw new AppError("INVALID", "Choose an active employee", { employeeId: "Choose an active employee" });
    }
    await trx.updateTable("queries").set({ assigned_employee_id: employeeId, updated_at: new Date() }).where("id", "=", id).execute();
    await recordAudit(trx, actor, {
      action: "query.assign_employee",
      entityType: "query",
      entityId: id,
      before: { assignedEmployeeId: query.assigned_employee_id },
      after: { assignedEmployeeId: employeeId },
    });
    if (employeeId && employeeId !== actor.user.id) {
      await notify(trx, {
        userId: employeeId,
        type: "query_update",
        title: `Query ${query.reference} is yours`,
        message: `${actor.user.firstName} ${actor.user.lastName} gave you ${query.reference}.`,
        link: `/queries/${id}`,
      });
    }
  });
  return getQuery({ db, actor }, { id });
}

/** Anyone who may see a query may comment on it; the attorney and the case manager (or, for an outsider's comment on an unmanaged query, every employee) hear of it. */
export async function commentOnQuery({ db, actor }: Deps, { queryId, body }: z.output<typeof commentInputSchema>): Promise<QueryDetail> {
  const query = await loadVisibleQuery(db, actor.user, queryId);
  await db.transaction().execute(async (trx) => {
    await addEvent(trx, { queryId, actorId: actor.user.id, kind: "comment", body });
    await recordAudit(trx, actor, { action: "query.comment", entityType: "query", entityId: queryId, after: { comment: body } });
    const notification = {
      type: "query_update" as const,
      title: `New comment on ${query.reference}`,
      message: `${actor.user.firstName} ${actor.user.lastName}: ${body.length > 140 ? `${body.slice(0, 137)}...` : body}`,
      link: `/queries/${queryId}`,
    };
    if (query.attorney_id !== actor.user.id) await notify(trx, { ...notification, userId: query.attorney_id });
    // A comment from outside the agency is work for it: all employees hear while nobody manages the query.
    if (!isStaff(actor.user)) await notifyCaseManagers(trx, { assignedEmployeeId: query.assigned_employee_id, actorId: actor.user.id }, notification);
    else if (query.assigned_employee_id && query.assigned_employee_id !== actor.user.id) await notify(trx, { ...notification, userId: query.assigned_employee_id });
  });
  return getQuery({ db, actor }, { id: queryId });
}

/** Agency staff who can be given a query, for filters and hand-overs. */
export async function listCaseManagers({ db }: Deps): Promise<{ id: string; name: string }[]> {
  const rows = await db
    .selectFrom("users")
    .select(["id", sql<string>`first_name || ' ' || last_name`.as("name")])
    .where("role", "in", ["employee", "administrator"])
    .where("is_active", "=", true)
    .orderBy("first_name")
    .execute();
  return rows;
}


