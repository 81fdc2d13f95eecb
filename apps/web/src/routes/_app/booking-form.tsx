import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "@/components/page";

export const Route = createFileRoute("/_app/booking-form")({
  component: () => <PlaceholderPage path="/booking-form" />,
});
