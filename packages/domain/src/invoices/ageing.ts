/** Ageing of open balances by days past due: a leaf, so invoices and payments both use it without importing each other. */

/** Whole days from the due date to `today` (both YYYY-MM-DD): 0 on the due date, negative before it. */
export function daysPastDue(dueDate: string, today: string): number {
  return Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${dueDate}T00:00:00Z`)) / 86_400_000);
}

export const AGEING_BUCKETS = ["current", "days1to30", "days31to60", "days61to90", "days90plus"] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];
export const AGEING_BUCKET_LABELS: Record<AgeingBucket, string> = {
  current: "Current",
  days1to30: "1-30 days",
  days31to60: "31-60 days",
  days61to90: "61-90 days",
  days90plus: "90+ days",
};

/** The ageing bucket of a balance by days past its due date (not yet due, or due today, is current). */
export function ageingBucket(daysOverdue: number): AgeingBucket {
  if (daysOverdue <= 0) return "current";
  if (daysOverdue <= 30) return "days1to30";
  if (daysOverdue <= 60) return "days31to60";
  if (daysOverdue <= 90) return "days61to90";
  return "days90plus";
}

export type Ageing = Record<AgeingBucket, number> & { totalCents: number };

/** Open balances by age; the buckets always add up to the total outstanding. */
export function ageBalances(invoices: readonly { dueDate: string; balanceCents: number }[], today: string): Ageing {
  const ageing: Ageing = { current: 0, days1to30: 0, days31to60: 0, days61to90: 0, days90plus: 0, totalCents: 0 };
  for (const invoice of invoices) {
    if (invoice.balanceCents <= 0) continue;
    ageing[ageingBucket(daysPastDue(invoice.dueDate, today))] += invoice.balanceCents;
    ageing.totalCents += invoice.balanceCents;
  }
  return ageing;
}
