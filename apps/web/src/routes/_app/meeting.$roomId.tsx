import { createFileRoute } from "@tanstack/react-router";
import { MeetingRoom } from "@/components/meetings/meeting-room";

export const Route = createFileRoute("/_app/meeting/$roomId")({
  component: Page,
});

function Page() {
  const { roomId } = Route.useParams();
  return <MeetingRoom roomId={roomId} />;
}
