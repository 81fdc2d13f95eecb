import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";

/**
 * What a channel's subscriber hears: a payload sent with `pg_notify(channel, payload)` by a
 * committed transaction (of any process on the database), or "resync" after the listening
 * connection was lost and came back, when notifications may have been missed in between.
 */
export type ListenerEvent = { kind: "payload"; payload: string } | { kind: "resync" };
export type ListenerHandler = (event: ListenerEvent) => void;

/**
 * One listening connection per server process, shared by every channel (docs/architecture.md,
 * "Live events"). Subscribing is synchronous; `ready()` resolves once every channel subscribed so
 * far is being listened to, so a caller that must not miss the next notification awaits it.
 */
export interface Listener {
  /** Listens on `channel` (a lower-case identifier) and calls `handler` for each event; returns the unsubscribe. */
  subscribe(channel: string, handler: ListenerHandler): () => void;
  /** Resolves when every channel subscribed so far is listened to (after a reconnect: again). */
  ready(): Promise<void>;
  /**
   * True while `channel` is listened to with nothing missed: false before its LISTEN, while the
   * connection is lost and until the "resync" after it. A cache that relies on notifications
   * (docs/decisions.md, "Session cache") serves from memory only while this holds.
   */
  isListening(channel: string): boolean;
  /** Stops listening and closes the connection; handlers hear nothing afterwards. */
  close(): Promise<void>;
}

export interface ListenerOptions {
  /** Reports connection trouble (it reconnects by itself); defaults to console.error. */
  onError?: (error: Error) => void;
  /** The first pause before a reconnect; doubled per failure up to maxBackoffMs. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function assertChannel(channel: string) {
  // LISTEN takes an identifier, not a parameter: only plain names reach the SQL.
  if (!CHANNEL_NAME.test(channel)) throw new Error(`invalid channel name: ${channel}`);
}

/** The handlers per channel, shared by both connections' implementations. */
class Subscribers {
  readonly byChannel = new Map<string, Set<ListenerHandler>>();

  add(channel: string, handler: ListenerHandler): boolean {
    let set = this.byChannel.get(channel);
    const first = !set;
    if (!set) this.byChannel.set(channel, (set = new Set()));
    set.add(handler);
    return first;
  }

  /** True when the channel has no handler left. */
  remove(channel: string, handler: ListenerHandler): boolean {
    const set = this.byChannel.get(channel);
    if (!set) return false;
    set.delete(handler);
    if (set.size > 0) return false;
    this.byChannel.delete(channel);
    return true;
  }

  emit(channel: string, event: ListenerEvent, onError: (error: Error) => void) {
    for (const handler of [...(this.byChannel.get(channel) ?? [])]) {
      try {
        handler(event);
      } catch (error) {
        // One broken subscriber must not keep the others from hearing.
        onError(error instanceof Error ? error : new Error(String(error)));
      }
    }
  }

