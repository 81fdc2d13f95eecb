import type { BookingRecords } from "@medlegal/domain";
import { notFound } from "../../errors";
import { visibleBookings } from "../platform/access";
import type { Deps } from "../platform/deps";
import { servesDiscipline } from "./access";
import { checklistForCase } from "./checklists";

/**
 * The records a booking's expert needs (issue 40 item 6): before the assessment the expert sees
 * which exist and which are outstanding for their discipline; the files themselves download only
 * once the attorney consented to sharing on the booking's query (each download in the access log).
 * Seen as the booking is (404 otherwise).
 */
export async function recordsForBooking({ db, actor }: Deps, { id }: { id: string }): Promise<BookingRecords> {
  const booking = await db
    .selectFrom("bookings")
    .leftJoin("queries", "queries.id", "bookings.query_id")
    .select(["bookings.id", "bookings.case_id", "bookings.specialization_id", "queries.report_sharing_consent_at"])
    .where("bookings.id", "=", id)
    .where(visibleBookings(actor.user))
    .executeTakeFirst();
  if (!booking) throw notFound("booking");
  const consentGiven = booking.report_sharing_consent_at !== null;
  const [checklists, files] = await Promise.all([
    checklistForCase(db, booking.case_id),
    db
      .selectFrom("received_records")
      .innerJoin("files", "files.id", "received_records.file_id")
      .innerJoin("record_requests", "record_requests.id", "received_records.request_id")
      .innerJoin("record_holders", "record_holders.id", "record_requests.holder_id")
      .select([
        "files.id",
        "files.file_name",
        "files.created_at",
        "received_records.pages",
        "record_holders.name as holder_name",
        "record_requests.record_kinds",
      ])
      .where("record_requests.case_id", "=", booking.case_id)
      .where("files.destroyed_at", "is", null)
      .where(servesDiscipline(booking.specialization_id))
      .orderBy("files.created_at", "desc")
      .execute(),
  ]);
  return {
    consentGiven,
    checklist: checklists.find((c) => c.specializationId === booking.specialization_id) ?? null,
    records: files.map((f) => ({
      fileId: consentGiven ? f.id : null,
      fileName: f.file_name,
      holderName: f.holder_name,
      recordKinds: f.record_kinds,
      pages: f.pages,
      receivedAt: f.created_at.toISOString(),
    })),
  };
}
