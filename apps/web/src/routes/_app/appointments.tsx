import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "@/components/page";

export const Route = createFileRoute("/_app/appointments")({
  component: () => <PlaceholderPage path="/appointments" />,
});
