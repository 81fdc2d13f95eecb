import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "@/components/page";

export const Route = createFileRoute("/_app/admin/assessment-schedules")({
  component: () => <PlaceholderPage path="/admin/assessment-schedules" />,
});
