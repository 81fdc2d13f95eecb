import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { testDialects } from "@medlegal/db/testing";
import type { LiveEvent } from "@medlegal/api";
import { announce, LIVE_EVENTS_CHANNEL, notificationsService } from "@medlegal/api";
import type { MeetingDetail } from "@medlegal/domain";
import { LIVE_MESSAGES, MAX_LIVE_STREAMS_PER_USER } from "@medlegal/domain";
import type { TestApp } from "./helpers";
import { createTestApp, login, openLiveStream, sessionId, trpc } from "./helpers";

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

  it("never fails a change over a fan-out too wide for one notification: it commits, and every instance hears each recipient once", async () => {
    const here = hear(t.app);
    const there = hear(other);
    await Promise.all([t.app.listener!.ready(), other.listener!.ready()]);
    // 1,000 users and 300 guests: about 50 KB of ids, where pg_notify takes under 8,000 bytes.
    const userIds = Array.from({ length: 1_000 }, () => randomUUID());
    const participantIds = Array.from({ length: 300 }, () => randomUUID());
    const address = `fan-out-${randomUUID()}@example.org`;
    await t.db.transaction().execute(async (trx) => {
      await trx.insertInto("email_outbox").values({ to_address: address, subject: "Fan-out", body: "The change itself." }).execute();
      await announce(trx, { kind: "meeting", meetingId: "wide", userIds: [...userIds, userIds[0]!], participantIds });
    });
    expect(await t.db.selectFrom("email_outbox").select("id").where("to_address", "=", address).execute()).toHaveLength(1);
    // A later event marks the end: delivery follows commit order.
    await announce(t.db, { kind: "query", queryId: "after-wide", userIds: ["u1"] });
    for (const ear of [here, there]) {
      while (!ear.events.some((e) => e.kind === "query" && e.queryId === "after-wide")) await ear.until(ear.events.length + 1);
      const wide = ear.events.filter((e): e is Extract<LiveEvent, { kind: "meeting" }> => e.kind === "meeting" && e.meetingId === "wide");
      expect(wide.length).toBeGreaterThan(1);
      expect(wide.flatMap((e) => e.userIds).sort()).toEqual([...userIds].sort());
      expect(wide.flatMap((e) => e.participantIds).sort()).toEqual([...participantIds].sort());
      ear.stop();
    }
  });
});

type LiveStream = Awaited<ReturnType<typeof openLiveStream>>;

/**
 * How long a test waits for an event before calling it lost. It only bounds a hang: the tests
 * assert that events arrive, not how fast (a loaded machine is slow); the bench measures latency.
 */
const LOST_AFTER_MS = 20_000;

/** The next data event of a stream (skipping "connected" and pings), or null when none came in `ms`. */
async function nextData(stream: LiveStream, ms = LOST_AFTER_MS) {
  const deadline = Date.now() + ms;
  for (;;) {
    const event = await stream.next(Math.max(0, deadline - Date.now()));
    if (!event || event.event === "message") return event;
    if (event.event === "serialized-error") return event;
  }
}

/** A listening instance's base URL (the stream needs a real socket, not inject). */
async function listen(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  return address;
}

/**
 * The tRPC subscription `live.events` over server-sent events (docs/architecture.md, "Live
 * events"), read by a real SSE client from real sockets, two instances on one database.
 */
