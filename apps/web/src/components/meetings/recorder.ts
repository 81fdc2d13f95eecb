/**
 * The host's recording (docs/decisions.md, "Video assessments"): MediaRecorder on the host's
 * camera with everyone's sound mixed in, handing over a chunk every few seconds; the chunks go to
 * POST /api/meetings/recordings/{id}/chunks/{seq} one after another, in order, so the files store
 * holds the recording as it grows and a closed tab loses seconds, not the meeting.
 */
const CHUNK_MS = 5000;

export class MeetingRecorder {
  private recorder: MediaRecorder;
  private audio: AudioContext;
  private seq = 0;
  private uploads: Promise<void> = Promise.resolve();

  constructor(
    private readonly recordingId: string,
    video: MediaStreamTrack | null,
    audioTracks: MediaStreamTrack[],
    type: string,
    private readonly onError: (message: string) => void,
  ) {
    this.audio = new AudioContext();
    const mix = this.audio.createMediaStreamDestination();
    for (const track of audioTracks) this.audio.createMediaStreamSource(new MediaStream([track])).connect(mix);
    const tracks = [...(video ? [video] : []), ...mix.stream.getAudioTracks()];
    this.recorder = new MediaRecorder(new MediaStream(tracks), { mimeType: type });
    this.recorder.ondataavailable = (event) => {
      if (event.data.size > 0) this.upload(event.data, type);
    };
    this.recorder.start(CHUNK_MS);
  }

  private upload(data: Blob, type: string) {
    const seq = this.seq++;
    this.uploads = this.uploads.then(async () => {
      const body = new FormData();
      body.append("file", new File([data], `recording-${seq}`, { type }));
      const res = await fetch(`/api/meetings/recordings/${encodeURIComponent(this.recordingId)}/chunks/${seq}`, { method: "POST", body, credentials: "include" });
      if (!res.ok) {
        const answer = (await res.json().catch(() => null)) as { message?: string } | null;
        this.onError(answer?.message ?? "A part of the recording could not be saved.");
      }
    });
  }

  /** Stops recording; the last chunk is handed over and uploaded after this. */
  stop(): void {
    if (this.recorder.state !== "inactive") this.recorder.stop();
    void this.uploads.finally(() => void this.audio.close());
  }
}
