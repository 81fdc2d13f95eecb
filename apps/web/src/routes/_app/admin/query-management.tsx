import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "@/components/page";

export const Route = createFileRoute("/_app/admin/query-management")({
  component: () => <PlaceholderPage path="/admin/query-management" />,
});
