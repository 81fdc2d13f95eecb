import type { RecordRequestDetail, RecordRequestItem, recordRequestInputSchema } from "@medlegal/domain";
import {
  basisProblem,
  can,
  deskOrder,
  paiaClock,
  RECORD_REQUEST_MOVES,
  RECORD_REQUEST_STATUS_LABEL,
  saDateLabel,
  type HolderKind,
  type PaiaFacts,
  type RecordRequestStatus,
} from "@medlegal/domain";
import type { z } from "zod";
import { AppError } from "../../errors";
import { recordAudit } from "../audit/audit";
import { loadVisibleCase, visibleCases } from "../platform/access";
import { today } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import { fullName } from "../platform/sql";
import { loadVisibleRecordRequest } from "./access";
import { receivedFilesOf } from "./received-files";

/** A case's requests for records and their moves on the statute's clock (issue 40 items 2 and 3). */

export type RequestRow = {
  status: RecordRequestStatus;
  legal_basis: PaiaFacts["legalBasis"];
  received_on: string | null;
  extension_days: number | null;
  fee_requested_on: string | null;
  fee_paid_on: string | null;
  refused_on: string | null;
  appealed_on: string | null;
};

export const factsOf = (row: RequestRow, holderKind: HolderKind): PaiaFacts => ({
  holderKind,
  legalBasis: row.legal_basis,
  status: row.status,
  receivedOn: row.received_on,
  extensionDays: row.extension_days,
  feeRequestedOn: row.fee_requested_on,
  feePaidOn: row.fee_paid_on,
  refusedOn: row.refused_on,
  appealedOn: row.appealed_on,
});

/** The list rows: requests of the cases the caller sees, with holder, claimant and disciplines. */
function requestItems(db: Db) {
  return db
    .selectFrom("record_requests")
    .innerJoin("cases", "cases.id", "record_requests.case_id")
    .innerJoin("patients", "patients.id", "cases.patient_id")
    .innerJoin("record_holders as holder", "holder.id", "record_requests.holder_id")
    .selectAll("record_requests")
    .select([
      "cases.reference as case_reference",
      fullName("patients").as("claimant_name"),
      "holder.name as holder_name",
      "holder.kind as holder_kind",
      "holder.category as holder_category",
      "holder.email as holder_email",
      "holder.information_officer",
    ]);
}
type ItemRow = Awaited<ReturnType<ReturnType<typeof requestItems>["executeTakeFirstOrThrow"]>>;

async function disciplinesOf(db: Db, requestIds: string[]) {
  if (requestIds.length === 0) return new Map<string, { id: string; name: string }[]>();
  const rows = await db
    .selectFrom("record_request_disciplines")
    .innerJoin("specializations", "specializations.id", "record_request_disciplines.specialization_id")
    .select(["record_request_disciplines.request_id", "specializations.id", "specializations.name"])
    .where("record_request_disciplines.request_id", "in", requestIds)
    .orderBy("specializations.name")
    .execute();
  const byRequest = new Map<string, { id: string; name: string }[]>();
  for (const r of rows) byRequest.set(r.request_id, [...(byRequest.get(r.request_id) ?? []), { id: r.id, name: r.name }]);
  return byRequest;
}

function itemOf(r: ItemRow, disciplines: { id: string; name: string }[], on: string): RecordRequestItem {
  const clock = paiaClock(factsOf(r, r.holder_kind), on);
  return {
    id: r.id,
    caseId: r.case_id,
    caseReference: r.case_reference,
    claimantName: r.claimant_name,
    holder: { id: r.holder_id, name: r.holder_name, kind: r.holder_kind, category: r.holder_category },
    recordKinds: r.record_kinds,
    disciplines,
    legalBasis: r.legal_basis,
    status: clock.status,
    statusLabel: RECORD_REQUEST_STATUS_LABEL[clock.status],
    clock,
    createdAt: r.created_at.toISOString(),
  };
}

type ItemQuery = ReturnType<typeof requestItems>;

/** Requests of the cases the caller sees, narrowed by `narrow`, each with its clock as of today. */
export async function listRecordRequests({ db, actor }: Deps, narrow: (query: ItemQuery) => ItemQuery): Promise<RecordRequestItem[]> {
  const rows = await narrow(requestItems(db).where(visibleCases(actor.user)))
    .orderBy("record_requests.created_at", "desc")
    .orderBy("record_requests.id")
    .execute();
  const disciplines = await disciplinesOf(
    db,
    rows.map((r) => r.id),
  );
  const on = today();
  return rows.map((r) => itemOf(r, disciplines.get(r.id) ?? [], on));
}

/** A case's requests, the most urgent first (404 for a case the caller may not see). */
export async function listCaseRecordRequests(deps: Deps, { caseId }: { caseId: string }): Promise<RecordRequestItem[]> {
  await loadVisibleCase(deps.db, deps.actor.user, caseId);
  // What needs action first, as on the desk (deskOrder).
  return (await listRecordRequests(deps, (query) => query.where("record_requests.case_id", "=", caseId))).sort(deskOrder);
}

