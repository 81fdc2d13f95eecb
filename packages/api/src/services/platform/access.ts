import type { ExpressionBuilder, RawBuilder } from "kysely";
import { sql } from "kysely";
import type { Database } from "@medlegal/db";
import type { CurrentUser, Permission, Role } from "@medlegal/domain";
import { can, EXPERT_SEES_QUERY, isAttorney, isExpert, isInterpreter, isStaff, OPEN_QUERY_STATUSES, STAFF_ROLES } from "@medlegal/domain";
import { AppError, notFound } from "../../errors";
import type { Db } from "./deps";

/**
 * The role rule of a service step, read from the domain permission map (the same map the
 * procedures' roleProcedure reads): 403 with the sentence given, or a general one.
 */
export function assertCan(user: CurrentUser, permission: Permission, message = "You do not have permission to do that."): void {
  if (!can(user.role, permission)) throw new AppError("FORBIDDEN", message);
}

/** Agency staff see all operational data; attorneys and consultants only their own (the domain's one test). */
export { isStaff };

/** Assignment statuses that let a consultant see a query (they were asked, or they did the work). */
export const CONSULTANT_VISIBLE = EXPERT_SEES_QUERY;

/**
 * The row filter for queries a user may see (docs/product-rules.md#roles-and-access): everything for staff, their own
 * for an attorney, the ones they are assigned to for a consultant. Every query read goes through it.
 */
export function visibleQueries(user: CurrentUser) {
  return (eb: ExpressionBuilder<Database, "queries">) => {
    if (isStaff(user)) return eb.lit(true);
    if (isAttorney(user)) return eb("queries.attorney_id", "=", user.id);
    if (!isExpert(user)) return eb.lit(false);
    return eb.exists(
      eb
        .selectFrom("consultant_assignments as va")
        .select("va.id")
        .whereRef("va.query_id", "=", "queries.id")
        .where("va.consultant_id", "=", user.id)
        .where("va.status", "in", CONSULTANT_VISIBLE),
    );
  };
}

/**
 * Whether a participant of a message thread may still read it: a thread about a query stays open to
 * an attorney or an expert only while they may see that query (the rule of `visibleQueries`), so an
 * expert whose assignment is withdrawn or declined loses the query's thread with the query
 * (docs/decisions.md, "Messages"). Refs and values are SQL: the thread's query id, the person's id and role.
 */
export function threadStillVisible(
  threadQueryId: RawBuilder<unknown>,
  userId: RawBuilder<unknown> | string,
  role: RawBuilder<unknown> | string,
) {
  const attorney: Role = "attorney";
  const consultant: Role = "consultant";
  return sql<boolean>`(${threadQueryId} IS NULL OR ${role} IN (${sql.join(STAFF_ROLES.map((r) => sql.lit(r)))})
    OR (${role} = ${sql.lit(attorney)} AND EXISTS (SELECT 1 FROM queries vq WHERE vq.id = ${threadQueryId} AND vq.attorney_id = ${userId}))
    OR (${role} = ${sql.lit(consultant)} AND EXISTS (SELECT 1 FROM consultant_assignments va WHERE va.query_id = ${threadQueryId}
      AND va.consultant_id = ${userId} AND va.status IN (${sql.join(CONSULTANT_VISIBLE.map((status) => sql.lit(status)))}))))`;
}

/**
 * Invoices a user may see (docs/decisions.md, "Invoices"): staff all; an attorney the issued
 * invoices addressed to them (never a draft); a consultant their own expert invoices.
 */
export function visibleInvoices(user: CurrentUser) {
  return (eb: ExpressionBuilder<Database, "invoices">) => {
    if (isStaff(user)) return eb.lit(true);
    if (isAttorney(user))
      return eb.and([eb("invoices.kind", "=", "attorney"), eb("invoices.attorney_id", "=", user.id), eb("invoices.status", "<>", "draft")]);
    if (!isExpert(user)) return eb.lit(false);
    return eb.and([eb("invoices.kind", "=", "expert"), eb("invoices.consultant_id", "=", user.id)]);
  };
}

/** Reports a user may see: all for staff, their own for attorneys and consultants (docs/architecture.md, row scoping). */
export function visibleReports(user: CurrentUser) {
  return (eb: ExpressionBuilder<Database, "reports">) => {
    if (isStaff(user)) return eb.lit(true);
    if (isAttorney(user)) return eb("reports.attorney_id", "=", user.id);
    if (!isExpert(user)) return eb.lit(false);
    return eb("reports.consultant_id", "=", user.id);
  };
}

/** Payments (and proofs of payment) the caller may see: null for every one (administrators), else the attorney's own id. */
export function paymentScope(user: CurrentUser) {
  return can(user.role, "payments.manage") ? null : user.id;
}

