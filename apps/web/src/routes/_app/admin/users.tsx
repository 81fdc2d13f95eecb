import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "@/components/page";

export const Route = createFileRoute("/_app/admin/users")({
  component: () => <PlaceholderPage path="/admin/users" />,
});
