import type { AssignmentItem, BookingItem, Role } from "@medlegal/domain";
import { can } from "@medlegal/domain";
import { Link } from "@tanstack/react-router";
import { CalendarClock, CalendarPlus } from "lucide-react";
import type { LoadingQuery } from "@/components/load-state";
import { LoadState } from "@/components/load-state";
import { BookingStatusBadge, VenueLabel } from "@/components/bookings/booking-status-badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDateOfMoment } from "@/lib/format";
import { formatWhenRange } from "@/lib/booking-time";
import { forAudience } from "@/lib/audience";

export type QueryAssessment = Pick<
  BookingItem,
  "id" | "reference" | "status" | "startsAt" | "endsAt" | "venue" | "mode" | "consultantName" | "specialization"
>;

/**
 * The query's assessments (its bookings), in time order: expert, South African time (24-hour),
 * venue or video, and status. The server decides which bookings the caller sees (a consultant
 * only their own); staff and the attorney open a booking's page, and book an assessment with
 * each expert who accepted the query (a booking belongs to an accepted assignment).
 */
export function QueryAssessments({
  bookings,
  load,
  role,
  queryId,
  acceptedExperts,
  open,
}: {
  bookings: readonly QueryAssessment[];
  load: LoadingQuery;
  role: Role;
  queryId: string;
  acceptedExperts: readonly Pick<AssignmentItem, "id" | "consultantId" | "consultantName" | "specialization">[];
  /** Whether the query is still open for bookings. */
  open: boolean;
}) {
  const mayBook = can(role, "bookings.book") && open;
  const mayOpen = can(role, "bookings.book");
  return (
    <Card>
      <CardHeader className="grid gap-1.5">
        <CardTitle>Assessments</CardTitle>
        <CardDescription>
          {forAudience(role, {
            staff: "The experts' bookings for this query.",
            attorney: "The experts' bookings for this query.",
            consultant: "Your bookings for this query.",
          })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <LoadState query={load} loadingLabel="Loading the assessments" loadingRows={2} errorTitle="Could not load the assessments">
          {bookings.length === 0 ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <CalendarClock aria-hidden className="size-4 shrink-0" />
              No assessments are booked for this query yet.
            </p>
          ) : (
            <ul className="grid gap-3" aria-label="Assessments">
              {bookings.map((b) => (
                <li
                  key={b.id}
                  className="grid gap-1 rounded-md border px-3 py-2.5 text-sm sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:gap-x-3"
                >
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-x-2">
                      <span className="font-medium">{b.consultantName}</span>
                      <span className="text-muted-foreground">{b.specialization}</span>
                    </p>
                    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground">
                      <time dateTime={b.startsAt} title={formatDateOfMoment(b.startsAt)}>
                        {formatWhenRange(b.startsAt, b.endsAt)}
                      </time>
                      <VenueLabel venue={b.venue} mode={b.mode} />
                      {mayOpen ? (
                        <Link
                          to="/booking-form/$bookingId"
                          params={{ bookingId: b.id }}
                          className="rounded-sm font-mono text-xs text-primary outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                        >
                          {b.reference}
                        </Link>
                      ) : (
                        <span className="font-mono text-xs">{b.reference}</span>
                      )}
                    </p>
                  </div>
                  <BookingStatusBadge status={b.status} className="justify-self-start sm:justify-self-end" />
                </li>
              ))}
            </ul>
          )}
        </LoadState>
        {mayBook && (
          <div className="mt-4 grid gap-2 border-t pt-4">
            {acceptedExperts.length === 0 ? (
              <p className="text-sm text-muted-foreground">Assessments can be booked once an expert has accepted this query.</p>
            ) : (
              <ul className="flex flex-wrap gap-2" aria-label="Book an assessment">
                {acceptedExperts.map((e) => (
                  <li key={e.id}>
                    <Button asChild size="sm" variant="outline">
                      <Link to="/booking-form" search={{ queryId, consultantId: e.consultantId }}>
                        <CalendarPlus aria-hidden />
                        Book assessment with {e.consultantName}
                        <span className="sr-only"> ({e.specialization})</span>
                      </Link>
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
