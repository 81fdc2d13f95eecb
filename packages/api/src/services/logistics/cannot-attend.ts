import type { Transaction } from "kysely";
import type { Database } from "@medlegal/db";
import type {
  BookingItem,
  BookingTask,
  BookingTaskKind,
  bookingTasksInputSchema,
  completeBookingTaskSchema,
  recordCannotAttendSchema,
} from "@medlegal/domain";
import { BOOKING_TASK_LABELS, CANNOT_ATTEND_MESSAGES, saDayLabel, sastTime, TRANSPORT_SHORT } from "@medlegal/domain";
import type { z } from "zod";
import type { Actor } from "../../actors";
import { AppError, notFound } from "../../errors";
import { recordAudit } from "../audit/audit";
import { notify, notifyCaseManagers } from "../notifications/notifications";
import { assertCan } from "../platform/access";
import { openTasksFor } from "./access";
import { now } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import { fullName } from "../platform/sql";
import { announceQueryChange } from "../queries/query-live";
import { getBooking, lockBooking } from "../scheduling/booking-records";

/**
 * A claimant who cannot attend (issue 37 item 1; docs/product-rules.md "A claimant who cannot
 * attend"). The one place a NO acts, whether it came by text (claimant-texts/replies.ts) or staff
 * recorded it from a phone call: the booking shows "Claimant cannot attend" instead of Confirmed
 * (its state is unchanged until staff cancel or move it, with the cancellation class the notice
 * gives), reminders still queued for it are not sent, an interpreter with an account is told and the
 * case manager gets a task per arrangement to undo (the taxi, the guesthouse, an interpreter without
 * an account), open until marked done. Its logistics are not billed unless the claimant came after
 * all (invoices/logistics-billing.ts). Runs in the caller's transaction, with its audit row.
 */
export async function markClaimantCannotAttend(
  trx: Transaction<Database>,
  actor: Actor,
  bookingId: string,
  via: "text" | "staff",
): Promise<void> {
  const at = now();
  const booking = await trx
    .selectFrom("bookings as b")
    .innerJoin("patients as p", "p.id", "b.patient_id")
    .leftJoin("queries as q", "q.id", "b.query_id")
    .select([
      "b.id",
      "b.reference",
      "b.status",
      "b.starts_at",
      "b.query_id",
      "b.claimant_answer",
      "q.assigned_employee_id",
      fullName("p").as("claimant_name"),
    ])
    .where("b.id", "=", bookingId)
    .forUpdate("b")
    .executeTakeFirstOrThrow();
  if (booking.status !== "requested" && booking.status !== "confirmed") throw new AppError("CONFLICT", CANNOT_ATTEND_MESSAGES.notLive);
  await trx
    .updateTable("bookings")
    .set({ claimant_answer: "cannot_attend", claimant_answer_at: at, updated_at: at })
    .where("id", "=", booking.id)
    .execute();
  // A reminder not yet sent would tell the claimant to come after all.
  await trx
    .updateTable("claimant_messages")
    .set({ given_up_at: at, last_error: "The claimant cannot attend" })
    .where("sent_at", "is", null)
    .where("given_up_at", "is", null)
    .where("id", "in", trx.selectFrom("claimant_message_bookings").select("message_id").where("booking_id", "=", booking.id))
    .execute();

  const logistics = await trx.selectFrom("booking_logistics").selectAll().where("booking_id", "=", booking.id).executeTakeFirst();
  const tasks: { kind: BookingTaskKind; detail: string }[] = [];
  if (logistics?.transport === "taxi" || logistics?.transport === "shuttle") {
    const pickup = [logistics.pickup_point, logistics.pickup_time && `at ${logistics.pickup_time}`].filter(Boolean).join(" ");
    tasks.push({ kind: "cancel_transport", detail: `${TRANSPORT_SHORT[logistics.transport]}${pickup ? ` from ${pickup}` : ""}` });
  }
  if (logistics?.accommodation_name) {
    const nights = logistics.accommodation_nights
      ? ` (${logistics.accommodation_nights} night${logistics.accommodation_nights === 1 ? "" : "s"})`
      : "";
    tasks.push({ kind: "cancel_accommodation", detail: `${logistics.accommodation_name}${nights}` });
  }
  if (logistics?.interpreter_name && !logistics.interpreter_user_id) {
    tasks.push({
      kind: "tell_interpreter",
      detail: [logistics.interpreter_name, logistics.interpreter_contact].filter(Boolean).join(", "),
    });
  }
  for (const task of tasks) {
    // A second NO (after a YES) opens a task that was closed again: the taxi may have been rebooked.
    await trx
      .insertInto("booking_tasks")
      .values({ booking_id: booking.id, kind: task.kind, detail: task.detail, created_at: at })
      .onConflict((c) =>
        c.columns(["booking_id", "kind"]).doUpdateSet({ detail: task.detail, created_at: at, done_at: null, done_by: null }),
      )
      .execute();
  }

  const when = `${saDayLabel(booking.starts_at)} at ${sastTime(booking.starts_at)}`;
  if (logistics?.interpreter_user_id) {
    await notify(trx, {
      userId: logistics.interpreter_user_id,
      type: "query_update",
      title: `Not needed: ${booking.reference}`,
      message: `The claimant cannot attend booking ${booking.reference} on ${when}. Do not go; the agency will tell you if it is rebooked.`,
      link: "/my-interpreting",
      textInEmail: true,
    });
  }
  const how = via === "text" ? "The claimant replied NO to the reminder" : "The claimant told the agency";
  const todo = tasks.length ? ` Undo the day: ${tasks.map((t) => BOOKING_TASK_LABELS[t.kind].toLowerCase()).join(", ")}.` : "";
  await notifyCaseManagers(
    trx,
    { assignedEmployeeId: booking.assigned_employee_id, actorId: actor.user?.id ?? "" },
    {
      type: "query_update",
      title: `Claimant cannot attend ${booking.reference}`,
      message: `${how} for booking ${booking.reference} on ${when}: they cannot attend.${todo} Call them and rebook.`,
      link: `/booking-form/${booking.id}`,
      textInEmail: true,
    },
  );
  await recordAudit(trx, actor, {
    action: "booking.claimant_cannot_attend",
    entityType: "booking",
    entityId: booking.id,
    before: { claimantAnswer: booking.claimant_answer },
    after: { claimantAnswer: "cannot_attend", via, tasks: tasks.map((t) => t.kind) },
  });
  await announceQueryChange(trx, booking.query_id);
}

