import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "@/components/page";

export const Route = createFileRoute("/_app/meeting/$roomId")({
  component: Page,
});

function Page() {
  const { roomId } = Route.useParams();
  return <PlaceholderPage path="/meeting/$roomId" subtitle={`Room ${roomId}`} />;
}
