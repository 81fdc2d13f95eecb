import type { ExpressionBuilder, Transaction } from "kysely";
import type { Database } from "@medlegal/db";
import type {
  createMeetingSchema,
  idInputSchema,
  MeetingDetail,
  MeetingGuestInput,
  MeetingLinks,
  MeetingListItem,
  meetingListInputSchema,
} from "@medlegal/domain";
import {
  can,
  isLiveMeeting,
  MEETING_MAX_PEOPLE,
  meetingOpensAt,
  MEETING_MESSAGES,
  saDayTimeLabel,
  isExpert,
  LIVE_MEETING_STATUSES,
} from "@medlegal/domain";
import type { z } from "zod";
import type { SignedInActor } from "../../actors";
import { AppError } from "../../errors";
import { isStaff } from "../platform/access";
import { now } from "../platform/clock";
import { nextReference } from "../platform/references";
import type { Db, Deps } from "../platform/deps";
import { notify } from "../notifications/notifications";
import { queueGuestLinkEmail } from "./guest-links";
import type { MeetingRow } from "./meeting-records";
import {
  announceMeeting,
  auditMeeting,
  claimantGuestOf,
  loadMeetingFor,
  meetingQuery,
  newRoomId,
  participantQuery,
  toMeetingListItem,
  toParticipantView,
} from "./meeting-records";
import { listRecordings } from "./recordings";
import { invitedOrArranged, mayViewRecordings } from "./access";
import { closeMeeting, lockLiveMeeting } from "./meeting-lifecycle";

const LIST_LIMIT = 200;

/**
 * Upcoming (still live, or cancelled but not yet over: soonest first) or past (ended, or cancelled
 * and over: latest first) meetings I am invited to or arranged; staff may ask for all.
 */
export async function listMeetings({ db, actor }: Deps, input: z.output<typeof meetingListInputSchema>): Promise<MeetingListItem[]> {
  const all = input.all && can(actor.user.role, "meetings.manage");
  const at = now();
  let query = meetingQuery(db)
    .leftJoin("meeting_participants as me", (join) => join.onRef("me.meeting_id", "=", "meetings.id").on("me.user_id", "=", actor.user.id))
    .select(["me.id as my_participant_id", "me.is_host as my_is_host"])
    .limit(LIST_LIMIT);
  // The organiser sees what they arranged even when they are not in it (staff arranging for an expert).
  if (!all) query = query.where(invitedOrArranged(actor.user));
  const cancelled = (eb: ExpressionBuilder<Database, "meetings">, upcoming: boolean) =>
    eb.and([eb("meetings.status", "=", "cancelled"), eb("meetings.ends_at", upcoming ? ">" : "<=", at)]);
  query =
    input.when === "upcoming"
      ? query
          .where((eb) => eb.or([eb("meetings.status", "in", [...LIVE_MEETING_STATUSES]), cancelled(eb, true)]))
          .orderBy("meetings.starts_at")
          .orderBy("meetings.id")
      : query
          .where((eb) => eb.or([eb("meetings.status", "=", "ended"), cancelled(eb, false)]))
          .orderBy("meetings.starts_at", "desc")
          .orderBy("meetings.id");
  const rows = await query.execute();
  return rows.map((r) => ({ ...toMeetingListItem(r, undefined), invited: r.my_participant_id !== null, isHost: r.my_is_host === true }));
}

/** A meeting's page for staff (any) and its invited users: people, links, recordings where allowed. */
export async function getMeeting({ db, actor }: Deps, { id }: z.output<typeof idInputSchema>): Promise<MeetingDetail> {
  const { meeting, me } = await loadMeetingFor(db, actor.user, id);
  const staff = isStaff(actor.user);
  const people = await participantQuery(db)
    .where("meeting_participants.meeting_id", "=", id)
    .orderBy("meeting_participants.is_host", "desc")
    .orderBy("meeting_participants.created_at")
    .execute();
  const viewRecordings = mayViewRecordings(actor.user, meeting);
  return {
    ...toMeetingListItem(meeting, me),
    participants: people.map((p) => toParticipantView(p, staff)),
    recordings: viewRecordings ? await listRecordings(db, id) : [],
    can: { manage: staff && isLiveMeeting(meeting.status), join: Boolean(me) && isLiveMeeting(meeting.status), viewRecordings },
  };
}

/** The users a meeting may invite: active accounts; the host must be an expert or staff. */
export async function checkUsers(db: Db, userIds: string[], hostId: string) {
  const users = userIds.length ? await db.selectFrom("users").select(["id", "role", "is_active"]).where("id", "in", userIds).execute() : [];
  for (const userId of userIds) {
    const user = users.find((u) => u.id === userId);
    if (!user || !user.is_active)
      throw new AppError("INVALID", "Invite active users only.", {
        [userId === hostId ? "hostId" : "userIds"]: "That user cannot be invited",
      });
    if (userId === hostId && !(isStaff(user) || isExpert(user)))
      throw new AppError("INVALID", "The host is the expert or a member of the agency.", {
        hostId: "Choose an expert or agency staff as host",
      });
  }
}