/** Staff record a NO the claimant gave by phone or in person (the booking page's action). */
export async function recordClaimantCannotAttend(
  { db, actor }: Deps,
  { id }: z.output<typeof recordCannotAttendSchema>,
): Promise<BookingItem> {
  assertCan(actor.user, "bookings.manage", "Only the agency records that a claimant cannot attend.");
  await db.transaction().execute(async (trx) => {
    const booking = await lockBooking(trx, actor, id);
    if (booking.claimant_answer === "cannot_attend" && (booking.status === "requested" || booking.status === "confirmed"))
      throw new AppError("CONFLICT", CANNOT_ATTEND_MESSAGES.already);
    await markClaimantCannotAttend(trx, actor, id, "staff");
  });
  return getBooking({ db, actor }, { id });
}

function taskQuery(db: Db) {
  return db
    .selectFrom("booking_tasks as t")
    .innerJoin("bookings as b", "b.id", "t.booking_id")
    .innerJoin("patients as p", "p.id", "b.patient_id")
    .leftJoin("queries as q", "q.id", "b.query_id")
    .select([
      "t.id",
      "t.kind",
      "t.detail",
      "t.created_at",
      "t.done_at",
      "b.id as booking_id",
      "b.reference",
      "b.starts_at",
      "q.assigned_employee_id",
      fullName("p").as("claimant_name"),
    ]);
}
type TaskRow = Awaited<ReturnType<ReturnType<typeof taskQuery>["executeTakeFirstOrThrow"]>>;

const toTask = (r: TaskRow): BookingTask => ({
  id: r.id,
  kind: r.kind,
  detail: r.detail,
  bookingId: r.booking_id,
  bookingReference: r.reference,
  startsAt: r.starts_at.toISOString(),
  claimantName: r.claimant_name,
  createdAt: r.created_at.toISOString(),
  doneAt: r.done_at?.toISOString() ?? null,
});

/**
 * The tasks in front of staff: for one booking every task (done ones too, for its page); otherwise
 * the open ones of the caller's matters and of matters nobody manages (an administrator sees all),
 * soonest day first. Staff only.
 */
export async function listBookingTasks(
  { db, actor }: Deps,
  { bookingId }: z.output<typeof bookingTasksInputSchema>,
): Promise<BookingTask[]> {
  assertCan(actor.user, "bookings.manage", "Only the agency arranges a claimant's day.");
  let query = taskQuery(db).orderBy("b.starts_at").orderBy("t.kind").limit(100);
  if (bookingId) query = query.where("b.id", "=", bookingId);
  else {
    query = query.where("t.done_at", "is", null);
    query = query.where(openTasksFor(actor.user));
  }
  return (await query.execute()).map(toTask);
}

/** A task marked done, with the audit row; 404 for an unknown task, 409 when it is done already. */
export async function completeBookingTask({ db, actor }: Deps, { id }: z.output<typeof completeBookingTaskSchema>): Promise<BookingTask> {
  assertCan(actor.user, "bookings.manage", "Only the agency arranges a claimant's day.");
  return db.transaction().execute(async (trx) => {
    const task = await trx.selectFrom("booking_tasks").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
    if (!task) throw notFound("task");
    if (task.done_at) throw new AppError("CONFLICT", CANNOT_ATTEND_MESSAGES.taskDone);
    await trx.updateTable("booking_tasks").set({ done_at: now(), done_by: actor.user.id }).where("id", "=", id).execute();
    await recordAudit(trx, actor, {
      action: "booking.task_done",
      entityType: "booking",
      entityId: task.booking_id,
      after: { task: id, kind: task.kind },
    });
    return toTask(await taskQuery(trx).where("t.id", "=", id).executeTakeFirstOrThrow());
  });
}
