import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "@/components/page";

export const Route = createFileRoute("/_app/audit-trail")({
  component: () => <PlaceholderPage path="/audit-trail" />,
});
