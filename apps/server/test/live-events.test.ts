import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { testDialects } from "@medlegal/db/testing";
import type { LiveEvent } from "@medlegal/api";
import { announce, LIVE_EVENTS_CHANNEL } from "@medlegal/api";
import type { TestApp } from "./helpers";
import { createTestApp } from "./helpers";

/** What an instance's listening connection hears on the live events channel, with a wait for the next. */
function hear(app: FastifyInstance) {
  const events: LiveEvent[] = [];
  let wake: (() => void) | null = null;
  const stop = app.listener!.subscribe(LIVE_EVENTS_CHANNEL, (event) => {
    if (event.kind === "payload") events.push(JSON.parse(event.payload) as LiveEvent);
    wake?.();
  });
  return {
    events,
    stop,
    async until(count: number) {
      const deadline = Date.now() + 5_000;
      while (events.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`heard ${events.length} of ${count} events`);
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

describe.each(testDialects())("live events across server instances on %s", (kind) => {
  let t: TestApp;
  let other: FastifyInstance;

  beforeAll(async () => {
    t = await createTestApp(kind);
    other = await t.another();
  });
  afterAll(() => t.close());

  it("every instance hears an event announced in a committed transaction, and none a rolled-back one", async () => {
    const here = hear(t.app);
    const there = hear(other);
    await Promise.all([t.app.listener!.ready(), other.listener!.ready()]);

    await t.db
      .transaction()
      .execute(async (trx) => {
        await announce(trx, { kind: "query", queryId: "rolled-back", userIds: ["u1"] });
        throw new Error("undo");
      })
      .catch(() => {});
    await t.db.transaction().execute((trx) => announce(trx, { kind: "notifications", userIds: ["u2", "u2", "u3"] }));

    // Delivery follows commit order: once the committed event is here, a rolled-back one would be too.
    await Promise.all([here.until(1), there.until(1)]);
    expect(here.events).toEqual([{ kind: "notifications", userIds: ["u2", "u3"] }]);
    expect(there.events).toEqual(here.events);
    here.stop();
    there.stop();
  });

  it("announces nothing for nobody", async () => {
    const here = hear(t.app);
    await t.app.listener!.ready();
    await announce(t.db, { kind: "notifications", userIds: [] });
    await announce(t.db, { kind: "meeting", meetingId: "m0", userIds: [], participantIds: [] });
    // A meeting's guests are participants, not users: an event for guests only is still sent.
    await announce(t.db, { kind: "meeting", meetingId: "m1", userIds: [], participantIds: ["p1", "p1"] });
    await here.until(1);
    expect(here.events).toEqual([{ kind: "meeting", meetingId: "m1", userIds: [], participantIds: ["p1"] }]);
    here.stop();
  });
});
