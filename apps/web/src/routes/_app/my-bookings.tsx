import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "@/components/page";

export const Route = createFileRoute("/_app/my-bookings")({
  component: () => <PlaceholderPage path="/my-bookings" />,
});
