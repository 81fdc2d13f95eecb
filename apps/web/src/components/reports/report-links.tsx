import { REPORT_KIND_LABELS } from "@medlegal/domain";
import { Link } from "@tanstack/react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { trpc } from "@/lib/trpc";
import { DueLabel, ReportStatusBadge } from "./report-list";

/**
 * The caller's reports as links, for pages that lead to them (a query's page, My Bookings):
 * consultants have no Reports entry in their sidebar. Shows nothing while there are none.
 */
export function ReportLinks({ queryId, title, description }: { queryId?: string; title: string; description?: string }) {
  const list = trpc.reports.list.useQuery({ queryId });
  const items = (list.data ?? []).filter((r) => r.status !== "withdrawn");
  if (list.isError) return <p className="text-sm text-destructive">The reports could not be loaded.</p>;
  if (items.length === 0) return null;
  return (
    <Card className="mb-5">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2" aria-label={title}>
          {items.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border px-3 py-2">
              <Link to="/reports/$id" params={{ id: r.id }} className="font-mono text-xs font-semibold text-primary hover:underline">
                {r.reference}
              </Link>
              <span className="text-sm">
                {REPORT_KIND_LABELS[r.kind]} · {r.patientName}
              </span>
              <ReportStatusBadge status={r.status} label={r.statusLabel} />
              <DueLabel r={r} />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
