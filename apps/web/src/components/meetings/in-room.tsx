import type { RoomPerson, RoomState } from "@medlegal/domain";
import { Circle } from "lucide-react";
import * as React from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { trpc } from "@/lib/trpc";
import type { PeerView } from "./mesh-call";
import { CONNECTION_LABEL, Controls } from "./room-controls";
import { VideoView } from "./room-media";
import type { LocalMedia } from "./room-media";
import { useHeartbeat, useCall } from "./use-call";
import { Consent, Lobby } from "./room-lobby";

export function InRoom({ state, media, onLeft }: { state: RoomState; media: LocalMedia; onLeft: () => void }) {
  const roomId = state.meeting.roomId;
  const utils = trpc.useUtils();
  useHeartbeat(roomId);
  const ice = trpc.meetings.getIceServers.useQuery({ roomId }, { staleTime: Infinity, enabled: state.me.state === "admitted" });
  const { peers, call } = useCall(state, media.stream, ice.data);
  const setRoom = (next: RoomState) => utils.meetings.getRoom.setData({ roomId }, next);
  const meta = { errorTitle: "That did not work" };
  const leave = trpc.meetings.leave.useMutation({ onSuccess: () => onLeft(), meta });
  const end = trpc.meetings.end.useMutation({ onSuccess: setRoom, meta });
  const [confirmEnd, setConfirmEnd] = React.useState(false);

  // Going elsewhere in the app leaves the room (a closed tab drops out when its check-ins stop).
  const live = React.useRef(true);
  live.current = state.meeting.status !== "ended" && state.meeting.status !== "cancelled" && !leave.isSuccess;
  React.useEffect(
    () => () => {
      if (live.current) void utils.client.meetings.leave.mutate({ roomId }).catch(() => undefined);
    },
    [roomId, utils],
  );

  if (state.me.state === "waiting") {
    return (
      <div className="mx-auto grid max-w-2xl gap-4">
        <div>
          <h1 className="text-xl font-semibold tracking-tight sm:text-2xl">{state.meeting.title}</h1>
          <p className="mt-1 text-sm text-muted-foreground" role="status">
            You are in the waiting room. The host will let you in shortly.
          </p>
        </div>
        <VideoView stream={media.stream} muted label="Your camera preview" />
        <div>
          <Button variant="outline" onClick={() => leave.mutate({ roomId })} disabled={leave.isPending}>
            Leave the waiting room
          </Button>
        </div>
      </div>
    );
  }

  const others = state.people.filter((p) => p.id !== state.me.participantId && p.state === "admitted" && p.present);
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-xl font-semibold tracking-tight break-words sm:text-2xl">{state.meeting.title}</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            {others.length === 0 ? "Nobody else is in the room yet." : `${others.length + 1} people in the room`}
          </p>
        </div>
        {state.recording && (
          <Badge variant="destructive" role="status">
            <Circle className="size-3 fill-current" aria-hidden /> Recording
          </Badge>
        )}
      </div>
      <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid content-start gap-3">
          <CallGrid state={state} peers={peers} others={others} local={media.stream} />
          <Controls
            state={state}
            stream={media.stream}
            call={call}
            onLeave={() => leave.mutate({ roomId })}
            leaving={leave.isPending}
            onEnd={() => setConfirmEnd(true)}
          />
        </div>
        <div className="grid content-start gap-4">
          {state.me.isHost && <Lobby state={state} onChange={setRoom} />}
          <Consent state={state} onChange={setRoom} />
        </div>
      </div>
      <ConfirmDialog
        open={confirmEnd}
        onOpenChange={setConfirmEnd}
        title="End the meeting for everyone?"
        description="Everyone is told the meeting has ended, and nobody can join it again."
        confirmLabel="End meeting"
        destructive
        pending={end.isPending}
        onConfirm={() => end.mutate({ roomId }, { onSettled: () => setConfirmEnd(false) })}
      />
    </div>
  );
}

function CallGrid({
  state,
  peers,
  others,
  local,
}: {
  state: RoomState;
  peers: PeerView[];
  others: RoomPerson[];
  local: MediaStream | null;
}) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-label="People in the call" data-call-grid>
      <li className="relative overflow-hidden rounded-md bg-black">
        <VideoView stream={local} muted label="Your video" />
        <TileCaption name={`${state.me.name} (you)`} />
      </li>
      {others.map((person) => {
        const peer = peers.find((p) => p.participantId === person.id);
        const connection = peer?.state ?? "new";
        return (
          <li key={person.id} className="relative overflow-hidden rounded-md bg-black" data-peer={person.name} data-connection={connection}>
            <VideoView stream={peer?.stream ?? null} label={`Video of ${person.name}`} />
            <TileCaption name={person.name} detail={CONNECTION_LABEL[connection]} />
          </li>
        );
      })}
    </ul>
  );
}

function TileCaption({ name, detail }: { name: string; detail?: string }) {
  return (
    <div className="absolute inset-x-2 bottom-2 flex flex-wrap items-center gap-2">
      <span className="rounded bg-black/75 px-2 py-0.5 text-xs font-medium text-white">{name}</span>
      {detail && <span className="rounded bg-black/75 px-2 py-0.5 text-xs text-white">{detail}</span>}
    </div>
  );
}
