import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { Selectable } from "kysely";
import type { MeetingParticipantsTable, MeetingsTable } from "@medlegal/db";
import type { CurrentUser, MeetingListItem, MeetingParticipantView } from "@medlegal/domain";
import type { CompetentPersonJson } from "@medlegal/db";
import {
  claimantGuest,
  MEETING_GUEST_ROLE_LABEL,
  MEETING_MESSAGES,
  MEETING_PRESENCE_SECONDS,
  ROOM_ID_BYTES,
  sastDate,
  can,
} from "@medlegal/domain";
import type { Actor } from "../../actors";
import { AppError } from "../../errors";
import { recordAudit } from "../audit/audit";
import { announce } from "../platform/live-events";
import { now } from "../platform/clock";
import type { Db } from "../platform/deps";
import { fullName } from "../platform/sql";

export type MeetingRow = Selectable<MeetingsTable>;

/** The guest a video assessment invites for its claimant (the claimant, or their competent person), from the patient's columns. */
export function claimantGuestOf(p: {
  first_name: string;
  last_name: string;
  email: string | null;
  birth_date: string;
  needs_curator: boolean;
  competent_person: CompetentPersonJson | null;
}) {
  return claimantGuest(
    {
      firstName: p.first_name,
      lastName: p.last_name,
      email: p.email,
      birthDate: p.birth_date,
      needsCurator: p.needs_curator,
      competentPerson: p.competent_person,
    },
    sastDate(now()),
  );
}
export type ParticipantRow = Selectable<MeetingParticipantsTable>;

/** A room id: random bytes only, never derived from the meeting (docs/decisions.md, "Video assessments"). */
export const newRoomId = (): string => randomBytes(ROOM_ID_BYTES).toString("base64url");
/** One entry into the room, the address of its signals. */
export const newCallId = (): string => randomBytes(16).toString("base64url");

/** A meeting with the names around it, for lists and details. */
export function meetingQuery(db: Db) {
  return db
    .selectFrom("meetings")
    .innerJoin("users as host", "host.id", "meetings.host_id")
    .leftJoin("bookings", "bookings.id", "meetings.booking_id")
    .leftJoin("queries", "queries.id", "meetings.query_id")
    .selectAll("meetings")
    .select([
      fullName("host").as("host_name"),
      "bookings.reference as booking_reference",
      "bookings.consultant_id as booking_consultant_id",
      "queries.reference as query_reference",
      sql<number>`(SELECT count(*) FROM meeting_participants p WHERE p.meeting_id = meetings.id AND p.state NOT IN ('denied', 'removed'))::int`.as(
        "participant_count",
      ),
    ]);
}
export type MeetingListRow = Awaited<ReturnType<ReturnType<typeof meetingQuery>["executeTakeFirstOrThrow"]>>;

export function toMeetingListItem(r: MeetingListRow, me: ParticipantRow | undefined): MeetingListItem {
  return {
    id: r.id,
    reference: r.reference,
    roomId: r.room_id,
    title: r.title,
    startsAt: r.starts_at.toISOString(),
    endsAt: r.ends_at.toISOString(),
    status: r.status,
    hostName: r.host_name,
    bookingId: r.booking_id,
    bookingReference: r.booking_reference ?? null,
    queryId: r.query_id,
    queryReference: r.query_reference ?? null,
    invited: Boolean(me),
    isHost: Boolean(me?.is_host),
    participantCount: Number(r.participant_count),
  };
}

/** Participants with their names: a user's from their account, a guest's as invited. */
export function participantQuery(db: Db) {
  return db
    .selectFrom("meeting_participants")
    .leftJoin("users", "users.id", "meeting_participants.user_id")
    .selectAll("meeting_participants")
    .select([sql<string>`coalesce(${fullName("users")}, meeting_participants.guest_name)`.as("name"), "users.role as user_role"]);
}
export type ParticipantWithName = Awaited<ReturnType<ReturnType<typeof participantQuery>["executeTakeFirstOrThrow"]>>;

const USER_ROLE_LABEL: Record<string, string> = {
  administrator: "Agency",
  employee: "Agency",
  attorney: "Attorney",
  consultant: "Expert",
  interpreter: "Interpreter",
};

/** How a participant is described in the room and the lists: "Expert", "Claimant", "Interpreter"... */
export const participantRoleLabel = (p: Pick<ParticipantWithName, "guest_role" | "user_role">): string =>
  p.guest_role ? MEETING_GUEST_ROLE_LABEL[p.guest_role] : (USER_ROLE_LABEL[p.user_role ?? ""] ?? "Participant");

export function toParticipantView(p: ParticipantWithName, showEmail: boolean): MeetingParticipantView {
  return {
    id: p.id,
    kind: p.user_id ? "user" : "guest",
    name: p.name,
    email: showEmail ? p.guest_email : null,
    roleLabel: participantRoleLabel(p),
    isHost: p.is_host,
    state: p.state,
    linkSentAt: p.link_sent_at?.toISOString() ?? null,
  };
}

/** Whether a participant's page checked in lately (in the room or the lobby now). */
export const isPresent = (p: Pick<ParticipantRow, "last_seen_at" | "state">, at: Date = now()): boolean =>
  (p.state === "admitted" || p.state === "waiting") &&
  !!p.last_seen_at &&
  at.getTime() - p.last_seen_at.getTime() <= MEETING_PRESENCE_SECONDS * 1000;

/** A meeting's management view is for staff and its invited users (404 for anyone else). */
export async function loadMeetingFor(
  db: Db,
  user: CurrentUser,
  id: string,
): Promise<{ meeting: MeetingListRow; me: ParticipantRow | undefined }> {
  const meeting = await meetingQuery(db).where("meetings.id", "=", id).executeTakeFirst();
  const me = meeting
    ? await db.selectFrom("meeting_participants").selectAll().where("meeting_id", "=", id).where("user_id", "=", user.id).executeTakeFirst()
    : undefined;
  if (!meeting || (!me && !can(user.role, "meetings.manage"))) throw new AppError("NOT_FOUND", MEETING_MESSAGES.notFound);
  return { meeting, me };
}

/**
 * An audit row about a meeting: on the booking's query when there is one (where the agency reads a
 * matter's history), else on the meeting itself.
 */
export async function auditMeeting(
  db: Db,
  actor: Actor,
  meeting: Pick<MeetingRow, "id" | "query_id">,
  action: string,
  after: Record<string, unknown> = {},
  before?: Record<string, unknown>,
) {
  await recordAudit(db, actor, {
    action: `meeting.${action}`,
    entityType: meeting.query_id ? "query" : "meeting",
    entityId: meeting.query_id ?? meeting.id,
    before: before ?? null,
    after: { meetingId: meeting.id, ...after },
  });
}

/** Tells every participant's page (users and guests) that the meeting changed; they refetch. */
export async function announceMeeting(db: Db, meetingId: string, only?: string[]) {
  let query = db.selectFrom("meeting_participants").select(["id", "user_id"]).where("meeting_id", "=", meetingId);
  if (only) query = query.where("id", "in", only.length ? only : ["00000000-0000-0000-0000-000000000000"]);
  const people = await query.execute();
  await announce(db, {
    kind: "meeting",
    meetingId,
    userIds: people.flatMap((p) => (p.user_id ? [p.user_id] : [])),
    participantIds: people.map((p) => p.id),
  });
}
