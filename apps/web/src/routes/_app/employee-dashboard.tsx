import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "@/components/page";

export const Route = createFileRoute("/_app/employee-dashboard")({
  component: () => <PlaceholderPage path="/employee-dashboard" />,
});
