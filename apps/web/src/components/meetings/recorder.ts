/**
 * The host's recording (docs/decisions.md, "Video assessments"): MediaRecorder on a canvas that
 * redraws the call grid (everyone's video) with everyone's sound mixed in, handing over a chunk
 * every few seconds; the chunks go to
 * POST /api/meetings/recordings/{id}/chunks/{seq} one after another, in order, so the files store
 * holds the recording as it grows and a closed tab loses seconds, not the meeting.
 */
const CHUNK_MS = 5000;
const FRAME_RATE = 15;
const WIDTH = 1280;
const HEIGHT = 720;

/** Draws the videos side by side (two columns from two people on), each fitted into its cell. */
function drawGrid(context: CanvasRenderingContext2D, videos: HTMLVideoElement[]) {
  context.fillStyle = "#000";
  context.fillRect(0, 0, WIDTH, HEIGHT);
  const columns = videos.length > 1 ? 2 : 1;
  const rows = Math.max(1, Math.ceil(videos.length / columns));
  const cellW = WIDTH / columns;
  const cellH = HEIGHT / rows;
  videos.forEach((video, i) => {
    if (!video.videoWidth || !video.videoHeight) return;
    const scale = Math.min(cellW / video.videoWidth, cellH / video.videoHeight);
    const w = video.videoWidth * scale;
    const h = video.videoHeight * scale;
    context.drawImage(video, (i % columns) * cellW + (cellW - w) / 2, Math.floor(i / columns) * cellH + (cellH - h) / 2, w, h);
  });
}

export class MeetingRecorder {
  private recorder: MediaRecorder;
  private audio: AudioContext;
  private seq = 0;
  private uploads: Promise<void> = Promise.resolve();
  private timer: number;

  constructor(
    private readonly recordingId: string,
    videos: () => HTMLVideoElement[],
    audioTracks: MediaStreamTrack[],
    type: string,
    private readonly onError: (message: string) => void,
  ) {
    this.audio = new AudioContext();
    const mix = this.audio.createMediaStreamDestination();
    for (const track of audioTracks) this.audio.createMediaStreamSource(new MediaStream([track])).connect(mix);
    const canvas = document.createElement("canvas");
    canvas.width = WIDTH;
    canvas.height = HEIGHT;
    const context = canvas.getContext("2d")!;
    // A timer rather than animation frames: those stop while the host's tab is in the background.
    this.timer = window.setInterval(() => drawGrid(context, videos()), 1000 / FRAME_RATE);
    const tracks = [...canvas.captureStream(FRAME_RATE).getVideoTracks(), ...mix.stream.getAudioTracks()];
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
      const res = await fetch(`/api/meetings/recordings/${encodeURIComponent(this.recordingId)}/chunks/${seq}`, {
        method: "POST",
        body,
        credentials: "include",
      });
      if (!res.ok) {
        const answer = (await res.json().catch(() => null)) as { message?: string } | null;
        this.onError(answer?.message ?? "A part of the recording could not be saved.");
      }
    });
  }

  /** Stops recording; the last chunk is handed over and uploaded after this. */
  stop(): void {
    if (this.recorder.state !== "inactive") this.recorder.stop();
    window.clearInterval(this.timer);
    void this.uploads.finally(() => void this.audio.close());
  }
}
