/** Camera and microphone for the meeting room: the pre-join check and the call use the same stream. */

export interface MediaChoice {
  cameraId: string | null;
  microphoneId: string | null;
}

export interface MediaDevices {
  cameras: MediaDeviceInfo[];
  microphones: MediaDeviceInfo[];
}

/** Why the camera or microphone could not be opened, in the user's terms. */
export function mediaErrorMessage(error: unknown): string {
  const name = (error as { name?: string } | null)?.name;
  if (name === "NotAllowedError" || name === "SecurityError")
    return "The browser did not allow the camera and microphone. Allow them in the address bar and try again.";
  if (name === "NotFoundError" || name === "OverconstrainedError") return "No camera or microphone was found. Connect one and try again.";
  if (name === "NotReadableError") return "The camera or microphone is in use by another program. Close it and try again.";
  return "The camera and microphone could not be opened. Check them and try again.";
}

/** Opens the chosen camera and microphone; with no camera, sound only. */
export async function openMedia(choice: MediaChoice): Promise<MediaStream> {
  const audio: MediaTrackConstraints | boolean = choice.microphoneId ? { deviceId: { exact: choice.microphoneId } } : true;
  const video: MediaTrackConstraints | boolean = choice.cameraId ? { deviceId: { exact: choice.cameraId } } : true;
  try {
    return await navigator.mediaDevices.getUserMedia({ audio, video });
  } catch (error) {
    if ((error as { name?: string }).name === "NotFoundError") return navigator.mediaDevices.getUserMedia({ audio, video: false });
    throw error;
  }
}

/** The cameras and microphones the browser lists (their names once access was allowed). */
export async function listDevices(): Promise<MediaDevices> {
  const all = await navigator.mediaDevices.enumerateDevices();
  return {
    cameras: all.filter((d) => d.kind === "videoinput" && d.deviceId),
    microphones: all.filter((d) => d.kind === "audioinput" && d.deviceId),
  };
}

export const stopStream = (stream: MediaStream | null | undefined) => stream?.getTracks().forEach((t) => t.stop());

/** The recording format this browser can make: WebM where it can, MP4 (Safari) otherwise. */
export function recordingType(): "video/webm" | "video/mp4" | null {
  if (typeof MediaRecorder === "undefined") return null;
  if (MediaRecorder.isTypeSupported("video/webm")) return "video/webm";
  if (MediaRecorder.isTypeSupported("video/mp4")) return "video/mp4";
  return null;
}
