import type { QueryDetail } from "@medlegal/domain";
import { Link } from "@tanstack/react-router";
import { AlertTriangle } from "lucide-react";
import { BookingStatusBadge } from "@/components/bookings/booking-status-badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { formatWhen } from "@/lib/booking-time";
import type { QuerySchedule } from "./use-query-schedule";

/** The claimant and the query, a warning while consent is missing, and each requested expert with the consultant to book. */
export function RequestedExpertsCard({ query, schedule }: { query: QueryDetail; schedule: QuerySchedule }) {
  const { consentMissing, rows, consultantLists, booked, active } = schedule;
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
          <div role="alert" className="flex items-start gap-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
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
          {rows.map((r, i) => {
            const list = consultantLists[i];
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
                <div className="grid gap-1">
                  <Label htmlFor={`scheduler-consultant-${r.specializationId}`} className="sr-only">
                    {r.specialization} consultant
                  </Label>
                  <NativeSelect
                    id={`scheduler-consultant-${r.specializationId}`}
                    value={r.consultantId}
                    aria-label={`${r.specialization} consultant`}
                    onChange={(e) => schedule.choose(r.specializationId, e.target.value)}
                  >
                    <option value="">{list?.isLoading ? "Loading consultants…" : "Choose a consultant…"}</option>
                    {(list?.data ?? []).map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.name}
                        {query.assignments.some((a) => a.consultantId === c.id && a.status === "accepted") ? " (assigned)" : ""}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
