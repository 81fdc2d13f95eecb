import { Link } from "@tanstack/react-router";
import { ArrowRight, CalendarPlus } from "lucide-react";
import { useBookingPages } from "@/hooks/use-bookings";
import { formatWhen, saToday } from "@/lib/booking-time";
import { BookingStatusBadge } from "../bookings/booking-status-badge";
import { Button } from "../ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card";
import { LoadState } from "@/components/load-state";

const SHOWN = 3;

/**
 * An attorney's way to their assessments (the sidebar has no entry for /bookings): the next few
 * bookings, a link to all of them and "Book an assessment".
 */
export function AssessmentsPanel() {
  const upcoming = useBookingPages({ from: saToday(), limit: SHOWN });
  const items = upcoming.items.slice(0, SHOWN);
  return (
    <Card aria-labelledby="assessments-heading" role="region">
      <CardHeader>
        <CardTitle id="assessments-heading">Assessments</CardTitle>
        <CardDescription>Your upcoming expert assessments.</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <LoadState query={upcoming} loadingLabel="Loading your assessments" loadingRows={2} errorTitle="Could not load your assessments">
          {items.length === 0 ? (
            <p className="text-sm text-muted-foreground">No assessment is booked yet. Book one for a claimant of an open case.</p>
          ) : (
            <ul className="grid grid-cols-1 gap-3" aria-label="Upcoming assessments">
              {items.map((b) => (
                <li key={b.id} className="flex items-start justify-between gap-3 text-sm">
                  <div className="min-w-0">
                    <p className="truncate font-medium">{b.patientName}</p>
                    <p className="truncate text-xs text-muted-foreground">
                      {formatWhen(b.startsAt)} · {b.specialization}
                    </p>
                  </div>
                  <BookingStatusBadge status={b.status} claimantAnswer={b.claimantAnswer} />
                </li>
              ))}
            </ul>
          )}
        </LoadState>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <Button size="sm" asChild>
            <Link to="/booking-form">
              <CalendarPlus aria-hidden />
              Book an assessment
            </Link>
          </Button>
          <Link
            to="/bookings"
            className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-primary outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            All assessments
            <ArrowRight className="size-3.5" aria-hidden />
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}
