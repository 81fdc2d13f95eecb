import type { PaymentItem, PaymentProofItem, PaymentProofStatus } from "@medlegal/domain";
import { formatRand } from "@medlegal/domain";
import { Link } from "@tanstack/react-router";
import { Download, FileImage, FileText } from "lucide-react";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { formatDateTime, formatDay } from "@/lib/format";
import { cn } from "@/lib/utils";

const PROOF_CLASS: Record<PaymentProofStatus, string> = {
  uploaded: "bg-sky-50 text-sky-800 ring-sky-200",
  matched: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  rejected: "bg-red-50 text-red-800 ring-red-200",
};

/** A status pill: its colours come from the caller (payments, proofs, bank statement lines). */
export function Pill({ className, children }: { className: string; children: React.ReactNode }) {
  return (
    <span
      className={cn("inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset", className)}
    >
      {children}
    </span>
  );
}

function InvoiceLinks({ invoices }: { invoices: readonly { id: string; number: string }[] }) {
  return (
    <>
      {invoices.map((i, n) => (
        <React.Fragment key={i.id}>
          {n > 0 && ", "}
          <Link
            to="/invoices/$id"
            params={{ id: i.id }}
            className="rounded-sm font-mono text-xs text-primary outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            {i.number}
          </Link>
        </React.Fragment>
      ))}
    </>
  );
}

/**
 * Payments received, newest first: what each was set against and what is left as credit; a
 * reversed one says why. Administrators get Allocate (while something is left) and Reverse.
 */
export function PaymentList({
  payments,
  showAttorney = false,
  onAllocate,
  onReverse,
}: {
  payments: readonly PaymentItem[];
  showAttorney?: boolean;
  onAllocate?: (payment: PaymentItem) => void;
  onReverse?: (payment: PaymentItem) => void;
}) {
  if (payments.length === 0)
    return (
      <p className="rounded-lg border border-dashed bg-card px-4 py-6 text-center text-sm text-muted-foreground">
        No payments received yet.
      </p>
    );
  return (
    <ul className="grid gap-2" aria-label="Payments received">
      {payments.map((p) => {
        const reversed = p.reversedAt !== null;
        return (
          <li key={p.id} className={cn("grid min-w-0 gap-2 rounded-lg border bg-card px-4 py-3 text-sm", reversed && "bg-muted/40")}>
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className={cn("font-semibold tabular-nums", reversed && "line-through")}>{formatRand(p.amountCents)}</span>
                <span className="text-muted-foreground">
                  {p.methodLabel} · {formatDay(p.receivedOn)}
                </span>
                {reversed ? (
                  <Pill className="bg-red-50 text-red-800 ring-red-200">Reversed</Pill>
                ) : p.unallocatedCents > 0 ? (
                  <Pill className="bg-amber-50 text-amber-800 ring-amber-200">{formatRand(p.unallocatedCents)} credit</Pill>
                ) : (
                  <Pill className="bg-emerald-50 text-emerald-800 ring-emerald-200">Allocated</Pill>
                )}
              </p>
              <p className="truncate text-xs text-muted-foreground">
                Ref. {p.reference}
                {showAttorney && ` · ${p.attorneyName}`}
              </p>
              {p.allocations.length > 0 && (
                <p className={cn("mt-1 text-xs", reversed && "text-muted-foreground")}>
                  {reversed ? "Was set against " : "Set against "}
                  {p.allocations.map((a, n) => (
                    <React.Fragment key={a.id}>
                      {n > 0 && ", "}
                      <Link
                        to="/invoices/$id"
                        params={{ id: a.invoiceId }}
                        className="rounded-sm font-mono text-primary outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                      >
                        {a.invoiceNumber}
                      </Link>{" "}
                      ({formatRand(a.amountCents)})
                    </React.Fragment>
                  ))}
                </p>
              )}
              {reversed && (
                <p className="mt-1 text-xs">
                  Reversed {formatDateTime(p.reversedAt)}
                  {p.reversedByName ? ` by ${p.reversedByName}` : ""}: {p.reversalReason}
                </p>
              )}
            </div>
            {!reversed && (onAllocate || onReverse) && (
              <div className="flex flex-wrap gap-2">
                {onAllocate && p.unallocatedCents > 0 && (
                  <Button size="sm" variant="outline" onClick={() => onAllocate(p)}>
                    Allocate<span className="sr-only"> payment {p.reference}</span>
                  </Button>
                )}
                {onReverse && (
                  <Button size="sm" variant="outline" onClick={() => onReverse(p)}>
                    Reverse<span className="sr-only"> payment {p.reference}</span>
                  </Button>
                )}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Proofs of payment, newest first, each with its file and status (a rejected one says why).
 * Administrators get Record payment (which matches it) and Reject while it awaits a match.
 */
export function ProofList({
  proofs,
  showAttorney = false,
  onRecord,
  onReject,
  empty = "No proofs of payment uploaded.",
}: {
  proofs: readonly PaymentProofItem[];
  showAttorney?: boolean;
  onRecord?: (proof: PaymentProofItem) => void;
  onReject?: (proof: PaymentProofItem) => void;
  empty?: string;
}) {
  if (proofs.length === 0)
    return <p className="rounded-lg border border-dashed bg-card px-4 py-6 text-center text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="grid gap-2" aria-label={showAttorney ? "Proofs awaiting a match" : "Proofs of payment"}>
      {proofs.map((p) => {
        const Icon = /\.(png|jpe?g)$/i.test(p.fileName) ? FileImage : FileText;
        return (
          <li key={p.id} className="grid min-w-0 gap-2 rounded-lg border bg-card px-4 py-3 text-sm">
            <div className="flex min-w-0 gap-3">
              <Icon aria-hidden className="mt-0.5 hidden size-5 shrink-0 text-muted-foreground sm:block" />
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="font-semibold tabular-nums">{formatRand(p.amountCents)}</span>
                  <span className="text-muted-foreground">paid {formatDay(p.paidOn)}</span>
                  <Pill className={PROOF_CLASS[p.status]}>{p.statusLabel}</Pill>
                </p>
                <p className="text-xs break-words text-muted-foreground">
                  Ref. {p.reference}
                  {showAttorney && ` · ${p.attorneyName}`} · sent {formatDateTime(p.createdAt)}
                </p>
                {p.invoices.length > 0 && (
                  <p className="text-xs">
                    For <InvoiceLinks invoices={p.invoices} />
                  </p>
                )}
                {p.note && <p className="mt-1 text-xs whitespace-pre-wrap">“{p.note}”</p>}
                {p.status === "rejected" && p.rejectReason && (
                  <p className="mt-1 text-xs font-medium text-red-700">Not accepted: {p.rejectReason}</p>
                )}
              </div>
            </div>
            <div className="flex flex-wrap gap-2 sm:pl-8">
              <Button asChild size="sm" variant="outline">
                <a href={`/api/files/${p.fileId}`} download={p.fileName}>
                  <Download aria-hidden />
                  File<span className="sr-only"> {p.fileName} (download the proof)</span>
                </a>
              </Button>
              {p.status === "uploaded" && onRecord && (
                <Button size="sm" onClick={() => onRecord(p)}>
                  Record payment<span className="sr-only"> for proof {p.reference}</span>
                </Button>
              )}
              {p.status === "uploaded" && onReject && (
                <Button size="sm" variant="outline" onClick={() => onReject(p)}>
                  Reject<span className="sr-only"> proof {p.reference}</span>
                </Button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
