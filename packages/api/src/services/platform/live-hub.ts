import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, Listener, ListenerEvent } from "@medlegal/db";
import type { LiveMessage } from "@medlegal/domain";
import { LIVE_MESSAGES, MAX_LIVE_STREAMS_PER_USER } from "@medlegal/domain";
import { AppError } from "../../errors";
import type { LiveEvent } from "./live-events";
import { LIVE_EVENTS_CHANNEL } from "./live-events";
import { now } from "./clock";

/**
 * The channel the session triggers speak on (migration 2026-11-25-82/83): "s:<sid>" a session row
 * changed or went, "u:<user>" a user changed, "n:<user>" a user's notifications changed.
 */
export const SESSION_CHANNEL = "medlegal_sessions";

/** Who holds a stream: a signed-in user's session, or a meeting guest's session. */
export type LiveOwner = { kind: "user"; userId: string; sessionId: string } | { kind: "guest"; participantId: string; guestCookie: string };

export interface LiveHubOptions {
  /**
   * The meeting participant a guest cookie still belongs to (undefined once it no longer does).
   * Injected, so the platform's hub does not import the meetings it serves.
   */
  guestParticipantId: (guestCookie: string) => Promise<string | undefined>;
  maxStreamsPerUser?: number;
  /** Events waiting for a slow client; beyond this its queue becomes one "resync". */
  queueLimit?: number;
  /** How often every stream's session is checked again (idle and absolute expiry). */
  checkIntervalMs?: number;
  /** Recent events kept to replay to a tab that reconnects to this process. */
  replayLimit?: number;
}

export interface LiveItem {
  /** `<process token>:<sequence>`, for tRPC's `tracked()`. */
  id: string;
  message: LiveMessage;
}

interface Stream {
  owner: LiveOwner;
  queue: LiveItem[];
  wake: (() => void) | null;
  /** Set when the session ended: the stream ends with this error. */
  ended: AppError | null;
}

interface Recorded {
  seq: number;
  event: LiveEvent;
}

const isUser = (owner: LiveOwner): owner is Extract<LiveOwner, { kind: "user" }> => owner.kind === "user";

/**
 * One per server process (docs/architecture.md, "Live events"): listens once on the live events
 * channel and the session channel, and hands each event to the open streams of the users (or
 * meeting guests) it names. Events are numbered per process; a stream ends when its session ends.
 */
export class LiveHub {
  /** Tells this process's event ids from another's: a reconnect elsewhere resyncs. */
  readonly token = randomBytes(6).toString("base64url");
  private seq = 0;
  private readonly recent: Recorded[] = [];
  private readonly streams = new Set<Stream>();
  private readonly byUser = new Map<string, Set<Stream>>();
  private readonly byParticipant = new Map<string, Set<Stream>>();
  private readonly stops: (() => void)[] = [];
  private readonly timer: NodeJS.Timeout;
  private readonly maxPerUser: number;
  private readonly queueLimit: number;
  private readonly replayLimit: number;
  private readonly guestParticipantId: LiveHubOptions["guestParticipantId"];
  private closed = false;

  constructor(
    private readonly db: Kysely<Database>,
    listener: Listener,
    options: LiveHubOptions,
  ) {
    this.maxPerUser = options.maxStreamsPerUser ?? MAX_LIVE_STREAMS_PER_USER;
    this.queueLimit = options.queueLimit ?? 100;
    this.replayLimit = options.replayLimit ?? 500;
    this.guestParticipantId = options.guestParticipantId;
    this.stops.push(listener.subscribe(LIVE_EVENTS_CHANNEL, (event) => this.hearLive(event)));
    this.stops.push(listener.subscribe(SESSION_CHANNEL, (event) => this.hearSession(event)));
    this.timer = setInterval(() => void this.check([...this.streams]), options.checkIntervalMs ?? 15_000);
    this.timer.unref();
  }

  /** Every open stream of this process (the server's metrics). */
  get openStreams(): number {
    return this.streams.size;
  }

  /** Open streams of a user, or of a meeting guest (the limit's count: guests have the same limit). */
  count(owner: LiveOwner): number {
    return (isUser(owner) ? this.byUser.get(owner.userId) : this.byParticipant.get(owner.participantId))?.size ?? 0;
  }

