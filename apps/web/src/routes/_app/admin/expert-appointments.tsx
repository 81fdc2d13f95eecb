import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "@/components/page";

export const Route = createFileRoute("/_app/admin/expert-appointments")({
  component: () => <PlaceholderPage path="/admin/expert-appointments" />,
});
