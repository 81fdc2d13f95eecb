import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "@/components/page";

export const Route = createFileRoute("/_app/queries_/$id")({
  component: Page,
});

function Page() {
  const { id } = Route.useParams();
  return <PlaceholderPage path="/queries/$id" subtitle={`Query ${id}`} />;
}