  /**
   * Opens a stream: 429 beyond the per-user limit. The stream yields until `signal` aborts (the
   * tab went away) or throws 401 once the session has ended. `lastEventId` from this process
   * replays what was missed; from another process (or too old) the first item is a "resync".
   */
  async *open(owner: LiveOwner, lastEventId: string | null | undefined, signal: AbortSignal | undefined): AsyncGenerator<LiveItem> {
    // A process shutting down ends its streams as completed, never as "session ended": the tab
    // reconnects (to another process behind the load balancer) and keeps its session.
    if (this.closed) return;
    if (this.count(owner) >= this.maxPerUser) throw new AppError("TOO_MANY_REQUESTS", LIVE_MESSAGES.tooMany);
    const stream: Stream = { owner, queue: this.missed(owner, lastEventId), wake: null, ended: null };
    this.add(stream);
    const onAbort = () => stream.wake?.();
    signal?.addEventListener("abort", onAbort);
    try {
      while (!signal?.aborted) {
        if (stream.ended) throw stream.ended;
        if (this.closed) return;
        const next = stream.queue.shift();
        if (next) {
          yield next;
          continue;
        }
        await new Promise<void>((resolve) => (stream.wake = resolve));
        stream.wake = null;
      }
    } finally {
      signal?.removeEventListener("abort", onAbort);
      this.remove(stream);
    }
  }

  /** Stops listening and completes every stream (the process is shutting down; sessions stay valid). */
  close() {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    for (const stop of this.stops) stop();
    for (const stream of this.streams) stream.wake?.();
  }

  private add(stream: Stream) {
    this.streams.add(stream);
    const key = isUser(stream.owner) ? stream.owner.userId : stream.owner.participantId;
    const index = isUser(stream.owner) ? this.byUser : this.byParticipant;
    let set = index.get(key);
    if (!set) index.set(key, (set = new Set()));
    set.add(stream);
  }

  private remove(stream: Stream) {
    this.streams.delete(stream);
    const key = isUser(stream.owner) ? stream.owner.userId : stream.owner.participantId;
    const index = isUser(stream.owner) ? this.byUser : this.byParticipant;
    const set = index.get(key);
    set?.delete(stream);
    if (set?.size === 0) index.delete(key);
  }

  private end(stream: Stream) {
    stream.ended ??= new AppError("UNAUTHORIZED", LIVE_MESSAGES.sessionEnded);
    stream.wake?.();
  }

  private id(seq = this.seq) {
    return `${this.token}:${seq}`;
  }

  /** What a reconnecting tab missed: the events since its last id, or a resync when unknown. */
  private missed(owner: LiveOwner, lastEventId: string | null | undefined): LiveItem[] {
    if (!lastEventId) return [];
    const [token, seqText] = lastEventId.split(":");
    const last = Number(seqText);
    const oldest = this.recent[0]?.seq ?? this.seq + 1;
    if (token !== this.token || last > this.seq || last < oldest - 1) return [{ id: this.id(), message: { kind: "resync" } }];
    return this.recent
      .filter((r) => r.seq > last && addressedTo(r.event, owner))
      .map((r) => ({ id: this.id(r.seq), message: messageOf(r.event) }));
  }

  private deliver(event: LiveEvent) {
    const seq = ++this.seq;
    this.recent.push({ seq, event });
    if (this.recent.length > this.replayLimit) this.recent.shift();
    const targets = new Set<Stream>();
    for (const userId of event.userIds) for (const s of this.byUser.get(userId) ?? []) targets.add(s);
    if (event.kind === "meeting") for (const p of event.participantIds) for (const s of this.byParticipant.get(p) ?? []) targets.add(s);
    // A guest hears its meeting only: a guest's stream is never indexed by user.
    for (const stream of targets) this.push(stream, { id: this.id(seq), message: messageOf(event) });
  }

  private push(stream: Stream, item: LiveItem) {
    if (stream.queue.length >= this.queueLimit) {
      // A client this far behind refetches everything instead of reading a backlog.
      stream.queue = [{ id: item.id, message: { kind: "resync" } }];
    } else if (item.message.kind !== "resync" || stream.queue.at(-1)?.message.kind !== "resync") {
      stream.queue.push(item);
    }
    stream.wake?.();
  }

