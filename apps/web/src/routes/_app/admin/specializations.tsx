import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "@/components/page";

export const Route = createFileRoute("/_app/admin/specializations")({
  component: () => <PlaceholderPage path="/admin/specializations" />,
});
