import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Database } from "@medlegal/db";
import type { DestructionCandidate, ErasureMatter, RetentionMatter, RetentionSettings } from "@medlegal/domain";
import { DEFAULT_RETENTION_SETTINGS, destructionDate, erasureRefusal, FINISHED_CASE_STATUSES, isDueForDestruction } from "@medlegal/domain";
import { recordAudit } from "../audit/audit";
import { assertCan } from "../platform/access";
import { now, today } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import { fullName } from "../platform/sql";
import type { SweepJob } from "../platform/sweeper";
import { readSetting } from "../settings/settings";
import { assertPrivacyManager } from "./subject-requests";

/**
 * Retention, legal hold and destruction (docs/decisions.md "Retention and destruction"): the domain
 * rule decides when a claimant's records are due; the sweep records who is due; an administrator's
 * approval anonymises them in one transaction and issues a destruction certificate.
 */

export const retentionSettings = (db: Db): Promise<RetentionSettings> => readSetting(db, "retention", DEFAULT_RETENTION_SETTINGS);

export interface Assessed {
  patientId: string;
  patientName: string;
  caseReferences: string[];
  lastActivityOn: string;
  invoiceCount: number;
  dueOn: string;
  decidedBy: "matters" | "invoices";
}

/** The matters (with their last activity and hold) and invoice dates of claimants not yet anonymised, as the rules read them. */
async function retentionFacts(db: Db, patientId?: string) {
  let cases = db
    .selectFrom("cases as c")
    .innerJoin("patients as p", "p.id", "c.patient_id")
    .where("p.anonymised_at", "is", null)
    .select([
      "c.patient_id",
      "c.reference",
      "c.status",
      fullName<string>("p").as("patient_name"),
      // The last day anything happened on the matter: the case, its queries, reports and bookings.
      sql<string>`to_char(greatest(
        c.updated_at,
        (SELECT max(q.updated_at) FROM queries q WHERE q.case_id = c.id),
        (SELECT max(r.updated_at) FROM reports r WHERE r.case_id = c.id),
        (SELECT max(b.updated_at) FROM bookings b WHERE b.case_id = c.id)
      ) AT TIME ZONE 'Africa/Johannesburg', 'YYYY-MM-DD')`.as("last_activity_on"),
      sql<boolean>`EXISTS (SELECT 1 FROM case_legal_holds h WHERE h.case_id = c.id AND h.lifted_at IS NULL)`.as("on_hold"),
    ]);
  if (patientId) cases = cases.where("c.patient_id", "=", patientId);
  const rows = await cases.execute();
  let invoices = db
    .selectFrom("invoices")
    .select(["patient_id", "issue_date"])
    .where("patient_id", "is not", null)
    .where("issue_date", "is not", null);
  if (patientId) invoices = invoices.where("patient_id", "=", patientId);
  const invoiceDates = new Map<string, string[]>();
  for (const i of await invoices.execute()) invoiceDates.set(i.patient_id!, [...(invoiceDates.get(i.patient_id!) ?? []), i.issue_date!]);
  return { rows, invoiceDates };
}

/** Every claimant not yet anonymised whose records are due on `day` (the domain rule, per claimant). */
export async function dueClaimants(db: Db, day: string, patientId?: string): Promise<Assessed[]> {
  const settings = await retentionSettings(db);
  const { rows, invoiceDates } = await retentionFacts(db, patientId);
  const byPatient = new Map<string, typeof rows>();
  for (const r of rows) byPatient.set(r.patient_id, [...(byPatient.get(r.patient_id) ?? []), r]);
  const due: Assessed[] = [];
  for (const [id, matters] of byPatient) {
    const ruleMatters: RetentionMatter[] = matters.map((m) => ({
      closed: FINISHED_CASE_STATUSES.includes(m.status),
      lastActivityOn: m.last_activity_on,
      onHold: m.on_hold,
    }));
    const dates = invoiceDates.get(id) ?? [];
    const verdict = destructionDate(ruleMatters, dates, settings);
    if (verdict.kind !== "date" || !isDueForDestruction(verdict, day)) continue;
    due.push({
      patientId: id,
      patientName: matters[0]!.patient_name,
      caseReferences: matters.map((m) => m.reference).sort(),
      lastActivityOn: ruleMatters.map((m) => m.lastActivityOn).reduce((a, b) => (a > b ? a : b)),
      invoiceCount: dates.length,
      dueOn: verdict.on,
      decidedBy: verdict.decidedBy,
    });
  }
  return due.sort((a, b) => a.dueOn.localeCompare(b.dueOn) || a.patientName.localeCompare(b.patientName));
}

