import type { IceServerConfig, RoomPerson, RoomState } from "@medlegal/domain";
import { MEETING_HEARTBEAT_SECONDS, MEETING_MESSAGES } from "@medlegal/domain";
import { Circle, Mic, MicOff, MonitorUp, PhoneOff, Square, Video, VideoOff } from "lucide-react";
import * as React from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorState } from "@/components/ui/error-state";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { toast } from "@/hooks/use-toast";
import { formatDateTime } from "@/lib/format";
import { useLiveConnected, useLiveEvents } from "@/hooks/use-live-events";
import { isLiveConnected, onLiveMessage } from "@/lib/live-events";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage } from "@/lib/trpc-errors";
import { listDevices, mediaErrorMessage, openMedia, recordingType, stopStream } from "./media";
import type { MediaChoice, MediaDevices } from "./media";
import { MeshCall } from "./mesh-call";
import type { PeerView } from "./mesh-call";
import { MeetingRecorder } from "./recorder";

/**
 * How often the room and its signals are read: a `meeting` event of the live stream reads both at
 * once (docs/architecture.md, "Live events"), so while the stream is open these are a slow safety
 * net; while it is down the page polls as it did before the stream.
 */
const ROOM_POLL_MS = 2000;
const SIGNAL_POLL_MS = 1000;
const LIVE_ROOM_POLL_MS = 10_000;
const LIVE_SIGNAL_POLL_MS = 5_000;

const CONNECTION_LABEL: Record<RTCPeerConnectionState, string> = {
  new: "Connecting",
  connecting: "Connecting",
  connected: "Connected",
  disconnected: "Reconnecting",
  failed: "Connection failed",
  closed: "Disconnected",
};

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
    return <ErrorState title="Could not open the meeting room" message={trpcErrorMessage(room.error)} onRetry={() => void room.refetch()} />;
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
        {guest ? "Open the link from your e-mail again to rejoin while the meeting lasts." : "You can rejoin from this page while the meeting lasts."}
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

interface LocalMedia {
  stream: MediaStream | null;
  error: string | null;
  devices: MediaDevices;
  choice: MediaChoice;
  choose: (choice: MediaChoice) => void;
  retry: () => void;
}

function useLocalMedia(active: boolean): LocalMedia {
  const [stream, setStream] = React.useState<MediaStream | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const [devices, setDevices] = React.useState<MediaDevices>({ cameras: [], microphones: [] });
  const [choice, setChoice] = React.useState<MediaChoice>({ cameraId: null, microphoneId: null });
  const [attempt, setAttempt] = React.useState(0);

  React.useEffect(() => {
    if (!active) return;
    let cancelled = false;
    let opened: MediaStream | null = null;
    setError(null);
    openMedia(choice)
      .then(async (s) => {
        if (cancelled) return stopStream(s);
        opened = s;
        setStream(s);
        setDevices(await listDevices());
      })
      .catch((e: unknown) => !cancelled && setError(mediaErrorMessage(e)));
    return () => {
      cancelled = true;
      stopStream(opened);
    };
  }, [active, choice, attempt]);

  return { stream, error, devices, choice, choose: setChoice, retry: () => setAttempt((a) => a + 1) };
}

function VideoView({ stream, muted, label, className }: { stream: MediaStream | null; muted?: boolean; label: string; className?: string }) {
  const ref = React.useRef<HTMLVideoElement>(null);
  React.useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  return <video ref={ref} autoPlay playsInline muted={muted} aria-label={label} className={className ?? "aspect-video w-full rounded-md bg-black object-cover"} />;
}

/* ---------- before entering ---------- */

