import type { IceServerConfig, RoomState } from "@medlegal/domain";
import { MEETING_HEARTBEAT_SECONDS } from "@medlegal/domain";
import * as React from "react";
import { isLiveConnected, onLiveMessage } from "@/lib/live-events";
import { trpc } from "@/lib/trpc";
import { MeshCall } from "./mesh-call";
import type { PeerView } from "./mesh-call";

/** How often signals are read; see the room intervals in ./meeting-room.tsx. */
const SIGNAL_POLL_MS = 1000;
const LIVE_SIGNAL_POLL_MS = 5_000;
export function useHeartbeat(roomId: string) {
  const heartbeat = trpc.meetings.heartbeat.useMutation({ meta: { errorToast: false } });
  const beat = heartbeat.mutate;
  React.useEffect(() => {
    const timer = window.setInterval(() => beat({ roomId }), MEETING_HEARTBEAT_SECONDS * 1000);
    return () => window.clearInterval(timer);
  }, [beat, roomId]);
}

/** The connections of this entry into the room, with signals fetched on each live `meeting` event (and by a fallback poll). */
export function useCall(
  state: RoomState,
  stream: MediaStream | null,
  iceServers: IceServerConfig[] | undefined,
): { peers: PeerView[]; call: MeshCall | null } {
  const utils = trpc.useUtils();
  const [call, setCall] = React.useState<MeshCall | null>(null);
  const [peers, setPeers] = React.useState<PeerView[]>([]);
  const roomId = state.meeting.roomId;
  const meetingId = state.meeting.id;
  const callId = state.me.state === "admitted" ? state.me.callId : null;
  const participantId = state.me.participantId;

  React.useEffect(() => {
    if (!callId || !stream || !iceServers) return;
    const mesh: MeshCall = new MeshCall(
      { participantId, callId },
      iceServers,
      stream,
      async (signals) => void (await utils.client.meetings.signal.mutate({ roomId, callId, signals })),
      () => setPeers(mesh.views()),
    );
    setCall(mesh);
    let after = 0;
    let stopped = false;
    let timer = 0;
    let polling = false;
    let again = false;
    const poll = async () => {
      // One read at a time; an event during a read asks for one more right after it.
      if (polling) return void (again = true);
      polling = true;
      window.clearTimeout(timer);
      try {
        do {
          again = false;
          const signals = await utils.client.meetings.listSignals.query({ roomId, callId, after });
          for (const signal of signals) {
            after = Math.max(after, signal.id);
            await mesh.handle(signal);
          }
        } while (again && !stopped);
      } catch {
        // The room's own read shows what went wrong (ended, removed); the next poll tries again.
      }
      polling = false;
      if (!stopped) timer = window.setTimeout(() => void poll(), isLiveConnected() ? LIVE_SIGNAL_POLL_MS : SIGNAL_POLL_MS);
    };
    void poll();
    // A signal for this meeting is announced on the live stream: read it at once.
    const unsubscribe = onLiveMessage((message) => {
      if (message.kind === "meeting" && message.meetingId === meetingId) void poll();
    });
    return () => {
      stopped = true;
      unsubscribe();
      window.clearTimeout(timer);
      mesh.close();
      setCall(null);
      setPeers([]);
    };
  }, [callId, participantId, roomId, meetingId, stream, iceServers, utils]);

  React.useEffect(() => {
    call?.sync(state.people.filter((p) => p.present));
  }, [call, state.people]);

  return { peers, call };
}
