import type { bundleSelectionInputSchema } from "@medlegal/domain";
import {
  BUNDLE_SECTIONS,
  RECORD_KIND_LABEL,
  REPORT_KIND_LABELS,
  sastDate,
  type BundleSection,
  type CaseEvidence,
  type EvidenceDocument,
  type RecordKind,
  type ReportKind,
} from "@medlegal/domain";
import type { z } from "zod";
import { AppError } from "../../errors";
import { recordAudit } from "../audit/audit";
import { loadVisibleCase } from "../platform/access";
import { now } from "../platform/clock";
import type { Deps } from "../platform/deps";
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
