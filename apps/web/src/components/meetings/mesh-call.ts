import type { IceServerConfig, RoomPerson, RoomSignal } from "@medlegal/domain";

/** A signal on its way out: to one entry into the room (participant and call id). */
export interface OutgoingSignal {
  toParticipantId: string;
  toCallId: string;
  kind: "description" | "candidate";
  payload: string;
}

/** One other person in the call, as the page shows them. */
export interface PeerView {
  participantId: string;
  callId: string;
  stream: MediaStream;
  state: RTCPeerConnectionState;
}

interface Peer extends PeerView {
  pc: RTCPeerConnection;
  /** ICE candidates that arrived before the remote description. */
  pending: RTCIceCandidateInit[];
}

/**
 * The browser side of a full-mesh call (docs/architecture.md, "Video assessments"): one
 * RTCPeerConnection per other person admitted and present. To avoid both sides offering at once,
 * the one with the smaller participant id offers and the other answers. Signals travel through the
 * server (`send`, and `handle` for what the page fetched); a person who re-enters has a new call id,
 * and their old connection is replaced.
 */
export class MeshCall {
  private peers = new Map<string, Peer>();
  private outbox: OutgoingSignal[] = [];
  private flushing = false;
  private closed = false;
  private videoTrack: MediaStreamTrack | null;

  constructor(
    private readonly me: { participantId: string; callId: string },
    private readonly iceServers: IceServerConfig[],
    private readonly local: MediaStream,
    private readonly send: (signals: OutgoingSignal[]) => Promise<void>,
    private readonly onChange: () => void,
  ) {
    this.videoTrack = local.getVideoTracks()[0] ?? null;
  }

  /** The other people as the page shows them, in the room's order. */
  views(): PeerView[] {
    return [...this.peers.values()].map(({ participantId, callId, stream, state }) => ({ participantId, callId, stream, state }));
  }

  /** Brings the connections in line with who is in the room now. */
  sync(people: RoomPerson[]): void {
    if (this.closed) return;
    const others = people.filter((p) => p.id !== this.me.participantId && p.state === "admitted" && p.callId);
    for (const [id, peer] of this.peers) {
      const now = others.find((p) => p.id === id);
      if (!now || now.callId !== peer.callId) this.drop(id);
    }
    for (const person of others) {
      if (this.peers.has(person.id) || person.id > this.me.participantId) continue;
      void this.offer(person.id, person.callId!);
    }
  }

  /** One signal fetched from the server for this entry into the room. */
  async handle(signal: RoomSignal): Promise<void> {
    if (this.closed) return;
    try {
      if (signal.kind === "description") {
        const description = JSON.parse(signal.payload) as RTCSessionDescriptionInit;
        if (description.type === "offer") {
          const existing = this.peers.get(signal.fromParticipantId);
          if (existing && existing.callId !== signal.fromCallId) this.drop(signal.fromParticipantId);
          const peer = this.peers.get(signal.fromParticipantId) ?? this.connect(signal.fromParticipantId, signal.fromCallId);
          await peer.pc.setRemoteDescription(description);
          await this.flushCandidates(peer);
          await peer.pc.setLocalDescription(await peer.pc.createAnswer());
          this.queue(peer, "description", JSON.stringify(peer.pc.localDescription));
        } else {
          const peer = this.peerFor(signal);
          if (!peer || peer.pc.signalingState !== "have-local-offer") return;
          await peer.pc.setRemoteDescription(description);
          await this.flushCandidates(peer);
        }
      } else {
        const peer = this.peerFor(signal);
        if (!peer) return;
        const candidate = JSON.parse(signal.payload) as RTCIceCandidateInit;
        if (peer.pc.remoteDescription) await peer.pc.addIceCandidate(candidate);
        else peer.pending.push(candidate);
      }
    } catch (error) {
      // A signal that no longer fits (a connection replaced meanwhile) is dropped; the next entry starts afresh.
      console.warn("Meeting signal not applied", error);
    }
  }

  /** Sends the screen (or the camera again, with null) instead of the camera to everyone. */
  async useVideoTrack(track: MediaStreamTrack | null): Promise<void> {
    const next = track ?? this.local.getVideoTracks()[0] ?? null;
    this.videoTrack = next;
    await Promise.all(
      [...this.peers.values()].map(async (peer) => {
        const sender = peer.pc.getTransceivers().find((t) => t.receiver.track.kind === "video")?.sender;
        if (sender) await sender.replaceTrack(next);
      }),
    );
  }

  /** The remote audio, for a recording of the whole conversation. */
  remoteAudioTracks(): MediaStreamTrack[] {
    return [...this.peers.values()].flatMap((p) => p.stream.getAudioTracks());
  }

  close(): void {
    this.closed = true;
    for (const id of [...this.peers.keys()]) this.drop(id);
  }

  private peerFor(signal: RoomSignal): Peer | undefined {
    const peer = this.peers.get(signal.fromParticipantId);
    return peer && peer.callId === signal.fromCallId ? peer : undefined;
  }

  private connect(participantId: string, callId: string): Peer {
    const pc = new RTCPeerConnection({ iceServers: this.iceServers });
    const peer: Peer = { participantId, callId, pc, stream: new MediaStream(), state: pc.connectionState, pending: [] };
    for (const track of this.local.getAudioTracks()) pc.addTrack(track, this.local);
    if (this.videoTrack) pc.addTrack(this.videoTrack, this.local);
    pc.onicecandidate = (event) => {
      if (event.candidate) this.queue(peer, "candidate", JSON.stringify(event.candidate.toJSON()));
    };
    pc.ontrack = (event) => {
      if (!peer.stream.getTracks().includes(event.track)) peer.stream.addTrack(event.track);
      this.onChange();
    };
    pc.onconnectionstatechange = () => {
      peer.state = pc.connectionState;
      this.onChange();
    };
    this.peers.set(participantId, peer);
    this.onChange();
    return peer;
  }

  private async offer(participantId: string, callId: string) {
    const peer = this.connect(participantId, callId);
    try {
      await peer.pc.setLocalDescription(await peer.pc.createOffer());
      this.queue(peer, "description", JSON.stringify(peer.pc.localDescription));
    } catch (error) {
      console.warn("Meeting offer failed", error);
    }
  }

  private async flushCandidates(peer: Peer) {
    for (const candidate of peer.pending.splice(0)) await peer.pc.addIceCandidate(candidate);
  }

  private drop(participantId: string) {
    const peer = this.peers.get(participantId);
    if (!peer) return;
    peer.pc.onicecandidate = null;
    peer.pc.ontrack = null;
    peer.pc.onconnectionstatechange = null;
    peer.pc.close();
    this.peers.delete(participantId);
    this.onChange();
  }

  private queue(peer: Peer, kind: OutgoingSignal["kind"], payload: string) {
    this.outbox.push({ toParticipantId: peer.participantId, toCallId: peer.callId, kind, payload });
    void this.flush();
  }

  /** Sends what is queued, at most 20 signals a request (the server's limit), one request at a time. */
  private async flush() {
    if (this.flushing) return;
    this.flushing = true;
    try {
      // Candidates come in bursts: a moment's wait sends them together.
      await new Promise((resolve) => setTimeout(resolve, 50));
      while (this.outbox.length && !this.closed) {
        const batch = this.outbox.splice(0, 20);
        try {
          await this.send(batch);
        } catch (error) {
          console.warn("Meeting signals not sent", error);
        }
      }
    } finally {
      this.flushing = false;
    }
  }
}
