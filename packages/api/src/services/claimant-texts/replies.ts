import type { Kysely, Transaction } from "kysely";
import { sql } from "kysely";
import type { Database } from "@medlegal/db";
import { claimantReplyAction, internationalPhone, namesInWords } from "@medlegal/domain";
import type { ClaimantReplyAction, DeliveryReceipt, InboundReply } from "@medlegal/domain";
import type { RequestMeta } from "../../actors";
import { recordAudit } from "../audit/audit";
import { now } from "../platform/clock";
import { notifyMany } from "../notifications/notifications";
import { AppError } from "../../errors";
import { markClaimantCannotAttend } from "../logistics/cannot-attend";
import { postClaimantText } from "../messages/claimant-texts";
import { fullName } from "../platform/sql";

export interface ReplyOutcome {
  action: ClaimantReplyAction;
  /** The booking the reply was taken to answer, when the number is a claimant's with one ahead. */
  bookingReference: string | null;
  /** The number is on more than one claimant's record: staff were asked who wrote, and only a STOP was acted on. */
  askedStaff: boolean;
}

export const REPLAYED_REPLY_MESSAGE = "This reply was received before (the same gateway message id): it was not taken again.";

/**
 * A reply from a claimant's phone (README "Text messages to claimants"): matched to the claimant by
 * the number and to their next booking. YES confirms attendance, NO marks that they cannot come and
 * tells the case manager, STOP withdraws the consent of every claimant with that number, anything
 * else is a message on the claimant's query for the case manager (postClaimantText). A number on
 * two claimants' records decides nothing but STOP: staff are asked who wrote (docs/product-rules.md
 * "Texts to claimants: consent, STOP and the gateway's replies"). A gateway message id seen before
 * is refused (409). One transaction with its audit row.
 */
export async function receiveReply(db: Kysely<Database>, meta: RequestMeta, reply: InboundReply): Promise<ReplyOutcome> {
  try {
    return await db.transaction().execute((trx) => takeReply(trx, meta, reply));
  } catch (error) {
    const e = error as { code?: string; constraint?: string } | null;
    if (e?.code === "23505" && (!e.constraint || e.constraint === "claimant_replies_gateway_message"))
      throw new AppError("CONFLICT", REPLAYED_REPLY_MESSAGE);
    throw error;
  }
}

async function takeReply(trx: Transaction<Database>, meta: RequestMeta, reply: InboundReply): Promise<ReplyOutcome> {
  const from = internationalPhone(reply.from) ?? reply.from.trim();
  const action = claimantReplyAction(reply.text);
  const at = now();
  if (await trx.selectFrom("claimant_replies").select("id").where("gateway_message_id", "=", reply.id).executeTakeFirst()) {
    throw new AppError("CONFLICT", REPLAYED_REPLY_MESSAGE);
  }
  const patientIds = await claimantsWithNumber(trx, from);
  const shared = patientIds.length > 1;
  const booking =
    patientIds.length === 1
      ? await trx
          .selectFrom("bookings as b")
          .leftJoin("queries as q", "q.id", "b.query_id")
          .select(["b.id", "b.reference", "b.patient_id", "b.query_id", "q.assigned_employee_id"])
          .where("b.patient_id", "=", patientIds[0]!)
          .where("b.status", "in", ["requested", "confirmed"])
          .where("b.starts_at", ">", at)
          .orderBy("b.starts_at")
          .limit(1)
          .executeTakeFirst()
      : undefined;
  const patientId = shared ? null : (patientIds[0] ?? null);
  const saved = await trx
    .insertInto("claimant_replies")
    .values({
      from_phone: from,
      channel: reply.channel,
      text: reply.text,
      action,
      patient_id: patientId,
      booking_id: booking?.id ?? null,
      received_at: at,
      gateway_message_id: reply.id,
    })
    .returning("id")
    .executeTakeFirstOrThrow();

  if (action === "stop") {
    // The phone's holder asked: every claimant on that number stops, and consent goes with it.
    if (patientIds.length) {
      await trx
        .updateTable("patients")
        .set({ message_stopped_at: at, message_channel: null, message_consent_at: null })
        .where("id", "in", patientIds)
        .where("message_stopped_at", "is", null)
        .execute();
    }
    await trx
      .updateTable("claimant_messages")
      .set({ given_up_at: at, last_error: "The number replied STOP" })
      .where("to_phone", "=", from)
      .where("sent_at", "is", null)
      .where("given_up_at", "is", null)
      .execute();
  } else if (shared) {
    await askStaffWhoWrote(trx, from, reply.text, patientIds);
  } else if (booking && action === "confirm") {
    await trx.updateTable("bookings").set({ claimant_answer: "confirmed", claimant_answer_at: at }).where("id", "=", booking.id).execute();
  } else if (booking && action === "decline") {
    await markClaimantCannotAttend(trx, { user: null, meta }, booking.id, "text");
  }
  let posted: { threadId: string; messageId: string } | null = null;
  if (!shared && (action === "other" || (!booking && action !== "stop" && patientId))) {
    // The claimant's words go on their query, for the case manager: the booking's, or their latest.
    const query = patientId
      ? await trx
          .selectFrom("queries as q")
          .innerJoin("cases as c", "c.id", "q.case_id")
          .select(["q.id", "q.reference", "q.assigned_employee_id"])
          .where((eb) => (booking?.query_id ? eb("q.id", "=", booking.query_id) : eb("c.patient_id", "=", patientId)))
          .orderBy("q.created_at", "desc")
          .limit(1)
          .executeTakeFirst()
      : undefined;
    const writer = patientId
      ? await trx.selectFrom("patients as p").select(fullName<string>("p").as("name")).where("p.id", "=", patientId).executeTakeFirst()
      : undefined;
    if (query && writer) {
      posted = await postClaimantText(trx, {
        queryId: query.id,
        queryReference: query.reference,
        assignedEmployeeId: query.assigned_employee_id,
        claimantName: writer.name,
        fromPhone: from,
        channel: reply.channel,
        text: reply.text,
        replyId: saved.id,
      });
    }
  }
  await recordAudit(
    trx,
    { user: null, meta },
    {
      action: `claimant_message.reply_${action}`,
      entityType: booking ? "booking" : "claimant_reply",
      entityId: booking?.id ?? saved.id,
      after: {
        reply: saved.id,
        channel: reply.channel,
        matched: patientId !== null,
        ...(shared && { sharedNumber: true, claimants: patientIds }),
        ...(posted && { message: posted.messageId, thread: posted.threadId }),
      },
    },
  );
  return { action, bookingReference: booking?.reference ?? null, askedStaff: shared && action !== "stop" };
}

