import type { Database } from "@medlegal/db";
import type { bundleSelectionInputSchema } from "@medlegal/domain";
import {
  BUNDLE_SECTIONS,
  RECORD_KIND_LABEL,
  REPORT_KIND_LABELS,
  sastDate,
  can,
  type BundleSection,
  type CurrentUser,
  type CaseEvidence,
  type EvidenceDocument,
  type EvidenceDocumentInput,
  type RecordKind,
  type ReportKind,
} from "@medlegal/domain";
import type { Transaction } from "kysely";
import type { z } from "zod";
import { AppError, notFound } from "../../errors";
import { recordAudit } from "../audit/audit";
import { recordAccess } from "../audit/access-log";
import { checkUpload, storeFile } from "../files/files";
import { STORED_BYTES, storedFileDownload, type FileDownload } from "../files/stored-files";
import { loadVisibleCase } from "../platform/access";
import { now, stamp } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import { lastServedBundle } from "./served";

/**
 * The documents of a case's expert evidence (issue 41 item 1), read where they live: our experts'
 * released reports (their current version), released joint minutes, the records received from
 * holders, and the documents the attorney added, each with its versions. Seen as the case is.
 */

/** Which section a report of each kind belongs in by default. */
const REPORT_SECTION: Record<ReportKind, BundleSection> = {
  medico_legal: "plaintiff_reports",
  supplementary: "plaintiff_reports",
  addendum: "plaintiff_reports",
  raf4: "raf4",
  joint_minute: "joint_minutes",
};

export async function caseEvidence({ db, actor }: Deps, { caseId }: { caseId: string }): Promise<CaseEvidence> {
  await loadVisibleCase(db, actor.user, caseId);
  const [settings, reports, minutes, records, added] = await Promise.all([
    db.selectFrom("case_bundle_settings").select(["section_order", "excluded"]).where("case_id", "=", caseId).executeTakeFirst(),
    db
      .selectFrom("reports")
      .innerJoin("users", "users.id", "reports.consultant_id")
      .innerJoin("specializations", "specializations.id", "reports.specialization_id")
      .innerJoin("report_versions as v", "v.report_id", "reports.id")
      .select([
        "reports.id",
        "reports.kind",
        "reports.parent_report_id",
        "users.first_name",
        "users.last_name",
        "specializations.name as discipline",
        "v.id as version_id",
        "v.number",
        "v.file_id",
        "v.page_count",
        "v.created_at",
      ])
      .where("reports.case_id", "=", caseId)
      .where("reports.status", "=", "released")
      .where((eb) =>
        eb(
          "v.number",
          "=",
          eb
            .selectFrom("report_versions as l")
            .select((l) => l.fn.max("l.number").as("n"))
            .whereRef("l.report_id", "=", "reports.id"),
        ),
      )
      .orderBy("specializations.name")
      .orderBy("v.created_at")
      .execute(),
    db
      .selectFrom("joint_minutes")
      .innerJoin("reports", "reports.id", "joint_minutes.report_id")
      .innerJoin("users", "users.id", "reports.consultant_id")
      .innerJoin("specializations", "specializations.id", "reports.specialization_id")
      .select([
        "joint_minutes.id",
        "joint_minutes.current_version",
        "joint_minutes.released_at",
        "joint_minutes.opposing_name",
        "users.first_name",
        "users.last_name",
        "specializations.name as discipline",
      ])
      .where("reports.case_id", "=", caseId)
      .where("joint_minutes.released_at", "is not", null)
      .where("joint_minutes.frozen_at", "is not", null)
      .orderBy("joint_minutes.released_at")
      .execute(),
    db
      .selectFrom("received_records")
      .innerJoin("files", "files.id", "received_records.file_id")
      .innerJoin("record_requests", "record_requests.id", "received_records.request_id")
      .innerJoin("record_holders", "record_holders.id", "record_requests.holder_id")
      .select(["files.id", "files.created_at", "received_records.pages", "record_holders.name as holder", "record_requests.record_kinds"])
      .where("record_requests.case_id", "=", caseId)
      .where("received_records.state", "=", "ready")
      .where("files.destroyed_at", "is", null)
      .orderBy("files.created_at")
      .execute(),
    db
      .selectFrom("evidence_documents as d")
      .innerJoin("evidence_document_versions as v", "v.document_id", "d.id")
      .leftJoin("specializations", "specializations.id", "d.specialization_id")
      .select([
        "d.id",
        "d.section",
        "d.party",
        "d.author",
        "d.document_date",
        "d.description",
        "specializations.name as discipline",
        "v.id as version_id",
        "v.number",
        "v.file_id",
        "v.pages",
      ])
      .where("d.case_id", "=", caseId)
      .where("d.withdrawn_at", "is", null)
      .where((eb) =>
        eb(
          "v.number",
          "=",
          eb
            .selectFrom("evidence_document_versions as l")
            .select((l) => l.fn.max("l.number").as("n"))
            .whereRef("l.document_id", "=", "d.id"),
        ),
      )
      .orderBy("d.document_date")
      .orderBy("d.created_at")
      .execute(),
  ]);
  const excluded = new Set(settings?.excluded ?? []);
  const documents: EvidenceDocument[] = [];
  const push = (d: Omit<EvidenceDocument, "included">) => documents.push({ ...d, included: !excluded.has(d.key) });

  // An addendum follows its report (the section C); a report without a parent comes first.
  const ordered = [...reports.filter((r) => !r.parent_report_id)];
  for (const r of reports.filter((r) => r.parent_report_id)) {
    const at = ordered.map((o) => o.id === r.parent_report_id || o.parent_report_id === r.parent_report_id).lastIndexOf(true);
    ordered.splice(at < 0 ? ordered.length : at + 1, 0, r);
  }
  for (const r of ordered) {
    push({
      key: `report:${r.id}`,
      source: "report",
      section: REPORT_SECTION[r.kind],
      party: "plaintiff",
      discipline: r.discipline,
      author: `${r.first_name} ${r.last_name}`,
      date: sastDate(r.created_at),
      description: `${REPORT_KIND_LABELS[r.kind]}: ${r.discipline}`,
      version: `Version ${r.number}`,
      pages: r.page_count > 0 ? r.page_count : null,
      fileId: r.file_id,
      addedId: null,
    });
  }
  for (const m of minutes) {
    push({
      key: `joint_minute:${m.id}`,
      source: "joint_minute",
      section: "joint_minutes",
      party: "plaintiff",
      discipline: m.discipline,
      author: `${m.first_name} ${m.last_name} and ${m.opposing_name}`,
      date: sastDate(m.released_at!),
      description: `Joint minute: ${m.discipline}`,
      version: `Version ${m.current_version}`,
      pages: null,
      fileId: null,
      addedId: null,
    });
  }
  for (const f of records) {
    push({
      key: `records:${f.id}`,
      source: "records",
      section: "medical_records",
      party: "plaintiff",
      discipline: null,
      author: f.holder,
      date: sastDate(f.created_at),
      description: `${f.record_kinds.map((k) => RECORD_KIND_LABEL[k as RecordKind] ?? k).join(", ")}: ${f.holder}`,
      version: "As received",
      pages: f.pages,
      fileId: f.id,
      addedId: null,
    });
  }
  for (const a of added) {
    push({
      key: `added:${a.id}`,
      source: "added",
      section: a.section,
      party: a.party,
      discipline: a.discipline,
      author: a.author,
      date: a.document_date,
      description: a.description,
      version: `Version ${a.number}`,
      pages: a.pages,
      fileId: a.file_id,
      addedId: a.id,
    });
  }
  return { sectionOrder: settings?.section_order ?? [...BUNDLE_SECTIONS], documents };
}

