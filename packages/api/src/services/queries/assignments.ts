import type {
  assignInputSchema,
  assignmentCandidatesInputSchema,
  AssignmentItem,
  ConsultantCandidate,
  idInputSchema,
  respondAssignmentSchema,
} from "@medlegal/domain";
import { AGREEMENT_MESSAGES, LIVE_ASSIGNMENT_STATUSES, OPEN_QUERY_STATUSES, withArticle } from "@medlegal/domain";
import type { z } from "zod";
import { AppError, notFound } from "../../errors";
import { assignmentQuery, toAssignmentItem } from "./assignment-records";
import { recordAudit } from "../audit/audit";
import { notify, notifyCaseManagers } from "../notifications/notifications";
import { applyMove } from "./query-moves";
import { addEvent } from "./query-records";
import { assignedTo } from "./access";
import { now, stamp } from "../platform/clock";
import type { Deps } from "../platform/deps";
import { fullName } from "../platform/sql";
import { assertCurrentAgreement, withCurrentAgreement } from "../privacy/agreements";

/** The active consultants of one of the query's requested specializations, least busy first. */
export async function listCandidates(
  { db }: Deps,
  { queryId, specializationId }: z.output<typeof assignmentCandidatesInputSchema>,
): Promise<ConsultantCandidate[]> {
  const requested = await db
    .selectFrom("query_specializations")
    .select("query_id")
    .where("query_id", "=", queryId)
    .where("specialization_id", "=", specializationId)
    .executeTakeFirst();
  if (!requested) throw new AppError("NOT_FOUND", "That query does not ask for that specialization.");
  const rows = await db
    .selectFrom("users")
    .innerJoin("specializations", "specializations.id", "users.specialization_id")
    .select((eb) => [
      "users.id",
      fullName("users").as("name"),
      "specializations.name as specialization",
      "users.license_number",
      // Load: live assignments on open queries.
      eb
        .selectFrom("consultant_assignments as la")
        .innerJoin("queries as lq", "lq.id", "la.query_id")
        .select((sub) => sub.fn.countAll<number>().as("n"))
        .whereRef("la.consultant_id", "=", "users.id")
        .where("la.status", "in", LIVE_ASSIGNMENT_STATUSES)
        .where("lq.status", "in", OPEN_QUERY_STATUSES)
        .as("load"),
    ])
    .where("users.role", "=", "consultant")
    .where("users.is_active", "=", true)
    .where("users.specialization_id", "=", specializationId)
    .orderBy("load")
    .orderBy("users.last_name")
    .execute();
  // The picker says up front who cannot be proposed for want of a current agreement.
  const current = await withCurrentAgreement(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    specialization: r.specialization,
    licenseNumber: r.license_number,
    load: Number(r.load ?? 0),
    noAgreement: current.has(r.id) ? null : AGREEMENT_MESSAGES.noCurrentAgreement(r.name),
  }));
}

/**
 * Proposes a consultant for one requested specialization. The consultant must be active and of
 * that specialization; the first assignment moves a query in review on to assigning.
 */
