import type { Kysely } from "kysely";
import type { Database, Notification } from "@medlegal/db";
import type { NotificationDto } from "@medlegal/domain";
import type { SignedInActor } from "../../actors";
import { AppError } from "../../errors";
import { recordAudit } from "../audit/audit";
import { stamp } from "../platform/clock";
import type { Deps } from "../platform/deps";

/** The REST list answers the newest 100; the full notifications page pages further with the cursor. */
export const NOTIFICATION_LIST_LIMIT = 100;

export function toNotificationDto(row: Notification): NotificationDto {
  return {
    id: row.id,
    userId: row.user_id,
    type: row.type,
    title: row.title,
    message: row.message,
    read: row.read,
    link: row.link,
    createdAt: row.created_at.toISOString(),
  };
}

/** A user's notifications are theirs alone: asking for another user's list is refused outright. */
function assertOwnList(actor: SignedInActor, userId: string) {
  if (userId !== actor.user.id) throw new AppError("FORBIDDEN", "You can only see your own notifications.");
}

/** Loads a notification the caller owns; another user's answers the same as a missing one. */
async function loadOwn(db: Kysely<Database>, actor: SignedInActor, id: string): Promise<Notification> {
  const row = await db.selectFrom("notifications").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row || row.user_id !== actor.user.id) throw new AppError("NOT_FOUND", "That notification no longer exists.");
  return row;
}

export async function listNotifications(
  { db, actor }: Deps,
  input: { userId: string; cursor?: string | null; limit?: number },
): Promise<NotificationDto[]> {
  const { userId } = input;
  assertOwnList(actor, userId);
  let query = db
    .selectFrom("notifications")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(Math.min(input.limit ?? NOTIFICATION_LIST_LIMIT, NOTIFICATION_LIST_LIMIT));
  if (input.cursor) {
    const cursor = await db.selectFrom("notifications").select(["created_at", "id"]).where("id", "=", input.cursor).executeTakeFirst();
    if (cursor) {
      query = query.where((eb) =>
        eb.or([eb("created_at", "<", cursor.created_at), eb.and([eb("created_at", "=", cursor.created_at), eb("id", "<", cursor.id)])]),
      );
    }
  }
  return (await query.execute()).map(toNotificationDto);
}

/**
 * The version of a user's notifications: it moves in the same transaction as any change to them
 * (triggers on the table, see the notification-versions migration), so an equal version means an
 * equal list. 0 for a user who never had one. The bell's poll compares it before reading the list.
 * `remember` may answer from a process's memory (the server's session cache, docs/decisions.md
 * "Session cache"); the owner check runs first either way.
 */
export async function notificationListVersion(
  { db, actor }: Deps,
  userId: string,
  remember: (userId: string, read: () => Promise<number>) => Promise<number> = (_, read) => read(),
): Promise<number> {
  assertOwnList(actor, userId);
  return remember(userId, async () => {
    const row = await db.selectFrom("notification_versions").select("version").where("user_id", "=", userId).executeTakeFirst();
    return row?.version ?? 0;
  });
}

export async function markNotificationRead({ db, actor }: Deps, notificationId: string): Promise<NotificationDto> {
  return db.transaction().execute(async (trx) => {
    const row = await loadOwn(trx, actor, notificationId);
    if (row.read) return toNotificationDto(row);
    const updated = await trx
      .updateTable("notifications")
      .set({ read: true })
      .where("id", "=", row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: "notification.read",
      entityType: "notification",
      entityId: row.id,
      before: { read: false },
      after: { read: true },
    });
    return toNotificationDto(updated);
  });
}

export async function markAllNotificationsRead({ db, actor }: Deps, id: string): Promise<{ updated: number }> {
  assertOwnList(actor, id);
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("notifications")
      .set({ read: true })
      .where("user_id", "=", id)
      .where("read", "=", false)
      .executeTakeFirst();
    const updated = Number(result.numUpdatedRows);
    if (updated > 0) {
      await recordAudit(trx, actor, {
        action: "notification.read_all",
        entityType: "notification",
        entityId: null,
        after: { userId: id, updated },
      });
    }
    return { updated };
  });
}

export async function deleteNotification({ db, actor }: Deps, notificationId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await loadOwn(trx, actor, notificationId);
    await trx.deleteFrom("notifications").where("id", "=", row.id).execute();
    await recordAudit(trx, actor, {
      action: "notification.delete",
      entityType: "notification",
      entityId: row.id,
      before: { type: row.type, title: row.title, read: row.read },
    });
  });
}

/**
 * Creates a notification inside the caller's transaction (used by the domains that notify),
 * unless the user turned that type off for the bell in their settings; queues an e-mail too when
 * they asked for that type by e-mail (sent after commit by the outbox worker).
 */
