import { createFileRoute, Link } from "@tanstack/react-router";
import { CalendarCheck, CalendarPlus } from "lucide-react";
import { UpcomingPastBookings } from "@/components/bookings/upcoming-past-bookings";
import { PageHeader } from "@/components/page";
import { Button } from "@/components/ui/button";
import { useCurrentUser } from "@/hooks/use-auth";
import { prefetchUpcomingPast } from "@/hooks/use-bookings";
import { prefetchPage } from "@/lib/route-data";
import { audienceOf } from "@/lib/audience";

export const Route = createFileRoute("/_app/bookings")({
  loader: ({ context }) => prefetchPage(context, (c) => prefetchUpcomingPast(c)),
  component: BookingsPage,
});

function BookingsPage() {
  const me = useCurrentUser().data;
  const attorney = !!me && audienceOf(me.role) === "attorney";
  const newBooking = (
    <Button asChild>
      <Link to="/booking-form">
        <CalendarPlus aria-hidden />
        Book an assessment
      </Link>
    </Button>
  );
  return (
    <>
      <PageHeader
        title={attorney ? "My Bookings" : "Bookings"}
        description={
          attorney
            ? "Assessments booked for your claimants. Open one to reschedule or cancel it, or add it to your calendar."
            : "Assessments booked for claimants. Open one to reschedule or cancel it."
        }
        actions={newBooking}
      />
      {me && (
        <UpcomingPastBookings
          role={me.role}
          label="bookings"
          icon={CalendarCheck}
          showAttorney={!attorney}
          emptyUpcoming="Assessments you book for your claimants will be listed here with the expert, venue and status."
          emptyPast="Assessments from the last six months will be listed here once their time has passed."
          upcomingAction={newBooking}
        />
      )}
    </>
  );
}