  emitAll(event: ListenerEvent, onError: (error: Error) => void) {
    for (const channel of [...this.byChannel.keys()]) this.emit(channel, event, onError);
  }
}

/**
 * A dedicated node-postgres client (not from the pool: a pooled connection would be handed to
 * other queries). When it fails it reconnects with backoff, listens again on every channel and
 * tells every subscriber "resync", since notifications sent meanwhile are lost.
 */
export function createPgListener(url: string, options: ListenerOptions = {}): Listener {
  const onError = options.onError ?? ((error: Error) => console.error(`[listener] ${error.message}`));
  const minBackoff = options.minBackoffMs ?? 250;
  const maxBackoff = options.maxBackoffMs ?? 10_000;
  const subscribers = new Subscribers();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client | null> | null = null;
  /** Channels the current client listens on. */
  let listening = new Set<string>();
  let closed = false;
  let backoff = minBackoff;
  let retryTimer: NodeJS.Timeout | null = null;
  let everConnected = false;
  /** Between a lost connection and the "resync" after the next one: notifications may be missing. */
  let missed = false;
  /** Serializes LISTEN/UNLISTEN on the one client. */
  let queue: Promise<unknown> = Promise.resolve();
  let waiters: { resolve: () => void }[] = [];

  const inSync = () => client !== null && [...subscribers.byChannel.keys()].every((c) => listening.has(c));
  const settleWaiters = () => {
    if (!inSync()) return;
    const ready = waiters;
    waiters = [];
    for (const w of ready) w.resolve();
  };

  const lost = (current: pg.Client, error?: Error) => {
    if (client !== current) return;
    client = null;
    listening = new Set();
    missed = true;
    if (error) onError(error);
    current.removeAllListeners("notification");
    current.end().catch(() => {});
    scheduleReconnect();
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer || connecting) return;
    const wait = backoff;
    backoff = Math.min(backoff * 2, maxBackoff);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, wait);
    retryTimer.unref();
  };

  const sync = () => {
    queue = queue.then(async () => {
      const current = client;
      if (!current || closed) return;
      try {
        for (const channel of subscribers.byChannel.keys()) {
          if (listening.has(channel)) continue;
          await current.query(`LISTEN ${channel}`);
          listening.add(channel);
        }
        for (const channel of [...listening]) {
          if (subscribers.byChannel.has(channel)) continue;
          await current.query(`UNLISTEN ${channel}`);
          listening.delete(channel);
        }
        settleWaiters();
      } catch (error) {
        lost(current, error as Error);
      }
    });
  };

  const connect = (): Promise<pg.Client | null> => {
    if (connecting) return connecting;
    connecting = (async () => {
      const next = new pg.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: 5_000 });
      next.on("error", (error) => lost(next, error));
      next.on("end", () => lost(next));
      next.on("notification", (message) => {
        if (message.channel && client === next)
          subscribers.emit(message.channel, { kind: "payload", payload: message.payload ?? "" }, onError);
      });
      try {
        await next.connect();
      } catch (error) {
        next.removeAllListeners();
        next.on("error", () => {});
        onError(error as Error);
        connecting = null;
        scheduleReconnect();
        return null;
      }
      connecting = null;
      if (closed) {
        await next.end().catch(() => {});
        return null;
      }
      client = next;
      backoff = minBackoff;
      sync();
      if (everConnected) {
        // Whatever was sent while we were away is gone: every subscriber reloads what it shows.
        await queue;
        missed = false;
        subscribers.emitAll({ kind: "resync" }, onError);
      }
      everConnected = true;
      return next;
    })();
    return connecting;
  };

  void connect();

  return {
    subscribe(channel, handler) {
      assertChannel(channel);
      if (closed) throw new Error("the listener is closed");
      if (subscribers.add(channel, handler)) sync();
      let done = false;
      return () => {
        if (done) return;
        done = true;
        if (subscribers.remove(channel, handler)) sync();
      };
    },
    ready() {
      if (closed) return Promise.reject(new Error("the listener is closed"));
      return queue.then(() => {
        if (inSync()) return;
        return new Promise<void>((resolve) => waiters.push({ resolve }));
      });
    },
    isListening(channel) {
      return !closed && !missed && client !== null && listening.has(channel) && subscribers.byChannel.has(channel);
    },
    async close() {
      if (closed) return;
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      subscribers.byChannel.clear();
      waiters = [];
      const current = client ?? (connecting ? await connecting.catch(() => null) : null);
      client = null;
      await queue.catch(() => {});
      if (current) {
        current.removeAllListeners("end");
        await current.end().catch(() => {});
      }
    },
  };
}

/**
 * PGlite's own `listen`: the embedded database lives in this process, so there is no connection
 * to lose; it delivers a notification after the sending transaction commits, as PostgreSQL does.
 */
export function createPgliteListener(pglite: PGlite, options: ListenerOptions = {}): Listener {
  const onError = options.onError ?? ((error: Error) => console.error(`[listener] ${error.message}`));
  const subscribers = new Subscribers();
  const stops = new Map<string, Promise<(() => Promise<void>) | null>>();
  /** Channels whose `listen` has answered. */
  const live = new Set<string>();
  let closed = false;

  const start = (channel: string) => {
    stops.set(
      channel,
      pglite
        .listen(channel, (payload) => {
          if (!closed) subscribers.emit(channel, { kind: "payload", payload }, onError);
        })
        .then((unlisten) => {
          live.add(channel);
          return unlisten;
        })
        .catch((error: Error) => {
          onError(error);
          return null;
        }),
    );
  };
  const stop = (channel: string) => {
    const stopping = stops.get(channel);
    stops.delete(channel);
    live.delete(channel);
    return stopping?.then((unlisten) => unlisten?.()).catch(() => {});
  };

  return {
    subscribe(channel, handler) {
      assertChannel(channel);
      if (closed) throw new Error("the listener is closed");
      if (subscribers.add(channel, handler) && !stops.has(channel)) start(channel);
      let done = false;
      return () => {
        if (done) return;
        done = true;
        if (subscribers.remove(channel, handler)) void stop(channel);
      };
    },
    async ready() {
      if (closed) throw new Error("the listener is closed");
      await Promise.all(stops.values());
    },
    isListening(channel) {
      return !closed && live.has(channel);
    },
    async close() {
      if (closed) return;
      closed = true;
      subscribers.byChannel.clear();
      // The database may be closing already (tests close it right after); nothing to undo then.
      if (!pglite.closed) await Promise.all([...stops.keys()].map(stop));
      stops.clear();
    },
  };
}
