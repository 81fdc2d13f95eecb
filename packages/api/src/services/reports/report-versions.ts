/** A report's versions: uploading one, and downloading one (stamped once released). */
import { createHash } from "node:crypto";
import { sql } from "kysely";
import type { z } from "zod";
import type { CurrentUser, reportUploadSchema } from "@medlegal/domain";
import { releasedReportFileName, reportStatusLabel } from "@medlegal/domain";
import { AppError, notFound } from "../../errors";
import { recordAccess } from "../audit/access-log";
import { recordAudit } from "../audit/audit";
import { checkUpload, storeFile } from "../files/files";
import { stampPdf } from "../files/pdf-jobs";
import { stamp } from "../platform/clock";
import { assertCan, visibleReports } from "../platform/access";
import type { ReportRow } from "./report-row";
import { recordVersionSubmitted } from "./lifecycle";
import type { Db, Deps } from "../platform/deps";
import { loadVisibleReport } from "./report-access";
import { readsReleasedCopyOnly, sharedWithMe } from "./access";
import { fullName } from "../platform/sql";
import { bytesDownload, readStoredFile, STORED_BYTES, type FileDownload } from "../files/stored-files";

function assertOpenForUpload(report: ReportRow, user: CurrentUser): void {
  if (report.status !== "awaiting" && report.status !== "changes_requested") {
    throw new AppError(
      "CONFLICT",
      `${report.reference} is ${reportStatusLabel(report.status, user.role).toLowerCase()}: a new version can be uploaded only while the report is awaited or after changes were requested.`,
    );
  }
}

/**
 * Whether the caller may upload a version to this report now: 403 for attorneys, 404 for a report
 * they may not see, 409 when it takes no uploads. The upload route asks before it reads the file,
 * so nobody can make the server buffer 25 MB for a report that is not theirs.
 */
export async function assertMayUploadVersion({ db, actor }: Deps, id: string): Promise<void> {
  assertCan(actor.user, "reports.upload", "The expert or the agency uploads reports.");
  assertOpenForUpload(await loadVisibleReport(db, actor.user, id), actor.user);
}

/**
 * Uploads the next version: the consultant to their own report, staff on the expert's behalf (a
 * report e-mailed in). Only while the report is awaited or changes were requested.
 */
export async function uploadVersion(
  { db, actor }: Deps,
  input: z.output<typeof reportUploadSchema> & { fileName: string; data: Uint8Array },
): Promise<{ id: string; number: number }> {
  await assertMayUploadVersion({ db, actor }, input.id);
  // Opened in a worker thread (pdf-jobs.ts): a damaged, encrypted or oversized PDF is refused there.
  const file = await checkUpload("report_version", input);
  const pages = file.pages ?? 0;
  return db.transaction().execute(async (trx) => {
    const report = await loadVisibleReport(trx, actor.user, input.id, true);
    assertOpenForUpload(report, actor.user);
    const stored = await storeFile(trx, actor, "report_version", report.id, file);
    const { last } = await trx
      .selectFrom("report_versions")
      .select(sql<number>`coalesce(max(number), 0)::int`.as("last"))
      .where("report_id", "=", report.id)
      .executeTakeFirstOrThrow();
    const number = Number(last) + 1;
    const version = await trx
      .insertInto("report_versions")
      .values({
        report_id: report.id,
        number,
        file_id: stored.id,
        page_count: pages,
        uploaded_by: actor.user.id,
        // eslint-disable-next-line no-restricted-syntax -- a recorded fact, not an access rule: staff uploading for the expert.
        on_behalf_of: actor.user.id === report.consultant_id ? null : report.consultant_id,
        change_note: input.changeNote,
        declaration: input.declaration,
        ...stamp("created_at"),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: "report.version_upload",
      entityType: "report",
      entityId: report.id,
      after: { version: number, fileName: file.fileName, size: file.size, sha256: file.sha256, pages },
    });
    await recordVersionSubmitted(trx, actor, report, { number, fileName: file.fileName });
    return { id: version.id, number };
  });
}

