import { createFileRoute } from "@tanstack/react-router";
import { ExpertAppointmentsScreen } from "@/components/bookings/expert-appointments-screen";

export const Route = createFileRoute("/_app/admin/expert-appointments")({
  component: () => <ExpertAppointmentsScreen title="Expert Appointments" />,
});
