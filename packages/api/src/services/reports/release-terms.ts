import type { ReleaseBasis } from "@medlegal/domain";
import { releaseBasis } from "@medlegal/domain";
import { reportInvoiceLines } from "../invoices/invoice-drafts";
import type { Db } from "../platform/deps";
import { hasCaseDeferral } from "../receivables/deferrals";

/**
 * The facts of the release rule for one report (docs/decisions.md, "Release and payment (issue 23)"),
 * in a leaf the report's lifecycle and the release procedure both read without importing each other.
 */
/**
 * What allows releasing this report now: an invoice billing it paid in full, or a deferral agreement:
 * the attorney's (release on approval) or its case's (issue 29, "Deferred billing per matter").
 */
export async function releaseTerms(db: Db, report: { id: string; attorney_id: string; case_id: string }): Promise<ReleaseBasis | null> {
  const paid = await reportInvoiceLines(db, [report.id]).select("invoices.id").where("invoices.status", "=", "paid").executeTakeFirst();
  const deferral = await db
    .selectFrom("release_deferrals")
    .select("attorney_id")
    .where("attorney_id", "=", report.attorney_id)
    .executeTakeFirst();
  return releaseBasis({ paidInFull: Boolean(paid), deferral: Boolean(deferral) || (await hasCaseDeferral(db, report.case_id)) });
}
