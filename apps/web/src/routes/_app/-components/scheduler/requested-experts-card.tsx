import type { QueryDetail } from "@medlegal/domain";
import { Link } from "@tanstack/react-router";
import { AlertTriangle, CheckCircle2, Hourglass } from "lucide-react";
import { BookingStatusBadge } from "@/components/bookings/booking-status-badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatWhen } from "@/lib/booking-time";
import { type QuerySchedule, waitingText } from "./use-query-schedule";

/**
 * The claimant and the query, a warning while consent is missing, and each requested specialization
 * with the expert who accepted it (the only one a booking may name) or what it waits for.
 */
export function RequestedExpertsCard({ query, schedule }: { query: QueryDetail; schedule: QuerySchedule }) {
  const { consentMissing, rows, booked, active } = schedule;
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle className="text-base">
            {query.claimant.firstName} {query.claimant.lastName}
          </CardTitle>
          <CardDescription>
            <Link to="/queries/$id" params={{ id: query.id }} className="font-medium text-primary hover:underline">
              {query.reference}
            </Link>{" "}
            · case {query.caseReference} · {query.attorneyName}
            {query.claimant.interpreterNeeded && ` · interpreter (${query.claimant.homeLanguage})`}
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        {consentMissing && (
          <div
            role="alert"
            className="flex items-start gap-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
          >
            <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
            <p>
              The claimant&rsquo;s consent is not recorded, so no assessment can be booked. Record the consent date on{" "}
              <Link to="/patients" className="font-medium underline underline-offset-2">
                Patients
              </Link>{" "}
              first.
            </p>
          </div>
        )}
        <ul className="divide-y rounded-lg border" aria-label="Requested experts">
          {rows.map((r) => {
            const already = booked.filter((b) => b.specializationId === r.specializationId);
            const isIncluded = active.some((a) => a.specializationId === r.specializationId);
            return (
              <li key={r.specializationId} className="grid gap-3 px-3 py-3 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)] sm:items-center">
                <label className="flex items-start gap-2.5 text-sm">
                  <input
                    type="checkbox"
                    className="mt-0.5 size-4 accent-[var(--color-primary)]"
                    checked={isIncluded}
                    disabled={!r.consultantId}
                    onChange={(e) => schedule.include(r.specializationId, e.target.checked)}
                  />
                  <span>
                    <span className="font-medium">{r.specialization}</span>
                    {already.map((b) => (
                      <span key={b.id} className="mt-0.5 flex items-center gap-1.5 text-xs text-muted-foreground">
                        <BookingStatusBadge status={b.status} /> {formatWhen(b.startsAt)}
                      </span>
                    ))}
                  </span>
                </label>
                {r.consultantId ? (
                  <p className="flex items-center gap-2 text-sm">
                    <CheckCircle2 aria-hidden className="size-4 shrink-0 text-emerald-600" />
                    <span>
                      <span className="font-medium">{r.consultantName}</span> <span className="text-muted-foreground">accepted</span>
                    </span>
                  </p>
                ) : (
                  <p className="flex items-start gap-2 text-sm text-amber-900">
                    <Hourglass aria-hidden className="mt-0.5 size-4 shrink-0" />
                    {waitingText(r)}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
