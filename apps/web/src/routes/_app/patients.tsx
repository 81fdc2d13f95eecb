import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "@/components/page";

export const Route = createFileRoute("/_app/patients")({
  component: () => <PlaceholderPage path="/patients" />,
});
