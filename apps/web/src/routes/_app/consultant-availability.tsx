import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "@/components/page";

export const Route = createFileRoute("/_app/consultant-availability")({
  component: () => <PlaceholderPage path="/consultant-availability" />,
});
