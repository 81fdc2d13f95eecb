import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "@/components/page";

export const Route = createFileRoute("/_app/invoice-demo")({
  component: () => <PlaceholderPage path="/invoice-demo" />,
});
