import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "@/components/page";

export const Route = createFileRoute("/_app/reports")({
  component: () => <PlaceholderPage path="/reports" />,
});
