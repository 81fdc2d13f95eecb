import { randomUUID } from "node:crypto";
import type { Session } from "fastify";
import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Database } from "@medlegal/db";
import type { Listener, ListenerEvent } from "@medlegal/db";
import type { CurrentUser } from "@medlegal/domain";
import { SESSION_CHANNEL } from "@medlegal/api";
import type { JsonAnswer } from "./compression";
import { LruMap } from "./lru-map";

/** The channel the session-revocation triggers speak on (migration 2026-11-25-82); the live hub hears it too. */
export { SESSION_CHANNEL };

/** How long a request waits for its own barrier before this process stops trusting memory. */
const BARRIER_WAIT_MS = 2_000;

/** Enough for every signed-in tab of a busy agency; the oldest unused entry goes first. */
const MAX_ENTRIES = 10_000;

/**
 * What a kept bell list counts against NOTIFICATION_LIST_CACHE_MB: twice its JSON, for the JSON
 * and the compressed forms made from it (each well under the JSON's size).
 */
const listWeight = (entry: KeptList) => 2 * entry.answer.bytes;

type StoredSession = Omit<Session, "cookie">;
/** A user's bell list as sent, with the version it was read at or after. */
type KeptList = { version: number; answer: JsonAnswer };

/**
 * Sessions and their signed-in users (and each user's bell version and list), kept in this process
 * so most requests learn who is asking without a database round trip (docs/decisions.md, "Session cache"). It serves from memory only
 * while this process hears the revocation channel with nothing missed; triggers announce every
 * change to sessions, users, second factors, settings and specializations, and each announcement
 * drops what it concerns on every process at once. Without a listener it holds nothing.
 */
export class SessionCache {
  private readonly sessions = new LruMap<string, StoredSession>({ maxEntries: MAX_ENTRIES });
  private readonly users = new LruMap<string, CurrentUser>({ maxEntries: MAX_ENTRIES });
  /** Each user's notification version (the bell's ETag). */
  private readonly versions = new LruMap<string, number>({ maxEntries: MAX_ENTRIES });
  private readonly lists: LruMap<string, KeptList>;
  /**
   * Moves with every announcement: a read that started before one may have read the old row, so
   * it is not kept (a change committed during the read would otherwise stay cached).
   */
  private epoch = 0;
  /** Barriers sent by this process, by token, waiting to come back on the channel. */
  private readonly barriers = new Map<string, () => void>();

  constructor(
    private readonly listener: Listener | null,
    /** Bytes of bell lists to keep (NOTIFICATION_LIST_CACHE_MB); 0 keeps none (docs/decisions.md, "Session cache"). */
    listBytes: number,
  ) {
    this.lists = new LruMap<string, KeptList>({ maxEntries: MAX_ENTRIES, maxWeight: listBytes, weigh: listWeight });
    listener?.subscribe(SESSION_CHANNEL, (event) => this.hear(event));
  }

  /** True while memory may answer: the channel is listened to and nothing was missed. */
  get active(): boolean {
    if (this.listener?.isListening(SESSION_CHANNEL)) return true;
    if (this.sessions.size > 0 || this.users.size > 0 || this.versions.size > 0 || this.lists.size > 0) this.clear();
    return false;
  }

  private hear(event: ListenerEvent) {
    if (event.kind === "payload" && event.payload.startsWith("b:")) {
      this.barriers.get(event.payload.slice(2))?.();
      return;
    }
    this.epoch++;
    if (event.kind === "resync" || event.payload === "*") return this.clear();
    const id = event.payload.slice(2);
    if (event.payload.startsWith("s:")) this.sessions.delete(id);
    else if (event.payload.startsWith("u:")) this.users.delete(id);
    else if (event.payload.startsWith("n:")) {
      this.versions.delete(id);
      this.lists.delete(id);
    }
  }

  private clear() {
    this.sessions.clear();
    this.users.clear();
    this.versions.clear();
    this.lists.clear();
  }

  /** A session from memory, or else from `read`, kept when nothing was announced meanwhile. */
  async session(sid: string, read: () => Promise<StoredSession | null>): Promise<StoredSession | null> {
    if (this.active && this.sessions.has(sid)) {
      // One turn of the event loop first: a revocation this process has already received but not
      // yet read off its socket is heard before memory answers (docs/decisions.md, "Session cache").
      await new Promise((resolve) => setImmediate(resolve));
      const cached = this.active ? this.sessions.get(sid) : undefined;
      // A copy: a request may change its session, what is kept does not change.
      if (cached) return structuredClone(cached);
    }
    const active = this.active;
    const epoch = this.epoch;
    const fresh = await read();
    if (fresh && active && epoch === this.epoch) this.sessions.set(sid, structuredClone(fresh));
    return fresh;
  }

  /** The signed-in user (null: gone or deactivated, never kept), from memory or from `read`. */
  async user(userId: string, read: () => Promise<CurrentUser | null>): Promise<CurrentUser | null> {
    const active = this.active;
    const cached = active ? this.users.get(userId) : undefined;
    if (cached) return structuredClone(cached);
    const epoch = this.epoch;
    const fresh = await read();
    if (fresh && active && epoch === this.epoch) this.users.set(userId, structuredClone(fresh));
    return fresh;
  }

  /** A user's notification version from memory, or else from `read` (kept as a session is). */
  async notificationVersion(userId: string, read: () => Promise<number>): Promise<number> {
    const active = this.active;
    const cached = active ? this.versions.get(userId) : undefined;
    if (cached !== undefined) return cached;
    const epoch = this.epoch;
    const fresh = await read();
    if (active && epoch === this.epoch) this.versions.set(userId, fresh);
    return fresh;
  }

  /**
   * A user's bell list as sent for `version`, from memory or else from `read`. Read after the
   * version, a list is never older than the version it is kept under (a change committed in
   * between makes it newer, and that change's announcement drops it), so every tab that polls
   * after a change but the first is answered without the database.
   */
  async notificationList(userId: string, version: number, read: () => Promise<JsonAnswer>): Promise<JsonAnswer> {
    const active = this.active;
    const cached = active ? this.lists.get(userId) : undefined;
    if (cached && cached.version === version) return cached.answer;
    const epoch = this.epoch;
    const answer = await read();
    if (active && epoch === this.epoch) this.lists.set(userId, { version, answer });
    return answer;
  }

  /**
   * Waits until this process has heard every revocation committed before now. Notifications
   * arrive in commit order, so once a barrier sent after a change comes back, the change's own
   * announcements were heard. Run before a changing request answers: a deactivation, a logout or a
   * second factor holds in this process on the very next request (docs/decisions.md, "Session cache").
   */
  async settle(db: Kysely<Database>): Promise<void> {
    if (!this.active) return;
    const token = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<boolean>((resolve) => {
      this.barriers.set(token, () => resolve(true));
      timer = setTimeout(() => resolve(false), BARRIER_WAIT_MS);
    });
    try {
      await sql`SELECT pg_notify(${SESSION_CHANNEL}, ${`b:${token}`})`.execute(db);
      // Not back in time: something is wrong with the channel, so memory is not trusted.
      if (!(await heard)) this.clear();
    } catch {
      this.clear();
    } finally {
      clearTimeout(timer);
      this.barriers.delete(token);
    }
  }

  /** This process wrote or removed the session: the next read goes to the database. */
  forgetSession(sid: string) {
    this.epoch++;
    this.sessions.delete(sid);
  }
}
