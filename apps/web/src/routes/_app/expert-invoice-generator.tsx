import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "@/components/page";

export const Route = createFileRoute("/_app/expert-invoice-generator")({
  component: () => <PlaceholderPage path="/expert-invoice-generator" />,
});
