import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Database } from "@medlegal/db";
import { claimantReplyAction, internationalPhone } from "@medlegal/domain";
import type { ClaimantReplyAction, DeliveryReceipt, InboundReply } from "@medlegal/domain";
import type { RequestMeta } from "../../actors";
import { recordAudit } from "../audit/audit";
import { now } from "../platform/clock";
import { markClaimantCannotAttend } from "../logistics/cannot-attend";
import { postClaimantText } from "../messages/claimant-texts";
import { fullName } from "../platform/sql";

export interface ReplyOutcome {
  action: ClaimantReplyAction;
  /** The booking the reply was taken to answer, when the number is a claimant's with one ahead. */
  bookingReference: string | null;
}

/**
 * A reply from a claimant's phone (README "Text messages to claimants"): matched to the claimant by
 * the number and to their next booking. YES confirms attendance, NO marks that they cannot come and
 * tells the case manager, STOP opts the number out of every further message, anything else is a
 * message on the claimant's query for the case manager (postClaimantText). One transaction with its audit row.
 */
export async function receiveReply(db: Kysely<Database>, meta: RequestMeta, reply: InboundReply): Promise<ReplyOutcome> {
  const from = internationalPhone(reply.from) ?? reply.from.trim();
  const action = claimantReplyAction(reply.text);
  return db.transaction().execute(async (trx) => {
    const at = now();
    // Numbers are stored as people typed them; the last 9 digits find the candidates, the full form decides.
    const lastDigits = from.replace(/\D/g, "").slice(-9);
    const candidates = await trx
      .selectFrom("patients")
      .select(["id", "phone"])
      .where("anonymised_at", "is", null)
      .where(sql<boolean>`regexp_replace(coalesce(phone, ''), '\\D', '', 'g') like ${`%${lastDigits}`}`)
      .execute();
    const patientIds = candidates.filter((p) => p.phone && internationalPhone(p.phone) === from).map((p) => p.id);
    const booking = patientIds.length
      ? await trx
          .selectFrom("bookings as b")
          .leftJoin("queries as q", "q.id", "b.query_id")
          .select(["b.id", "b.reference", "b.patient_id", "b.query_id", "q.assigned_employee_id"])
          .where("b.patient_id", "in", patientIds)
          .where("b.status", "in", ["requested", "confirmed"])
          .where("b.starts_at", ">", at)
          .orderBy("b.starts_at")
          .limit(1)
          .executeTakeFirst()
      : undefined;
    const patientId = booking?.patient_id ?? patientIds[0] ?? null;
    const saved = await trx
      .insertInto("claimant_replies")
      .values({ from_phone: from, channel: reply.channel, text: reply.text, action, patient_id: patientId, booking_id: booking?.id ?? null, received_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();

    if (action === "stop") {
      await trx.insertInto("claimant_message_opt_outs").values({ phone: from, opted_out_at: at }).onConflict((c) => c.column("phone").doNothing()).execute();
      await trx
        .updateTable("claimant_messages")
        .set({ given_up_at: at, last_error: "The number replied STOP" })
        .where("to_phone", "=", from)
        .where("sent_at", "is", null)
        .where("given_up_at", "is", null)
        .execute();
    } else if (booking && action === "confirm") {
      await trx.updateTable("bookings").set({ claimant_answer: "confirmed", claimant_answer_at: at }).where("id", "=", booking.id).execute();
    } else if (booking && action === "decline") {
      await markClaimantCannotAttend(trx, { user: null, meta }, booking.id, "text");
    }
    let posted: { threadId: string; messageId: string } | null = null;
    if (action === "other" || (!booking && action !== "stop" && patientId)) {
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
      const writer = patientId ? await trx.selectFrom("patients as p").select(fullName<string>("p").as("name")).where("p.id", "=", patientId).executeTakeFirst() : undefined;
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
    await recordAudit(trx, { user: null, meta }, {
      action: `claimant_message.reply_${action}`,
      entityType: booking ? "booking" : "claimant_reply",
      entityId: booking?.id ?? saved.id,
      after: { reply: saved.id, channel: reply.channel, matched: patientId !== null, ...(posted && { message: posted.messageId, thread: posted.threadId }) },
    });
    return { action, bookingReference: booking?.reference ?? null };
  });
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
