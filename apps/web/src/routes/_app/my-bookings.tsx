import { can } from "@medlegal/domain";
import { createFileRoute } from "@tanstack/react-router";
import { BookOpen } from "lucide-react";
import { UpcomingPastBookings } from "@/components/bookings/upcoming-past-bookings";
import { AttendedToInvoice } from "@/components/invoices/invoice-work-link";
import { PageHeader } from "@/components/page";
import { SharedReportLinks } from "@/components/discipline-waits/shared-report-links";
import { ReportLinks } from "@/components/reports/report-links";
import { useCurrentUser } from "@/hooks/use-auth";
import { prefetchUpcomingPast } from "@/hooks/use-bookings";
import { prefetchPage } from "@/lib/route-data";

export const Route = createFileRoute("/_app/my-bookings")({
  loader: ({ context }) =>
    prefetchPage(
      context,
      (c) => prefetchUpcomingPast(c),
      ({ trpc }) => trpc.reports.list.prefetch({ queryId: undefined }),
    ),
  component: MyBookingsPage,
});

function MyBookingsPage() {
  const me = useCurrentUser().data;
  return (
    <>
      <PageHeader
        title="My Bookings"
        description="Assessments booked with you: the claimant, case and venue. Once an assessment's time has passed, record whether the claimant came."
      />
      <ReportLinks title="My reports" description="Upload each report after the assessment; the agency reviews it before release." />
      {me && can(me.role, "reports.sharedWithMe") && <SharedReportLinks />}
      {me && (
        <UpcomingPastBookings
          role={me.role}
          label="bookings"
          icon={BookOpen}
          showConsultant={false}
          emptyUpcoming="Assessments that attorneys and the agency book into your free slots will be listed here, soonest first."
          emptyPast="Assessments from the last six months will be listed here once their time has passed."
          attendedNote={(attended) => <AttendedToInvoice attended={attended} />}
        />
      )}
    </>
  );
}
