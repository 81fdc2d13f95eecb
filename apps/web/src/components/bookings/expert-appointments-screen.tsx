import type { Role } from "@medlegal/domain";
import { can } from "@medlegal/domain";
import { CalendarCheck } from "lucide-react";
import { useCurrentUser } from "@/hooks/use-auth";
import { prefetchUpcomingPast } from "@/hooks/use-bookings";
import type { AppRouteContext } from "@/lib/route-data";
import { PageHeader } from "../page";
import { FilterBar, SpecializationExpertFilters, useSpecializationExpertFilter } from "../ui/filter-bar";
import { UpcomingPastBookings } from "./upcoming-past-bookings";

const managesBookings = (role: Role | undefined) => !!role && can(role, "bookings.manage");

/** The route loaders' prefetch: the appointments with no filter chosen, and the filters' choices for staff. */
export function prefetchExpertAppointments(context: AppRouteContext) {
  const staff = managesBookings(context.user?.role);
  return Promise.all([
    prefetchUpcomingPast(context),
    staff ? context.trpc.specializations.listActive.prefetch() : undefined,
    staff ? context.trpc.consultants.list.prefetch({}) : undefined,
  ]);
}

/**
 * The experts' appointments: across the agency for staff (filter by specialization and expert),
 * a consultant's own otherwise.
 */
export function ExpertAppointmentsScreen({ title }: { title: string }) {
  const me = useCurrentUser().data;
  const staff = managesBookings(me?.role);
  const expert = useSpecializationExpertFilter(staff);

  return (
    <>
      <PageHeader
        title={staff ? title : "My Appointments"}
        description={
          staff
            ? "Assessments booked with every expert: who sees which claimant, when and where. Confirm, cancel or record attendance from here."
            : "Assessments booked with you. Once an assessment's time has passed, record whether the claimant came."
        }
      />
      {staff && (
        <FilterBar className="mb-5 sm:grid-cols-2 lg:max-w-2xl">
          <SpecializationExpertFilters idPrefix="appointments" filter={expert} />
        </FilterBar>
      )}
      {me && (
        <UpcomingPastBookings
          role={me.role}
          label="appointments"
          icon={CalendarCheck}
          showConsultant={staff}
          showAttorney={staff}
          filters={{ specializationId: expert.specializationId || undefined, consultantId: expert.consultantId || undefined }}
          emptyUpcoming={
            staff
              ? "Assessments booked with experts will be listed here, soonest first, with the claimant, venue and status."
              : "Assessments booked into your free slots will be listed here, soonest first."
          }
          emptyPast="Assessments from the last six months will be listed here once their time has passed."
        />
      )}
    </>
  );
}
