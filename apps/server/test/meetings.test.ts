import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LightMyRequestResponse } from "fastify";
import { testDialects } from "@medlegal/db/testing";
import { appRouter, createSmtpMailer, drainOutbox, sweepMeetings } from "@medlegal/api";
import type { GlobalSearchResult, MeetingDetail, MeetingListItem, RoomSignal, RoomState } from "@medlegal/domain";
import { MEETING_MESSAGES } from "@medlegal/domain";
import type { TestApp } from "./helpers";
import { createTestApp, login, multipart, PUBLIC_PROCEDURES, trpc } from "./helpers";

const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();

/** The guest session cookie a response set, as a Cookie header value. */
function guestCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === "medlegal.guest");
  return cookie ? `medlegal.guest=${cookie.value}` : "";
}

/** The token of a guest link in a text (an e-mail, a copied link). */
function tokenIn(text: string, roomId: string): string {
  const match = new RegExp(`/join/${roomId}\\?token=([A-Za-z0-9_.-]+)`).exec(text);
  if (!match) throw new Error("no guest link found");
  return match[1]!;
}

/** Opens a guest link as the join page does; answers the status and the guest cookie. */
async function openLink(t: TestApp, roomId: string, token: string) {
  const response = await t.app.inject({
    method: "POST",
    url: "/trpc/meetings.joinAsGuest",
    headers: { "content-type": "application/json" },
    payload: JSON.stringify({ roomId, token }),
  });
  const body = response.json() as { error?: { message: string } };
  return { status: response.statusCode, cookie: guestCookieOf(response), message: body.error?.message ?? null };
}

/** A WebM file's first bytes (EBML header), as MediaRecorder's first chunk starts. */
const WEBM_START = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]);