export async function getRecordRequest({ db, actor }: Deps, { id }: { id: string }): Promise<RecordRequestDetail> {
  await loadVisibleRecordRequest(db, actor.user, id);
  const r = await requestItems(db).where("record_requests.id", "=", id).executeTakeFirstOrThrow();
  const [disciplines, events, fees, files] = await Promise.all([
    disciplinesOf(db, [id]),
    db
      .selectFrom("record_request_events")
      .leftJoin("users", "users.id", "record_request_events.actor_id")
      .select([
        "record_request_events.status",
        "record_request_events.on_date",
        "record_request_events.note",
        fullName<string | null>("users").as("actor_name"),
      ])
      .where("record_request_events.request_id", "=", id)
      .orderBy("record_request_events.created_at")
      .orderBy("record_request_events.id")
      .execute(),
    db.selectFrom("record_request_fees").selectAll().where("request_id", "=", id).orderBy("requested_on").orderBy("id").execute(),
    db
      .selectFrom("record_request_files as link")
      .innerJoin("files", "files.id", "link.file_id")
      .select(["link.file_id", "link.purpose", "files.file_name", "link.created_at"])
      .where("link.request_id", "=", id)
      .orderBy("link.created_at", "desc")
      .orderBy("link.file_id")
      .execute(),
  ]);
  const received = await receivedFilesOf(db, id);
  const item = itemOf(r, disciplines.get(id) ?? [], today());
  return {
    ...item,
    description: r.description,
    periodFrom: r.period_from,
    periodTo: r.period_to,
    authority: r.authority,
    holderEmail: r.holder_email,
    informationOfficer: r.information_officer,
    receivedOn: r.received_on,
    extensionDays: r.extension_days,
    refusalSection: r.refusal_section,
    events: events.map((e) => ({
      status: e.status,
      statusLabel: RECORD_REQUEST_STATUS_LABEL[e.status],
      onDate: e.on_date,
      note: e.note,
      actorName: e.actor_name,
    })),
    fees: fees.map((f) => ({ id: f.id, kind: f.kind, amountCents: f.amount_cents, requestedOn: f.requested_on, paidOn: f.paid_on })),
    records: received.map((f) => ({
      fileId: f.id,
      fileName: f.file_name,
      size: Number(f.size),
      sha256: f.sha256,
      receivedAt: f.created_at.toISOString(),
      state: f.state,
      pages: f.pages,
      textPages: f.text_pages,
      error: f.error,
      ocr: f.ocr_state ? { state: f.ocr_state, pages: f.ocr_pages ?? 0, pagesDone: f.ocr_pages_done } : null,
    })),
    files: files.map((f) => ({ fileId: f.file_id, purpose: f.purpose, fileName: f.file_name, createdAt: f.created_at.toISOString() })),
    moves: can(actor.user.role, "records.manage") ? [...RECORD_REQUEST_MOVES[item.status]] : [],
  };
}

export async function createRecordRequest(
  { db, actor }: Deps,
  input: z.output<typeof recordRequestInputSchema>,
): Promise<RecordRequestDetail> {
  const id = await db.transaction().execute(async (trx) => {
    const kase = await loadVisibleCase(trx, actor.user, input.caseId);
    const holder = await trx
      .selectFrom("record_holders")
      .select(["id", "kind", "active", "name"])
      .where("id", "=", input.holderId)
      .executeTakeFirst();
    if (!holder || !holder.active) throw new AppError("INVALID", "Choose a holder from the register.");
    const basis = basisProblem(holder.kind, input.legalBasis);
    if (basis) throw new AppError("INVALID", basis);
    if (input.periodFrom && input.periodFrom < kase.incident_date)
      throw new AppError("INVALID", `The period cannot start before the accident on ${saDateLabel(kase.incident_date)}.`);
    if (input.periodTo && input.periodTo > today()) throw new AppError("INVALID", "The period cannot end in the future.");
    if (input.specializationIds.length > 0) {
      const known = await trx.selectFrom("specializations").select("id").where("id", "in", input.specializationIds).execute();
      if (known.length !== input.specializationIds.length) throw new AppError("INVALID", "Choose disciplines from the list.");
    }
    const row = await trx
      .insertInto("record_requests")
      .values({
        case_id: kase.id,
        holder_id: holder.id,
        record_kinds: input.recordKinds,
        description: input.description,
        period_from: input.periodFrom,
        period_to: input.periodTo,
        legal_basis: input.legalBasis,
        authority: input.authority,
        created_by: actor.user.id,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (input.specializationIds.length > 0) {
      await trx
        .insertInto("record_request_disciplines")
        .values(input.specializationIds.map((specialization_id) => ({ request_id: row.id, specialization_id })))
        .execute();
    }
    await trx
      .insertInto("record_request_events")
      .values({ request_id: row.id, status: "drafted", on_date: today(), actor_id: actor.user.id, note: null })
      .execute();
    await recordAudit(trx, actor, {
      action: "record_request.create",
      entityType: "record_request",
      entityId: row.id,
      after: { caseId: kase.id, holder: holder.name, recordKinds: input.recordKinds, legalBasis: input.legalBasis },
    });
    return row.id;
  });
  return getRecordRequest({ db, actor }, { id });
}