describe.each(testDialects())("the live event stream on %s", (kind) => {
  let t: TestApp;
  let other: FastifyInstance;
  let urlA: string;
  let urlB: string;
  const ids = {} as Record<string, string>;
  const open: LiveStream[] = [];

  /** Opens a stream and keeps it for closing at the end of the test. */
  async function stream(url: string, cookie: string, input?: { lastEventId?: string }) {
    const s = await openLiveStream(url, cookie, input);
    open.push(s);
    return s;
  }

  beforeAll(async () => {
    // The demo story too: its queries are what the query events are about.
    t = await createTestApp(kind, {}, { workflow: true });
    other = await t.another();
    await Promise.all([t.app.listener!.ready(), other.listener!.ready()]);
    urlA = await listen(t.app);
    urlB = await listen(other);
    for (const name of ["admin", "employee", "attorney", "consultant"]) {
      ids[name] = (await t.db.selectFrom("users").select("id").where("username", "=", name).executeTakeFirstOrThrow()).id;
    }
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
  });
  afterAll(() => t.close());

  it("brings a notification committed through one instance to a stream held on the other, and nothing for a rolled-back one", async () => {
    const { cookie } = await login(other, "attorney");
    const s = await stream(urlB, cookie);
    expect(s.status).toBe(200);
    expect(s.headers.get("content-type")).toMatch(/^text\/event-stream/);
    // Flushed event by event: never compressed, never cached.
    expect(s.headers.get("content-encoding")).toBeNull();
    expect(s.headers.get("cache-control")).toMatch(/no-store/);
    expect((await s.next())?.event).toBe("connected");

    await t.db
      .transaction()
      .execute(async (trx) => {
        await notificationsService.notify(trx, { userId: ids.attorney!, type: "query_update", title: "Never", message: "Rolled back." });
        throw new Error("undo");
      })
      .catch(() => {});
    // Committed on the shared database by another connection than instance B's.
    await t.db.transaction().execute((trx) =>
      notificationsService.notify(trx, {
        userId: ids.attorney!,
        type: "query_update",
        title: "Query in review",
        message: "Your query is being reviewed.",
      }),
    );
    const event = await nextData(s);
    expect(event?.data).toEqual({ kind: "notifications" });
    expect(event?.id).toMatch(/^[A-Za-z0-9_-]+:\d+$/);
    // Only the committed change: nothing else follows.
    await announce(t.db, { kind: "query", queryId: "after", userIds: [ids.attorney!] });
    expect((await nextData(s))?.data).toEqual({ kind: "query", queryId: "after" });
    expect(s.data()).toHaveLength(2);
  });

  it("brings a message posted through one instance to a participant's stream on the other, and nothing for a refused one", async () => {
    const attorney = await stream(urlB, (await login(other, "attorney")).cookie);
    const outsider = await stream(urlB, (await login(other, "consultant")).cookie);
    for (const s of [attorney, outsider]) expect((await s.next())?.event).toBe("connected");
    const employee = (await login(t.app, "employee")).cookie;
    const started = await trpc<{ threadId: string }>(t.app, employee, "messages.startThread", {
      subject: "Your documents",
      participantIds: [ids.attorney],
      body: "We received the hospital records.",
      internal: false,
    });
    expect(started.status, started.error?.message).toBe(200);
    const { threadId } = started.data;
    expect((await nextData(attorney))?.data).toEqual({ kind: "thread", threadId });
    const before = attorney.data().length;

    // A refused message (too long) changes nothing and announces nothing.
    expect((await trpc(t.app, employee, "messages.send", { threadId, body: "x".repeat(10_001) })).status).toBe(400);
    expect((await trpc(t.app, employee, "messages.send", { threadId, body: "Please confirm the claimant's address." })).status).toBe(200);
    const event = await nextData(attorney);
    expect(event?.data).toEqual({ kind: "thread", threadId });
    await announce(t.db, { kind: "query", queryId: "marker", userIds: [ids.attorney!, ids.consultant!] });
    expect((await nextData(attorney))?.data).toEqual({ kind: "query", queryId: "marker" });
    expect(attorney.data()).toHaveLength(before + 2);
    // Someone outside the thread heard only the marker.
    expect((await nextData(outsider))?.data).toEqual({ kind: "query", queryId: "marker" });
    expect(outsider.data()).toHaveLength(1);
  });

  it("gives a user their own events only", async () => {
    const attorney = await stream(urlA, (await login(t.app, "attorney")).cookie);
    const consultant = await stream(urlB, (await login(other, "consultant")).cookie);
    await announce(t.db, { kind: "query", queryId: "q-attorney", userIds: [ids.attorney!] });
    await announce(t.db, { kind: "thread", threadId: "t-both", userIds: [ids.attorney!, ids.consultant!] });
    await announce(t.db, { kind: "meeting", meetingId: "m-consultant", userIds: [ids.consultant!], participantIds: ["p-consultant"] });
    expect((await nextData(attorney))?.data).toEqual({ kind: "query", queryId: "q-attorney" });
    expect((await nextData(attorney))?.data).toEqual({ kind: "thread", threadId: "t-both" });
    expect((await nextData(consultant))?.data).toEqual({ kind: "thread", threadId: "t-both" });
    expect((await nextData(consultant))?.data).toEqual({ kind: "meeting", meetingId: "m-consultant" });
    // Delivery follows commit order: a marker after the others proves nothing else was on its way.
    await announce(t.db, { kind: "notifications", userIds: [ids.attorney!] });
    expect((await nextData(attorney))?.data).toEqual({ kind: "notifications" });
    expect(attorney.data().map((e) => e.data)).toHaveLength(3);
    expect(consultant.data()).toHaveLength(2);
  });

  it("replays what a tab missed when it reconnects to the same instance, and resyncs it elsewhere", async () => {
    const { cookie } = await login(t.app, "employee");
    const first = await stream(urlA, cookie);
    await announce(t.db, { kind: "query", queryId: "q1", userIds: [ids.employee!] });
    const heard = await nextData(first);
    await first.close();
    await announce(t.db, { kind: "query", queryId: "q2", userIds: [ids.employee!] });
    await announce(t.db, { kind: "query", queryId: "q-other", userIds: [ids.attorney!] });
    // The hub heard q2 once this later event reaches a fresh stream of the same instance.
    const marker = await stream(urlA, (await login(t.app, "attorney")).cookie);
    await announce(t.db, { kind: "notifications", userIds: [ids.attorney!] });
    expect((await nextData(marker))?.data).toEqual({ kind: "notifications" });

    const again = await stream(urlA, cookie, { lastEventId: heard!.id! });
    expect((await nextData(again))?.data).toEqual({ kind: "query", queryId: "q2" });
    const elsewhere = await stream(urlB, cookie, { lastEventId: heard!.id! });
    expect((await nextData(elsewhere))?.data).toEqual({ kind: "resync" });
  });

  it(`refuses a user's stream beyond ${MAX_LIVE_STREAMS_PER_USER} with 429, and an anonymous one with 401`, async () => {
    const { cookie } = await login(t.app, "consultant");
    for (let i = 0; i < MAX_LIVE_STREAMS_PER_USER; i++) {
      // Tabs of one user on either instance of the same process group count per instance.
      const s = await stream(urlA, cookie);
      expect(s.status).toBe(200);
      expect((await s.next())?.event).toBe("connected");
    }
    const sixth = await stream(urlA, cookie);
    expect(sixth.status).toBe(429);
    expect((await sixth.refusal()).message).toBe(LIVE_MESSAGES.tooMany);
    const anonymous = await stream(urlA, "");
    expect(anonymous.status).toBe(401);
  });

  it("ends the open stream when the user signs out elsewhere, and the reconnect gets 401", async () => {
    const { cookie } = await login(t.app, "attorney");
    const s = await stream(urlB, cookie);
    expect((await s.next())?.event).toBe("connected");
    expect((await t.app.inject({ method: "POST", url: "/api/logout", headers: { cookie } })).statusCode).toBe(200);
    const error = await nextData(s);
    expect(error?.event).toBe("serialized-error");
    expect(error?.data).toMatchObject({ message: LIVE_MESSAGES.sessionEnded, data: { code: "UNAUTHORIZED", httpStatus: 401 } });
    expect(await s.ended()).toBe(true);
    expect((await stream(urlB, cookie)).status).toBe(401);
  });

  it("never moves the idle timer, and ends when the session idles out", async () => {
    const { cookie } = await login(t.app, "employee");
    const sid = sessionId(cookie);
    // Ten minutes idle: the stream and its events must not count as activity.
    const idleSince = Date.now() - 10 * 60_000;
    const row = await t.db.selectFrom("sessions").select(["data", "expires_at"]).where("sid", "=", sid).executeTakeFirstOrThrow();
    const data = { ...(row.data as Record<string, unknown>), lastSeenAt: idleSince };
    await t.db
      .updateTable("sessions")
      .set({ data: JSON.stringify(data), expires_at: new Date(idleSince + 15 * 60_000) })
      .where("sid", "=", sid)
      .execute();

    const s = await stream(urlA, cookie);
    await announce(t.db, { kind: "query", queryId: "q-idle", userIds: [ids.employee!] });
    expect((await nextData(s))?.data).toEqual({ kind: "query", queryId: "q-idle" });
    const after = await t.db.selectFrom("sessions").select(["data"]).where("sid", "=", sid).executeTakeFirstOrThrow();
    expect((after.data as { lastSeenAt: number }).lastSeenAt).toBe(idleSince);

    // The idle expiry passes (as the clock would): the stream ends, and so does the session.
    await sql`update sessions set expires_at = now() - interval '1 second' where sid = ${sid}`.execute(t.db);
    expect((await nextData(s))?.data).toMatchObject({ data: { code: "UNAUTHORIZED" } });
    expect((await stream(urlA, cookie)).status).toBe(401);
  });

  it("gives a meeting guest its own meeting's events only", async () => {
    const employee = (await login(t.app, "employee")).cookie;
    const made = await trpc<MeetingDetail>(t.app, employee, "meetings.create", {
      title: "Clinical psychology assessment",
      startsAt: new Date(Date.now() + 5 * 60_000).toISOString(),
      durationMinutes: 60,
      hostId: ids.consultant,
      userIds: [ids.attorney],
      guests: [{ name: "Thandi Mokoena", email: `claimant-${Math.random().toString(36).slice(2)}@example.org`, role: "claimant" }],
    });
    expect(made.status, made.error?.message).toBe(200);
    const guestId = made.data.participants.find((p) => p.kind === "guest")!.id;
    const copied = await trpc<{ url: string }>(t.app, employee, "meetings.copyGuestLink", { participantId: guestId });
    const token = /token=([A-Za-z0-9_.-]+)/.exec(copied.data.url)![1]!;
    const joined = await t.app.inject({
      method: "POST",
      url: "/trpc/meetings.joinAsGuest",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ roomId: made.data.roomId, token }),
    });
    const guest = joined.cookies.find((c) => c.name === "medlegal.guest")!;
    const s = await stream(urlB, `medlegal.guest=${guest.value}`);
    expect(s.status).toBe(200);

    await announce(t.db, { kind: "meeting", meetingId: "another", userIds: [ids.consultant!], participantIds: ["someone-else"] });
    await announce(t.db, { kind: "notifications", userIds: [ids.consultant!, ids.attorney!] });
    // The host lets the guest in: the room announces the change to everyone in it.
    expect((await trpc(t.app, `medlegal.guest=${guest.value}`, "meetings.enter", { roomId: made.data.roomId })).status).toBe(200);
    const event = await nextData(s);
    expect(event?.data).toEqual({ kind: "meeting", meetingId: made.data.id });
    expect(s.data().every((e) => (e.data as { kind: string }).kind === "meeting")).toBe(true);

    // A guest session holds at most as many streams as a user.
    // Each one connected before the next opens, as in the users' limit test (the count is of open streams).
    for (let i = 1; i < MAX_LIVE_STREAMS_PER_USER; i++) {
      const more = await stream(urlB, `medlegal.guest=${guest.value}`);
      expect(more.status).toBe(200);
      expect((await more.next())?.event).toBe("connected");
    }
    const beyond = await stream(urlB, `medlegal.guest=${guest.value}`);
    expect(beyond.status).toBe(429);
    expect((await beyond.refusal()).message).toBe(LIVE_MESSAGES.tooMany);
  });

  it("tells a query's attorney, case manager and experts that it changed, and nobody outside it", async () => {
    const query = await t.db
      .selectFrom("queries")
      .select(["id", "assigned_employee_id"])
      .where("attorney_id", "=", ids.attorney!)
      .where("status", "not in", ["cancelled", "completed"])
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    const experts = await t.db.selectFrom("consultant_assignments").select("consultant_id").where("query_id", "=", query.id).execute();
    const outsider = await t.db
      .selectFrom("users")
      .select(["id", "username"])
      .where("role", "=", "consultant")
      .where("id", "not in", [...experts.map((e) => e.consultant_id), "00000000-0000-0000-0000-000000000000"])
      .executeTakeFirstOrThrow();
    const attorney = await stream(urlB, (await login(other, "attorney")).cookie);
    const admin = await stream(urlB, (await login(other, "admin")).cookie);
    const stranger = await stream(urlA, (await login(t.app, outsider.username)).cookie);
    for (const s of [attorney, admin, stranger]) expect((await s.next())?.event).toBe("connected");

    const employee = (await login(t.app, "employee")).cookie;
    // Refused (empty comment): nothing changed, so nothing is announced.
    expect((await trpc(t.app, employee, "queries.comment", { queryId: query.id, body: "" })).status).toBe(400);
    const comment = await trpc(t.app, employee, "queries.comment", {
      queryId: query.id,
      body: "The expert's rooms moved to the second floor.",
    });
    expect(comment.status, comment.error?.message).toBe(200);
    // The comment may also ring bells; the query event is among what arrives.
    const queryEvent = async (s: LiveStream) => {
      for (let event = await nextData(s); event; event = await nextData(s)) {
        if ((event.data as { kind: string }).kind === "query") return event.data;
      }
      return null;
    };
    expect(await queryEvent(attorney)).toEqual({ kind: "query", queryId: query.id });
    expect(await queryEvent(admin)).toEqual({ kind: "query", queryId: query.id });
    // The outsider's marker arrives, and nothing before it.
    await announce(t.db, { kind: "notifications", userIds: [outsider.id] });
    expect((await nextData(stranger))?.data).toEqual({ kind: "notifications" });
    expect(attorney.data().filter((e) => (e.data as { kind: string }).kind === "query")).toHaveLength(1);
  });

  it("stops telling an expert who declined about the query and its conversation: their open stream hears neither again", async () => {
    const pair = await t.db
      .selectFrom("consultant_assignments as a")
      .innerJoin("users as u", "u.id", "a.consultant_id")
      .innerJoin("queries as q", "q.id", "a.query_id")
      .select(["a.id", "a.query_id", "a.consultant_id", "u.username"])
      .where("a.status", "=", "proposed")
      .where("q.status", "not in", ["completed", "cancelled", "on_hold"])
      .orderBy("a.id")
      .executeTakeFirstOrThrow();
    const expertCookie = (await login(t.app, pair.username)).cookie;
    const expert = await stream(urlA, expertCookie);
    expect((await expert.next())?.event).toBe("connected");
    const employee = (await login(other, "employee")).cookie;
    const opened = await trpc<{ threadId: string }>(other, employee, "messages.openQueryThread", {
      queryId: pair.query_id,
      kind: "query_expert",
      consultantId: pair.consultant_id,
    });
    expect(opened.status, opened.error?.message).toBe(200);
    const { threadId } = opened.data;
    // While asked, the expert hears the conversation and the query.
    expect((await trpc(other, employee, "messages.send", { threadId, body: "Can you see the claimant next week?" })).status).toBe(200);
    const heard = async (kind: string) => {
      for (let event = await nextData(expert); event; event = await nextData(expert))
        if ((event.data as { kind: string }).kind === kind) return event.data;
      return null;
    };
    expect(await heard("thread")).toEqual({ kind: "thread", threadId });
    expect(
      (await trpc(other, employee, "queries.comment", { queryId: pair.query_id, body: "Records requested from the hospital." })).status,
    ).toBe(200);
    expect(await heard("query")).toEqual({ kind: "query", queryId: pair.query_id });

    const declined = await trpc(t.app, expertCookie, "assignments.respond", {
      id: pair.id,
      accept: false,
      reason: "Fully booked this month.",
    });
    expect(declined.status, declined.error?.message).toBe(200);
    const before = expert.data().length;
    expect((await trpc(other, employee, "messages.send", { threadId, body: "Noted, we will ask someone else." })).status).toBe(200);
    expect(
      (await trpc(other, employee, "queries.comment", { queryId: pair.query_id, body: "Another expert to be proposed." })).status,
    ).toBe(200);
    // Delivery follows commit order: once the marker is here, the others would have been too.
    await announce(t.db, { kind: "notifications", userIds: [pair.consultant_id] });
    for (
      let event = await nextData(expert);
      (event?.data as { kind?: string } | undefined)?.kind !== "notifications";
      event = await nextData(expert)
    ) {
      expect(event, "the marker never came").not.toBeNull();
    }
    const since = expert
      .data()
      .slice(before)
      .map((e) => e.data as { kind: string; queryId?: string; threadId?: string });
    expect(since.filter((e) => e.queryId === pair.query_id || e.threadId === threadId)).toEqual([]);
  });

  // Last in this suite: it adds 300 employees to the agency.
  it("opens an attorney's thread for an agency of 300 employees (every one a participant) and tells each one's stream once", async () => {
    // The agency's inbox: an attorney writing first on a query without a case manager reaches every active employee.
    const query = await t.db
      .selectFrom("queries")
      .select("id")
      .where("attorney_id", "=", ids.attorney!)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom("message_threads").select("id").whereRef("message_threads.query_id", "=", "queries.id"))),
      )
      .executeTakeFirstOrThrow();
    await t.db.updateTable("queries").set({ assigned_employee_id: null }).where("id", "=", query.id).execute();
    await sql`INSERT INTO users (username, email, password_hash, first_name, last_name, role)
      SELECT 'fanout' || i, 'fanout' || i || '@example.org', 'not-a-hash', 'Clerk', 'Number ' || i, 'employee' FROM generate_series(1, 300) i`.execute(
      t.db,
    );
    const employees = await t.db.selectFrom("users").select("id").where("role", "=", "employee").where("is_active", "=", true).execute();
    expect(employees.length).toBeGreaterThan(300);
    const employee = await stream(urlB, (await login(other, "employee")).cookie);
    expect((await employee.next())?.event).toBe("connected");

    const opened = await trpc<{ threadId: string }>(t.app, (await login(t.app, "attorney")).cookie, "messages.openQueryThread", {
      queryId: query.id,
      kind: "query_attorney",
    });
    expect(opened.status, opened.error?.message).toBe(200);
    const people = await t.db.selectFrom("thread_participants").select("user_id").where("thread_id", "=", opened.data.threadId).execute();
    expect(people).toHaveLength(employees.length + 1);
    expect((await nextData(employee))?.data).toEqual({ kind: "thread", threadId: opened.data.threadId });
    await announce(t.db, { kind: "notifications", userIds: [ids.employee!] });
    expect((await nextData(employee))?.data).toEqual({ kind: "notifications" });
    expect(employee.data()).toHaveLength(2);
  });
});
