import { sql } from "kysely";
import type { z } from "zod";
import type { SubjectRequest, subjectRequestCreateSchema, subjectRequestListSchema, subjectRequestUpdateSchema } from "@medlegal/domain";
import type { privacyOfficerInputSchema } from "@medlegal/domain";
import {
  addDays,
  DEFAULT_SUBJECT_REQUEST_DAYS,
  ERASURE_REQUEST_KINDS,
  mayBePrivacyOfficer,
  mayManagePrivacy,
  OPEN_SUBJECT_REQUEST_STATUSES,
  PRIVACY_MESSAGES,
  SUBJECT_REQUEST_DUE_SOON_DAYS,
} from "@medlegal/domain";
import { AppError, notFound } from "../../errors";
import { recordAudit } from "../audit/audit";
import { now, today } from "../platform/clock";
import { fullName } from "../platform/sql";
import type { Db, Deps } from "../platform/deps";
import { nextReference } from "../platform/references";
import { readSetting } from "../settings/settings";

/**
 * Data subject requests (docs/decisions.md "POPIA"): recorded against a claimant by an
 * administrator or an employee named privacy officer, with a due date, answered or refused with a
 * reason, every step audited.
 */

/** Administrators, and employees an administrator named privacy officers; 403 for anyone else. */
export async function assertPrivacyManager({ db, actor }: Deps): Promise<void> {
  // The flag is read afresh: naming or un-naming an officer holds on their very next request.
  const row = await db.selectFrom("users").select("privacy_officer").where("id", "=", actor.user.id).executeTakeFirst();
  if (!mayManagePrivacy({ role: actor.user.role, privacyOfficer: row?.privacy_officer ? true : undefined })) {
    throw new AppError("FORBIDDEN", PRIVACY_MESSAGES.notPrivacyManager);
  }
}

function requestQuery(db: Db) {
  return db
    .selectFrom("subject_requests")
    .innerJoin("patients", "patients.id", "subject_requests.patient_id")
    .selectAll("subject_requests")
    .select(fullName<string>("patients").as("patient_name"));
}
type RequestRow = Awaited<ReturnType<ReturnType<typeof requestQuery>["executeTakeFirstOrThrow"]>>;

const toRequest = (r: RequestRow): SubjectRequest => ({
  id: r.id,
  reference: r.reference,
  patientId: r.patient_id,
  patientName: r.patient_name,
  kind: r.kind,
  requestedBy: r.requested_by,
  requesterName: r.requester_name,
  receivedOn: r.received_on,
  dueOn: r.due_on,
  status: r.status,
  details: r.details,
  outcome: r.outcome,
  closedAt: r.closed_at?.toISOString() ?? null,
  createdAt: r.created_at.toISOString(),
});

/** The agency's answer period in days (settings "privacy", 30 unless set). */
export const privacySettings = (db: Db) => readSetting(db, "privacy", { requestDays: DEFAULT_SUBJECT_REQUEST_DAYS });

/** The register, open requests first by due date, then the closed ones, newest first. */
export async function listSubjectRequests(deps: Deps, filter: z.output<typeof subjectRequestListSchema>): Promise<SubjectRequest[]> {
  await assertPrivacyManager(deps);
  let query = requestQuery(deps.db);
  if (filter.status) query = query.where("subject_requests.status", "=", filter.status);
  if (filter.patientId) query = query.where("subject_requests.patient_id", "=", filter.patientId);
  const rows = await query
    .orderBy(sql`CASE WHEN subject_requests.status IN ('received', 'in_progress') THEN 0 ELSE 1 END`)
    .orderBy(sql`CASE WHEN subject_requests.status IN ('received', 'in_progress') THEN subject_requests.due_on END`)
    .orderBy("subject_requests.created_at", "desc")
    .limit(500)
    .execute();
  return rows.map(toRequest);
}

/** One request of the register (404 when it does not exist). */
export async function getSubjectRequest(deps: Deps, id: string): Promise<SubjectRequest> {
  await assertPrivacyManager(deps);
  const row = await requestQuery(deps.db).where("subject_requests.id", "=", id).executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", PRIVACY_MESSAGES.notFound);
  return toRequest(row);
}

/** Open requests due within `days` (or already overdue), for the dashboard. */
export async function dueSubjectRequests(db: Db, today: string, days: number): Promise<SubjectRequest[]> {
  const rows = await requestQuery(db)
    .where("subject_requests.status", "in", OPEN_SUBJECT_REQUEST_STATUSES)
    .where("subject_requests.due_on", "<=", addDays(today, days))
    .orderBy("subject_requests.due_on")
    .limit(50)
    .execute();
  return rows.map(toRequest);
}

/** The dashboard's card: open requests due within a week or overdue, for those who handle them. */
export async function dueSubjectRequestsFor(deps: Deps): Promise<SubjectRequest[]> {
  await assertPrivacyManager(deps);
  return dueSubjectRequests(deps.db, today(), SUBJECT_REQUEST_DUE_SOON_DAYS);
}

/**
 * The open correction request an edit of the claimant carries out (POPIA section 24), locked for the
 * edit's transaction; its reference goes into the edit's audit row.
 */
