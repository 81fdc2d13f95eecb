import type { CaseRecordChecklist, ChecklistState, RecordChecklists, RecordKind, RecordRequestStatus } from "@medlegal/domain";
import {
  CHECKLIST_STATE_LABEL,
  defaultChecklistOf,
  paiaClock,
  RECORD_REQUEST_STATUS_LABEL,
  type setRecordChecklistInputSchema,
} from "@medlegal/domain";
import type { z } from "zod";
import { notFound } from "../../errors";
import { recordAudit } from "../audit/audit";
import { loadVisibleCase } from "../platform/access";
import { now, today } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import { factsOf } from "./requests";

/** The records each discipline needs (issue 40 item 6): the lists, and where a case stands against them. */

async function checklistRows(db: Db) {
  const [specializations, set] = await Promise.all([
    db.selectFrom("specializations").select(["id", "name"]).orderBy("name").execute(),
    db.selectFrom("record_checklists").select(["specialization_id", "record_kinds"]).execute(),
  ]);
  const byId = new Map(set.map((r) => [r.specialization_id, r.record_kinds]));
  return specializations.map((s) => ({
    specializationId: s.id,
    name: s.name,
    recordKinds: byId.get(s.id) ?? defaultChecklistOf(s.name),
    isDefault: !byId.has(s.id),
  }));
}

export async function listRecordChecklists({ db }: Deps): Promise<RecordChecklists> {
  return checklistRows(db);
}

export async function setRecordChecklist(
  { db, actor }: Deps,
  input: z.output<typeof setRecordChecklistInputSchema>,
): Promise<RecordChecklists> {
  await db.transaction().execute(async (trx) => {
    const specialization = await trx
      .selectFrom("specializations")
      .select(["id", "name"])
      .where("id", "=", input.specializationId)
      .executeTakeFirst();
    if (!specialization) throw notFound("discipline");
    const before = await trx
      .selectFrom("record_checklists")
      .select("record_kinds")
      .where("specialization_id", "=", specialization.id)
      .forUpdate()
      .executeTakeFirst();
    const values = { record_kinds: input.recordKinds, updated_by: actor.user.id, updated_at: now() };
    await trx
      .insertInto("record_checklists")
      .values({ specialization_id: specialization.id, ...values })
      .onConflict((oc) => oc.column("specialization_id").doUpdateSet(values))
      .execute();
    await recordAudit(trx, actor, {
      action: "record_checklist.set",
      entityType: "specialization",
      entityId: specialization.id,
      before: { recordKinds: before?.record_kinds ?? defaultChecklistOf(specialization.name) },
      after: { recordKinds: input.recordKinds },
    });
  });
  return checklistRows(db);
}

/** How far along each state is: the checklist shows the furthest any covering request got. */
const STATE_ORDER: Record<ChecklistState, number> = { not_requested: 0, requested: 1, received_in_part: 2, received: 3 };

function stateOf(status: RecordRequestStatus): ChecklistState {
  if (status === "received" || status === "received_in_part") return status;
  // A request closed without the records leaves them not requested, for the case manager to ask again.
  return status === "closed" ? "not_requested" : "requested";
}

/**
 * Each discipline asked for on the case (its open queries), with the records on its list and
 * where each stands: received, requested (with the request's status in words) or not requested.
 * A request serves the disciplines it names, or every discipline when it names none.
 */
export async function caseRecordChecklist(deps: Deps, { caseId }: { caseId: string }): Promise<CaseRecordChecklist> {
  const { db, actor } = deps;
  await loadVisibleCase(db, actor.user, caseId);
  return checklistForCase(db, caseId);
}

export async function checklistForCase(db: Db, caseId: string): Promise<CaseRecordChecklist> {
  const [disciplines, lists, requests] = await Promise.all([
    db
      .selectFrom("query_specializations as qs")
      .innerJoin("queries", "queries.id", "qs.query_id")
      .innerJoin("specializations", "specializations.id", "qs.specialization_id")
      .select(["specializations.id", "specializations.name"])
      .distinct()
      .where("queries.case_id", "=", caseId)
      .where("queries.status", "<>", "cancelled")
      .orderBy("specializations.name")
      .execute(),
    checklistRows(db),
    db
      .selectFrom("record_requests")
      .innerJoin("record_holders as holder", "holder.id", "record_requests.holder_id")
      .selectAll("record_requests")
      .select(["holder.name as holder_name", "holder.kind as holder_kind"])
      .where("record_requests.case_id", "=", caseId)
      .orderBy("record_requests.created_at")
      .execute(),
  ]);
  const served = requests.length
    ? await db
        .selectFrom("record_request_disciplines")
        .selectAll()
        .where(
          "request_id",
          "in",
          requests.map((r) => r.id),
        )
        .execute()
    : [];
  const on = today();
  return disciplines.map((discipline) => {
    const kinds = lists.find((l) => l.specializationId === discipline.id)?.recordKinds ?? [];
    const items = kinds.map((kind: RecordKind) => {
      let best: { state: ChecklistState; request: { id: string; holderName: string; statusLabel: string } | null } = {
        state: "not_requested",
        request: null,
      };
      for (const r of requests) {
        const names = served.filter((s) => s.request_id === r.id);
        if (!r.record_kinds.includes(kind) || (names.length && !names.some((s) => s.specialization_id === discipline.id))) continue;
        const status = paiaClock(factsOf(r, r.holder_kind), on).status;
        const state = stateOf(status);
        if (best.request === null || STATE_ORDER[state] > STATE_ORDER[best.state])
          best = { state, request: { id: r.id, holderName: r.holder_name, statusLabel: RECORD_REQUEST_STATUS_LABEL[status] } };
      }
      return { kind, state: best.state, stateLabel: CHECKLIST_STATE_LABEL[best.state], request: best.request };
    });
    return {
      specializationId: discipline.id,
      discipline: discipline.name,
      items,
      outstanding: items.filter((i) => i.state !== "received").length,
    };
  });
}
