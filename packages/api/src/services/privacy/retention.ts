import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { z } from "zod";
import type { Database } from "@medlegal/db";
import type {
  DestructionCandidate,
  DestructionCertificate,
  DestructionCounts,
  LegalHold,
  legalHoldLiftSchema,
  legalHoldSetSchema,
  RetentionMatter,
  RetentionSettings,
} from "@medlegal/domain";
import { ANONYMISED, DEFAULT_RETENTION_SETTINGS, destructionDate, isDueForDestruction, RETENTION_MESSAGES } from "@medlegal/domain";
import { AppError } from "../../errors";
import { recordAudit } from "../audit/audit";
import { assertCan } from "../platform/access";
import { now, today } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import { nextInSeries } from "../platform/references";
import { fullName } from "../platform/sql";
import type { SweepJob } from "../platform/sweeper";
import { getAgencySettings, readSetting } from "../settings/settings";
import { renderDestructionCertificatePdf } from "./destruction-certificate-pdf";
import { assertPrivacyManager } from "./subject-requests";

/**
 * Retention, legal hold and destruction (docs/decisions.md "Retention and destruction"): the domain
 * rule decides when a claimant's records are due; the sweep records who is due; an administrator's
 * approval anonymises them in one transaction and issues a destruction certificate.
 */

export const retentionSettings = (db: Db): Promise<RetentionSettings> => readSetting(db, "retention", DEFAULT_RETENTION_SETTINGS);

interface Assessed {
  patientId: string;
  patientName: string;
  caseReferences: string[];
  lastActivityOn: string;
  invoiceCount: number;
  dueOn: string;
  decidedBy: "matters" | "invoices";
}

/** Every claimant not yet anonymised whose records are due on `day` (the domain rule, per claimant). */
async function dueClaimants(db: Db, day: string, patientId?: string): Promise<Assessed[]> {
  const settings = await retentionSettings(db);
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
  let invoices = db.selectFrom("invoices").select(["patient_id", "issue_date"]).where("patient_id", "is not", null).where("issue_date", "is not", null);
  if (patientId) invoices = invoices.where("patient_id", "=", patientId);
  const invoiceDates = new Map<string, string[]>();
  for (const i of await invoices.execute()) invoiceDates.set(i.patient_id!, [...(invoiceDates.get(i.patient_id!) ?? []), i.issue_date!]);

  const byPatient = new Map<string, typeof rows>();
  for (const r of rows) byPatient.set(r.patient_id, [...(byPatient.get(r.patient_id) ?? []), r]);
  const due: Assessed[] = [];
  for (const [id, matters] of byPatient) {
    const ruleMatters: RetentionMatter[] = matters.map((m) => ({ closed: m.status === "closed" || m.status === "settled", lastActivityOn: m.last_activity_on, onHold: m.on_hold }));
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
  if (due.length) stale = stale.where("patient_id", "not in", due.map((d) => d.patientId));
  const dropped = await stale.executeTakeFirst();
  return { found: inserted.length, dropped: Number(dropped.numDeletedRows) };
}

export const retentionJob = (db: Kysely<Database>, everyMs = 6 * 60 * 60_000): SweepJob => ({ name: "retention", everyMs, run: () => sweepRetention(db) });

/** Claimants due for destruction, computed now, with when the sweep first found each. */
export async function listDestructionCandidates(deps: Deps): Promise<DestructionCandidate[]> {
  await assertPrivacyManager(deps);
  const due = await dueClaimants(deps.db, today());
  const found = new Map((await deps.db.selectFrom("destruction_candidates").select(["patient_id", "found_at"]).where("approved_at", "is", null).execute()).map((r) => [r.patient_id, r.found_at]));
  return due.map((d) => ({ ...d, foundAt: found.get(d.patientId)?.toISOString() ?? null }));
}

// ---- Legal holds ----

export async function listLegalHolds(deps: Deps): Promise<LegalHold[]> {
  await assertPrivacyManager(deps);
  const rows = await deps.db
    .selectFrom("case_legal_holds as h")
    .innerJoin("cases as c", "c.id", "h.case_id")
    .innerJoin("patients as p", "p.id", "c.patient_id")
    .innerJoin("users as u", "u.id", "h.set_by")
    .where("h.lifted_at", "is", null)
    .select(["h.case_id", "c.reference", "h.reason", "h.set_at", fullName<string>("p").as("patient_name"), fullName<string>("u").as("set_by_name")])
    .orderBy("h.set_at", "desc")
    .execute();
  return rows.map((r) => ({ caseId: r.case_id, caseReference: r.reference, patientName: r.patient_name, reason: r.reason, setBy: r.set_by_name, setAt: r.set_at.toISOString() }));
}

export async function setLegalHold(deps: Deps, input: z.output<typeof legalHoldSetSchema>): Promise<{ caseId: string; onHold: boolean }> {
  await assertPrivacyManager(deps);
  const { db, actor } = deps;
  return db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom("cases").select(["id", "reference"]).where("id", "=", input.caseId).forUpdate().executeTakeFirst();
    if (!found) throw new AppError("NOT_FOUND", RETENTION_MESSAGES.caseNotFound);
    const held = await trx.selectFrom("case_legal_holds").select("id").where("case_id", "=", found.id).where("lifted_at", "is", null).executeTakeFirst();
    if (held) throw new AppError("CONFLICT", RETENTION_MESSAGES.alreadyHeld);
    await trx.insertInto("case_legal_holds").values({ case_id: found.id, reason: input.reason, set_by: actor.user.id, set_at: now() }).execute();
    // A claimant the sweep listed is no longer due while the hold stands.
    await trx
      .deleteFrom("destruction_candidates")
      .where("approved_at", "is", null)
      .where("patient_id", "=", (eb) => eb.selectFrom("cases").select("patient_id").where("id", "=", found.id))
      .execute();
    await recordAudit(trx, actor, { action: "case.legal_hold_set", entityType: "case", entityId: found.id, after: { reference: found.reference, reason: input.reason } });
    return { caseId: found.id, onHold: true };
  });
}

