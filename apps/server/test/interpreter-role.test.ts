import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testDialects } from "@medlegal/db/testing";
import type { InterpretingBooking, RoomState } from "@medlegal/domain";
import type { TestApp } from "./helpers";
import { createTestApp, login, trpc, uniqueSuffix } from "./helpers";

/**
 * The interpreter as a user (issue 28, docs/decisions.md "Interpreters as users"): staff name an
 * interpreter's account on a booking's logistics; the interpreter sees those bookings and nothing
 * else (no health fields), and joins their video rooms in the interpreter's meeting role.
 */
describe.each(testDialects())("interpreters with an account on %s", (kind) => {
  let t: TestApp;
  const c = {} as Record<"admin" | "employee" | "interpreter" | "other" | "attorney", string>;
  const ids = {} as Record<"interpreter" | "other" | "consultant", string>;
  /** Two future video assessments with their meetings: one the interpreter is named on, one not. */
  let mine: { id: string; reference: string; roomId: string };
  let theirs: { id: string; reference: string; roomId: string };
  /** An in-person booking the interpreter is named on, with a guardian. */
  let inPerson: { id: string; venue: string | null };

  const createInterpreter = async (firstName: string) => {
    const n = uniqueSuffix();
    const input = {
      role: "interpreter",
      username: `int_${n}`,
      email: `int_${n}@interpreters.example`,
      firstName,
      lastName: `Interpreter ${n}`,
      password: "Str0ng!Password",
      phone: "082 555 0412",
    };
    const created = await trpc<{ id: string }>(t.app, c.admin, "users.create", input);
    expect(created.status, created.error?.message).toBe(200);
    return { id: created.data.id, cookie: (await login(t.app, input.username, input.password)).cookie };
  };

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { workflow: true });
    for (const name of ["admin", "employee", "attorney"] as const) c[name] = (await login(t.app, name)).cookie;
    // Assessments still to come the demo left without logistics or a meeting.
    const free = await t.db
      .selectFrom("bookings")
      .leftJoin("booking_logistics", "booking_logistics.booking_id", "bookings.id")
      .leftJoin("meetings", "meetings.booking_id", "bookings.id")
      .select(["bookings.id", "bookings.reference", "bookings.consultant_id", "bookings.venue"])
      .where("booking_logistics.booking_id", "is", null)
      .where("meetings.id", "is", null)
      .where("bookings.status", "in", ["requested", "confirmed"])
      .where("bookings.mode", "=", "in_person")
      .where("bookings.starts_at", ">", new Date(Date.now() + 3_600_000))
      .orderBy("bookings.starts_at")
      .limit(3)
      .execute();
    expect(free).toHaveLength(3);
    // Fixture: two of them become video assessments (the demo has too few ahead to count on); their
    // meetings are arranged the way staff arrange them.
    await t.db.updateTable("bookings").set({ mode: "video", venue: null }).where("id", "in", [free[0]!.id, free[1]!.id]).execute();
    const meet = async (b: (typeof free)[number]) => {
      const made = await trpc<{ roomId: string }>(t.app, c.employee, "meetings.create", {
        title: "Assessment",
        startsAt: new Date().toISOString(),
        durationMinutes: 60,
        hostId: b.consultant_id,
        bookingId: b.id,
      });
      expect(made.status, made.error?.message).toBe(200);
      return { id: b.id, reference: b.reference, roomId: made.data.roomId };
    };
    mine = await meet(free[0]!);
    theirs = await meet(free[1]!);
    inPerson = { id: free[2]!.id, venue: free[2]!.venue };
    ids.consultant = free[0]!.consultant_id;
  });
  afterAll(() => t.close());
  // Each test its own two interpreters, so no seat, log row or phone of another test's is theirs.
  beforeEach(async () => {
    const a = await createInterpreter("Nthabiseng");
    const b = await createInterpreter("Sizwe");
    [ids.interpreter, c.interpreter, ids.other, c.other] = [a.id, a.cookie, b.id, b.cookie];
  });

  /** Staff name the interpreter on the video assessment and on the in-person one (with a guardian). */
  const nameTheInterpreter = async () => {
    for (const [bookingId, guardian] of [
      [mine.id, {}],
      [inPerson.id, { guardianName: "Lindiwe Dlamini", guardianRelationship: "Sister", guardianPhone: "082 555 0177" }],
    ] as const) {
      const saved = await trpc(t.app, c.employee, "logistics.set", {
        bookingId,
        transport: "none",
        interpreterLanguage: "isiZulu",
        interpreterUserId: ids.interpreter,
        ...guardian,
      });
      expect(saved.status, saved.error?.message).toBe(200);
    }
  };

  it("lets staff name an active interpreter's account: the name and contact come from the account", async () => {
    const saved = await trpc<{ scope: string; logistics: Record<string, unknown> }>(t.app, c.employee, "logistics.set", {
      bookingId: mine.id,
      transport: "none",
      interpreterLanguage: "isiZulu",
      interpreterUserId: ids.interpreter,
      // Typed by mistake: the account's name wins.
      interpreterName: "Somebody Else",
    });
    expect(saved.status, saved.error?.message).toBe(200);
    expect(saved.data.logistics).toMatchObject({
      interpreterUserId: ids.interpreter,
      interpreterLanguage: "isiZulu",
      interpreterName: expect.stringContaining("Nthabiseng"),
    });
    // The phone the administrator recorded, for reception and the driver on the day.
    expect(saved.data.logistics.interpreterContact).toBe("082 555 0412");
    const guardian = { guardianName: "Lindiwe Dlamini", guardianRelationship: "Sister", guardianPhone: "082 555 0177" };
    const second = await trpc(t.app, c.employee, "logistics.set", {
      bookingId: inPerson.id,
      transport: "none",
      interpreterLanguage: "isiZulu",
      interpreterUserId: ids.interpreter,
      ...guardian,
    });
    expect(second.status, second.error?.message).toBe(200);
    // Staff's picker lists the interpreter.
    const picker = await trpc<{ id: string; name: string }[]>(t.app, c.employee, "logistics.interpreters");
    expect(picker.data.map((i) => i.id)).toEqual(expect.arrayContaining([ids.interpreter, ids.other]));
  });

  it("asks an interpreter's account for a phone, and keeps it on the account", async () => {
    const n = uniqueSuffix();
    const input = {
      role: "interpreter",
      username: `int_${n}`,
      email: `int_${n}@interpreters.example`,
      firstName: "Nophone",
      lastName: `Interpreter ${n}`,
      password: "Str0ng!Password",
    };
    const refused = await trpc(t.app, c.admin, "users.create", input);
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toMatch(/Phone number is required/);
    const created = await trpc<{ id: string; phone: string | null }>(t.app, c.admin, "users.create", {
      ...input,
      phone: "+27 82 555 0413",
    });
    expect(created.status, created.error?.message).toBe(200);
    expect(created.data.phone).toBe("+27 82 555 0413");
  });

  it("keeps an interpreter's languages: set in User Management, read back, a language off the list refused on the field, kept by the interpreter's own save", async () => {
    const n = uniqueSuffix();
    const input = {
      role: "interpreter",
      username: `lang_${n}`,
      email: `lang_${n}@interpreters.example`,
      firstName: "Lerato",
      lastName: `Languages ${n}`,
      password: "Str0ng!Password",
      phone: "082 555 0415",
    };
    const created = await trpc<{ id: string; interpreterLanguages: string[] }>(t.app, c.admin, "users.create", {
      ...input,
      interpreterLanguages: ["Sesotho", "English", "Sesotho"],
    });
    expect(created.status, created.error?.message).toBe(200);
    expect(created.data.interpreterLanguages).toEqual(["Sesotho", "English"]);
    const read = await trpc<{ interpreterLanguages: string[] }>(t.app, c.admin, "users.get", { id: created.data.id });
    expect(read.data.interpreterLanguages).toEqual(["Sesotho", "English"]);

    const edit = {
      id: created.data.id,
      role: "interpreter",
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
    };
    const refused = await trpc(t.app, c.admin, "users.update", { ...edit, interpreterLanguages: ["Sesotho", "Klingon"] });
    expect(refused.status).toBe(400);
    // The path names the entry; the form shows it on the languages field.
    expect(refused.error?.data.fieldErrors).toMatchObject({ "interpreterLanguages.1": "Choose languages from the list" });
    expect(
      (await trpc<{ interpreterLanguages: string[] }>(t.app, c.admin, "users.get", { id: created.data.id })).data.interpreterLanguages,
    ).toEqual(["Sesotho", "English"]);
    const changed = await trpc<{ interpreterLanguages: string[] }>(t.app, c.admin, "users.update", {
      ...edit,
      interpreterLanguages: ["isiXhosa"],
    });
    expect(changed.status, changed.error?.message).toBe(200);
    expect(changed.data.interpreterLanguages).toEqual(["isiXhosa"]);

    // The interpreter's own Settings sends no languages: the saved ones stay.
    const { cookie } = await login(t.app, input.username, input.password);
    const own = await trpc<{ interpreterLanguages: string[] }>(t.app, cookie, "account.updateProfile", {
      email: input.email,
      firstName: "Lerato",
      lastName: input.lastName,
      firmName: null,
      birthDate: null,
      specialization: null,
      licenseNumber: null,
      address: null,
      phone: "082 555 0416",
    });
    expect(own.status, own.error?.message).toBe(200);
    expect(own.data.interpreterLanguages).toEqual(["isiXhosa"]);
    // Another role holds none.
    const employee = await trpc<{ interpreterLanguages: string[] }>(t.app, c.admin, "users.update", {
      id: created.data.id,
      role: "employee",
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
    });
    expect(employee.data.interpreterLanguages).toEqual([]);
  });

  it("refuses to name a user who is not an active interpreter, with a sentence on the field, and changes nothing", async () => {
    const expert = await trpc(t.app, c.employee, "logistics.set", {
      bookingId: theirs.id,
      transport: "none",
      interpreterLanguage: "isiZulu",
      interpreterUserId: ids.consultant,
    });
    expect(expert.status).toBe(400);
    expect(expert.error?.message).toBe("Choose an active interpreter's account, or enter an external interpreter's name.");
    const off = await createInterpreter("Inactive");
    expect((await trpc(t.app, c.admin, "users.setActive", { id: off.id, active: false })).status).toBe(200);
    const inactive = await trpc(t.app, c.employee, "logistics.set", {
      bookingId: theirs.id,
      transport: "none",
      interpreterLanguage: "isiZulu",
      interpreterUserId: off.id,
    });
    expect(inactive.status).toBe(400);
    expect(
      await t.db.selectFrom("booking_logistics").select("booking_id").where("booking_id", "=", theirs.id).executeTakeFirst(),
    ).toBeUndefined();
  });

  it("lists the interpreter only their own bookings, without the discipline, injury, case or claim numbers", async () => {
    await nameTheInterpreter();
    const list = await trpc<InterpretingBooking[]>(t.app, c.interpreter, "interpreting.myBookings", { when: "upcoming" });
    expect(list.status, list.error?.message).toBe(200);
    expect(list.data.map((b) => b.bookingId).sort()).toEqual([mine.id, inPerson.id].sort());
    const video = list.data.find((b) => b.bookingId === mine.id)!;
    expect(video).toMatchObject({ mode: "video", venue: null, language: "isiZulu", meeting: { status: "scheduled", canJoin: true } });
    const visit = list.data.find((b) => b.bookingId === inPerson.id)!;
    expect(visit).toMatchObject({
      mode: "in_person",
      venue: inPerson.venue,
      guardian: { name: "Lindiwe Dlamini", relationship: "Sister", phone: "082 555 0177" },
    });
    // Nothing of the matter: look for the booking's own health and case fields in the raw answer.
    const facts = await t.db
      .selectFrom("bookings")
      .innerJoin("specializations", "specializations.id", "bookings.specialization_id")
      .innerJoin("cases", "cases.id", "bookings.case_id")
      .innerJoin("patients", "patients.id", "bookings.patient_id")
      .select([
        "specializations.name as specialization",
        "cases.raf_claim_number",
        "cases.court_case_number",
        "patients.id_number",
        "bookings.query_id",
      ])
      .where("bookings.id", "in", [mine.id, inPerson.id])
      .execute();
    const raw = JSON.stringify(list.data);
    for (const f of facts) {
      for (const value of [f.specialization, f.raf_claim_number, f.court_case_number, f.id_number, f.query_id])
        if (value) expect(raw).not.toContain(value);
    }
    for (const key of ["specialization", "diagnosis", "injury", "caseNumber", "claimNumber", "idNumber", "queryId", "caseId"])
      expect(raw).not.toContain(`"${key}"`);
    // The reads are in the access log, against the claimant.
    const logged = await t.db
      .selectFrom("access_log")
      .select(["entity_id", "user_role"])
      .where("user_id", "=", ids.interpreter)
      .where("entity_type", "=", "booking")
      .execute();
    expect(logged.map((l) => l.entity_id)).toEqual(expect.arrayContaining([mine.id, inPerson.id]));
    expect(logged.every((l) => l.user_role === "interpreter")).toBe(true);
    // Another interpreter sees none of them.
    const other = await trpc<InterpretingBooking[]>(t.app, c.other, "interpreting.myBookings", { when: "upcoming" });
    expect(other.data).toEqual([]);
  });

  it("answers 404 for a booking the interpreter is not named on, and 403 on the agency's and attorneys' procedures", async () => {
    await nameTheInterpreter();
    expect((await trpc(t.app, c.interpreter, "interpreting.booking", { bookingId: mine.id })).status).toBe(200);
    expect((await trpc(t.app, c.interpreter, "interpreting.booking", { bookingId: theirs.id })).status).toBe(404);
    expect((await trpc(t.app, c.other, "interpreting.booking", { bookingId: mine.id })).status).toBe(404);
    // The neutral calendar file of their own booking, not of another's.
    const ics = (id: string) =>
      t.app.inject({ method: "GET", url: `/api/bookings/${id}/calendar.ics`, headers: { cookie: c.interpreter } });
    expect((await ics(mine.id)).statusCode).toBe(200);
    expect((await ics(theirs.id)).statusCode).toBe(404);
    for (const [path, input] of [
      ["bookings.get", { id: mine.id }],
      ["bookings.list", {}],
      ["logistics.get", { bookingId: mine.id }],
      ["logistics.daySheet", { day: "2026-12-01" }],
      ["patients.list", {}],
      ["queries.list", {}],
      ["dashboard.summary", undefined],
      ["messages.threads", {}],
      ["search.global", { term: "Mokoena" }],
    ] as const) {
      expect((await trpc(t.app, c.interpreter, path, input)).status, path).toBe(403);
    }
    // And the agency's people do not reach the interpreter's own procedures.
    expect((await trpc(t.app, c.employee, "interpreting.myBookings", { when: "upcoming" })).status).toBe(403);
    expect((await trpc(t.app, c.attorney, "interpreting.joinMeeting", { bookingId: mine.id })).status).toBe(403);
  });

  it("lets the interpreter keep their own account: they change the phone the agency reaches them on, and cannot clear it", async () => {
    const other = await t.db
      .selectFrom("users")
      .select(["email", "first_name", "last_name"])
      .where("id", "=", ids.other)
      .executeTakeFirstOrThrow();
    const profile = {
      email: other.email,
      firstName: "Sizwe",
      lastName: other.last_name,
      firmName: null,
      birthDate: null,
      specialization: null,
      licenseNumber: null,
      address: null,
    };
    const saved = await trpc(t.app, c.other, "account.updateProfile", { ...profile, phone: "+27 82 555 0400" });
    expect(saved.status, saved.error?.message).toBe(200);
    const cleared = await trpc(t.app, c.other, "account.updateProfile", { ...profile, firstName: "Cleared", phone: null });
    expect(cleared.status).toBe(400);
    const after = await t.db.selectFrom("users").select(["phone", "first_name"]).where("id", "=", ids.other).executeTakeFirstOrThrow();
    expect(after).toEqual({ phone: "+27 82 555 0400", first_name: "Sizwe" });
  });

  it("seats the interpreter in their booking's video room in the interpreter's role, once, and not in another's", async () => {
    await nameTheInterpreter();
    const joined = await trpc<{ roomId: string }>(t.app, c.interpreter, "interpreting.joinMeeting", { bookingId: mine.id });
    expect(joined.status, joined.error?.message).toBe(200);
    expect(joined.data.roomId).toBe(mine.roomId);
    const again = await trpc<{ roomId: string }>(t.app, c.interpreter, "interpreting.joinMeeting", { bookingId: mine.id });
    expect(again.data.roomId).toBe(mine.roomId);
    const seats = await t.db
      .selectFrom("meeting_participants")
      .innerJoin("meetings", "meetings.id", "meeting_participants.meeting_id")
      .select(["meeting_participants.guest_role", "meeting_participants.is_host"])
      .where("meetings.room_id", "=", mine.roomId)
      .where("meeting_participants.user_id", "=", ids.interpreter)
      .execute();
    expect(seats).toEqual([{ guest_role: "interpreter", is_host: false }]);
    // Signed in, as a user: the room knows them by their account, labelled as the interpreter.
    const room = await trpc<RoomState>(t.app, c.interpreter, "meetings.getRoom", { roomId: mine.roomId });
    expect(room.status, room.error?.message).toBe(200);
    expect(room.data.me).toMatchObject({ kind: "user", isHost: false, state: "invited" });
    expect(room.data.people.find((p) => p.id === room.data.me.participantId)?.roleLabel).toBe("Interpreter");
    // The invitation is audited like staff's.
    const audit = await t.db
      .selectFrom("audit_log")
      .select("after")
      .where("action", "=", "meeting.invite")
      .where("actor_id", "=", ids.interpreter)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ userId: ids.interpreter, meetingRole: "interpreter" });

    // Another's booking: 404 on the join, and their room stays closed to the interpreter.
    expect((await trpc(t.app, c.interpreter, "interpreting.joinMeeting", { bookingId: theirs.id })).status).toBe(404);
    expect((await trpc(t.app, c.interpreter, "meetings.getRoom", { roomId: theirs.roomId })).status).toBe(404);
    expect((await trpc(t.app, c.other, "interpreting.joinMeeting", { bookingId: mine.id })).status).toBe(404);
    // An in-person booking has no room to join.
    const noRoom = await trpc(t.app, c.interpreter, "interpreting.joinMeeting", { bookingId: inPerson.id });
    expect(noRoom.status).toBe(409);
    expect(noRoom.error?.message).toContain("no video meeting");
  });

  it("takes the seat back when staff name another interpreter on the booking", async () => {
    await nameTheInterpreter();
    const seated = await trpc(t.app, c.interpreter, "interpreting.joinMeeting", { bookingId: mine.id });
    expect(seated.status, seated.error?.message).toBe(200);
    const changed = await trpc(t.app, c.employee, "logistics.set", {
      bookingId: mine.id,
      transport: "none",
      interpreterLanguage: "isiZulu",
      interpreterUserId: ids.other,
    });
    expect(changed.status, changed.error?.message).toBe(200);
    expect((await trpc(t.app, c.interpreter, "meetings.getRoom", { roomId: mine.roomId })).status).toBe(404);
    expect((await trpc(t.app, c.interpreter, "interpreting.booking", { bookingId: mine.id })).status).toBe(404);
    const audit = await t.db
      .selectFrom("audit_log")
      .select("after")
      .where("action", "=", "meeting.uninvite")
      .where("actor_id", "=", (await t.db.selectFrom("users").select("id").where("username", "=", "employee").executeTakeFirstOrThrow()).id)
      .execute();
    expect(audit.map((a) => a.after)).toEqual(
      expect.arrayContaining([expect.objectContaining({ userId: ids.interpreter, reason: "interpreter_unlinked" })]),
    );
    // The interpreter now named joins in their turn.
    const joined = await trpc<{ roomId: string }>(t.app, c.other, "interpreting.joinMeeting", { bookingId: mine.id });
    expect(joined.data.roomId).toBe(mine.roomId);
  });
});