/**
 * Why a deletion or objection request about this claimant cannot be carried out on `day`, naming the
 * retention rule or the legal hold (the domain's erasureRefusal, the sweep's own rule); null when nothing keeps them.
 */
export async function erasureRefusalFor(db: Db, patientId: string, day: string): Promise<string | null> {
  const settings = await retentionSettings(db);
  const { rows, invoiceDates } = await retentionFacts(db, patientId);
  const holds = new Map(
    (
      await db
        .selectFrom("case_legal_holds as h")
        .innerJoin("cases as c", "c.id", "h.case_id")
        .select(["c.reference", "h.reason"])
        .where("c.patient_id", "=", patientId)
        .where("h.lifted_at", "is", null)
        .execute()
    ).map((h) => [h.reference, h.reason]),
  );
  const matters: ErasureMatter[] = rows
    .map((m) => ({
      reference: m.reference,
      closed: FINISHED_CASE_STATUSES.includes(m.status),
      lastActivityOn: m.last_activity_on,
      onHold: m.on_hold,
      holdReason: holds.get(m.reference) ?? null,
    }))
    .sort((a, b) => a.reference.localeCompare(b.reference));
  return erasureRefusal(matters, invoiceDates.get(patientId) ?? [], settings, day);
}

/**
 * The sweep: records each claimant found due once (the primary key makes two instances agree) and
 * forgets unapproved ones no longer due (a hold set, new activity). It destroys nothing.
 */
export async function sweepRetention(db: Kysely<Database>): Promise<{ found: number; dropped: number }> {
  const due = await dueClaimants(db, today());
  const inserted = due.length
    ? await db
        .insertInto("destruction_candidates")
        .values(due.map((d) => ({ patient_id: d.patientId, due_on: d.dueOn, found_at: now() })))
        .onConflict((oc) => oc.column("patient_id").doNothing())
        .returning("patient_id")
        .execute()
    : [];
  let stale = db.deleteFrom("destruction_candidates").where("approved_at", "is", null);
  if (due.length)
    stale = stale.where(
      "patient_id",
      "not in",
      due.map((d) => d.patientId),
    );
  const dropped = await stale.executeTakeFirst();
  return { found: inserted.length, dropped: Number(dropped.numDeletedRows) };
}

export const retentionJob = (db: Kysely<Database>, everyMs = 6 * 60 * 60_000): SweepJob => ({
  name: "retention",
  everyMs,
  run: () => sweepRetention(db),
});

/** Claimants due for destruction, computed now, with when the sweep first found each. */
export async function listDestructionCandidates(deps: Deps): Promise<DestructionCandidate[]> {
  await assertPrivacyManager(deps);
  const due = await dueClaimants(deps.db, today());
  const found = new Map(
    (await deps.db.selectFrom("destruction_candidates").select(["patient_id", "found_at"]).where("approved_at", "is", null).execute()).map(
      (r) => [r.patient_id, r.found_at],
    ),
  );
  return due.map((d) => ({ ...d, foundAt: found.get(d.patientId)?.toISOString() ?? null }));
}

/** The retention periods, for those who handle privacy. */
export async function getRetentionSettings(deps: Deps): Promise<RetentionSettings> {
  await assertPrivacyManager(deps);
  return retentionSettings(deps.db);
}

/** Administrators set the periods (the schema keeps invoices at SARS's five years or more); audited. */
export async function updateRetentionSettings({ db, actor }: Deps, value: RetentionSettings): Promise<RetentionSettings> {
  assertCan(actor.user, "settings.agency");
  return db.transaction().execute(async (trx) => {
    const before = await retentionSettings(trx);
    await trx
      .insertInto("settings")
      .values({ key: "retention", value: JSON.stringify(value), updated_by: actor.user.id })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: JSON.stringify(value), updated_by: actor.user.id, updated_at: now() }))
      .execute();
    await recordAudit(trx, actor, {
      action: "settings.update_retention",
      entityType: "settings",
      entityId: "retention",
      before: { ...before },
      after: { ...value },
    });
    return value;
  });
}
