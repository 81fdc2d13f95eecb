import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "@/components/page";

export const Route = createFileRoute("/_app/booking-form_/$bookingId")({
  component: Page,
});

function Page() {
  const { bookingId } = Route.useParams();
  return <PlaceholderPage path="/booking-form/$bookingId" subtitle={`Booking ${bookingId}`} />;
}