export async function correctionRequestFor(
  deps: Deps,
  subjectRequestId: string,
  patientId: string,
): Promise<{ id: string; reference: string }> {
  await assertPrivacyManager(deps);
  const request = await deps.db
    .selectFrom("subject_requests")
    .select(["id", "reference", "kind", "status"])
    .where("id", "=", subjectRequestId)
    .where("patient_id", "=", patientId)
    .forUpdate()
    .executeTakeFirst();
  if (!request) throw new AppError("NOT_FOUND", PRIVACY_MESSAGES.correctionRequestNotFound);
  if (request.kind !== "correction") throw new AppError("INVALID", PRIVACY_MESSAGES.notCorrection);
  if (!OPEN_SUBJECT_REQUEST_STATUSES.includes(request.status)) throw new AppError("CONFLICT", PRIVACY_MESSAGES.correctionRequestClosed);
  return { id: request.id, reference: request.reference };
}

/** An administrator names an employee privacy officer (or takes it back); audited. */
export async function setPrivacyOfficer(
  { db, actor }: Deps,
  input: z.output<typeof privacyOfficerInputSchema>,
): Promise<{ userId: string; privacyOfficer: boolean }> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom("users")
      .select(["id", "role", "privacy_officer"])
      .where("id", "=", input.userId)
      .forUpdate()
      .executeTakeFirst();
    if (!user) throw notFound("user");
    if (!mayBePrivacyOfficer(user.role)) throw new AppError("INVALID", PRIVACY_MESSAGES.onlyEmployeesAreOfficers);
    if (user.privacy_officer !== input.privacyOfficer) {
      await trx.updateTable("users").set({ privacy_officer: input.privacyOfficer, updated_at: now() }).where("id", "=", user.id).execute();
      await recordAudit(trx, actor, {
        action: "user.privacy_officer",
        entityType: "user",
        entityId: user.id,
        before: { privacyOfficer: user.privacy_officer },
        after: { privacyOfficer: input.privacyOfficer },
      });
    }
    return { userId: user.id, privacyOfficer: input.privacyOfficer };
  });
}

export async function createSubjectRequest(deps: Deps, input: z.output<typeof subjectRequestCreateSchema>): Promise<SubjectRequest> {
  await assertPrivacyManager(deps);
  const { db, actor } = deps;
  return db.transaction().execute(async (trx) => {
    const patient = await trx.selectFrom("patients").select("id").where("id", "=", input.patientId).executeTakeFirst();
    if (!patient) throw new AppError("NOT_FOUND", PRIVACY_MESSAGES.patientNotFound);
    const dueOn = input.dueOn ?? addDays(input.receivedOn, (await privacySettings(trx)).requestDays);
    const { id } = await trx
      .insertInto("subject_requests")
      .values({
        reference: await nextReference(trx, "DSR"),
        patient_id: input.patientId,
        kind: input.kind,
        requested_by: input.requestedBy,
        requester_name: input.requesterName,
        received_on: input.receivedOn,
        due_on: dueOn,
        details: input.details,
        created_by: actor.user.id,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const created = toRequest(await requestQuery(trx).where("subject_requests.id", "=", id).executeTakeFirstOrThrow());
    await recordAudit(trx, actor, {
      action: "subject_request.create",
      entityType: "subject_request",
      entityId: id,
      after: {
        reference: created.reference,
        kind: created.kind,
        requestedBy: created.requestedBy,
        receivedOn: created.receivedOn,
        dueOn: created.dueOn,
      },
    });
    return created;
  });
}

/** Moves a request on: in progress, answered, or refused with the legal reason. A closed request stays closed. */
export async function updateSubjectRequest(deps: Deps, input: z.output<typeof subjectRequestUpdateSchema>): Promise<SubjectRequest> {
  await assertPrivacyManager(deps);
  const { db, actor } = deps;
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("subject_requests")
      .innerJoin("patients", "patients.id", "subject_requests.patient_id")
      .select(["subject_requests.status", "subject_requests.outcome", "subject_requests.kind", "patients.anonymised_at"])
      .where("subject_requests.id", "=", input.id)
      .forUpdate(["subject_requests"])
      .executeTakeFirst();
    if (!before) throw new AppError("NOT_FOUND", PRIVACY_MESSAGES.notFound);
    if (!OPEN_SUBJECT_REQUEST_STATUSES.includes(before.status)) throw new AppError("CONFLICT", PRIVACY_MESSAGES.closed);
    // A deletion is done by doing it (carryOutSubjectRequest) or refused with the reason; "answered"
    // alone only once the claimant's records are already gone (destroyed by the retention approval).
    if (input.status === "answered" && ERASURE_REQUEST_KINDS.includes(before.kind) && !before.anonymised_at) {
      throw new AppError("CONFLICT", PRIVACY_MESSAGES.erasureNeedsCarryingOut);
    }
    const closing = !OPEN_SUBJECT_REQUEST_STATUSES.includes(input.status);
    await trx
      .updateTable("subject_requests")
      .set({ status: input.status, outcome: input.outcome ?? before.outcome, closed_at: closing ? now() : null, updated_at: now() })
      .where("id", "=", input.id)
      .execute();
    await recordAudit(trx, actor, {
      action: "subject_request.update",
      entityType: "subject_request",
      entityId: input.id,
      before: { status: before.status },
      after: { status: input.status, outcome: input.outcome },
    });
    return toRequest(await requestQuery(trx).where("subject_requests.id", "=", input.id).executeTakeFirstOrThrow());
  });
}