/** A document the attorney adds, with its PDF as version 1: checked in a worker (not a PDF, encrypted, a bomb: a sentence). */
export async function addEvidenceDocument(
  { db, actor }: Deps,
  input: EvidenceDocumentInput & { fileName: string; data: Uint8Array },
): Promise<{ id: string }> {
  await loadVisibleCase(db, actor.user, input.caseId);
  const file = await checkUpload("evidence_document", input);
  return db.transaction().execute(async (trx) => {
    const kase = await loadVisibleCase(trx, actor.user, input.caseId);
    if (input.specializationId) {
      const known = await trx.selectFrom("specializations").select("id").where("id", "=", input.specializationId).executeTakeFirst();
      if (!known) throw new AppError("INVALID", "Choose a discipline from the list.");
    }
    const document = await trx
      .insertInto("evidence_documents")
      .values({
        case_id: kase.id,
        section: input.section,
        party: input.party,
        specialization_id: input.specializationId,
        author: input.author,
        document_date: input.documentDate,
        description: input.description,
        added_by: actor.user.id,
        ...stamp("created_at"),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await addVersion(trx, { actor }, document.id, 1, file);
    await recordAudit(trx, actor, {
      action: "evidence_document.add",
      entityType: "case",
      entityId: kase.id,
      after: {
        documentId: document.id,
        section: input.section,
        party: input.party,
        description: input.description,
        fileName: file.fileName,
      },
    });
    return { id: document.id };
  });
}

/** A new version of an added document; a bundle made from now on uses it. */
export async function addEvidenceVersion(
  { db, actor }: Deps,
  input: { id: string; fileName: string; data: Uint8Array },
): Promise<{ id: string; number: number }> {
  await loadVisibleEvidenceDocument(db, actor.user, input.id);
  const file = await checkUpload("evidence_document", input);
  return db.transaction().execute(async (trx) => {
    const document = await loadVisibleEvidenceDocument(trx, actor.user, input.id, true);
    if (document.withdrawn_at) throw new AppError("CONFLICT", "The document was withdrawn: add it again as a new document.");
    const last = await trx
      .selectFrom("evidence_document_versions")
      .select((eb) => eb.fn.max("number").as("n"))
      .where("document_id", "=", document.id)
      .executeTakeFirstOrThrow();
    const number = Number(last.n ?? 0) + 1;
    const version = await addVersion(trx, { actor }, document.id, number, file);
    await recordAudit(trx, actor, {
      action: "evidence_document.version",
      entityType: "case",
      entityId: document.case_id,
      after: { documentId: document.id, number, fileName: file.fileName },
    });
    return { id: version, number };
  });
}

/** Takes an added document out of the evidence; a served bundle keeps it, and the next one lists it as withdrawn. */
export async function withdrawEvidenceDocument({ db, actor }: Deps, { id }: { id: string }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const document = await loadVisibleEvidenceDocument(trx, actor.user, id, true);
    if (document.withdrawn_at) return;
    await trx.updateTable("evidence_documents").set({ withdrawn_at: now(), withdrawn_by: actor.user.id }).where("id", "=", id).execute();
    await recordAudit(trx, actor, {
      action: "evidence_document.withdraw",
      entityType: "case",
      entityId: document.case_id,
      after: { documentId: id, description: document.description },
    });
  });
}