describe.each(testDialects())("video meetings on %s", (kind) => {
  let t: TestApp;
  const c = {} as Record<string, string>;
  const ids = {} as Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const name of ["admin", "employee", "attorney", "consultant", "nomsa"]) {
      c[name] = (await login(t.app, name)).cookie;
      ids[name] = (await t.db.selectFrom("users").select("id").where("username", "=", name).executeTakeFirstOrThrow()).id;
    }
  });
  afterAll(() => t.close());

  /** An ad hoc meeting: the consultant hosts, the attorney and a claimant (guest) are invited. */
  async function arrange(overrides: Record<string, unknown> = {}, email = `claimant-${Math.random().toString(36).slice(2)}@example.org`) {
    const made = await trpc<MeetingDetail>(t.app, c.employee!, "meetings.create", {
      title: "Clinical psychology assessment",
      startsAt: minutes(5),
      durationMinutes: 60,
      hostId: ids.consultant,
      userIds: [ids.attorney],
      guests: [{ name: "Thandi Mokoena", email, role: "claimant" }],
      ...overrides,
    });
    expect(made.status, made.error?.message).toBe(200);
    const guest = made.data.participants.find((p) => p.kind === "guest");
    return { meeting: made.data, roomId: made.data.roomId, guestId: guest?.id ?? "", email };
  }

  async function guestLink(participantId: string, roomId: string) {
    const copied = await trpc<{ url: string }>(t.app, c.employee!, "meetings.copyGuestLink", { participantId });
    expect(copied.status, copied.error?.message).toBe(200);
    return tokenIn(copied.data.url, roomId);
  }

  /** Host in the room and the guest admitted; answers the guest's cookie. */
  async function inTheRoom() {
    const m = await arrange();
    const guest = await openLink(t, m.roomId, await guestLink(m.guestId, m.roomId));
    expect(guest.status).toBe(200);
    expect((await trpc(t.app, c.consultant!, "meetings.enter", { roomId: m.roomId })).status).toBe(200);
    expect((await trpc(t.app, guest.cookie, "meetings.enter", { roomId: m.roomId })).status).toBe(200);
    expect((await trpc(t.app, c.consultant!, "meetings.admit", { roomId: m.roomId, participantId: m.guestId })).status).toBe(200);
    return { ...m, guest: guest.cookie };
  }

  it("keeps a meeting just arranged on its organiser's list, and a cancelled one still to come under Upcoming", async () => {
    // The employee arranges it for the expert and the attorney without taking part.
    const { meeting } = await arrange({ title: "Arranged for others", startsAt: minutes(24 * 60) });
    const list = (when: "upcoming" | "past") => trpc<MeetingListItem[]>(t.app, c.employee!, "meetings.list", { when, all: false });
    expect((await list("upcoming")).data.find((m) => m.id === meeting.id)).toMatchObject({ invited: false, status: "scheduled" });
    // Someone else's meeting stays off a user's own list.
    const other = await trpc<MeetingListItem[]>(t.app, c.nomsa!, "meetings.list", { when: "upcoming" });
    expect(other.data.some((m) => m.id === meeting.id)).toBe(false);

    expect((await trpc(t.app, c.employee!, "meetings.cancel", { id: meeting.id })).status).toBe(200);
    expect((await list("upcoming")).data.find((m) => m.id === meeting.id)).toMatchObject({ status: "cancelled" });
    expect((await list("past")).data.some((m) => m.id === meeting.id)).toBe(false);
    // Once its time is over, a cancelled meeting is past.
    await t.db
      .updateTable("meetings")
      .set({ starts_at: new Date(Date.now() - 2 * 3_600_000), ends_at: new Date(Date.now() - 3_600_000) })
      .where("id", "=", meeting.id)
      .execute();
    expect((await list("past")).data.some((m) => m.id === meeting.id)).toBe(true);
    expect((await list("upcoming")).data.some((m) => m.id === meeting.id)).toBe(false);
  });

  it("gives each meeting a reference of its own that is shown on it and found by the search, by whoever may see the meeting (issue 37)", async () => {
    const first = await arrange();
    const second = await arrange();
    const year = new Date().getUTCFullYear();
    expect(first.meeting.reference).toMatch(new RegExp(`^MTG-${year}-\\d{5}$`));
    const next = (ref: string) => Number(ref.slice(-5));
    expect(next(second.meeting.reference)).toBe(next(first.meeting.reference) + 1);
    const listed = await trpc<MeetingListItem[]>(t.app, c.attorney!, "meetings.list", { when: "upcoming" });
    expect(listed.data.find((m) => m.id === second.meeting.id)?.reference).toBe(second.meeting.reference);
    const find = async (who: string, term: string) => {
      const found = await trpc<GlobalSearchResult>(t.app, c[who]!, "search.global", { term });
      expect(found.status, found.error?.message).toBe(200);
      return found.data.groups.find((g) => g.kind === "meeting")?.hits ?? [];
    };
    // Staff and the invited attorney find it with or without its dashes; another firm's attorney does not.
    for (const [who, term] of [
      ["employee", second.meeting.reference],
      ["attorney", second.meeting.reference.toLowerCase().replace(/-/g, "")],
      ["consultant", second.meeting.reference],
    ] as const) {
      const hits = await find(who, term);
      expect(
        hits.map((h) => h.id),
        `${who} ${term}`,
      ).toEqual([second.meeting.id]);
      expect(hits[0]!.detail).toContain("Clinical psychology assessment");
    }
    expect(await find("nomsa", second.meeting.reference)).toEqual([]);
  });

  it("offers staff the active users to invite, with only experts and staff as possible hosts", async () => {
    await t.db.updateTable("users").set({ is_active: false }).where("username", "=", "nomsa").execute();
    const answer = await trpc<{ id: string; canHost: boolean }[]>(t.app, c.employee!, "meetings.invitees");
    await t.db.updateTable("users").set({ is_active: true }).where("username", "=", "nomsa").execute();
    expect(answer.status).toBe(200);
    const people = answer.data!;
    expect(people.some((p) => p.id === ids.nomsa)).toBe(false);
    expect(people.find((p) => p.id === ids.attorney)?.canHost).toBe(false);
    expect(people.find((p) => p.id === ids.consultant)?.canHost).toBe(true);
    expect(people.find((p) => p.id === ids.employee)?.canHost).toBe(true);
  });

  it("gives every meeting its own random room id of at least 128 bits, unrelated to its record", async () => {
    const rooms = await Promise.all([1, 2, 3, 4, 5].map(() => arrange()));
    const roomIds = rooms.map((r) => r.roomId);
    expect(new Set(roomIds).size).toBe(5);
    for (const { roomId, meeting } of rooms) {
      expect(roomId).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(Buffer.from(roomId, "base64url").length * 8).toBeGreaterThanOrEqual(128);
      expect(roomId).not.toContain(meeting.id.replace(/-/g, "").slice(0, 8));
    }
  });

  it("lets only invited users into a room: anyone else gets 404 from the API", async () => {
    const { roomId, meeting } = await arrange();
    for (const invited of ["consultant", "attorney"]) {
      expect((await trpc(t.app, c[invited]!, "meetings.getRoom", { roomId })).status).toBe(200);
      expect((await trpc(t.app, c[invited]!, "meetings.get", { id: meeting.id })).status).toBe(200);
    }
    // Another attorney, and staff who are not invited: no room (staff still manage the meeting).
    for (const outsider of ["nomsa", "admin", "employee"]) {
      expect((await trpc(t.app, c[outsider]!, "meetings.getRoom", { roomId })).status, outsider).toBe(404);
      expect((await trpc(t.app, c[outsider]!, "meetings.enter", { roomId })).status, outsider).toBe(404);
      expect((await trpc(t.app, c[outsider]!, "meetings.listSignals", { roomId, callId: "x".repeat(22) })).status, outsider).toBe(404);
    }
    expect((await trpc(t.app, c.nomsa!, "meetings.get", { id: meeting.id })).status).toBe(404);
    // A room id that does not exist answers the same as one you are not invited to.
    expect((await trpc(t.app, c.attorney!, "meetings.getRoom", { roomId: "A".repeat(32) })).status).toBe(404);
    // The list shows the meetings one is invited to; staff may ask for all.
    const nomsas = await trpc<MeetingListItem[]>(t.app, c.nomsa!, "meetings.list", { when: "upcoming" });
    expect(nomsas.data.some((m) => m.id === meeting.id)).toBe(false);
    const attorneys = await trpc<MeetingListItem[]>(t.app, c.attorney!, "meetings.list", { when: "upcoming" });
    expect(attorneys.data.find((m) => m.id === meeting.id)).toMatchObject({ invited: true, isHost: false });
    const agency = await trpc<MeetingListItem[]>(t.app, c.employee!, "meetings.list", { when: "upcoming", all: true });
    expect(agency.data.find((m) => m.id === meeting.id)).toMatchObject({ invited: false });
  });

  it("e-mails the guest a link that opens a session for that meeting only", async () => {
    const { roomId, email } = await arrange();
    await drainOutbox(t.db, createSmtpMailer(t.mailbox.url), "http://localhost:3000");
    const mail = await t.mailbox.waitFor(email);
    // The meeting's title stays in the app: the mail says only when (docs/decisions.md "Calendars carry no health information").
    expect(mail).toContain("Subject: MedLegal video meeting on ");
    expect(mail).not.toContain("Clinical psychology assessment");
    const token = tokenIn(mail, roomId);
    const opened = await openLink(t, roomId, token);
    expect(opened.status).toBe(200);
    expect(opened.cookie).not.toBe("");
    const room = await trpc<RoomState>(t.app, opened.cookie, "meetings.getRoom", { roomId });
    expect(room.status).toBe(200);
    expect(room.data.me).toMatchObject({ name: "Thandi Mokoena", kind: "guest", state: "invited", isHost: false });
    // The same token for another room, and the session in another room: refused.
    const other = await arrange();
    expect((await openLink(t, other.roomId, token)).status).toBe(401);
    expect((await trpc(t.app, opened.cookie, "meetings.getRoom", { roomId: other.roomId })).status).toBe(401);
    expect((await trpc(t.app, opened.cookie, "meetings.enter", { roomId: other.roomId })).status).toBe(401);
  });

  it("refuses a tampered or forged token with one sentence", async () => {
    const { roomId, guestId } = await arrange();
    const token = await guestLink(guestId, roomId);
    const parts = token.split(".");
    const flip = (s: string) => (s[0] === "A" ? "B" : "A") + s.slice(1);
    const tampered = [
      [parts[0], parts[1], parts[2], String(Number(parts[3]) + 86_400), parts[4]].join("."), // a longer window
      [...parts.slice(0, 4), flip(parts[4]!)].join("."), // another signature
      [parts[0], ids.attorney, ...parts.slice(2)].join("."), // another participant
      "v1.not-a-token",
      `${token}x`,
    ];
    for (const bad of tampered) {
      const answer = await openLink(t, roomId, bad);
      expect(answer.status, bad).toBe(401);
      expect(answer.message).toBe(MEETING_MESSAGES.badLink);
      expect(answer.cookie).toBe("");
    }
  });

  it("accepts a guest link only in the meeting's window", async () => {
    const later = await arrange({ startsAt: minutes(3 * 24 * 60) });
    const early = await openLink(t, later.roomId, await guestLink(later.guestId, later.roomId));
    expect(early.status).toBe(403);
    expect(early.message).toMatch(/^This link works from /);

    // A meeting whose window closed (its end an hour and more ago): even a fresh link is refused.
    const past = await arrange();
    const token = await guestLink(past.guestId, past.roomId);
    await t.db
      .updateTable("meetings")
      .set({ starts_at: new Date(Date.now() - 3 * 3600_000), ends_at: new Date(Date.now() - 2 * 3600_000) })
      .where("room_id", "=", past.roomId)
      .execute();
    // The old link no longer matches the moved meeting's window...
    expect((await openLink(t, past.roomId, token)).message).toBe(MEETING_MESSAGES.linkExpired);
    // ...and a link for the new window has expired.
    const expired = await openLink(t, past.roomId, await guestLink(past.guestId, past.roomId));
    expect(expired.status).toBe(403);
    expect(expired.message).toBe(MEETING_MESSAGES.linkExpired);
  });

  it("gives a guest session nothing outside its meeting: every other procedure and REST path answers 401", async () => {
    const { roomId, guestId } = await arrange();
    const { cookie } = await openLink(t, roomId, await guestLink(guestId, roomId));
    expect((await trpc(t.app, cookie, "meetings.getRoom", { roomId })).status).toBe(200);

    const procedures = Object.entries(
      appRouter._def.procedures as unknown as Record<string, { _def: { type: "query" | "mutation" | "subscription" } }>,
    );
    const roomProcedures = new Set(
      [
        "getRoom",
        "getIceServers",
        "enter",
        "heartbeat",
        "admit",
        "deny",
        "remove",
        "leave",
        "end",
        "setConsent",
        "startRecording",
        "stopRecording",
        "signal",
        "listSignals",
      ].map((p) => `meetings.${p}`),
    );
    const publicOnes = new Set(PUBLIC_PROCEDURES);
    let checked = 0;
    for (const [path, procedure] of procedures) {
      if (roomProcedures.has(path) || publicOnes.has(path) || procedure._def.type === "subscription") continue;
      const answer = await trpc(t.app, cookie, path, procedure._def.type === "query" ? undefined : {});
      expect(answer.status, path).toBe(401);
      checked++;
    }
    expect(checked).toBeGreaterThan(100);
    // The guest is nobody to the rest of the app.
    const me = await trpc(t.app, cookie, "auth.me");
    expect(me.status).toBe(200);
    expect(me.data ?? null).toBeNull();
    const rest = [
      ["GET", "/api/user"],
      ["GET", `/api/notifications/${ids.attorney}`],
      ["GET", "/api/messages/unread"],
      ["GET", `/api/files/${guestId}`],
      ["GET", "/api/audit/export.csv"],
      ["POST", `/api/meetings/recordings/${guestId}/chunks/0`],
    ] as const;
    for (const [method, url] of rest) {
      const answer = await t.app.inject({ method, url, headers: { cookie } });
      expect(answer.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("keeps everyone but the host in the waiting room until admitted; the host can deny or remove", async () => {
    const { roomId, guestId } = await arrange();
    const guest = (await openLink(t, roomId, await guestLink(guestId, roomId))).cookie;
    const waiting = await trpc<RoomState>(t.app, guest, "meetings.enter", { roomId });
    expect(waiting.data.me.state).toBe("waiting");
    expect(waiting.data.people.map((p) => p.id)).toEqual([guestId]);
    // Waiting people cannot signal anyone.
    const blocked = await trpc(t.app, guest, "meetings.signal", {
      roomId,
      callId: waiting.data.me.callId,
      signals: [{ toParticipantId: guestId, toCallId: waiting.data.me.callId, kind: "candidate", payload: "{}" }],
    });
    expect(blocked.status).toBe(409);
    // Only the host admits: the invited attorney cannot.
    const attorneyRoom = await trpc<RoomState>(t.app, c.attorney!, "meetings.enter", { roomId });
    expect(attorneyRoom.data.me.state).toBe("waiting");
    expect((await trpc(t.app, c.attorney!, "meetings.admit", { roomId, participantId: guestId })).status).toBe(403);
    const host = await trpc<RoomState>(t.app, c.consultant!, "meetings.enter", { roomId });
    expect(host.data.me.state).toBe("admitted");
    expect(host.data.meeting.status).toBe("in_progress");
    // The host's lobby list shows both waiting.
    expect(
      host.data.people
        .filter((p) => p.state === "waiting" && p.present)
        .map((p) => p.id)
        .sort(),
    ).toEqual([guestId, attorneyRoom.data.me.participantId].sort());
    const admitted = await trpc<RoomState>(t.app, c.consultant!, "meetings.admit", { roomId, participantId: guestId });
    expect(admitted.data.people.find((p) => p.id === guestId)?.state).toBe("admitted");
    const attorneyId = attorneyRoom.data.me.participantId;
    expect((await trpc(t.app, c.consultant!, "meetings.deny", { roomId, participantId: attorneyId })).status).toBe(200);
    const denied = await trpc(t.app, c.attorney!, "meetings.enter", { roomId });
    expect(denied.status).toBe(403);
    expect(denied.error?.message).toBe(MEETING_MESSAGES.denied);
    expect((await trpc(t.app, c.consultant!, "meetings.remove", { roomId, participantId: guestId })).status).toBe(200);
    expect((await trpc<RoomState>(t.app, guest, "meetings.getRoom", { roomId })).data.me.state).toBe("removed");
    expect((await trpc(t.app, guest, "meetings.enter", { roomId })).error?.message).toBe(MEETING_MESSAGES.removed);
    // Joins, admissions, denials, removals are audited on the meeting (no query here).
    const audit = await t.db
      .selectFrom("audit_log")
      .select(["action", "actor_id"])
      .where("entity_type", "=", "meeting")
      .where("action", "like", "meeting.%")
      .orderBy("at")
      .execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(["meeting.wait", "meeting.join", "meeting.admit", "meeting.deny", "meeting.remove"]),
    );
  });

  it("carries signals between the entries in the room, and only to them", async () => {
    const { roomId, guestId, guest } = await inTheRoom();
    const host = (await trpc<RoomState>(t.app, c.consultant!, "meetings.getRoom", { roomId })).data;
    const me = (await trpc<RoomState>(t.app, guest, "meetings.getRoom", { roomId })).data;
    const guestCall = host.people.find((p) => p.id === guestId)!.callId!;
    expect(guestCall).toBe(me.me.callId);
    const offer = JSON.stringify({ type: "offer", sdp: "v=0" });
    const sent = await trpc<{ delivered: number }>(t.app, c.consultant!, "meetings.signal", {
      roomId,
      callId: host.me.callId,
      signals: [
        { toParticipantId: guestId, toCallId: guestCall, kind: "description", payload: offer },
        // An entry that has gone (a reloaded page): dropped.
        { toParticipantId: guestId, toCallId: "y".repeat(22), kind: "candidate", payload: "{}" },
      ],
    });
    expect(sent.data.delivered).toBe(1);
    const inbox = await trpc<RoomSignal[]>(t.app, guest, "meetings.listSignals", { roomId, callId: guestCall, after: 0 });
    expect(inbox.data).toEqual([
      expect.objectContaining({
        fromParticipantId: host.me.participantId,
        fromCallId: host.me.callId,
        kind: "description",
        payload: offer,
      }),
    ]);
    expect(
      (await trpc<RoomSignal[]>(t.app, guest, "meetings.listSignals", { roomId, callId: guestCall, after: inbox.data[0]!.id })).data,
    ).toEqual([]);
    // The host's own inbox holds nothing of it.
    expect(
      (await trpc<RoomSignal[]>(t.app, c.consultant!, "meetings.listSignals", { roomId, callId: host.me.callId, after: 0 })).data,
    ).toEqual([]);
  });

  it("refuses entry once the host has ended the meeting, and tells the guest", async () => {
    const { roomId, guestId, guest } = await inTheRoom();
    expect((await trpc(t.app, guest, "meetings.end", { roomId })).status).toBe(403);
    const ended = await trpc<RoomState>(t.app, c.consultant!, "meetings.end", { roomId });
    expect(ended.data.meeting.status).toBe("ended");
    // The guest's place ended with the meeting: they are told so, and read nothing more of the room.
    const guestView = await trpc<RoomState>(t.app, guest, "meetings.getRoom", { roomId });
    expect(guestView.status).toBe(409);
    expect(guestView.error?.message).toBe(MEETING_MESSAGES.ended);
    expect(guestView.data).toBeUndefined();
    expect((await trpc(t.app, guest, "meetings.listSignals", { roomId, callId: "x".repeat(22), after: 0 })).status).toBe(409);
    for (const cookie of [guest, c.consultant!, c.attorney!]) {
      const again = await trpc(t.app, cookie, "meetings.enter", { roomId });
      expect(again.status).toBe(409);
      expect(again.error?.message).toBe(MEETING_MESSAGES.ended);
    }
    const link = await openLink(
      t,
      roomId,
      await (async () => {
        // Staff cannot copy links of an ended meeting; the token the guest holds is refused too.
        expect((await trpc(t.app, c.employee!, "meetings.copyGuestLink", { participantId: guestId })).status).toBe(409);
        const row = await t.db
          .selectFrom("email_outbox")
          .select("body")
          .where("body", "like", `%/join/${roomId}?token=%`)
          .executeTakeFirstOrThrow();
        return tokenIn(row.body, roomId);
      })(),
    );
    expect(link.status).toBe(409);
  });

  it("records only once everyone in the room has consented there, and a withdrawal stops it", async () => {
    const { roomId, guest, meeting } = await inTheRoom();
    const start = () => trpc<RoomState>(t.app, c.consultant!, "meetings.startRecording", { roomId, contentType: "video/webm" });
    expect((await start()).error?.message).toBe(MEETING_MESSAGES.consentMissing);
    expect((await trpc(t.app, c.consultant!, "meetings.setConsent", { roomId, consent: true })).status).toBe(200);
    expect((await start()).status).toBe(409);
    expect((await trpc(t.app, guest, "meetings.setConsent", { roomId, consent: true })).status).toBe(200);
    // Only the host records.
    expect((await trpc(t.app, guest, "meetings.startRecording", { roomId, contentType: "video/webm" })).status).toBe(403);
    const started = await start();
    expect(started.status, started.error?.message).toBe(200);
    const recordingId = started.data.recording!.id;

    // The host's page uploads chunks in order; the first must be the start of a WebM file.
    const upload = (seq: number, data: Buffer, cookie = c.consultant!) => {
      const body = multipart(`chunk-${seq}.webm`, data, "video/webm");
      return t.app.inject({
        method: "POST",
        url: `/api/meetings/recordings/${recordingId}/chunks/${seq}`,
        headers: { ...body.headers, cookie },
        payload: body.payload,
      });
    };
    expect((await upload(0, Buffer.from("not a video"))).statusCode).toBe(400);
    expect((await upload(0, WEBM_START)).statusCode).toBe(201);
    expect((await upload(2, Buffer.from([1, 2, 3]))).statusCode).toBe(409);
    expect((await upload(1, Buffer.from([1, 2, 3]))).statusCode).toBe(201);
    expect((await upload(2, Buffer.from([4]), c.attorney!)).statusCode).toBe(404);

    // The guest withdraws: the recording stops at once.
    const withdrawn = await trpc<RoomState>(t.app, guest, "meetings.setConsent", { roomId, consent: false });
    expect(withdrawn.data.recording).toBeNull();
    const row = await t.db.selectFrom("meeting_recordings").selectAll().where("id", "=", recordingId).executeTakeFirstOrThrow();
    expect(row.stop_reason).toBe("consent_withdrawn");
    expect((await start()).error?.message).toBe(MEETING_MESSAGES.consentMissing);

    // Staff and the expert download it whole; the invited attorney sees no recording.
    const detail = await trpc<MeetingDetail>(t.app, c.employee!, "meetings.get", { id: meeting.id });
    const fileId = detail.data.recordings[0]!.fileId!;
    for (const who of ["employee", "consultant"]) {
      const file = await t.app.inject({ method: "GET", url: `/api/files/${fileId}`, headers: { cookie: c[who]! } });
      expect(file.statusCode, who).toBe(200);
      expect(file.rawPayload.equals(Buffer.concat([WEBM_START, Buffer.from([1, 2, 3])]))).toBe(true);
    }
    expect((await trpc<MeetingDetail>(t.app, c.attorney!, "meetings.get", { id: meeting.id })).data.recordings).toEqual([]);
    expect((await t.app.inject({ method: "GET", url: `/api/files/${fileId}`, headers: { cookie: c.attorney! } })).statusCode).toBe(404);
    const access = await t.db.selectFrom("access_log").select("entity_type").where("entity_id", "=", recordingId).execute();
    expect(access.length).toBe(2);
    const audit = await t.db
      .selectFrom("audit_log")
      .select("action")
      .where("after", "is not", null)
      .where("action", "in", ["meeting.recording_start", "meeting.recording_stop"])
      .execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["meeting.recording_start", "meeting.recording_stop"]));
  });

  it("hands out the administrators' ICE servers with short-lived TURN credentials", async () => {
    const { roomId } = await inTheRoom();
    expect((await trpc(t.app, c.consultant!, "meetings.getIceServers", { roomId })).data).toEqual([]);
    const saved = await trpc(t.app, c.admin!, "settings.updateVideo", {
      stunUrls: ["stun:stun.example.org:3478"],
      turnUrls: ["turn:turn.example.org:3478"],
      turnSecret: "s3cret-shared",
      credentialTtlMinutes: 60,
    });
    expect(saved.status, saved.error?.message).toBe(200);
    expect(saved.data).toEqual({
      stunUrls: ["stun:stun.example.org:3478"],
      turnUrls: ["turn:turn.example.org:3478"],
      turnSecretSet: true,
      credentialTtlMinutes: 60,
    });
    const servers = await trpc<{ urls: string[]; username?: string; credential?: string }[]>(
      t.app,
      c.consultant!,
      "meetings.getIceServers",
      { roomId },
    );
    expect(servers.data[0]).toEqual({ urls: ["stun:stun.example.org:3478"] });
    const turn = servers.data[1]!;
    const [expiry] = turn.username!.split(":");
    expect(Number(expiry) - Date.now() / 1000).toBeGreaterThan(55 * 60);
    const { createHmac } = await import("node:crypto");
    expect(turn.credential).toBe(createHmac("sha1", "s3cret-shared").update(turn.username!).digest("base64"));
    // The secret never comes back, and saving without it keeps it.
    expect(JSON.stringify((await trpc(t.app, c.admin!, "settings.getVideo")).data)).not.toContain("s3cret");
    expect(
      (
        await trpc(t.app, c.admin!, "settings.updateVideo", {
          stunUrls: [],
          turnUrls: ["turn:turn.example.org:3478"],
          credentialTtlMinutes: 60,
        })
      ).data,
    ).toMatchObject({ turnSecretSet: true });
    const audit = await t.db.selectFrom("audit_log").select("after").where("action", "=", "settings.update_video").execute();
    expect(JSON.stringify(audit)).not.toContain("s3cret");
    expect((await trpc(t.app, c.admin!, "settings.updateVideo", { stunUrls: ["http://nope"], turnUrls: [] })).status).toBe(400);
    await trpc(t.app, c.admin!, "settings.updateVideo", { stunUrls: [], turnUrls: [], clearTurnSecret: true });
  });

  it("ends a meeting left empty for 30 minutes, and one that never started after its end", async () => {
    const { roomId } = await inTheRoom();
    await t.db
      .updateTable("meetings")
      .set({ last_presence_at: new Date(Date.now() - 31 * 60_000) })
      .where("room_id", "=", roomId)
      .execute();
    await t.db
      .updateTable("meeting_participants")
      .set({ last_seen_at: new Date(Date.now() - 31 * 60_000) })
      .where("meeting_id", "=", (await t.db.selectFrom("meetings").select("id").where("room_id", "=", roomId).executeTakeFirstOrThrow()).id)
      .execute();
    const unused = await arrange();
    await t.db
      .updateTable("meetings")
      .set({ starts_at: new Date(Date.now() - 3 * 3600_000), ends_at: new Date(Date.now() - 2 * 3600_000) })
      .where("room_id", "=", unused.roomId)
      .execute();
    const busy = await inTheRoom();
    await sweepMeetings(t.db);
    const status = async (room: string) =>
      t.db.selectFrom("meetings").select(["status", "end_reason"]).where("room_id", "=", room).executeTakeFirstOrThrow();
    expect(await status(roomId)).toEqual({ status: "ended", end_reason: "empty" });
    expect(await status(unused.roomId)).toEqual({ status: "ended", end_reason: "unused" });
    expect(await status(busy.roomId)).toEqual({ status: "in_progress", end_reason: null });
  });

  it("lets staff invite, resend and withdraw invitations, at most four people", async () => {
    const { meeting, guestId, email } = await arrange();
    const invited = await trpc<MeetingDetail>(t.app, c.employee!, "meetings.invite", {
      meetingId: meeting.id,
      kind: "guest",
      guest: { name: "Sipho Zulu", email: "interpreter@example.org", role: "interpreter" },
    });
    expect(invited.status, invited.error?.message).toBe(200);
    expect(invited.data.participants.map((p) => p.roleLabel)).toEqual(["Expert", "Attorney", "Claimant", "Interpreter"]);
    const fifth = await trpc(t.app, c.employee!, "meetings.invite", { meetingId: meeting.id, kind: "user", userId: ids.nomsa });
    expect(fifth.status).toBe(409);
    expect(fifth.error?.message).toBe(MEETING_MESSAGES.full);
    const again = await trpc(t.app, c.employee!, "meetings.invite", {
      meetingId: meeting.id,
      kind: "guest",
      guest: { name: "Thandi", email: email.toUpperCase(), role: "claimant" },
    });
    expect(again.status).toBe(409);
    expect((await trpc(t.app, c.attorney!, "meetings.invite", { meetingId: meeting.id, kind: "user", userId: ids.nomsa })).status).toBe(
      403,
    );
    const resent = await trpc<MeetingDetail>(t.app, c.employee!, "meetings.resendLink", { participantId: guestId });
    expect(resent.data.participants.find((p) => p.id === guestId)?.linkSentAt).not.toBeNull();
    expect((await t.db.selectFrom("email_outbox").select("id").where("to_address", "=", email).execute()).length).toBe(2);
    const token = await guestLink(guestId, meeting.roomId);
    expect((await trpc(t.app, c.employee!, "meetings.uninvite", { participantId: guestId })).status).toBe(200);
    expect((await openLink(t, meeting.roomId, token)).status).toBe(401);
  });
});

