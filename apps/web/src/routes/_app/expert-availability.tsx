import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "@/components/page";

export const Route = createFileRoute("/_app/expert-availability")({
  component: () => <PlaceholderPage path="/expert-availability" />,
});