/** The attorney's choice for the case's bundles: the sections' order and the documents left out. */
export async function setBundleSelection({ db, actor }: Deps, input: z.output<typeof bundleSelectionInputSchema>): Promise<CaseEvidence> {
  await db.transaction().execute(async (trx) => {
    const kase = await loadVisibleCase(trx, actor.user, input.caseId);
    const before = await trx.selectFrom("case_bundle_settings").selectAll().where("case_id", "=", kase.id).forUpdate().executeTakeFirst();
    const served = await lastServedBundle(trx, kase.id);
    if (served && served.section_order.join() !== input.sectionOrder.join())
      throw new AppError("CONFLICT", "The sections' order is fixed once a bundle is served: its letters are on the pages served.");
    const values = {
      section_order: input.sectionOrder,
      excluded: [...new Set(input.excluded)],
      updated_by: actor.user.id,
      updated_at: now(),
    };
    await trx
      .insertInto("case_bundle_settings")
      .values({ case_id: kase.id, ...values })
      .onConflict((oc) => oc.column("case_id").doUpdateSet(values))
      .execute();
    await recordAudit(trx, actor, {
      action: "bundle.selection",
      entityType: "case",
      entityId: kase.id,
      before: before ? { sectionOrder: before.section_order, excluded: before.excluded } : null,
      after: { sectionOrder: values.section_order, excluded: values.excluded },
    });
  });
  return caseEvidence({ db, actor }, { caseId: input.caseId });
}

/** An added document, seen as its case is (404 otherwise). */
export async function loadVisibleEvidenceDocument(db: Db, user: CurrentUser, id: string, forUpdate = false) {
  let query = db.selectFrom("evidence_documents").selectAll().where("id", "=", id);
  if (forUpdate) query = query.forUpdate();
  const document = await query.executeTakeFirst();
  if (!document) throw notFound("document");
  await loadVisibleCase(db, user, document.case_id).catch(() => {
    throw notFound("document");
  });
  return document;
}

async function addVersion(
  trx: Transaction<Database>,
  { actor }: Pick<Deps, "actor">,
  documentId: string,
  number: number,
  file: Awaited<ReturnType<typeof checkUpload>>,
): Promise<string> {
  const stored = await storeFile(trx, actor, "evidence_document", documentId, file);
  const version = await trx
    .insertInto("evidence_document_versions")
    .values({
      document_id: documentId,
      number,
      file_id: stored.id,
      pages: file.pages ?? 1,
      created_by: actor.user.id,
      ...stamp("created_at"),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return version.id;
}

/** An added document's PDF: staff and the case's attorney (404 for anyone else), in the access log naming the claimant. */
export async function downloadEvidenceFile({ db, actor }: Deps, fileId: string): Promise<FileDownload> {
  const file = await db
    .selectFrom("files")
    .select(["owner_id", "file_name", "content_type", ...STORED_BYTES])
    .where("id", "=", fileId)
    .where("owner_kind", "=", "evidence_document")
    .executeTakeFirst();
  if (!file || !can(actor.user.role, "bundles.read")) throw notFound("file");
  const document = await loadVisibleEvidenceDocument(db, actor.user, file.owner_id);
  const kase = await db.selectFrom("cases").select("patient_id").where("id", "=", document.case_id).executeTakeFirstOrThrow();
  await recordAccess(db, actor, { action: "download", entityType: "case", entityId: document.case_id, patientId: kase.patient_id });
  return storedFileDownload(file, { fileName: file.file_name, contentType: file.content_type });
}
