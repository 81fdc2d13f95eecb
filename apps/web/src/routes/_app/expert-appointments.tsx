import { createFileRoute } from "@tanstack/react-router";
import { ExpertAppointmentsScreen, prefetchExpertAppointments } from "@/components/bookings/expert-appointments-screen";
import { prefetchPage } from "@/lib/route-data";

export const Route = createFileRoute("/_app/expert-appointments")({
  loader: ({ context }) => prefetchPage(context, prefetchExpertAppointments),
  component: () => <ExpertAppointmentsScreen title="Expert Appointments" />,
});