const RELEASE_DATE = new Intl.DateTimeFormat("en-ZA", { timeZone: "Africa/Johannesburg", day: "numeric", month: "long", year: "numeric" });

/**
 * A version's stamped copy: the one kept from its first download, or stamped now in a worker
 * thread and kept (two first downloads at once both stamp; the first kept copy wins).
 */
async function stampedCopy(
  db: Db,
  versionId: string,
  released: boolean,
  original: () => Promise<Uint8Array>,
  footer: string | null,
): Promise<Uint8Array> {
  const kept = () =>
    db.selectFrom("report_copies").select("data").where("version_id", "=", versionId).where("released", "=", released).executeTakeFirst();
  const earlier = await kept();
  if (earlier) return earlier.data;
  const data = await stampPdf(await original(), footer);
  const stored = await db
    .insertInto("report_copies")
    .values({ version_id: versionId, released, data, sha256: createHash("sha256").update(data).digest("hex") })
    .onConflict((oc) => oc.columns(["version_id", "released"]).doNothing())
    .returning("version_id")
    .executeTakeFirst();
  // Another download stored its copy first: everyone gets that one.
  return stored ? data : ((await kept())?.data ?? data);
}

/**
 * A report version's file, for whoever may see the report (404 otherwise). Attorneys get only the
 * released version, stamped "Released to {firm} on {date}, {reference}"; staff and the expert get
 * earlier versions marked DRAFT. Every download is in the access log.
 */
export async function downloadVersion({ db, actor }: Deps, fileId: string): Promise<FileDownload> {
  const missing = notFound("report file");
  const row = await db
    .selectFrom("report_versions")
    .innerJoin("reports", "reports.id", "report_versions.report_id")
    .innerJoin("files", "files.id", "report_versions.file_id")
    .innerJoin("users as attorney", "attorney.id", "reports.attorney_id")
    .select([
      "reports.id as report_id",
      "reports.reference",
      "reports.kind",
      "reports.status",
      "reports.released_at",
      "reports.patient_id",
      "report_versions.id as version_id",
      "report_versions.number",
      "files.file_name",
      "attorney.firm_name",
      fullName("attorney").as("attorney_name"),
      (eb) =>
        eb
          .selectFrom("report_versions as later")
          .select(sql<number>`max(later.number)::int`.as("n"))
          .whereRef("later.report_id", "=", "reports.id")
          .as("last_number"),
    ])
    .where("report_versions.file_id", "=", fileId)
    // Its own reports, or (an expert) one shared with them on the attorney's consent (discipline-waits/report-sharing.ts).
    .where((eb) => eb.or([visibleReports(actor.user)(eb), sharedWithMe(actor.user)(eb)]))
    .select("reports.consultant_id")
    .executeTakeFirst();
  if (!row) throw missing;
  const releasedCopy = row.status === "released" && row.released_at !== null && row.number === Number(row.last_number);
  // The attorney and an expert it was shared with get the released copy only.
  if (readsReleasedCopyOnly(actor.user, row) && !releasedCopy) throw missing;
  const footer = releasedCopy
    ? `Released to ${row.firm_name ?? row.attorney_name} on ${RELEASE_DATE.format(row.released_at!)}, ${row.reference}`
    : null;
  const original = async () =>
    readStoredFile(await db.selectFrom("files").select(STORED_BYTES).where("id", "=", fileId).executeTakeFirstOrThrow());
  const data = await stampedCopy(db, row.version_id, releasedCopy, original, footer);
  await recordAccess(db, actor, { action: "download", entityType: "report", entityId: row.report_id, patientId: row.patient_id });
  const base = row.file_name.replace(/\.pdf$/i, "");
  // The released copy is the report, not a version of it: named by its reference and kind (docs/product-rules.md, "Report files").
  return bytesDownload(data, {
    fileName: releasedCopy ? releasedReportFileName(row.reference, row.kind) : `${row.reference} v${row.number} DRAFT - ${base}.pdf`,
    contentType: "application/pdf",
  });
}
