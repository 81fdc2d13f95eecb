import type { RoomState } from "@medlegal/domain";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { formatDateTime } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage } from "@/lib/trpc-errors";
import { VideoView } from "./room-media";
import type { LocalMedia } from "./room-media";

export function PreJoin({ state, media, onEntered }: { state: RoomState; media: LocalMedia; onEntered: () => void }) {
  const utils = trpc.useUtils();
  const enter = trpc.meetings.enter.useMutation({
    meta: { errorToast: false },
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
            <div
              className="flex aspect-video w-full flex-col items-center justify-center gap-3 rounded-md bg-muted p-6 text-center text-sm"
              role="alert"
            >
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
            <NativeSelect
              id="meeting-camera"
              value={media.choice.cameraId ?? media.stream?.getVideoTracks()[0]?.getSettings().deviceId ?? ""}
              onChange={(e) => media.choose({ ...media.choice, cameraId: e.target.value || null })}
              disabled={media.devices.cameras.length === 0}
            >
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
            <NativeSelect
              id="meeting-microphone"
              value={media.choice.microphoneId ?? media.stream?.getAudioTracks()[0]?.getSettings().deviceId ?? ""}
              onChange={(e) => media.choose({ ...media.choice, microphoneId: e.target.value || null })}
              disabled={media.devices.microphones.length === 0}
            >
              {media.devices.microphones.length === 0 && <option value="">No microphone found</option>}
              {media.devices.microphones.map((d, i) => (
                <option key={d.deviceId} value={d.deviceId}>
                  {d.label || `Microphone ${i + 1}`}
                </option>
              ))}
            </NativeSelect>
          </div>
          <p className="text-sm text-muted-foreground">
            {state.me.isHost
              ? "You host this meeting: you go straight in and let the others in from the waiting room."
              : "You wait in the waiting room until the host lets you in."}
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
