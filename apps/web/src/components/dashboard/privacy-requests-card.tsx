import { SUBJECT_REQUEST_DUE_SOON_DAYS, SUBJECT_REQUEST_KIND_LABELS } from "@medlegal/domain";
import { Link } from "@tanstack/react-router";
import { ArrowRight, ShieldAlert } from "lucide-react";
import { CollapsibleList } from "@/components/ui/collapsible-list";
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
        <CardDescription className="max-sm:hidden">
          Due within {SUBJECT_REQUEST_DUE_SOON_DAYS} days or overdue: the claimant is owed an answer.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {/* Two on a phone, with "Show all" for the rest, so the dashboard stays short at 375 px. */}
        <CollapsibleList
          items={requests}
          getKey={(r) => r.id}
          limit={2}
          label="Privacy requests due"
          className="grid gap-2"
          itemClassName="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 text-sm"
          renderItem={(r) => {
            const due = dueLabel(r, today);
            return (
              <>
                <span className="min-w-0 break-words">
                  <span className="font-medium">{r.reference}</span> · {SUBJECT_REQUEST_KIND_LABELS[r.kind]} · {r.patientName}
                </span>
                <span className={due.overdue ? "font-medium text-destructive" : "text-muted-foreground"}>{due.text}</span>
              </>
            );
          }}
        />
        <Link
          to="/admin/privacy"
          className="mt-3 flex w-fit items-center gap-1 rounded-sm text-sm font-medium text-primary outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          Open the privacy register
          <ArrowRight className="size-3.5" aria-hidden />
        </Link>
      </CardContent>
    </Card>
  );
}