function PreJoin({ state, media, onEntered }: { state: RoomState; media: LocalMedia; onEntered: () => void }) {
  const utils = trpc.useUtils();
  const enter = trpc.meetings.enter.useMutation({
    onSuccess: (next) => {
      utils.meetings.getRoom.setData({ roomId: state.meeting.roomId }, next);
      onEntered();
    },
  });
  const opensLater = new Date(state.meeting.opensAt).getTime() > Date.now();
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div>
        <h1 className="text-xl font-semibold tracking-tight sm:text-2xl">{state.meeting.title}</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          {formatDateTime(state.meeting.startsAt)} · joining as {state.me.name}
          {state.me.isHost && " (host)"}
        </p>
        <div className="mt-4">
          {media.error ? (
            <div className="flex aspect-video w-full flex-col items-center justify-center gap-3 rounded-md bg-muted p-6 text-center text-sm" role="alert">
              <p>{media.error}</p>
              <Button variant="outline" onClick={media.retry}>
                Try again
              </Button>
            </div>
          ) : (
            <VideoView stream={media.stream} muted label="Your camera preview" />
          )}
        </div>
      </div>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Check your camera and microphone</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor="meeting-camera">Camera</Label>
            <NativeSelect id="meeting-camera" value={media.choice.cameraId ?? media.stream?.getVideoTracks()[0]?.getSettings().deviceId ?? ""} onChange={(e) => media.choose({ ...media.choice, cameraId: e.target.value || null })} disabled={media.devices.cameras.length === 0}>
              {media.devices.cameras.length === 0 && <option value="">No camera found</option>}
              {media.devices.cameras.map((d, i) => (
                <option key={d.deviceId} value={d.deviceId}>
                  {d.label || `Camera ${i + 1}`}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="meeting-microphone">Microphone</Label>
            <NativeSelect id="meeting-microphone" value={media.choice.microphoneId ?? media.stream?.getAudioTracks()[0]?.getSettings().deviceId ?? ""} onChange={(e) => media.choose({ ...media.choice, microphoneId: e.target.value || null })} disabled={media.devices.microphones.length === 0}>
              {media.devices.microphones.length === 0 && <option value="">No microphone found</option>}
              {media.devices.microphones.map((d, i) => (
                <option key={d.deviceId} value={d.deviceId}>
                  {d.label || `Microphone ${i + 1}`}
                </option>
              ))}
            </NativeSelect>
          </div>
          <p className="text-sm text-muted-foreground">
            {state.me.isHost ? "You host this meeting: you go straight in and let the others in from the waiting room." : "You wait in the waiting room until the host lets you in."}
          </p>
          {opensLater && <p className="text-sm text-muted-foreground">The room opens at {formatDateTime(state.meeting.opensAt)}.</p>}
          {enter.error && (
            <p className="text-sm font-medium text-destructive" role="alert">
              {trpcErrorMessage(enter.error)}
            </p>
          )}
          <Button onClick={() => enter.mutate({ roomId: state.meeting.roomId })} disabled={enter.isPending || !media.stream}>
            {enter.isPending && <Spinner />}
            {state.me.isHost ? "Start meeting" : "Join meeting"}
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}

/* ---------- in the waiting room and the call ---------- */

function useHeartbeat(roomId: string) {
  const heartbeat = trpc.meetings.heartbeat.useMutation();
  const beat = heartbeat.mutate;
  React.useEffect(() => {
    const timer = window.setInterval(() => beat({ roomId }), MEETING_HEARTBEAT_SECONDS * 1000);
    return () => window.clearInterval(timer);
  }, [beat, roomId]);
}

/** The connections of this entry into the room, with signals fetched on each live `meeting` event (and by a fallback poll). */
function useCall(state: RoomState, stream: MediaStream | null, iceServers: IceServerConfig[] | undefined): { peers: PeerView[]; call: MeshCall | null } {
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

function InRoom({ state, media, onLeft }: { state: RoomState; media: LocalMedia; onLeft: () => void }) {
  const roomId = state.meeting.roomId;
  const utils = trpc.useUtils();
  useHeartbeat(roomId);
  const ice = trpc.meetings.getIceServers.useQuery({ roomId }, { staleTime: Infinity, enabled: state.me.state === "admitted" });
  const { peers, call } = useCall(state, media.stream, ice.data);
  const setRoom = (next: RoomState) => utils.meetings.getRoom.setData({ roomId }, next);
  const onError = (error: unknown) => toast({ title: "That did not work", description: trpcErrorMessage(error), variant: "destructive" });
  const leave = trpc.meetings.leave.useMutation({ onSuccess: () => onLeft(), onError });
  const end = trpc.meetings.end.useMutation({ onSuccess: setRoom, onError });
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
          <Controls state={state} stream={media.stream} call={call} onLeave={() => leave.mutate({ roomId })} leaving={leave.isPending} onEnd={() => setConfirmEnd(true)} />
        </div>
        <div className="grid content-start gap-4">
          {state.me.isHost && <Lobby state={state} onChange={setRoom} onError={onError} />}
          <Consent state={state} onChange={setRoom} onError={onError} />
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

function CallGrid({ state, peers, others, local }: { state: RoomState; peers: PeerView[]; others: RoomPerson[]; local: MediaStream | null }) {
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

function Controls({ state, stream, call, onLeave, leaving, onEnd }: { state: RoomState; stream: MediaStream | null; call: MeshCall | null; onLeave: () => void; leaving: boolean; onEnd: () => void }) {
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
const everyoneConsented = (state: RoomState) => state.people.filter((p) => p.state === "admitted" && (p.present || p.id === state.me.participantId)).every((p) => p.consent);

function RecordButton({ state, stream, call }: { state: RoomState; stream: MediaStream | null; call: MeshCall | null }) {
  const utils = trpc.useUtils();
  const roomId = state.meeting.roomId;
  const recorder = React.useRef<MeetingRecorder | null>(null);
  const type = recordingType();
  const onError = (error: unknown) => toast({ title: "Recording", description: trpcErrorMessage(error), variant: "destructive" });
  const start = trpc.meetings.startRecording.useMutation({ onSuccess: (next) => utils.meetings.getRoom.setData({ roomId }, next), onError });
  const stop = trpc.meetings.stopRecording.useMutation({ onSuccess: (next) => utils.meetings.getRoom.setData({ roomId }, next), onError });
  const recordingId = state.recording?.id ?? null;

  // The server decides when a recording runs (a withdrawal or a newcomer stops it); the page follows.
  React.useEffect(() => {
    if (!recordingId || !type) return;
    const audio = [...(stream?.getAudioTracks() ?? []), ...(call?.remoteAudioTracks() ?? [])];
    const grid = () => Array.from(document.querySelectorAll<HTMLVideoElement>('[data-call-grid] video'));
    const made = new MeetingRecorder(recordingId, grid, audio, type, (message) => toast({ title: "Recording", description: message, variant: "destructive" }));
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
    <Button variant="outline" onClick={() => start.mutate({ roomId, contentType: type })} disabled={!ready || start.isPending} title={ready ? undefined : MEETING_MESSAGES.consentMissing}>
      <Circle aria-hidden /> Record
    </Button>
  );
}

function Consent({ state, onChange, onError }: { state: RoomState; onChange: (next: RoomState) => void; onError: (e: unknown) => void }) {
  const consent = trpc.meetings.setConsent.useMutation({ onSuccess: onChange, onError });
  const waitingFor = state.people.filter((p) => p.state === "admitted" && p.present && !p.consent).map((p) => p.name);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Recording consent</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <div className="flex items-start gap-3">
          <Switch id="meeting-consent" checked={state.me.consent} onCheckedChange={(next) => consent.mutate({ roomId: state.meeting.roomId, consent: next })} disabled={consent.isPending} aria-describedby="meeting-consent-help" />
          <Label htmlFor="meeting-consent" className="leading-5">
            I consent to this meeting being recorded
          </Label>
        </div>
        <p id="meeting-consent-help" className="text-muted-foreground">
          Nothing is recorded until everyone in the room has consented. Withdrawing consent stops a recording at once.
        </p>
        {waitingFor.length > 0 && <p className="text-muted-foreground">Not yet consented: {waitingFor.join(", ")}.</p>}
      </CardContent>
    </Card>
  );
}

function Lobby({ state, onChange, onError }: { state: RoomState; onChange: (next: RoomState) => void; onError: (e: unknown) => void }) {
  const roomId = state.meeting.roomId;
  const admit = trpc.meetings.admit.useMutation({ onSuccess: onChange, onError });
  const deny = trpc.meetings.deny.useMutation({ onSuccess: onChange, onError });
  const remove = trpc.meetings.remove.useMutation({ onSuccess: onChange, onError });
  const busy = admit.isPending || deny.isPending || remove.isPending;
  const waiting = state.people.filter((p) => p.state === "waiting" && p.present);
  const inRoom = state.people.filter((p) => p.state === "admitted" && p.present && p.id !== state.me.participantId);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Waiting room</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        {waiting.length === 0 ? (
          <p className="text-muted-foreground">Nobody is waiting.</p>
        ) : (
          <ul className="grid gap-3" aria-label="Waiting to be admitted">
            {waiting.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  <span className="font-medium">{p.name}</span> <span className="text-muted-foreground">{p.roleLabel}</span>
                </span>
                <span className="flex gap-2">
                  <Button size="sm" onClick={() => admit.mutate({ roomId, participantId: p.id })} disabled={busy} aria-label={`Admit ${p.name}`}>
                    Admit
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => deny.mutate({ roomId, participantId: p.id })} disabled={busy} aria-label={`Turn away ${p.name}`}>
                    Turn away
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        )}
        {inRoom.length > 0 && (
          <div>
            <h3 className="mb-2 font-medium">In the room</h3>
            <ul className="grid gap-2">
              {inRoom.map((p) => (
                <li key={p.id} className="flex flex-wrap items-center justify-between gap-2">
                  <span>
                    {p.name} <span className="text-muted-foreground">{p.roleLabel}</span>
                  </span>
                  <Button size="sm" variant="outline" onClick={() => remove.mutate({ roomId, participantId: p.id })} disabled={busy} aria-label={`Remove ${p.name}`}>
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