describe.each(testDialects())("a video booking's meeting on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { workflow: true });
  });
  afterAll(() => t.close());

  it("is created when a video booking is confirmed, hosted by the expert, and cancelled with its booking", async () => {
    const video = await t.db
      .selectFrom("bookings")
      .innerJoin("meetings", "meetings.booking_id", "bookings.id")
      .select([
        "bookings.id",
        "bookings.consultant_id",
        "bookings.starts_at",
        "bookings.query_id",
        "meetings.host_id",
        "meetings.starts_at as meeting_starts",
        "meetings.room_id",
        "meetings.status",
        "meetings.query_id as meeting_query",
      ])
      .where("bookings.mode", "=", "video")
      .where("bookings.status", "=", "confirmed")
      .orderBy("bookings.starts_at")
      .execute();
    expect(video.length).toBeGreaterThan(0);
    const confirmedVideo = await t.db
      .selectFrom("bookings")
      .select("id")
      .where("mode", "=", "video")
      .where("status", "=", "confirmed")
      .execute();
    expect(video.length).toBe(confirmedVideo.length);
    for (const v of video) {
      expect(v.host_id).toBe(v.consultant_id);
      expect(v.meeting_starts.getTime()).toBe(v.starts_at.getTime());
      expect(v.meeting_query).toBe(v.query_id);
    }
    // No meeting for an in-person booking.
    const inPerson = await t.db
      .selectFrom("meetings")
      .innerJoin("bookings", "bookings.id", "meetings.booking_id")
      .select("meetings.id")
      .where("bookings.mode", "=", "in_person")
      .execute();
    expect(inPerson).toEqual([]);

    const employee = (await login(t.app, "employee")).cookie;
    const target = video.at(-1)!;
    const cancelled = await trpc(t.app, employee, "bookings.cancel", {
      id: target.id,
      reason: "The claimant is in hospital",
      cancellationClass: "no_fee",
    });
    expect(cancelled.status, cancelled.error?.message).toBe(200);
    const meeting = await t.db
      .selectFrom("meetings")
      .select(["status", "end_reason", "id"])
      .where("room_id", "=", target.room_id)
      .executeTakeFirstOrThrow();
    expect(meeting).toMatchObject({ status: "cancelled", end_reason: "cancelled" });
    // Audited on the booking's query.
    const audit = await t.db
      .selectFrom("audit_log")
      .select(["action", "after"])
      .where("action", "in", ["meeting.create", "meeting.cancel"])
      .where("entity_type", "=", "query")
      .where("entity_id", "=", target.query_id!)
      .execute();
    expect(
      audit
        .filter((a) => JSON.stringify(a.after).includes(meeting.id))
        .map((a) => a.action)
        .sort(),
    ).toEqual(["meeting.cancel", "meeting.create"]);
    const expert = (await t.db.selectFrom("users").select("username").where("id", "=", target.consultant_id).executeTakeFirstOrThrow())
      .username;
    const host = (await login(t.app, expert)).cookie;
    expect((await trpc(t.app, host, "meetings.enter", { roomId: target.room_id })).error?.message).toBe(MEETING_MESSAGES.cancelled);
  });

  it("links a new meeting to a video assessment from the dialog: its time, query and claimant come with it", async () => {
    const employee = (await login(t.app, "employee")).cookie;
    const booking = await t.db
      .selectFrom("bookings")
      .innerJoin("meetings", "meetings.booking_id", "bookings.id")
      .innerJoin("patients", "patients.id", "bookings.patient_id")
      .select([
        "bookings.id",
        "bookings.reference",
        "bookings.consultant_id",
        "bookings.starts_at",
        "bookings.ends_at",
        "bookings.query_id",
        "meetings.id as meeting_id",
        "patients.email",
      ])
      .where("bookings.mode", "=", "video")
      .where("bookings.status", "=", "confirmed")
      .where("bookings.starts_at", ">", new Date())
      .orderBy("bookings.starts_at")
      .executeTakeFirstOrThrow();
    const input = {
      title: "Assessment, second room",
      startsAt: minutes(60),
      durationMinutes: 30,
      hostId: booking.consultant_id,
      bookingId: booking.id,
    };
    // It has its meeting already.
    const taken = await trpc(t.app, employee, "meetings.create", input);
    expect(taken.status).toBe(409);
    expect(taken.error?.message).toBe("That assessment already has its meeting.");
    // Its meeting is gone (as when its room was arranged and then dropped): the assessment can be linked again.
    await t.db
      .updateTable("meetings")
      .set({ status: "cancelled", end_reason: "cancelled", ended_at: new Date() })
      .where("id", "=", booking.meeting_id)
      .execute();

    const links = await trpc<{ bookings: { id: string; queryId: string | null }[]; queries: { id: string }[] }>(
      t.app,
      employee,
      "meetings.links",
    );
    expect(links.status, links.error?.message).toBe(200);
    expect(links.data.bookings.find((b) => b.id === booking.id)).toMatchObject({ queryId: booking.query_id });
    expect(links.data.queries.some((q) => q.id === booking.query_id)).toBe(true);

    const made = await trpc<MeetingDetail>(t.app, employee, "meetings.create", input);
    expect(made.status, made.error?.message).toBe(200);
    expect(made.data).toMatchObject({
      bookingId: booking.id,
      bookingReference: booking.reference,
      queryId: booking.query_id,
      startsAt: booking.starts_at.toISOString(),
      endsAt: booking.ends_at.toISOString(),
    });
    if (booking.email) expect(made.data.participants.some((p) => p.kind === "guest" && p.email === booking.email)).toBe(true);
    // Attorneys cannot see what could be linked.
    expect((await trpc(t.app, (await login(t.app, "attorney")).cookie, "meetings.links")).status).toBe(403);
  });
});