export async function liftLegalHold(deps: Deps, input: z.output<typeof legalHoldLiftSchema>): Promise<{ caseId: string; onHold: boolean }> {
  await assertPrivacyManager(deps);
  const { db, actor } = deps;
  return db.transaction().execute(async (trx) => {
    const hold = await trx
      .selectFrom("case_legal_holds as h")
      .innerJoin("cases as c", "c.id", "h.case_id")
      .select(["h.id", "h.reason", "c.reference"])
      .where("h.case_id", "=", input.caseId)
      .where("h.lifted_at", "is", null)
      .forUpdate()
      .executeTakeFirst();
    if (!hold) {
      const exists = await trx.selectFrom("cases").select("id").where("id", "=", input.caseId).executeTakeFirst();
      throw exists ? new AppError("CONFLICT", RETENTION_MESSAGES.notHeld) : new AppError("NOT_FOUND", RETENTION_MESSAGES.caseNotFound);
    }
    await trx.updateTable("case_legal_holds").set({ lifted_by: actor.user.id, lifted_at: now() }).where("id", "=", hold.id).execute();
    await recordAudit(trx, actor, { action: "case.legal_hold_lifted", entityType: "case", entityId: input.caseId, before: { reference: hold.reference, reason: hold.reason } });
    return { caseId: input.caseId, onHold: false };
  });
}

// ---- Destruction ----

const certificateQuery = (db: Db) =>
  db
    .selectFrom("destruction_certificates as d")
    .innerJoin("users as u", "u.id", "d.approved_by")
    .select(["d.id", "d.number", "d.destroyed_at", "d.counts", fullName<string>("u").as("approved_by_name")]);
type CertificateRow = Awaited<ReturnType<ReturnType<typeof certificateQuery>["executeTakeFirstOrThrow"]>>;
const toCertificate = (r: CertificateRow): DestructionCertificate => ({
  id: r.id,
  number: r.number,
  destroyedAt: r.destroyed_at.toISOString(),
  approvedBy: r.approved_by_name,
  counts: r.counts as DestructionCounts,
});

export async function listDestructionCertificates(deps: Deps): Promise<DestructionCertificate[]> {
  await assertPrivacyManager(deps);
  return (await certificateQuery(deps.db).orderBy("d.destroyed_at", "desc").limit(500).execute()).map(toCertificate);
}

