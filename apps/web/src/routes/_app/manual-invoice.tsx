import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "@/components/page";

export const Route = createFileRoute("/_app/manual-invoice")({
  component: () => <PlaceholderPage path="/manual-invoice" />,
});
