import { MEETING_MESSAGES } from "@medlegal/domain";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/error-state";
import { Spinner } from "@/components/ui/spinner";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useLiveConnected, useLiveEvents } from "@/hooks/use-live-events";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage } from "@/lib/trpc-errors";
import { useLocalMedia } from "./room-media";
import { PreJoin } from "./pre-join";
import { InRoom } from "./in-room";

/**
 * How often the room and its signals are read: a `meeting` event of the live stream reads both at
 * once (docs/architecture.md, "Live events"), so while the stream is open these are a slow safety
 * net; while it is down the page polls as it did before the stream. (The signal intervals are in
 * ./use-call.ts.)
 */
const ROOM_POLL_MS = 2000;
const LIVE_ROOM_POLL_MS = 10_000;

const errorCode = (error: unknown) => (error as { data?: { code?: string } } | null)?.data?.code;

/**
 * The meeting room (docs/architecture.md, "Video assessments"), for invited users on
 * /meeting/{roomId} and for guests on their join page: the camera and microphone check, the
 * waiting room, the call with the host's lobby, the end.
 */
/** A guest's join page has no signed-in layout: the room holds the guest's stream (its meeting's events only). */
function GuestLiveEvents() {
  useLiveEvents({ as: "guest" });
  return null;
}

export function MeetingRoom({ roomId, guest = false }: { roomId: string; guest?: boolean }) {
  return (
    <>
      {guest && <GuestLiveEvents />}
      <RoomPage roomId={roomId} guest={guest} />
    </>
  );
}

const HOST_ENDED = "The host ended this meeting. You can close this page.";

function RoomPage({ roomId, guest }: { roomId: string; guest: boolean }) {
  const [entered, setEntered] = React.useState(false);
  const [left, setLeft] = React.useState(false);
  const live = useLiveConnected();
  const roomPoll = live ? LIVE_ROOM_POLL_MS : entered ? ROOM_POLL_MS : ROOM_POLL_MS * 3;
  // A `meeting` event invalidates the room's read, which refetches it at once (lib/live-events.ts).
  const room = trpc.meetings.getRoom.useQuery({ roomId }, { refetchInterval: left ? false : roomPoll, retry: false });
  const over = room.data?.meeting.status === "ended" || room.data?.meeting.status === "cancelled";
  // The camera goes off once the person left or the meeting is over.
  const media = useLocalMedia(!left && !over);
  useDocumentTitle(room.data?.meeting.title ?? "Meeting room");

  if (room.isLoading) {
    return (
      <div role="status" className="flex items-center gap-2 py-16 text-sm text-muted-foreground">
        <Spinner /> Opening the meeting room…
      </div>
    );
  }
  if (room.isError || !room.data) {
    const code = errorCode(room.error);
    // A room id of the wrong shape is no room either.
    if (code === "NOT_FOUND" || code === "BAD_REQUEST") return <Notice title="Meeting not found">{MEETING_MESSAGES.notFound}</Notice>;
    if (code === "UNAUTHORIZED") return <Notice title="Your place has ended">{MEETING_MESSAGES.guestSessionOver}</Notice>;
    // A guest's room closes with the meeting: the server says whether it ended or was cancelled.
    if (code === "CONFLICT") {
      const message = trpcErrorMessage(room.error);
      if (message === MEETING_MESSAGES.cancelled) return <Notice title="The meeting was cancelled">{message}</Notice>;
      // A guest who was in the room is told who ended it, as a participant is below.
      return <Notice title="The meeting has ended">{entered ? HOST_ENDED : message}</Notice>;
    }
    return (
      <ErrorState title="Could not open the meeting room" message={trpcErrorMessage(room.error)} onRetry={() => void room.refetch()} />
    );
  }
  const state = room.data;
  const ending = state.meeting.status === "ended" || state.meeting.status === "cancelled";
  if (ending) {
    return (
      <Notice title={state.meeting.status === "ended" ? "The meeting has ended" : "The meeting was cancelled"}>
        {state.meeting.status === "ended" ? (entered ? HOST_ENDED : MEETING_MESSAGES.ended) : MEETING_MESSAGES.cancelled}
      </Notice>
    );
  }
  if (state.me.state === "removed") return <Notice title="You were removed">{MEETING_MESSAGES.removed}</Notice>;
  if (state.me.state === "denied") return <Notice title="Not admitted">{MEETING_MESSAGES.denied}</Notice>;
  if (left) {
    return (
      <Notice title="You left the meeting">
        {guest
          ? "Open the link from your e-mail again to rejoin while the meeting lasts."
          : "You can rejoin from this page while the meeting lasts."}
        {!guest && (
          <div className="mt-4">
            <Button onClick={() => window.location.reload()}>Rejoin</Button>
          </div>
        )}
      </Notice>
    );
  }
  if (!entered || state.me.state === "left" || state.me.state === "invited") {
    return <PreJoin state={state} media={media} onEntered={() => setEntered(true)} />;
  }
  return <InRoom state={state} media={media} onLeft={() => setLeft(true)} />;
}

function Notice({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-lg py-12 text-center" role="status">
      <h1 className="text-xl font-semibold">{title}</h1>
      <div className="mt-2 text-sm text-muted-foreground">{children}</div>
    </div>
  );
}

/* ---------- camera and microphone ---------- */
