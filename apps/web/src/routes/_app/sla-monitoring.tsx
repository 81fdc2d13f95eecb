import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "@/components/page";

export const Route = createFileRoute("/_app/sla-monitoring")({
  component: () => <PlaceholderPage path="/sla-monitoring" />,
});
