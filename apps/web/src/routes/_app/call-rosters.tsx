import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "@/components/page";

export const Route = createFileRoute("/_app/call-rosters")({
  component: () => <PlaceholderPage path="/call-rosters" />,
});
