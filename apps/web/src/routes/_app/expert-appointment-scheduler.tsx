import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "@/components/page";

export const Route = createFileRoute("/_app/expert-appointment-scheduler")({
  component: () => <PlaceholderPage path="/expert-appointment-scheduler" />,
});
