/** Who is invited to a meeting: inviting, a guest's link, removing an invitation, the people one may invite. */
import type { Transaction } from "kysely";
import type { Database } from "@medlegal/db";
import type { inviteToMeetingSchema, MeetingDetail, MeetingInvitee, participantInputSchema } from "@medlegal/domain";
import { MEETING_MAX_PEOPLE, MEETING_MESSAGES, ROLE_LABEL, saDayTimeLabel, isExpert, isStaff } from "@medlegal/domain";
import type { z } from "zod";
import { AppError } from "../../errors";
import type { Deps } from "../platform/deps";
import { notify } from "../notifications/notifications";
import { guestLinkUrl, guestToken, queueGuestLinkEmail } from "./guest-links";
import type { SignedInActor } from "../../actors";
import type { MeetingRow } from "./meeting-records";
import { announceMeeting, auditMeeting } from "./meeting-records";
import { addGuest, checkUsers, getMeeting } from "./meetings";
import { lockLiveMeeting } from "./meeting-lifecycle";

/** At most four people in a meeting (those turned away or removed do not count). */
async function assertRoomForOneMore(trx: Transaction<Database>, meeting: MeetingRow) {
  const { n } = await trx
    .selectFrom("meeting_participants")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("meeting_id", "=", meeting.id)
    .where("state", "not in", ["denied", "removed"])
    .executeTakeFirstOrThrow();
  if (Number(n) >= MEETING_MAX_PEOPLE) throw new AppError("CONFLICT", MEETING_MESSAGES.full);
}

/**
 * Invites a user to a locked live meeting, with its audit row: staff's invitation, and an
 * interpreter's own seat at a booking they interpret at, in the "interpreter" meeting role
 * (docs/decisions.md "Interpreters as users"). The caller announces the change.
 */
