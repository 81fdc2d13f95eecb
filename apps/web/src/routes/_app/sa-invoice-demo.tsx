import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "@/components/page";

export const Route = createFileRoute("/_app/sa-invoice-demo")({
  component: () => <PlaceholderPage path="/sa-invoice-demo" />,
});
