import type { caseInputSchema, CaseItem, caseListInputSchema, caseUpdateSchema, idInputSchema } from "@medlegal/domain";
import { CASE_CLAIMANT_MESSAGE } from "@medlegal/domain";
import type { z } from "zod";
import { AppError } from "../../errors";
import { assertCan, loadVisibleCase, loadVisiblePatient, visibleCases } from "../platform/access";
import { duplicateIdNumber, insertPatient } from "../patients/patients";
import { recordAccess } from "../audit/access-log";
import { changedFields, recordAudit } from "../audit/audit";
import { nextReference } from "../platform/references";
import { now, stamp } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import { fullName } from "../platform/sql";
import { listSearch } from "../platform/search-terms";

function caseQuery(db: Db) {
  return db
    .selectFrom("cases")
    .innerJoin("patients", "patients.id", "cases.patient_id")
    .innerJoin("users as attorney", "attorney.id", "cases.attorney_id")
    .selectAll("cases")
    .select((eb) => [
      fullName("patients").as("patient_name"),
      fullName("attorney").as("attorney_name"),
      "attorney.firm_name",
      eb.selectFrom("queries").select(eb.fn.countAll<number>().as("n")).whereRef("queries.case_id", "=", "cases.id").as("queries_count"),
    ]);
}
type CaseRow = Awaited<ReturnType<ReturnType<typeof caseQuery>["executeTakeFirstOrThrow"]>>;

const toCase = (row: CaseRow): CaseItem => ({
  id: row.id,
  reference: row.reference,
  attorneyId: row.attorney_id,
  attorneyName: row.attorney_name,
  firmName: row.firm_name,
  patientId: row.patient_id,
  patientName: row.patient_name,
  claimType: row.claim_type,
  incidentDate: row.incident_date,
  rafClaimNumber: row.raf_claim_number,
  courtCaseNumber: row.court_case_number,
  attorneyReference: row.attorney_reference,
  status: row.status,
  notes: row.notes,
  queriesCount: Number(row.queries_count ?? 0),
  createdAt: row.created_at.toISOString(),
});

const auditFields = (c: CaseItem) => ({
  patientId: c.patientId,
  claimType: c.claimType,
  incidentDate: c.incidentDate,
  rafClaimNumber: c.rafClaimNumber,
  courtCaseNumber: c.courtCaseNumber,
  attorneyReference: c.attorneyReference,
  status: c.status,
  notes: c.notes,
});

/** The editable columns of a parsed case (the claimant is fixed at opening). */
function caseColumns(data: Omit<z.output<typeof caseUpdateSchema>, "id" | "patientId">) {
  return {
    claim_type: data.claimType,
    incident_date: data.incidentDate,
    raf_claim_number: data.rafClaimNumber,
    court_case_number: data.courtCaseNumber,
    attorney_reference: data.attorneyReference,
    status: data.status,
    notes: data.notes,
  };
}

/** The newest 500 cases in the chosen order; each order ends in the id, so equal values keep one order. */
export async function listCases(deps: Deps, f: z.output<typeof caseListInputSchema>): Promise<CaseItem[]> {
  let query = matchingCases(deps, f);
  switch (f.sort) {
    case "newest":
    case "oldest": {
      const dir = f.sort === "newest" ? "desc" : "asc";
      query = query.orderBy("cases.created_at", dir).orderBy("cases.id", dir);
      break;
    }
    case "reference":
      query = query.orderBy("cases.reference").orderBy("cases.id");
      break;
    case "claimant":
      query = query
        .orderBy("patients.last_name")
        .orderBy("patients.first_name")
        .orderBy("cases.created_at", "desc")
        .orderBy("cases.id", "desc");
      break;
  }
  return (await query.limit(500).execute()).map(toCase);
}

/** The cases the caller may see that match the list's filters, unsorted (the list and a saved view's count read it). */
export function matchingCases({ db, actor }: Deps, { search, patientId }: Omit<z.output<typeof caseListInputSchema>, "sort">) {
  let query = caseQuery(db).where(visibleCases(actor.user));
  if (patientId) query = query.where("cases.patient_id", "=", patientId);
  if (search) query = query.where(listSearch(search, { table: "cases" }));
  return query;
}

export async function getCase({ db, actor }: Deps, { id }: z.output<typeof idInputSchema>): Promise<CaseItem> {
  const row = await loadVisibleCase(db, actor.user, id);
  const item = toCase(await caseQuery(db).where("cases.id", "=", id).executeTakeFirstOrThrow());
  await recordAccess(db, actor, { action: "view", entityType: "case", entityId: id, patientId: row.patient_id });
  return item;
}

/**
 * An attorney opens a case for one of their own claimants, or for a claimant added with it: the
 * claimant, the case and both audit rows commit together, and a duplicate ID number answers as on
 * the claimants page (docs/decisions.md, "The main journey").
 */
export async function createCase(
  { db, actor }: Deps,
  { patientId, newClaimant, ...data }: z.output<typeof caseInputSchema>,
): Promise<CaseItem> {
  assertCan(actor.user, "cases.create", "Only attorneys open cases.");
  if (newClaimant) assertCan(actor.user, "patients.create", "Only attorneys add claimants.");
  else if (patientId) await loadVisiblePatient(db, actor.user, patientId);
  else throw new AppError("INVALID", CASE_CLAIMANT_MESSAGE, { patientId: CASE_CLAIMANT_MESSAGE });
  try {
    return await db.transaction().execute(async (trx) => {
      const claimantId = newClaimant ? (await insertPatient(trx, actor, newClaimant)).id : patientId!;
      const reference = await nextReference(trx, "CASE");
      const { id } = await trx
        .insertInto("cases")
        .values({
          reference,
          attorney_id: actor.user.id,
          patient_id: claimantId,
          ...caseColumns(data),
          ...stamp("created_at", "updated_at"),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const item = toCase(await caseQuery(trx).where("cases.id", "=", id).executeTakeFirstOrThrow());
      await recordAudit(trx, actor, {
        action: "case.create",
        entityType: "case",
        entityId: id,
        after: { reference, ...auditFields(item) },
      });
      return item;
    });
  } catch (error) {
    throw duplicateIdNumber(error, "newClaimant.idNumber") ?? error;
  }
}

export async function updateCase({ db, actor }: Deps, { id, ...data }: z.output<typeof caseUpdateSchema>): Promise<CaseItem> {
  const existing = await loadVisibleCase(db, actor.user, id);
  if (data.patientId !== existing.patient_id) throw new AppError("INVALID", "A case stays with its claimant; open a new case instead.");
  return db.transaction().execute(async (trx) => {
    const before = toCase(await caseQuery(trx).where("cases.id", "=", id).executeTakeFirstOrThrow());
    await trx
      .updateTable("cases")
      .set({
        ...caseColumns(data),
        updated_at: now(),
      })
      .where("id", "=", id)
      .execute();
    const after = toCase(await caseQuery(trx).where("cases.id", "=", id).executeTakeFirstOrThrow());
    await recordAudit(trx, actor, {
      action: "case.update",
      entityType: "case",
      entityId: id,
      ...changedFields(auditFields(before), auditFields(after)),
    });
    return after;
  });
}
