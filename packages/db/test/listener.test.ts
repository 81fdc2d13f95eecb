import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { Kysely } from "kysely";
import type { Database, Listener, ListenerEvent } from "../src";
import { createTestDatabase, testDialects } from "../src/testing";

/** Collects what a channel hears, and waits for the event a test expects next. */
function recorder(listener: Listener, channel: string) {
  const heard: ListenerEvent[] = [];
  let wake: (() => void) | null = null;
  const unsubscribe = listener.subscribe(channel, (event) => {
    heard.push(event);
    wake?.();
  });
  return {
    heard,
    unsubscribe,
    payloads: () => heard.flatMap((e) => (e.kind === "payload" ? [e.payload] : [])),
    async until(test: (events: ListenerEvent[]) => boolean, what: string) {
      const deadline = Date.now() + 5_000;
      while (!test(heard)) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`nothing heard: ${what} (heard ${JSON.stringify(heard)})`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    },
  };
}

const notify = (db: Kysely<Database>, channel: string, payload: string) => sql`select pg_notify(${channel}, ${payload})`.execute(db);

describe.each(testDialects())("the listening connection on %s", (kind) => {
  let handle: Awaited<ReturnType<typeof createTestDatabase>>;
  let listener: Listener;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    listener = handle.createListener({ minBackoffMs: 20, onError: () => {} });
  });
  afterAll(async () => {
    await listener.close();
    await handle.close();
  });

  it("hears a committed notification, and never one whose transaction rolled back", async () => {
    const channel = recorder(listener, "test_commits");
    await listener.ready();

    await handle.db
      .transaction()
      .execute(async (trx) => {
        await notify(trx, "test_commits", "rolled back");
        throw new Error("undo");
      })
      .catch(() => {});
    await handle.db.transaction().execute((trx) => notify(trx, "test_commits", "committed"));

    // Notifications arrive in commit order: once the later one is here, the earlier one would be too.
    await channel.until((events) => events.length > 0, "the committed notification");
    expect(channel.payloads()).toEqual(["committed"]);
    channel.unsubscribe();
  });

  it("keeps channels apart, and stops calling a handler once it unsubscribed", async () => {
    const a = recorder(listener, "test_a");
    const b = recorder(listener, "test_b");
    const late = recorder(listener, "test_a");
    await listener.ready();
    await notify(handle.db, "test_a", "1");
    await a.until((events) => events.length === 1, "the first on test_a");
    late.unsubscribe();
    await notify(handle.db, "test_a", "2");
    await notify(handle.db, "test_b", "3");
    await b.until((events) => events.length === 1, "the one on test_b");
    await a.until((events) => events.length === 2, "the second on test_a");
    expect(a.payloads()).toEqual(["1", "2"]);
    expect(b.payloads()).toEqual(["3"]);
    expect(late.payloads()).toEqual(["1"]);
    a.unsubscribe();
    b.unsubscribe();
  });

  it("tells whether a channel is heard: not before its LISTEN answered, nor after the last handler left", async () => {
    expect(listener.isListening("test_heard")).toBe(false);
    const channel = recorder(listener, "test_heard");
    await listener.ready();
    expect(listener.isListening("test_heard")).toBe(true);
    expect(listener.isListening("test_other")).toBe(false);
    channel.unsubscribe();
    expect(listener.isListening("test_heard")).toBe(false);
  });

  it("refuses a channel name that is not a plain identifier", () => {
    expect(() => listener.subscribe("x; drop table users", () => {})).toThrow(/invalid channel/);
  });

  // Only a server connection can be dropped from outside; PGlite listens in process.
  if (kind === "pg")
    it("reconnects after losing its connection, listens again and tells subscribers to resync", async () => {
      const channel = recorder(listener, "test_reconnect");
      await listener.ready();
      // The server drops the listening connection (as a restart or a failover would).
      const { rows } = await sql<{ n: number }>`
      select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and query ilike '%LISTEN %'`.execute(handle.db);
      expect(rows[0]!.n).toBeGreaterThan(0);
      await channel.until((events) => events.some((e) => e.kind === "resync"), "resync");
      await listener.ready();
      expect(listener.isListening("test_reconnect")).toBe(true);
      await notify(handle.db, "test_reconnect", "after");
      await channel.until((events) => events.some((e) => e.kind === "payload"), "the notification after the reconnect");
      expect(channel.payloads()).toEqual(["after"]);
      channel.unsubscribe();
    });
});