export async function destructionCertificate(deps: Deps, id: string): Promise<DestructionCertificate> {
  await assertPrivacyManager(deps);
  const row = await certificateQuery(deps.db).where("d.id", "=", id).executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", RETENTION_MESSAGES.certificateNotFound);
  return toCertificate(row);
}

const ids = <T extends { id: string }>(rows: T[]) => rows.map((r) => r.id);
const count = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows);

/**
 * An administrator's approval: in one transaction, re-checks that the claimant is still due and not on
 * hold, anonymises them, empties their files, strips their name from invoices (the tax fields stay),
 * writes an audit row without personal data and issues the certificate.
 */
export async function approveDestruction(deps: Deps, patientId: string): Promise<DestructionCertificate> {
  await assertPrivacyManager(deps);
  assertCan(deps.actor.user, "privacy.destroy", RETENTION_MESSAGES.onlyAdministrators);
  const { db, actor } = deps;
  const id = await db.transaction().execute(async (trx) => {
    const patient = await trx.selectFrom("patients").select(["id", "anonymised_at"]).where("id", "=", patientId).forUpdate().executeTakeFirst();
    if (!patient || patient.anonymised_at) throw new AppError("NOT_FOUND", RETENTION_MESSAGES.candidateNotFound);
    // Holds are taken under the claimant's cases' locks, so a hold set meanwhile is seen here.
    await trx.selectFrom("cases").select("id").where("patient_id", "=", patientId).forUpdate().execute();
    const [due] = await dueClaimants(trx, today(), patientId);
    if (!due) throw new AppError("CONFLICT", RETENTION_MESSAGES.notDue);
    const at = now();

    const cases = await trx.selectFrom("cases").select("id").where("patient_id", "=", patientId).execute();
    const caseIds = ids(cases);
    const queries = caseIds.length ? await trx.selectFrom("queries").select("id").where("case_id", "in", caseIds).execute() : [];
    const queryIds = ids(queries);
    const reports = await trx.selectFrom("reports").select("id").where("patient_id", "=", patientId).execute();
    const bookings = await trx.selectFrom("bookings").select("id").where("patient_id", "=", patientId).execute();
    const threads = queryIds.length ? await trx.selectFrom("message_threads").select("id").where("query_id", "in", queryIds).execute() : [];
    const messages = threads.length ? await trx.selectFrom("messages").select("id").where("thread_id", "in", ids(threads)).execute() : [];
    const meetings = await trx
      .selectFrom("meetings")
      .select("id")
      .where((eb) => eb.or([...(queryIds.length ? [eb("query_id", "in", queryIds)] : []), ...(bookings.length ? [eb("booking_id", "in", ids(bookings))] : []), eb.val(false)]))
      .execute();
    const recordings = meetings.length ? await trx.selectFrom("meeting_recordings").select("id").where("meeting_id", "in", ids(meetings)).execute() : [];

    await trx
      .updateTable("patients")
      .set({
        first_name: ANONYMISED,
        last_name: "claimant",
        id_number: null,
        passport_number: null,
        birth_date: "1900-01-01",
        email: null,
        phone: null,
        address: null,
        competent_person: null,
        anonymised_at: at,
        updated_at: at,
      })
      .where("id", "=", patientId)
      .execute();
    if (caseIds.length) await trx.updateTable("cases").set({ notes: null, raf_claim_number: null, court_case_number: null }).where("id", "in", caseIds).execute();
    if (queryIds.length) {
      await trx.updateTable("queries").set({ subject: ANONYMISED, instructions: ANONYMISED, cancel_reason: null, search_text: "" }).where("id", "in", queryIds).execute();
      await trx.updateTable("query_events").set({ body: ANONYMISED }).where("query_id", "in", queryIds).where("body", "is not", null).execute();
    }
    if (reports.length) {
      await trx
        .updateTable("reports")
        .set((eb) => ({
          withdrawn_reason: eb.case().when("withdrawn_reason", "is not", null).then(ANONYMISED).else(null).end(),
          release_override_reason: eb.case().when("release_override_reason", "is not", null).then(ANONYMISED).else(null).end(),
        }))
        .where("id", "in", ids(reports))
        .execute();
    }
    if (bookings.length) {
      await trx
        .updateTable("bookings")
        .set((eb) => ({ note: null, cancel_reason: eb.case().when("cancel_reason", "is not", null).then(ANONYMISED).else(null).end() }))
        .where("id", "in", ids(bookings))
        .execute();
    }
    if (threads.length) await trx.updateTable("message_threads").set({ subject: ANONYMISED }).where("id", "in", ids(threads)).execute();
    if (messages.length) await trx.updateTable("messages").set({ body: ANONYMISED }).where("id", "in", ids(messages)).execute();
    if (meetings.length) await trx.updateTable("meetings").set({ title: ANONYMISED }).where("id", "in", ids(meetings)).execute();
    await trx.updateTable("subject_requests").set({ requester_name: ANONYMISED, details: null, outcome: null }).where("patient_id", "=", patientId).where("status", "<>", "refused").execute();
    await trx.updateTable("subject_requests").set({ requester_name: ANONYMISED, details: null, outcome: ANONYMISED }).where("patient_id", "=", patientId).where("status", "=", "refused").execute();

    // The uploaded files: query documents, report versions, recordings, conversation files. The rows
    // stay (report versions are append-only and point at them); their bytes and names go.
    const owners = [
      ...(queryIds.length ? [{ kind: "query_document" as const, ids: queryIds }] : []),
      ...(reports.length ? [{ kind: "report_version" as const, ids: ids(reports) }] : []),
      ...(recordings.length ? [{ kind: "meeting_recording" as const, ids: ids(recordings) }] : []),
      ...(messages.length ? [{ kind: "message_attachment" as const, ids: ids(messages) }] : []),
    ];
    let files = 0;
    for (const owner of owners) {
      files += count(
        await trx
          .updateTable("files")
          .set({ data: new Uint8Array(0), size: 0, file_name: "destroyed", sha256: "", destroyed_at: at })
          .where("owner_kind", "=", owner.kind)
          .where("owner_id", "in", owner.ids)
          .where("destroyed_at", "is", null)
          .executeTakeFirst(),
      );
    }
    const invoicesKept = count(
      await trx.updateTable("invoices").set({ claimant_name: null, claim_number: null, anonymised_at: at }).where("patient_id", "=", patientId).executeTakeFirst(),
    );

    const counts: DestructionCounts = {
      claimants: 1,
      cases: caseIds.length,
      queries: queryIds.length,
      reports: reports.length,
      bookings: bookings.length,
      files,
      messages: messages.length,
      invoicesKept,
    };
    const year = at.getUTCFullYear();
    const number = `DC-${year}-${String(await nextInSeries(trx, "DC", year)).padStart(5, "0")}`;
    const certificate = await trx
      .insertInto("destruction_certificates")
      .values({ number, destroyed_at: at, approved_by: actor.user.id, counts: JSON.stringify(counts) })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("destruction_candidates")
      .values({ patient_id: patientId, due_on: due.dueOn, found_at: at, approved_by: actor.user.id, approved_at: at, certificate_id: certificate.id })
      .onConflict((oc) => oc.column("patient_id").doUpdateSet({ approved_by: actor.user.id, approved_at: at, certificate_id: certificate.id }))
      .execute();
    // The event without the personal data: the claimant's id, the certificate and the counts only.
    await recordAudit(trx, actor, { action: "patient.destroyed", entityType: "patient", entityId: patientId, after: { certificate: number, ...counts } });
    return certificate.id;
  });
  return destructionCertificate(deps, id);
}

/** The certificate as a PDF download; reading it is not personal data, so the access log is not written. */
export async function destructionCertificatePdf(deps: Deps, id: string): Promise<{ fileName: string; body: Buffer; contentType: string }> {
  const certificate = await destructionCertificate(deps, id);
  const agency = await getAgencySettings(deps);
  return { fileName: `destruction-certificate-${certificate.number}.pdf`, body: await renderDestructionCertificatePdf(agency.name, certificate), contentType: "application/pdf" };
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
    await recordAudit(trx, actor, { action: "settings.update_retention", entityType: "settings", entityId: "retention", before: { ...before }, after: { ...value } });
    return value;
  });
}
