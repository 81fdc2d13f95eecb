import { CalendarCheck } from "lucide-react";
import * as React from "react";
import { useCurrentUser } from "@/hooks/use-auth";
import { isStaffRole } from "@/lib/booking-roles";
import { trpc } from "@/lib/trpc";
import { PageHeader } from "../page";
import { Label } from "../ui/label";
import { NativeSelect } from "../ui/native-select";
import { UpcomingPastBookings } from "./upcoming-past-bookings";

/**
 * The experts' appointments: across the agency for staff (filter by specialization and expert),
 * a consultant's own otherwise.
 */
export function ExpertAppointmentsScreen({ title }: { title: string }) {
  const me = useCurrentUser().data;
  const staff = isStaffRole(me?.role);
  const [specializationId, setSpecializationId] = React.useState("");
  const [consultantId, setConsultantId] = React.useState("");
  const specializations = trpc.specializations.listActive.useQuery(undefined, { enabled: staff });
  const consultants = trpc.consultants.list.useQuery(specializationId ? { specializationId } : {}, { enabled: staff });

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
        <div className="mb-5 grid gap-3 rounded-lg border bg-card p-3 sm:grid-cols-2 lg:max-w-2xl">
          <div className="grid gap-1.5">
            <Label htmlFor="appointments-specialization">Specialization</Label>
            <NativeSelect
              id="appointments-specialization"
              value={specializationId}
              onChange={(e) => {
                setSpecializationId(e.target.value);
                setConsultantId("");
              }}
            >
              <option value="">All specializations</option>
              {(specializations.data ?? []).map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="appointments-consultant">Expert</Label>
            <NativeSelect id="appointments-consultant" value={consultantId} onChange={(e) => setConsultantId(e.target.value)}>
              <option value="">All experts</option>
              {(consultants.data ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
      )}
      {me && (
        <UpcomingPastBookings
          role={me.role}
          label="appointments"
          icon={CalendarCheck}
          showConsultant={staff}
          showAttorney={staff}
          filters={{ specializationId: specializationId || undefined, consultantId: consultantId || undefined }}
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
