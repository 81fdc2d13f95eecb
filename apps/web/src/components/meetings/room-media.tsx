import * as React from "react";
import { listDevices, mediaErrorMessage, openMedia, stopStream } from "./media";
import type { MediaChoice, MediaDevices } from "./media";

export interface LocalMedia {
  stream: MediaStream | null;
  error: string | null;
  devices: MediaDevices;
  choice: MediaChoice;
  choose: (choice: MediaChoice) => void;
  retry: () => void;
}

export function useLocalMedia(active: boolean): LocalMedia {
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

export function VideoView({
  stream,
  muted,
  label,
  className,
}: {
  stream: MediaStream | null;
  muted?: boolean;
  label: string;
  className?: string;
}) {
  const ref = React.useRef<HTMLVideoElement>(null);
  React.useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  return (
    <video
      ref={ref}
      autoPlay
      playsInline
      muted={muted}
      aria-label={label}
      className={className ?? "aspect-video w-full rounded-md bg-black object-cover"}
    />
  );
}

/* ---------- before entering ---------- */