export async function inviteUser(
  trx: Transaction<Database>,
  actor: SignedInActor,
  meeting: MeetingRow,
  userId: string,
  meetingRole: "interpreter" | null = null,
) {
  await assertRoomForOneMore(trx, meeting);
  const taken = await trx
    .selectFrom("meeting_participants")
    .select("id")
    .where("meeting_id", "=", meeting.id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (taken) throw new AppError("CONFLICT", MEETING_MESSAGES.duplicateUser, { userId: MEETING_MESSAGES.duplicateUser });
  await trx
    .insertInto("meeting_participants")
    .values({ meeting_id: meeting.id, user_id: userId, guest_role: meetingRole, invited_by: actor.user.id })
    .execute();
  await auditMeeting(trx, actor, meeting, "invite", meetingRole ? { userId, meetingRole } : { userId });
}

/** Staff invite one more user or guest (at most four people in all). */
export async function inviteToMeeting({ db, actor }: Deps, input: z.output<typeof inviteToMeetingSchema>): Promise<MeetingDetail> {
  if (input.kind === "user") await checkUsers(db, [input.userId], "");
  await db.transaction().execute(async (trx) => {
    const meeting = await lockLiveMeeting(trx, input.meetingId);
    if (input.kind === "user") {
      await inviteUser(trx, actor, meeting, input.userId);
      if (input.userId !== actor.user.id) {
        await notify(trx, {
          userId: input.userId,
          type: "other",
          title: `Video meeting on ${saDayTimeLabel(meeting.starts_at)}`,
          message: `You are invited to a video meeting: ${meeting.title}.`,
          link: `/meeting/${meeting.room_id}`,
        });
      }
    } else {
      await assertRoomForOneMore(trx, meeting);
      const row = await addGuest(trx, actor, meeting, input.guest);
      await auditMeeting(trx, actor, meeting, "invite", { participantId: row.id, guest: input.guest.name, guestRole: input.guest.role });
    }
    await announceMeeting(trx, meeting.id);
  });
  return getMeeting({ db, actor }, { id: input.meetingId });
}

async function lockGuest(trx: Transaction<Database>, participantId: string) {
  const guest = await trx.selectFrom("meeting_participants").selectAll().where("id", "=", participantId).forUpdate().executeTakeFirst();
  if (!guest) throw new AppError("NOT_FOUND", "That participant does not exist.");
  const meeting = await lockLiveMeeting(trx, guest.meeting_id);
  return { guest, meeting };
}

/**
 * Staff send a guest's link again (the same link while the meeting keeps its time); a guest the
 * host turned away is invited again by it.
 */
export async function resendGuestLink(
  { db, actor }: Deps,
  { participantId }: z.output<typeof participantInputSchema>,
): Promise<MeetingDetail> {
  const meetingId = await db.transaction().execute(async (trx) => {
    const { guest, meeting } = await lockGuest(trx, participantId);
    if (!guest.guest_email) throw new AppError("CONFLICT", "Users open the meeting from their own account; only guests get links.");
    if (guest.state === "denied" || guest.state === "removed")
      await trx.updateTable("meeting_participants").set({ state: "invited", call_id: null }).where("id", "=", guest.id).execute();
    await queueGuestLinkEmail(trx, actor.meta.appUrl, meeting, guest);
    await auditMeeting(trx, actor, meeting, "link_sent", { participantId: guest.id, guest: guest.guest_name });
    await announceMeeting(trx, meeting.id);
    return meeting.id;
  });
  return getMeeting({ db, actor }, { id: meetingId });
}

/** A guest's link for staff to copy into another channel; the copy is audited like a sent one. */
export async function guestLink({ db, actor }: Deps, { participantId }: z.output<typeof participantInputSchema>): Promise<{ url: string }> {
  return db.transaction().execute(async (trx) => {
    const { guest, meeting } = await lockGuest(trx, participantId);
    if (!guest.guest_email) throw new AppError("CONFLICT", "Users open the meeting from their own account; only guests get links.");
    await auditMeeting(trx, actor, meeting, "link_copied", { participantId: guest.id, guest: guest.guest_name });
    return { url: guestLinkUrl(actor.meta.appUrl, meeting.room_id, await guestToken(trx, meeting, guest.id)) };
  });
}

/** Staff withdraw an invitation (not the host's); a guest's link stops working at once. */
export async function removeInvitation(
  { db, actor }: Deps,
  { participantId }: z.output<typeof participantInputSchema>,
): Promise<MeetingDetail> {
  const meetingId = await db.transaction().execute(async (trx) => {
    const { guest: participant, meeting } = await lockGuest(trx, participantId);
    if (participant.is_host) throw new AppError("CONFLICT", "The host stays invited; arrange a new meeting to change the host.");
    // Told before the row goes, so the page of the person uninvited hears it too.
    await announceMeeting(trx, meeting.id);
    await trx.deleteFrom("meeting_participants").where("id", "=", participant.id).execute();
    await auditMeeting(trx, actor, meeting, "uninvite", {
      participantId: participant.id,
      userId: participant.user_id,
      guest: participant.guest_name,
    });
    return meeting.id;
  });
  return getMeeting({ db, actor }, { id: meetingId });
}

/**
 * The people staff may invite or make host, for the pickers of /video-conferences: active users,
 * by name. Employees may not list users (users.manage), so meetings answer this themselves.
 */
export async function listInvitees({ db }: Pick<Deps, "db">): Promise<MeetingInvitee[]> {
  const rows = await db
    .selectFrom("users")
    .select(["id", "first_name", "last_name", "role"])
    .where("is_active", "=", true)
    .orderBy("first_name")
    .orderBy("last_name")
    .limit(500)
    .execute();
  return rows.map((u) => ({
    id: u.id,
    name: `${u.first_name} ${u.last_name}`,
    roleLabel: ROLE_LABEL[u.role],
    canHost: isStaff(u.role) || isExpert(u.role),
  }));
}