interface NewMeeting {
  title: string;
  startsAt: Date;
  endsAt: Date;
  hostId: string;
  bookingId: string | null;
  queryId: string | null;
  userIds: string[];
  guests: MeetingGuestInput[];
}

/** Writes a meeting with its host and invitations in the caller's transaction; guests get their links by e-mail. */
export async function insertMeeting(trx: Transaction<Database>, actor: SignedInActor, m: NewMeeting): Promise<MeetingRow> {
  const meeting = await trx
    .insertInto("meetings")
    .values({
      reference: await nextReference(trx, "MTG"),
      room_id: newRoomId(),
      title: m.title,
      starts_at: m.startsAt,
      ends_at: m.endsAt,
      host_id: m.hostId,
      booking_id: m.bookingId,
      query_id: m.queryId,
      created_by: actor.user.id,
      ...(now() >= meetingOpensAt(m.startsAt) ? { status: "open" as const, opened_at: now() } : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("meeting_participants")
    .values({ meeting_id: meeting.id, user_id: m.hostId, is_host: true, invited_by: actor.user.id })
    .execute();
  for (const userId of new Set(m.userIds.filter((u) => u !== m.hostId))) {
    await trx.insertInto("meeting_participants").values({ meeting_id: meeting.id, user_id: userId, invited_by: actor.user.id }).execute();
  }
  for (const guest of m.guests) await addGuest(trx, actor, meeting, guest);
  await auditMeeting(trx, actor, meeting, "create", {
    roomTitle: m.title,
    startsAt: m.startsAt.toISOString(),
    hostId: m.hostId,
    bookingId: m.bookingId,
    userIds: m.userIds,
    guests: m.guests.map((g) => ({ name: g.name, role: g.role })),
  });
  for (const userId of new Set([m.hostId, ...m.userIds])) {
    if (userId === actor.user.id) continue;
    await notify(trx, {
      userId,
      type: "other",
      title: `Video meeting on ${saDayTimeLabel(m.startsAt)}`,
      message: `You are invited to a video meeting: ${m.title}.`,
      link: `/meeting/${meeting.room_id}`,
    });
  }
  await announceMeeting(trx, meeting.id);
  return meeting;
}

export async function addGuest(trx: Transaction<Database>, actor: SignedInActor, meeting: MeetingRow, guest: MeetingGuestInput) {
  const taken = await trx
    .selectFrom("meeting_participants")
    .select("id")
    .where("meeting_id", "=", meeting.id)
    .where("guest_email", "ilike", guest.email)
    .executeTakeFirst();
  if (taken) throw new AppError("CONFLICT", MEETING_MESSAGES.duplicateGuest, { email: MEETING_MESSAGES.duplicateGuest });
  const row = await trx
    .insertInto("meeting_participants")
    .values({ meeting_id: meeting.id, guest_name: guest.name, guest_email: guest.email, guest_role: guest.role, invited_by: actor.user.id })
    .returningAll()
    .executeTakeFirstOrThrow();
  await queueGuestLinkEmail(trx, actor.meta.appUrl, meeting, row);
  return row;
}

/** The video assessment a new meeting is for: bookable still, by video, without its meeting. */
async function bookingToMeet(db: Db, bookingId: string, queryId: string | null) {
  const b = await db
    .selectFrom("bookings")
    .innerJoin("patients", "patients.id", "bookings.patient_id")
    .select(["bookings.id", "bookings.mode", "bookings.status", "bookings.starts_at", "bookings.ends_at", "bookings.query_id"])
    .select([
      "patients.first_name",
      "patients.last_name",
      "patients.email",
      "patients.birth_date",
      "patients.needs_curator",
      "patients.competent_person",
    ])
    .where("bookings.id", "=", bookingId)
    .executeTakeFirst();
  if (!b) throw new AppError("NOT_FOUND", "That booking does not exist.");
  if (b.mode !== "video")
    throw new AppError("INVALID", "Only a video assessment has a meeting.", { bookingId: "Choose a video assessment" });
  if (b.status !== "requested" && b.status !== "confirmed")
    throw new AppError("INVALID", "That assessment is no longer booked.", { bookingId: "Choose an assessment still booked" });
  if (queryId && b.query_id !== queryId)
    throw new AppError("INVALID", "That assessment belongs to another query.", { bookingId: "Choose an assessment of this query" });
  const live = await db
    .selectFrom("meetings")
    .select("id")
    .where("booking_id", "=", b.id)
    .where("status", "<>", "cancelled")
    .executeTakeFirst();
  if (live)
    throw new AppError("CONFLICT", "That assessment already has its meeting.", { bookingId: "That assessment already has its meeting" });
  return b;
}

/**
 * Staff arrange a meeting from /video-conferences: ad hoc, about a query, or for a video assessment
 * (then at the assessment's time, about its query, and its claimant invited when their e-mail is known).
 */
export async function createMeeting({ db, actor }: Deps, input: z.output<typeof createMeetingSchema>): Promise<MeetingDetail> {
  const booking = input.bookingId ? await bookingToMeet(db, input.bookingId, input.queryId) : null;
  const startsAt = booking ? booking.starts_at : new Date(input.startsAt);
  const endsAt = booking ? booking.ends_at : new Date(startsAt.getTime() + input.durationMinutes * 60_000);
  if (endsAt.getTime() <= now().getTime())
    throw new AppError("INVALID", "Choose a time that has not passed.", { startsAt: "Choose a time that has not passed" });
  const queryId = booking ? booking.query_id : input.queryId;
  if (queryId && !(await db.selectFrom("queries").select("id").where("id", "=", queryId).executeTakeFirst())) {
    throw new AppError("NOT_FOUND", "That query does not exist.");
  }
  await checkUsers(db, [input.hostId, ...input.userIds], input.hostId);
  const guests = [...input.guests];
  const claimant = booking ? claimantGuestOf(booking) : null;
  if (claimant && !guests.some((g) => g.email.toLowerCase() === claimant.email.toLowerCase())) guests.push(claimant);
  const emails = guests.map((g) => g.email.toLowerCase());
  if (new Set(emails).size !== emails.length)
    throw new AppError("INVALID", MEETING_MESSAGES.duplicateGuest, { guests: MEETING_MESSAGES.duplicateGuest });
  if (1 + new Set(input.userIds.filter((u) => u !== input.hostId)).size + guests.length > MEETING_MAX_PEOPLE) {
    throw new AppError("INVALID", MEETING_MESSAGES.full, { guests: MEETING_MESSAGES.full });
  }
  const meeting = await db.transaction().execute((trx) =>
    insertMeeting(trx, actor, {
      title: input.title,
      startsAt,
      endsAt,
      hostId: input.hostId,
      bookingId: booking?.id ?? null,
      queryId,
      userIds: input.userIds,
      guests,
    }),
  );
  return getMeeting({ db, actor }, { id: meeting.id });
}

/** What the New meeting dialog offers to link: video assessments still to come without a meeting, and open queries. */
export async function listMeetingLinks({ db }: Pick<Deps, "db">): Promise<MeetingLinks> {
  const at = now();
  const [bookings, queries] = await Promise.all([
    db
      .selectFrom("bookings")
      .innerJoin("patients", "patients.id", "bookings.patient_id")
      .leftJoin("queries", "queries.id", "bookings.query_id")
      .select([
        "bookings.id",
        "bookings.reference",
        "bookings.starts_at",
        "bookings.ends_at",
        "bookings.consultant_id",
        "bookings.query_id",
        "queries.reference as query_reference",
        "patients.first_name",
        "patients.last_name",
      ])
      .where("bookings.mode", "=", "video")
      .where("bookings.status", "in", ["requested", "confirmed"])
      .where("bookings.ends_at", ">", at)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("meetings")
              .select("meetings.id")
              .whereRef("meetings.booking_id", "=", "bookings.id")
              .where("meetings.status", "<>", "cancelled"),
          ),
        ),
      )
      .orderBy("bookings.starts_at")
      .limit(LIST_LIMIT)
      .execute(),
    db
      .selectFrom("queries")
      .innerJoin("cases", "cases.id", "queries.case_id")
      .innerJoin("patients", "patients.id", "cases.patient_id")
      .select(["queries.id", "queries.reference", "patients.first_name", "patients.last_name"])
      .where("queries.status", "not in", ["cancelled", "completed"])
      .orderBy("queries.reference", "desc")
      .limit(LIST_LIMIT)
      .execute(),
  ]);
  return {
    bookings: bookings.map((b) => ({
      id: b.id,
      reference: b.reference,
      claimantName: `${b.first_name} ${b.last_name}`,
      startsAt: b.starts_at.toISOString(),
      endsAt: b.ends_at.toISOString(),
      consultantId: b.consultant_id,
      queryId: b.query_id,
      queryReference: b.query_reference ?? null,
    })),
    queries: queries.map((q) => ({ id: q.id, reference: q.reference, claimantName: `${q.first_name} ${q.last_name}` })),
  };
}

/** Staff cancel a meeting that has not ended (a booking's meeting is cancelled with its booking). */
export async function cancelMeeting({ db, actor }: Deps, { id }: z.output<typeof idInputSchema>): Promise<MeetingDetail> {
  await db.transaction().execute(async (trx) => {
    const meeting = await lockLiveMeeting(trx, id);
    if (meeting.booking_id) throw new AppError("CONFLICT", "This meeting belongs to a booking: cancel or move the booking instead.");
    await closeMeeting(trx, actor, meeting, "cancelled");
  });
  return getMeeting({ db, actor }, { id });
}
