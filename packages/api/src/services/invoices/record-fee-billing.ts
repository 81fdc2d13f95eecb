import type { Transaction } from "kysely";
import type { Database } from "@medlegal/db";
import { INVOICE_LINE_KIND_LABELS, saDateLabel } from "@medlegal/domain";
import type { Actor } from "../../actors";
import { billAttorney } from "./attorney-billing";

/**
 * Bills the attorney a fee a records holder asked and the agency paid (a PAIA request or access
 * fee: issue 40) as a disbursement line on the case's open automatic draft, once per fee, in the
 * caller's transaction. The bill-of-costs schedule lists it once that invoice is issued.
 */
export async function billRecordFee(trx: Transaction<Database>, actor: Actor, feeId: string): Promise<void> {
  const fee = await trx
    .selectFrom("record_request_fees")
    .innerJoin("record_requests", "record_requests.id", "record_request_fees.request_id")
    .innerJoin("cases", "cases.id", "record_requests.case_id")
    .innerJoin("record_holders", "record_holders.id", "record_requests.holder_id")
    .select([
      "record_request_fees.kind",
      "record_request_fees.amount_cents",
      "record_request_fees.paid_on",
      "cases.id as case_id",
      "cases.attorney_id",
      "cases.patient_id",
      "record_holders.name as holder",
    ])
    .where("record_request_fees.id", "=", feeId)
    .executeTakeFirstOrThrow();
  if (!fee.paid_on) return;
  const what = fee.kind === "request" ? "PAIA request fee" : "PAIA access fee";
  await billAttorney(trx, actor, `record_fee:${feeId}`, {
    attorneyId: fee.attorney_id,
    caseId: fee.case_id,
    patientId: fee.patient_id,
    queryId: null,
    bookingId: null,
    reportId: null,
    consultantId: null,
    specializationId: null,
    kind: "disbursement",
    description: `${INVOICE_LINE_KIND_LABELS.disbursement}: ${what}, ${fee.holder}, paid ${saDateLabel(fee.paid_on)}`,
    day: fee.paid_on,
    unitPriceCents: fee.amount_cents,
  });
}