  private resyncAll() {
    for (const stream of this.streams) this.push(stream, { id: this.id(), message: { kind: "resync" } });
  }

  private hearLive(event: ListenerEvent) {
    if (event.kind === "resync") return this.resyncAll();
    const parsed = parseEvent(event.payload);
    if (parsed) this.deliver(parsed);
  }

  private hearSession(event: ListenerEvent) {
    if (event.kind === "resync") {
      // Revocations may have been missed too.
      this.resyncAll();
      return void this.check([...this.streams]);
    }
    const { payload } = event;
    const id = payload.slice(2);
    if (payload.startsWith("n:")) this.deliver({ kind: "notifications", userIds: [id] });
    else if (payload.startsWith("s:")) void this.check([...this.streams].filter((s) => isUser(s.owner) && s.owner.sessionId === id));
    else if (payload.startsWith("u:")) void this.check([...(this.byUser.get(id) ?? [])]);
  }

  /** Ends the streams whose session is over (gone, expired, the user deactivated). */
  private async check(streams: Stream[]) {
    if (streams.length === 0 || this.closed) return;
    try {
      const users = streams.filter((s) => isUser(s.owner));
      const sids = [...new Set(users.map((s) => (s.owner as Extract<LiveOwner, { kind: "user" }>).sessionId))];
      const alive = new Set<string>();
      if (sids.length > 0) {
        const rows = await this.db
          .selectFrom("sessions")
          .innerJoin("users", "users.id", "sessions.user_id")
          .select(["sessions.sid", "sessions.user_id"])
          .where("sessions.sid", "in", sids)
          .where("sessions.expires_at", ">", now())
          .where("users.is_active", "=", true)
          .execute();
        for (const row of rows) alive.add(`${row.sid}/${row.user_id}`);
      }
      for (const s of users) {
        const owner = s.owner as Extract<LiveOwner, { kind: "user" }>;
        if (!alive.has(`${owner.sessionId}/${owner.userId}`)) this.end(s);
      }
      // One lookup per guest session, however many streams it holds (at most the limit each).
      const guests = streams.filter((s) => s.owner.kind === "guest") as (Stream & { owner: Extract<LiveOwner, { kind: "guest" }> })[];
      const byCookie = new Map<string, string | undefined>();
      for (const s of guests) {
        if (!byCookie.has(s.owner.guestCookie)) byCookie.set(s.owner.guestCookie, await this.guestParticipantId(s.owner.guestCookie));
        if (byCookie.get(s.owner.guestCookie) !== s.owner.participantId) this.end(s);
      }
    } catch {
      // The database is unreachable: the next check decides; a stream is not ended on a hiccup.
    }
  }
}

function addressedTo(event: LiveEvent, owner: LiveOwner): boolean {
  if (isUser(owner)) return event.userIds.includes(owner.userId);
  return event.kind === "meeting" && event.participantIds.includes(owner.participantId);
}

/** What a tab hears: the event without its recipients. */
function messageOf(event: LiveEvent): LiveMessage {
  switch (event.kind) {
    case "notifications":
      return { kind: "notifications" };
    case "thread":
      return { kind: "thread", threadId: event.threadId };
    case "query":
      return { kind: "query", queryId: event.queryId };
    case "meeting":
      return { kind: "meeting", meetingId: event.meetingId };
  }
}

/** A payload from the channel, or null when it is not one of ours. */
function parseEvent(payload: string): LiveEvent | null {
  try {
    const value = JSON.parse(payload) as Partial<LiveEvent> & Record<string, unknown>;
    const ids = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === "string");
    if (!ids(value.userIds)) return null;
    if (value.kind === "notifications") return value as LiveEvent;
    if (value.kind === "thread" && typeof value.threadId === "string") return value as LiveEvent;
    if (value.kind === "query" && typeof value.queryId === "string") return value as LiveEvent;
    if (value.kind === "meeting" && typeof value.meetingId === "string" && ids(value.participantIds)) return value as LiveEvent;
    return null;
  } catch {
    return null;
  }
}
