import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "@/components/page";

export const Route = createFileRoute("/_app/video-conferences")({
  component: () => <PlaceholderPage path="/video-conferences" />,
});
