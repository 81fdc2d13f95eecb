import type { AccessReportText } from "@medlegal/domain";
import { isExpert, isInterpreter, sastDate } from "@medlegal/domain";
import type { Db } from "../platform/deps";
import { fullName } from "../platform/sql";

/**
 * Two parts of the claimant's access report (access-report.ts) that read other areas' tables: the
 * text messages to and from their phone, and the people their information went to.
 */

const REPLY_STATE: Record<string, string> = {
  confirm: "taken as YES: attendance confirmed",
  decline: "taken as NO: cannot attend",
  stop: "taken as STOP: no more texts",
  other: "passed to the case manager",
};

function sentState(m: { sent_at: Date | null; given_up_at: Date | null; delivery_status: string | null }): string {
  if (m.delivery_status === "delivered") return "delivered";
  if (m.delivery_status === "failed") return "not delivered";
  if (m.sent_at) return "sent";
  return m.given_up_at ? "not sent" : "not sent yet";
}

/** The texts sent to the claimant (reminders) and their replies, oldest first, and the day their phone said STOP (kept on the claimant). */
export async function claimantTexts(db: Db, patientId: string): Promise<{ texts: AccessReportText[]; stoppedOn: string | null }> {
  const [sent, replies, claimant] = await Promise.all([
    db
      .selectFrom("claimant_messages")
      .select(["created_at", "sent_at", "given_up_at", "delivery_status", "channel", "text"])
      .where("patient_id", "=", patientId)
      .execute(),
    db.selectFrom("claimant_replies").select(["received_at", "channel", "text", "action"]).where("patient_id", "=", patientId).execute(),
    db.selectFrom("patients").select("message_stopped_at").where("id", "=", patientId).executeTakeFirst(),
  ]);
  const channel = (c: string) => (c === "whatsapp" ? "WhatsApp" : "SMS");
  const texts: AccessReportText[] = [
    ...sent.map((m) => ({
      at: (m.sent_at ?? m.created_at).toISOString(),
      direction: "to the claimant" as const,
      channel: channel(m.channel),
      text: m.text,
      state: sentState(m),
    })),
    ...replies.map((r) => ({
      at: r.received_at.toISOString(),
      direction: "from the claimant" as const,
      channel: channel(r.channel),
      text: r.text,
      state: REPLY_STATE[r.action] ?? r.action,
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  const stoppedAt = claimant?.message_stopped_at;
  return { texts, stoppedOn: stoppedAt ? sastDate(stoppedAt) : null };
}

/**
 * Who received the claimant's information (POPIA section 23(1)(b)): the instructing attorney; each
 * expert booked to assess them; every person outside the agency the access log shows opening it
 * (attorneys, experts, interpreters), by name and role; the interpreters named for their assessments;
 * then the agency's staff as one category.
 */
export async function recipientsOf(
  db: Db,
  patientId: string,
  known: { attorney: string; bookedExperts: { expert: string; specialization: string }[] },
): Promise<string[]> {
  const [readers, interpreters] = await Promise.all([
    db
      .selectFrom("access_log")
      .innerJoin("users", "users.id", "access_log.user_id")
      .leftJoin("specializations", "specializations.id", "users.specialization_id")
      .select(["users.role", "users.firm_name", "specializations.name as specialization", fullName<string>("users").as("name")])
      .where("access_log.patient_id", "=", patientId)
      .where("users.role", "in", ["attorney", "consultant", "interpreter"])
      .groupBy(["users.id", "users.role", "users.firm_name", "specializations.name", "users.first_name", "users.last_name"])
      .orderBy(fullName("users"))
      .execute(),
    db
      .selectFrom("booking_logistics")
      .innerJoin("bookings", "bookings.id", "booking_logistics.booking_id")
      .select("booking_logistics.interpreter_name")
      .where("bookings.patient_id", "=", patientId)
      .where("booking_logistics.interpreter_name", "is not", null)
      .distinct()
      .execute(),
  ]);
  const named = new Map<string, string>();
  const add = (name: string, what: string) => named.has(name) || named.set(name, `${name}, ${what}`);
  for (const b of known.bookedExperts) add(b.expert, `expert booked to assess you (${b.specialization})`);
  for (const r of readers) {
    if (isExpert(r.role)) add(r.name, `expert${r.specialization ? ` (${r.specialization})` : ""}`);
    else if (isInterpreter(r.role)) add(r.name, "interpreter");
    else add(r.name, `attorney${r.firm_name ? ` (${r.firm_name})` : ""}`);
  }
  for (const i of interpreters) add(i.interpreter_name!, "interpreter at your assessment");
  return [`The instructing attorney (${known.attorney})`, ...named.values(), "The agency's administrators and employees"];
}
