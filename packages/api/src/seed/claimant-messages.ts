import type { Kysely } from "kysely";
import type { Database } from "@medlegal/db";
import { now } from "../services/platform/clock";
import { queueDueReminders } from "../services/claimant-messages/reminders";
import { receiveReply } from "../services/claimant-messages/replies";

const GATEWAY = { ip: null, userAgent: "demo text gateway", requestId: "demo-seed", appUrl: "" };

/**
 * Texts to claimants in the demo (docs/decisions.md "Messages to claimants"): the claimants of the
 * next confirmed in-person assessments agreed to reminders (SMS or WhatsApp), their confirmations are
 * queued (the server's sweep sends them, as files without a gateway), and the claimants answered:
 * one YES, one NO (the case manager is told), one question for the case manager.
 */
export async function seedDemoClaimantMessages(db: Kysely<Database>): Promise<void> {
  const at = now();
  const upcoming = await db
    .selectFrom("bookings as b")
    .innerJoin("patients as p", "p.id", "b.patient_id")
    .select(["b.patient_id", "p.phone"])
    .where("b.status", "=", "confirmed")
    .where("b.mode", "=", "in_person")
    .where("b.starts_at", ">", at)
    .where("p.phone", "is not", null)
    .orderBy("b.starts_at")
    .execute();
  const claimants = [...new Map(upcoming.map((b) => [b.patient_id, b.phone!])).entries()].slice(0, 3);
  const channels = ["sms", "whatsapp", "sms"] as const;
  for (const [index, [patientId]] of claimants.entries()) {
    await db.updateTable("patients").set({ message_channel: channels[index]!, message_consent_at: at }).where("id", "=", patientId).execute();
  }
  await queueDueReminders(db, at);
  const replies = ["Yes", "NO", "Can my sister come with me? I cannot walk far."];
  for (const [index, [, phone]] of claimants.entries()) {
    await receiveReply(db, GATEWAY, { from: phone, text: replies[index]!, channel: channels[index]! });
  }
}
