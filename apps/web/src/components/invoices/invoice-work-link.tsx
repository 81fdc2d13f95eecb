import type { ReportStatus, Role } from "@medlegal/domain";
import { Link } from "@tanstack/react-router";
import { Receipt } from "lucide-react";
import { defaultPeriod } from "./expert-draft";
import { trpc } from "@/lib/trpc";
import { audienceOf } from "@/lib/audience";

/**
 * Where an expert looks after finishing work, a way to invoice it (issue 23): the consultant's
 * sidebar is fixed by SPEC.md, so the expert invoice generator is reached from the work itself.
 */
export function InvoiceWorkLink({ children = "Invoice your work to the agency" }: { children?: React.ReactNode }) {
  return (
    <Link
      to="/expert-invoice-generator"
      className="inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-primary outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
    >
      <Receipt className="size-4" aria-hidden />
      {children}
    </Link>
  );
}

/** The expert's unbilled work in the generator's default period, counted (null while it loads or fails). */
export function useUnbilledCount(enabled = true): number | null {
  const work = trpc.invoices.listUnbilled.useQuery({ consultantId: null, ...defaultPeriod() }, { enabled });
  return work.data ? work.data.length : null;
}

/** On My Bookings' past tab: the attended assessments, and where to invoice them. */
export function AttendedToInvoice({ attended }: { attended: number }) {
  if (attended === 0) return null;
  return (
    <p className="mb-3 flex flex-col gap-1 rounded-md border bg-card px-3 py-2 text-sm sm:flex-row sm:items-center sm:justify-between">
      <span>{attended === 1 ? "One assessment attended" : `${attended} assessments attended`} in the last six months.</span>
      <InvoiceWorkLink />
    </p>
  );
}

/** On a report the expert wrote, once approved: its fee can be invoiced to the agency. */
export function ReportInvoiceLink({ role, status }: { role: Role; status: ReportStatus }) {
  if (audienceOf(role) !== "consultant" || (status !== "approved" && status !== "released")) return null;
  return <InvoiceWorkLink>Invoice this report to the agency</InvoiceWorkLink>;
}
