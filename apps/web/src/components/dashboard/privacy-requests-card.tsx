import { SUBJECT_REQUEST_DUE_SOON_DAYS, SUBJECT_REQUEST_KIND_LABELS } from "@medlegal/domain";
import { Link } from "@tanstack/react-router";
import { ArrowRight, ShieldAlert } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { dueLabel } from "@/components/privacy/subject-request-due";
import { todayInSa } from "@/lib/format";
import { trpc } from "@/lib/trpc";

/**
 * For administrators and privacy officers: the data subject requests due within a week or overdue
 * (docs/decisions.md "POPIA"). Nothing shows while none is due, so the dashboard stays quiet.
 */
export function PrivacyRequestsCard() {
  const due = trpc.privacy.dueRequests.useQuery();
  const requests = due.data ?? [];
  if (requests.length === 0) return null;
  const today = todayInSa();
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldAlert className="size-4 text-destructive" aria-hidden />
          Privacy requests due
        </CardTitle>
        <CardDescription className="max-sm:hidden">Due within {SUBJECT_REQUEST_DUE_SOON_DAYS} days or overdue: the claimant is owed an answer.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2" aria-label="Privacy requests due">
          {requests.map((r) => {
            const due = dueLabel(r, today);
            return (
              <li key={r.id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 text-sm">
                <span className="min-w-0 break-words">
                  <span className="font-medium">{r.reference}</span> · {SUBJECT_REQUEST_KIND_LABELS[r.kind]} · {r.patientName}
                </span>
                <span className={due.overdue ? "font-medium text-destructive" : "text-muted-foreground"}>{due.text}</span>
              </li>
            );
          })}
        </ul>
        <Link
          to="/admin/privacy"
          className="mt-3 inline-flex items-center gap-1 rounded-sm text-sm font-medium text-primary outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          Open the privacy register
          <ArrowRight className="size-3.5" aria-hidden />
        </Link>
      </CardContent>
    </Card>
  );
}