export async function notify(
  db: Kysely<Database>,
  notification: {
    userId: string;
    type: NotificationDto["type"];
    title: string;
    message: string;
    link?: string | null;
    /** The text names no claimant and no health detail, so its e-mail copy may carry it (amounts, SLA timers). */
    textInEmail?: boolean;
  },
): Promise<boolean> {
  const preference = await db
    .selectFrom("notification_preferences")
    .select(["bell", "email"])
    .where("user_id", "=", notification.userId)
    .where("type", "=", notification.type)
    .executeTakeFirst();
  if (preference?.email) {
    const user = await db.selectFrom("users").select(["email", "first_name"]).where("id", "=", notification.userId).executeTakeFirst();
    if (user) {
      await db
        .insertInto("email_outbox")
        .values({
          to_address: user.email,
          subject: emailSubject(notification),
          body: emailBody(user.first_name, notification),
        })
        .execute();
    }
  }
  if (preference && !preference.bell) return false;
  await db
    .insertInto("notifications")
    .values({
      user_id: notification.userId,
      type: notification.type,
      title: notification.title,
      message: notification.message,
      link: notification.link ?? null,
      ...stamp("created_at"),
    })
    .execute();
  return true;
}

type NewNotice = Parameters<typeof notify>[1];

/**
 * The e-mail copy of a notification (docs/decisions.md "Calendars carry no health information"):
 * e-mail leaves the app, and often South Africa, so it carries the title (references and amounts
 * only: no claimant, no expert's field) and a link back, but not the text, which may name the
 * claimant, unless the notifying domain marks its text as safe to share (`textInEmail`). Links
 * stay app paths; the outbox makes them absolute.
 */
const emailSubject = (notification: Pick<NewNotice, "title">) => `MedLegal: ${notification.title}`;

function emailBody(firstName: string, notification: Pick<NewNotice, "message" | "link" | "textInEmail">): string {
  const text = notification.textInEmail
    ? `${notification.message}\n`
    : "The details are in MedLegal, not in e-mail, to keep claimants' information safe.\n";
  // The outbox worker makes the link absolute by this exact wording (outbox.ts).
  const where = notification.link ? `\nOpen it in MedLegal: ${notification.link}\n` : "";
  return `Hello ${firstName},\n\n${text}${where}\nYou receive this because you chose e-mail for this kind of notification in your settings.\n`;
}

/**
 * `notify` for many notifications at once, by the same preferences, in three statements instead of
 * three per notification (the SLA sweeper sends alerts in batches).
 */
export async function notifyMany(db: Kysely<Database>, notifications: NewNotice[]): Promise<number> {
  if (!notifications.length) return 0;
  const userIds = [...new Set(notifications.map((n) => n.userId))];
  const types = [...new Set(notifications.map((n) => n.type))];
  const [preferences, users] = await Promise.all([
    db
      .selectFrom("notification_preferences")
      .select(["user_id", "type", "bell", "email"])
      .where("user_id", "in", userIds)
      .where("type", "in", types)
      .execute(),
    db.selectFrom("users").select(["id", "email", "first_name"]).where("id", "in", userIds).execute(),
  ]);
  const preference = new Map(preferences.map((p) => [`${p.user_id}/${p.type}`, p]));
  const user = new Map(users.map((u) => [u.id, u]));
  const mails = notifications.flatMap((n) => {
    const to = user.get(n.userId);
    return preference.get(`${n.userId}/${n.type}`)?.email && to
      ? [{ to_address: to.email, subject: emailSubject(n), body: emailBody(to.first_name, n) }]
      : [];
  });
  const bells = notifications
    .filter((n) => preference.get(`${n.userId}/${n.type}`)?.bell !== false)
    .map((n) => ({ user_id: n.userId, type: n.type, title: n.title, message: n.message, link: n.link ?? null, ...stamp("created_at") }));
  if (mails.length) await db.insertInto("email_outbox").values(mails).execute();
  if (bells.length) await db.insertInto("notifications").values(bells).execute();
  return bells.length;
}

/**
 * Tells the agency about new work on a query: its case manager, or every active employee while the
 * query has none (or its case manager was deactivated). Administrators hear only as a case manager;
 * the person who acted never hears of their own act (docs/decisions.md, "Telling the agency").
 */
export async function notifyCaseManagers(
  db: Kysely<Database>,
  target: { assignedEmployeeId: string | null; actorId: string },
  notification: Omit<Parameters<typeof notify>[1], "userId">,
): Promise<void> {
  const manager = target.assignedEmployeeId
    ? await db.selectFrom("users").select("id").where("id", "=", target.assignedEmployeeId).where("is_active", "=", true).executeTakeFirst()
    : undefined;
  const recipients = manager
    ? [manager.id]
    : (await db.selectFrom("users").select("id").where("role", "=", "employee").where("is_active", "=", true).orderBy("id").execute()).map(
        (u) => u.id,
      );
  for (const userId of recipients) {
    if (userId !== target.actorId) await notify(db, { ...notification, userId });
  }
}
