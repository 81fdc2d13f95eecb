import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "@/components/page";

export const Route = createFileRoute("/_app/sla-tracking")({
  component: () => <PlaceholderPage path="/sla-tracking" />,
});
