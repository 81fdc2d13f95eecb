import type { Selectable, Transaction } from "kysely";
import type { Database, ReportsTable } from "@medlegal/db";
import type { CurrentUser, SharedReportItem } from "@medlegal/domain";
import type { Actor } from "../../actors";
import { AppError } from "../../errors";
import { recordAudit } from "../audit/audit";
import { recordAccess } from "../audit/access-log";
import { now, stamp } from "../platform/clock";
import { assertCan, loadVisibleQuery } from "../platform/access";
import { sharesWith } from "./access";
import type { Db, Deps } from "../platform/deps";
import { fullName } from "../platform/sql";
import { notify } from "../notifications/notifications";

/**
 * Upstream reports shared with the downstream experts of a query (issue 27, section 3; docs/decisions.md
 * "Disciplines that wait"): once the attorney has consented on the query, a released report goes to the
 * query's experts whose discipline waits for it. Each share is one row, written to the access log in the
 * name of the expert who gains the report, and the expert is told.
 */
export async function shareWithDownstream(
  trx: Transaction<Database>,
  actor: Actor,
  report: Pick<Selectable<ReportsTable>, "id" | "reference" | "query_id" | "specialization_id" | "consultant_id" | "patient_id">,
): Promise<number> {
  const query = await trx
    .selectFrom("queries")
    .select("report_sharing_consent_at")
    .where("id", "=", report.query_id)
    .executeTakeFirstOrThrow();
  if (!query.report_sharing_consent_at) return 0;
  const experts = await trx
    .selectFrom("reports")
    .innerJoin("specialization_dependencies as d", (join) =>
      join.onRef("d.downstream_id", "=", "reports.specialization_id").on("d.upstream_id", "=", report.specialization_id),
    )
    .innerJoin("users", "users.id", "reports.consultant_id")
    .select(["reports.consultant_id", "users.role"])
    .distinct()
    .where("reports.query_id", "=", report.query_id)
    .where("reports.kind", "=", "medico_legal")
    .where("reports.status", "<>", "withdrawn")
    .where("reports.consultant_id", "<>", report.consultant_id)
    .execute();
  if (experts.length === 0) return 0;
  const shared = await trx
    .insertInto("report_shares")
    .values(experts.map((e) => ({ report_id: report.id, consultant_id: e.consultant_id, ...stamp("shared_at") })))
    .onConflict((oc) => oc.columns(["report_id", "consultant_id"]).doNothing())
    .returning("consultant_id")
    .execute();
  for (const { consultant_id } of shared) {
    const role = experts.find((e) => e.consultant_id === consultant_id)!.role;
    // The expert it is shared with is the reader, whoever (or whatever rule) released it.
    await recordAccess(
      trx,
      { user: { id: consultant_id, role }, meta: actor.meta },
      { action: "share", entityType: "report", entityId: report.id, patientId: report.patient_id },
    );
    await notify(trx, {
      userId: consultant_id,
      type: "query_update",
      title: `Report shared with you: ${report.reference}`,
      message: `${report.reference}, which your report depends on, is released and shared with you on the attorney's consent. It is under My Bookings, "Reports shared with you".`,
      link: "/my-bookings",
      textInEmail: true,
    });
  }
  return shared.length;
}

/**
 * The attorney consents, once per query, to sharing its released reports with the query's experts who
 * need them; the reports released already are shared at once. One transaction with its audit row.
 */
export async function consentToReportSharing(
  { db, actor }: Deps,
  { id }: { id: string },
): Promise<{ consentedAt: string; shared: number }> {
  return db.transaction().execute(async (trx) => {
    const query = await loadVisibleQuery(trx, actor.user, id);
    assertCan(actor.user, "reports.shareConsent", "Only the query's attorney can consent to sharing its reports.");
    if (query.report_sharing_consent_at) throw new AppError("CONFLICT", `You consented on ${query.reference} already.`);
    const at = now();
    await trx
      .updateTable("queries")
      .set({ report_sharing_consent_at: at, report_sharing_consent_by: actor.user.id })
      .where("id", "=", id)
      .execute();
    await recordAudit(trx, actor, {
      action: "query.report_sharing_consent",
      entityType: "query",
      entityId: id,
      after: { consentedAt: at.toISOString() },
    });
    const released = await trx
      .selectFrom("reports")
      .selectAll()
      .where("query_id", "=", id)
      .where("status", "=", "released")
      .where("kind", "in", ["medico_legal", "raf4"])
      .execute();
    let shared = 0;
    for (const report of released) shared += await shareWithDownstream(trx, actor, report);
    return { consentedAt: at.toISOString(), shared };
  });
}

/** The reports shared with the signed-in expert: each one's released copy to download. */
export async function reportsSharedWithMe({ db, actor }: Deps): Promise<SharedReportItem[]> {
  return sharedWith(db, actor.user);
}

async function sharedWith(db: Db, user: CurrentUser): Promise<SharedReportItem[]> {
  const rows = await db
    .selectFrom("report_shares")
    .innerJoin("reports", "reports.id", "report_shares.report_id")
    .innerJoin("users as expert", "expert.id", "reports.consultant_id")
    .innerJoin("specializations", "specializations.id", "reports.specialization_id")
    .innerJoin("queries", "queries.id", "reports.query_id")
    .innerJoin("patients", "patients.id", "reports.patient_id")
    .select([
      "reports.id",
      "reports.reference",
      "queries.reference as query_reference",
      fullName("expert").as("expert_name"),
      "specializations.name as specialization",
      fullName("patients").as("claimant"),
      "report_shares.shared_at",
      (eb) =>
        eb
          .selectFrom("report_versions")
          .select("report_versions.file_id")
          .whereRef("report_versions.report_id", "=", "reports.id")
          .orderBy("report_versions.number", "desc")
          .limit(1)
          .as("file_id"),
    ])
    .where(sharesWith(user))
    .where("reports.status", "=", "released")
    .orderBy("report_shares.shared_at", "desc")
    .execute();
  return rows.map((r) => ({
    reportId: r.id,
    reference: r.reference,
    queryReference: r.query_reference,
    expertName: r.expert_name,
    specialization: r.specialization,
    claimant: r.claimant,
    sharedAt: r.shared_at.toISOString(),
    fileId: r.file_id,
  }));
}