/** A query the caller may see, or 404 (the same answer as a missing one, so ids cannot be probed). */
export async function loadVisibleQuery(db: Db, user: CurrentUser, id: string) {
  const row = await db.selectFrom("queries").selectAll().where("id", "=", id).where(visibleQueries(user)).executeTakeFirst();
  if (!row) throw notFound("query");
  return row;
}

/** Assignment statuses that let a consultant read a query's medical documents: only once they have accepted. */
const CONSULTANT_DOCUMENTS = ["accepted", "completed"] as const;

/**
 * Whether the caller, who may see the query, may also read its files (consultants only after
 * accepting): the one rule for the query's documents and for the attachments of its conversations.
 */
export async function mayReadQueryDocuments(db: Db, user: CurrentUser, queryId: string): Promise<boolean> {
  if (!isExpert(user)) return true;
  const row = await db
    .selectFrom("consultant_assignments")
    .select("id")
    .where("query_id", "=", queryId)
    .where("consultant_id", "=", user.id)
    .where("status", "in", CONSULTANT_DOCUMENTS)
    .executeTakeFirst();
  return Boolean(row);
}

export function visiblePatients(user: CurrentUser) {
  return (eb: ExpressionBuilder<Database, "patients">) =>
    isStaff(user) ? eb.lit(true) : isAttorney(user) ? eb("patients.attorney_id", "=", user.id) : eb.lit(false);
}

export async function loadVisiblePatient(db: Db, user: CurrentUser, id: string) {
  const row = await db.selectFrom("patients").selectAll().where("id", "=", id).where(visiblePatients(user)).executeTakeFirst();
  if (!row) throw notFound("claimant");
  return row;
}

export function visibleCases(user: CurrentUser) {
  return (eb: ExpressionBuilder<Database, "cases">) =>
    isStaff(user) ? eb.lit(true) : isAttorney(user) ? eb("cases.attorney_id", "=", user.id) : eb.lit(false);
}

export async function loadVisibleCase(db: Db, user: CurrentUser, id: string) {
  const row = await db.selectFrom("cases").selectAll().where("id", "=", id).where(visibleCases(user)).executeTakeFirst();
  if (!row) throw notFound("case");
  return row;
}

/**
 * Bookings a user may see: all for staff, their own for an attorney, the ones they assess for a
 * consultant, the ones whose logistics name them for an interpreter (issue 28).
 */
export function visibleBookings(user: CurrentUser) {
  return (eb: ExpressionBuilder<Database, "bookings">) => {
    if (isStaff(user)) return eb.lit(true);
    if (isAttorney(user)) return eb("bookings.attorney_id", "=", user.id);
    if (isInterpreter(user)) {
      return eb.exists(
        eb
          .selectFrom("booking_logistics as il")
          .select("il.booking_id")
          .whereRef("il.booking_id", "=", "bookings.id")
          .where("il.interpreter_user_id", "=", user.id),
      );
    }
    return eb("bookings.consultant_id", "=", user.id);
  };
}

/**
 * Consultants whose availability (weekly hours, days off, free slots) a user may see: any for
 * staff, their own for a consultant, and for an attorney the experts who accepted one of the
 * attorney's queries (or already hold a live booking of theirs, so it can be moved).
 */
export function visibleAvailability(user: CurrentUser) {
  return (eb: ExpressionBuilder<Database, "users">) => {
    if (isStaff(user)) return eb.lit(true);
    if (isExpert(user)) return eb("users.id", "=", user.id);
    if (!isAttorney(user)) return eb.lit(false);
    return eb.or([
      eb.exists(
        eb
          .selectFrom("consultant_assignments as aa")
          .innerJoin("queries as aq", "aq.id", "aa.query_id")
          .select("aa.id")
          .whereRef("aa.consultant_id", "=", "users.id")
          .where("aa.status", "=", "accepted")
          .where("aq.attorney_id", "=", user.id)
          // Only an open query can still be booked, so a closed matter's expert stays private.
          .where("aq.status", "in", OPEN_QUERY_STATUSES),
      ),
      eb.exists(
        eb
          .selectFrom("bookings as ab")
          .select("ab.id")
          .whereRef("ab.consultant_id", "=", "users.id")
          .where("ab.attorney_id", "=", user.id)
          .where("ab.status", "in", ["requested", "confirmed"]),
      ),
    ]);
  };
}

/**
 * The queries a member of staff manages (their case manager is them): the "mine" of the dashboard,
 * the employee's workload and the SLA list. Staff see every query; this narrows, it does not scope.
 */
export function managedBy(user: CurrentUser) {
  return (eb: ExpressionBuilder<Database, "queries">) => eb("queries.assigned_employee_id", "=", user.id);
}
