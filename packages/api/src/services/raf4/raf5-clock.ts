/** The RAF 5 dispute clock (issue 27): a rejection by the RAF starts 90 days to lodge the dispute with the HPCSA Registrar. */
import type { Transaction } from "kysely";
import type { Database } from "@medlegal/db";
import type { ReportRow } from "../reports/lifecycle";

/** Starts (or restarts from a new rejection date) the RAF 5 clock of a report. */
export async function startRaf5Clock(_trx: Transaction<Database>, _report: ReportRow, _rejectedOn: string): Promise<void> {
  // The SLA timer arrives with slice B.
}

/** Stops the RAF 5 clock of a report (the RAF changed its mind, or the tribunal decided). */
export async function stopRaf5Clock(_trx: Transaction<Database>, _reportId: string): Promise<void> {
  // The SLA timer arrives with slice B.
}
