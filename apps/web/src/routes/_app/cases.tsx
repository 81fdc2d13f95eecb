import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "@/components/page";

export const Route = createFileRoute("/_app/cases")({
  component: () => <PlaceholderPage path="/cases" />,
});
