import type { InvoiceStatus } from "../invoices/invoices";
import { formatRand } from "../platform/money";

/**
 * The one release rule (docs/decisions.md, "Release and payment (issue 23)"): an approved report
 * goes to the attorney when its invoice is paid in full, or when the attorney has a deferral
 * agreement; otherwise only an administrator's override, with a reason, releases it. The server
 * answers the basis with the report, so the button names it, and the procedure asks the same rule.
 */
export type ReleaseBasis = "paid" | "deferral";

export function releaseBasis(terms: { paidInFull: boolean; deferral: boolean }): ReleaseBasis | null {
  if (terms.paidInFull) return "paid";
  if (terms.deferral) return "deferral";
  return null;
}

/** The staff's release button, naming what allows it. */
export const RELEASE_BUTTON_LABELS: Record<ReleaseBasis, string> = {
  paid: "Release to attorney (paid in full)",
  deferral: "Release to attorney (deferral agreement)",
};

/** The invoice a report is billed on, as the report page shows it (staff: with drafts; attorneys: issued only). */
export interface ReportInvoice {
  id: string;
  /** Null for a draft. */
  number: string | null;
  status: InvoiceStatus;
  statusLabel: string;
  totalCents: number;
  /** What is still owed: total less paid and credited. */
  balanceCents: number;
  dueDate: string | null;
}

/** What an attorney waits for on an approved report: the invoice, or its payment. */
export function attorneyAwaiting(invoice: Pick<ReportInvoice, "number" | "balanceCents"> | null): string {
  if (!invoice?.number) return "Invoice being prepared";
  return `Awaiting payment of ${invoice.number} ${formatRand(invoice.balanceCents)}`;
}
