import type { DaySheet, daySheetInputSchema } from "@medlegal/domain";
import { addDays, claimantCannotAttend, sastToUtc } from "@medlegal/domain";
import type { z } from "zod";
import { assertCan } from "../platform/access";
import type { Deps } from "../platform/deps";
import { fullName } from "../platform/sql";

/** Bookings that bring a claimant to a venue: not cancelled or moved (attended and no-show stay, as a record of the day; one the claimant cannot attend stays, struck through). */
const ON_THE_SHEET = ["requested", "confirmed", "attended", "no_show"] as const;

/**
 * The day sheet of one venue and day for reception, the driver and the interpreter: arrivals in
 * time order with pickup points, interpreters and guardians. Deliberately without the expert's
 * field, the claimant's ID number or anything about the injury: the sheet is printed and left on
 * a desk (docs/decisions.md "The claimant's day: logistics"). Staff only.
 */
export async function daySheet({ db, actor }: Deps, { day, venue }: z.output<typeof daySheetInputSchema>): Promise<DaySheet> {
  assertCan(actor.user, "bookings.manage", "The day sheet is the agency's.");
  const from = sastToUtc(day, "00:00");
  const to = sastToUtc(addDays(day, 1), "00:00");
  const venueRows = await db
    .selectFrom("bookings")
    .select("venue")
    .distinct()
    .where("mode", "=", "in_person")
    .where("venue", "is not", null)
    .where("status", "in", ON_THE_SHEET)
    .where("starts_at", ">=", from)
    .where("starts_at", "<", to)
    .orderBy("venue")
    .execute();
  const venues = venueRows.map((r) => r.venue!).filter(Boolean);
  const shown = venue && venues.includes(venue) ? venue : (venues[0] ?? null);
  if (!shown) return { day, venue: null, venues, arrivals: [] };
  const rows = await db
    .selectFrom("bookings")
    .innerJoin("patients", "patients.id", "bookings.patient_id")
    .innerJoin("users as consultant", "consultant.id", "bookings.consultant_id")
    .leftJoin("booking_logistics as l", "l.booking_id", "bookings.id")
    .select([
      "bookings.id",
      "bookings.reference",
      "bookings.starts_at",
      "bookings.ends_at",
      "bookings.status",
      "bookings.claimant_answer",
      fullName("patients").as("claimant_name"),
      "patients.phone",
      fullName("consultant").as("expert_name"),
      "l.transport",
      "l.pickup_point",
      "l.pickup_time",
      "l.interpreter_language",
      "l.interpreter_name",
      "l.interpreter_contact",
      "l.guardian_name",
      "l.guardian_relationship",
      "l.guardian_phone",
      "l.accommodation_name",
      "l.meals",
    ])
    .where("bookings.mode", "=", "in_person")
    .where("bookings.venue", "=", shown)
    .where("bookings.status", "in", ON_THE_SHEET)
    .where("bookings.starts_at", ">=", from)
    .where("bookings.starts_at", "<", to)
    .orderBy("bookings.starts_at")
    .orderBy("bookings.reference")
    .execute();
  return {
    day,
    venue: shown,
    venues,
    arrivals: rows.map((r) => ({
      bookingId: r.id,
      reference: r.reference,
      startsAt: r.starts_at.toISOString(),
      endsAt: r.ends_at.toISOString(),
      claimantName: r.claimant_name,
      claimantPhone: r.phone,
      expertName: r.expert_name,
      transport: r.transport,
      pickupPoint: r.pickup_point,
      pickupTime: r.pickup_time,
      interpreterLanguage: r.interpreter_language,
      interpreterName: r.interpreter_name,
      interpreterContact: r.interpreter_contact,
      guardianName: r.guardian_name,
      guardianRelationship: r.guardian_relationship,
      guardianPhone: r.guardian_phone,
      accommodationName: r.accommodation_name,
      meals: r.meals,
      cannotAttend: claimantCannotAttend(r.status, r.claimant_answer),
    })),
  };
}
