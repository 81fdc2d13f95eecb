import type { RoomState } from "@medlegal/domain";
import { MEETING_MESSAGES } from "@medlegal/domain";
import { Circle, Mic, MicOff, MonitorUp, PhoneOff, Square, Video, VideoOff } from "lucide-react";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";
import { trpc } from "@/lib/trpc";
import { recordingType } from "./media";
import type { MeshCall } from "./mesh-call";
import { MeetingRecorder } from "./recorder";

export const CONNECTION_LABEL: Record<RTCPeerConnectionState, string> = {
  new: "Connecting",
  connecting: "Connecting",
  connected: "Connected",
  disconnected: "Reconnecting",
  failed: "Connection failed",
  closed: "Disconnected",
};

export function Controls({
  state,
  stream,
  call,
  onLeave,
  leaving,
  onEnd,
}: {
  state: RoomState;
  stream: MediaStream | null;
  call: MeshCall | null;
  onLeave: () => void;
  leaving: boolean;
  onEnd: () => void;
}) {
  const [muted, setMuted] = React.useState(false);
  const [cameraOff, setCameraOff] = React.useState(false);
  const [screen, setScreen] = React.useState<MediaStreamTrack | null>(null);

  const toggleMute = () => {
    stream?.getAudioTracks().forEach((t) => (t.enabled = muted));
    setMuted(!muted);
  };
  const toggleCamera = () => {
    stream?.getVideoTracks().forEach((t) => (t.enabled = cameraOff));
    setCameraOff(!cameraOff);
  };
  const stopShare = React.useCallback(async () => {
    setScreen((track) => {
      track?.stop();
      return null;
    });
    await call?.useVideoTrack(null);
  }, [call]);
  const share = async () => {
    if (screen) return void stopShare();
    try {
      const display = await navigator.mediaDevices.getDisplayMedia({ video: true });
      const track = display.getVideoTracks()[0]!;
      track.onended = () => void stopShare();
      setScreen(track);
      await call?.useVideoTrack(track);
    } catch {
      // The person chose not to share: nothing changes.
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Call controls">
      <Button variant={muted ? "destructive" : "outline"} onClick={toggleMute} aria-pressed={muted}>
        {muted ? <MicOff aria-hidden /> : <Mic aria-hidden />} {muted ? "Unmute" : "Mute"}
      </Button>
      <Button variant={cameraOff ? "destructive" : "outline"} onClick={toggleCamera} aria-pressed={cameraOff}>
        {cameraOff ? <VideoOff aria-hidden /> : <Video aria-hidden />} {cameraOff ? "Camera on" : "Camera off"}
      </Button>
      {typeof navigator.mediaDevices?.getDisplayMedia === "function" && (
        <Button variant="outline" onClick={() => void share()} aria-pressed={screen !== null}>
          <MonitorUp aria-hidden /> {screen ? "Stop sharing" : "Share screen"}
        </Button>
      )}
      {state.me.isHost && <RecordButton state={state} stream={stream} call={call} />}
      <Button variant="outline" onClick={onLeave} disabled={leaving}>
        <PhoneOff aria-hidden /> Leave
      </Button>
      {state.me.isHost && (
        <Button variant="destructive" onClick={onEnd}>
          End meeting
        </Button>
      )}
    </div>
  );
}

/** Everyone present and admitted (the host included) has consented. */
const everyoneConsented = (state: RoomState) =>
  state.people.filter((p) => p.state === "admitted" && (p.present || p.id === state.me.participantId)).every((p) => p.consent);

function RecordButton({ state, stream, call }: { state: RoomState; stream: MediaStream | null; call: MeshCall | null }) {
  const utils = trpc.useUtils();
  const roomId = state.meeting.roomId;
  const recorder = React.useRef<MeetingRecorder | null>(null);
  const type = recordingType();
  const meta = { errorTitle: "Recording" };
  const start = trpc.meetings.startRecording.useMutation({ onSuccess: (next) => utils.meetings.getRoom.setData({ roomId }, next), meta });
  const stop = trpc.meetings.stopRecording.useMutation({ onSuccess: (next) => utils.meetings.getRoom.setData({ roomId }, next), meta });
  const recordingId = state.recording?.id ?? null;

  // The server decides when a recording runs (a withdrawal or a newcomer stops it); the page follows.
  React.useEffect(() => {
    if (!recordingId || !type) return;
    const audio = [...(stream?.getAudioTracks() ?? []), ...(call?.remoteAudioTracks() ?? [])];
    const grid = () => Array.from(document.querySelectorAll<HTMLVideoElement>("[data-call-grid] video"));
    const made = new MeetingRecorder(recordingId, grid, audio, type, (message) =>
      toast({ title: "Recording", description: message, variant: "destructive" }),
    );
    recorder.current = made;
    return () => {
      made.stop();
      recorder.current = null;
    };
  }, [recordingId, type, stream, call]);

  if (!type) return null;
  if (recordingId) {
    return (
      <Button variant="outline" onClick={() => stop.mutate({ roomId })} disabled={stop.isPending}>
        <Square aria-hidden /> Stop recording
      </Button>
    );
  }
  const ready = everyoneConsented(state);
  return (
    <Button
      variant="outline"
      onClick={() => start.mutate({ roomId, contentType: type })}
      disabled={!ready || start.isPending}
      title={ready ? undefined : MEETING_MESSAGES.consentMissing}
    >
      <Circle aria-hidden /> Record
    </Button>
  );
}