export async function assignConsultant({ db, actor }: Deps, data: z.output<typeof assignInputSchema>): Promise<AssignmentItem> {
  return db.transaction().execute(async (trx) => {
    const query = await trx.selectFrom("queries").selectAll().where("id", "=", data.queryId).forUpdate().executeTakeFirst();
    if (!query) throw notFound("query");
    if (!OPEN_QUERY_STATUSES.includes(query.status) || query.status === "submitted") {
      throw new AppError("CONFLICT", "Experts are assigned once a query is in review, and not after it is closed or while on hold.");
    }
    const requested = await trx
      .selectFrom("query_specializations")
      .innerJoin("specializations", "specializations.id", "query_specializations.specialization_id")
      .select("specializations.name")
      .where("query_id", "=", query.id)
      .where("specialization_id", "=", data.specializationId)
      .executeTakeFirst();
    if (!requested)
      throw new AppError("INVALID", "That query does not ask for that specialization.", { specializationId: "Not requested" });
    const consultant = await trx
      .selectFrom("users")
      .select(["id", "specialization_id", "first_name", fullName<string>().as("name")])
      .where("id", "=", data.consultantId)
      .where("role", "=", "consultant")
      .where("is_active", "=", true)
      .executeTakeFirst();
    if (!consultant) throw new AppError("INVALID", "Choose an active consultant", { consultantId: "Choose an active consultant" });
    if (consultant.specialization_id !== data.specializationId) {
      throw new AppError("INVALID", `That consultant is not ${withArticle(requested.name)}.`, {
        consultantId: `Not ${withArticle(requested.name)}`,
      });
    }
    // POPIA sections 20-21: only an expert with a current agreement on record sees the claimant's file.
    await assertCurrentAgreement(trx, { id: consultant.id, name: consultant.name });
    const live = await trx
      .selectFrom("consultant_assignments")
      .select("id")
      .where("query_id", "=", query.id)
      .where("consultant_id", "=", consultant.id)
      .where("status", "in", LIVE_ASSIGNMENT_STATUSES)
      .executeTakeFirst();
    if (live) throw new AppError("CONFLICT", "That consultant is already on this query.");

    const { id } = await trx
      .insertInto("consultant_assignments")
      .values({
        query_id: query.id,
        consultant_id: consultant.id,
        specialization_id: data.specializationId,
        fee_agreed_cents: data.feeAgreedCents ?? null,
        assigned_by: actor.user.id,
        ...stamp("created_at"),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const item = toAssignmentItem(await assignmentQuery(trx).where("consultant_assignments.id", "=", id).executeTakeFirstOrThrow());
    await addEvent(trx, {
      queryId: query.id,
      actorId: actor.user.id,
      kind: "expert_proposed",
      body: `${item.consultantName} (${item.specialization})`,
    });
    await recordAudit(trx, actor, {
      action: "assignment.create",
      entityType: "assignment",
      entityId: id,
      after: { queryId: query.id, consultantId: consultant.id, specialization: item.specialization, feeAgreedCents: item.feeAgreedCents },
    });
    await notify(trx, {
      userId: consultant.id,
      type: "query_update",
      title: `New assignment: ${query.reference}`,
      message: `You have been asked to assess as ${item.specialization} for ${query.reference}. Please accept or decline.`,
      link: `/queries/${query.id}`,
    });
    if (query.status === "in_review") await applyMove(trx, actor, query, "assigning", null);
    return item;
  });
}

/** The consultant answers an assignment; declining needs a reason. */
export async function respondToAssignment(
  { db, actor }: Deps,
  { id, accept, reason }: z.output<typeof respondAssignmentSchema>,
): Promise<AssignmentItem> {
  return db.transaction().execute(async (trx) => {
    const assignment = await trx
      .selectFrom("consultant_assignments")
      .selectAll()
      .where("id", "=", id)
      .where(assignedTo(actor.user))
      .forUpdate()
      .executeTakeFirst();
    if (!assignment) throw new AppError("NOT_FOUND", "That assignment does not exist or is not yours.");
    if (assignment.status !== "proposed") throw new AppError("CONFLICT", "This assignment has already been answered or withdrawn.");
    const status = accept ? "accepted" : "declined";
    await trx
      .updateTable("consultant_assignments")
      .set({ status, decline_reason: accept ? null : (reason ?? null), responded_at: now() })
      .where("id", "=", id)
      .execute();
    const item = toAssignmentItem(await assignmentQuery(trx).where("consultant_assignments.id", "=", id).executeTakeFirstOrThrow());
    const query = await trx
      .selectFrom("queries")
      .select(["reference", "assigned_employee_id"])
      .where("id", "=", assignment.query_id)
      .executeTakeFirstOrThrow();
    await addEvent(trx, {
      queryId: assignment.query_id,
      actorId: actor.user.id,
      // The reason stays on the assignment, where attorneys do not see it; the timeline is everyone's.
      kind: accept ? "expert_accepted" : "expert_declined",
      body: item.specialization,
    });
    await recordAudit(trx, actor, {
      action: accept ? "assignment.accept" : "assignment.decline",
      entityType: "assignment",
      entityId: id,
      before: { status: "proposed" },
      after: { status, ...(accept ? {} : { reason }) },
    });
    const notification = {
      type: "query_update" as const,
      title: `${item.consultantName} ${accept ? "accepted" : "declined"} ${query.reference}`,
      message: accept
        ? `${item.specialization} is covered for ${query.reference}.`
        : `Reason: ${reason}. Please assign another ${item.specialization}.`,
      link: `/queries/${assignment.query_id}`,
    };
    // A decline is new work (another expert is needed): every employee hears while nobody manages the query.
    if (!accept) await notifyCaseManagers(trx, { assignedEmployeeId: query.assigned_employee_id, actorId: actor.user.id }, notification);
    else if (query.assigned_employee_id) await notify(trx, { ...notification, userId: query.assigned_employee_id });
    return item;
  });
}

export async function withdrawAssignment({ db, actor }: Deps, { id }: z.output<typeof idInputSchema>): Promise<AssignmentItem> {
  return db.transaction().execute(async (trx) => {
    const assignment = await trx.selectFrom("consultant_assignments").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
    if (!assignment) throw new AppError("NOT_FOUND", "That assignment does not exist.");
    if (assignment.status !== "proposed" && assignment.status !== "accepted") {
      throw new AppError("CONFLICT", "Only a live assignment can be withdrawn.");
    }
    await trx.updateTable("consultant_assignments").set({ status: "withdrawn" }).where("id", "=", id).execute();
    const item = toAssignmentItem(await assignmentQuery(trx).where("consultant_assignments.id", "=", id).executeTakeFirstOrThrow());
    const query = await trx.selectFrom("queries").select(["reference"]).where("id", "=", assignment.query_id).executeTakeFirstOrThrow();
    await addEvent(trx, {
      queryId: assignment.query_id,
      actorId: actor.user.id,
      kind: "expert_withdrawn",
      body: `${item.consultantName} (${item.specialization})`,
    });
    await recordAudit(trx, actor, {
      action: "assignment.withdraw",
      entityType: "assignment",
      entityId: id,
      before: { status: assignment.status },
      after: { status: "withdrawn" },
    });
    await notify(trx, {
      userId: assignment.consultant_id,
      type: "query_update",
      title: `Assignment withdrawn: ${query.reference}`,
      message: `The agency withdrew your assignment on ${query.reference}.`,
      link: null,
    });
    return item;
  });
}

/** A consultant's own assignments, newest first (their dashboard and My Queries). */
export async function listMyAssignments({
  db,
  actor,
}: Deps): Promise<(AssignmentItem & { queryReference: string; querySubject: string })[]> {
  const rows = await assignmentQuery(db)
    .innerJoin("queries", "queries.id", "consultant_assignments.query_id")
    .select(["queries.reference as query_reference", "queries.subject as query_subject"])
    .where(assignedTo(actor.user))
    .orderBy("consultant_assignments.created_at", "desc")
    .limit(200)
    .execute();
  return rows.map((r) => ({ ...toAssignmentItem(r), queryReference: r.query_reference, querySubject: r.query_subject }));
}