/** The claimants (not anonymised) whose phone is this number: stored as people typed them, the last 9 digits find the candidates, the full form decides. */
async function claimantsWithNumber(db: Kysely<Database>, from: string): Promise<string[]> {
  const lastDigits = from.replace(/\D/g, "").slice(-9);
  const candidates = await db
    .selectFrom("patients")
    .select(["id", "phone"])
    .where("anonymised_at", "is", null)
    .where(sql<boolean>`regexp_replace(coalesce(phone, ''), '\\D', '', 'g') like ${`%${lastDigits}`}`)
    .orderBy("id")
    .execute();
  return candidates.filter((p) => p.phone && internationalPhone(p.phone) === from).map((p) => p.id);
}

/**
 * A YES, NO or message from a number two claimants share could be either's: acting on one of them
 * could cancel the wrong person's day. Every active employee is asked to find out who wrote (the
 * words stay in the app: the e-mail copy carries none of them).
 */
async function askStaffWhoWrote(db: Kysely<Database>, from: string, text: string, patientIds: string[]): Promise<void> {
  const [claimants, employees] = await Promise.all([
    db
      .selectFrom("patients as p")
      .select(fullName<string>("p").as("name"))
      .where("p.id", "in", patientIds)
      .orderBy("p.last_name")
      .orderBy("p.first_name")
      .execute(),
    db.selectFrom("users").select("id").where("role", "=", "employee").where("is_active", "=", true).orderBy("id").execute(),
  ]);
  const words = text.trim().length > 160 ? `${text.trim().slice(0, 157)}...` : text.trim();
  await notifyMany(
    db,
    employees.map((employee) => ({
      userId: employee.id,
      type: "system_alert" as const,
      title: `Text from a shared number: ${from}`,
      message: `${from} is the phone of ${claimants.length} claimants (${namesInWords(claimants.map((c) => c.name))}). It replied "${words}". Nothing was changed: find out who wrote and record their answer on their booking.`,
      link: "/admin/bookings",
      textInEmail: false,
    })),
  );
}

/** A delivery receipt from the gateway; an unknown id is a 404 to the caller (the gateway's mistake, not ours). */
export async function receiveDeliveryReceipt(db: Kysely<Database>, receipt: DeliveryReceipt): Promise<boolean> {
  const updated = await db
    .updateTable("claimant_messages")
    .set({ delivery_status: receipt.status, delivery_reason: receipt.reason ?? null, delivery_at: now() })
    .where("id", "=", receipt.id)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}
