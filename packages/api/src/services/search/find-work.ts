import { MEETING_STATUS_LABEL, saDayTimeLabel, SEARCH_GROUP_LIMIT } from "@medlegal/domain";
import { isStaff, visibleBookings, visibleInvoices, visibleReports } from "../platform/access";
import { invitedOrArranged } from "../meetings/access";
import { fullName } from "../platform/sql";
import { type Finder, hit, byKey, byReference, fileReference } from "./search-hits";

/* The global search's finders of bookings, meetings, reports and invoices (global-search.ts). */

export const findBookings: Finder = async ({ db, actor }, t) => {
  if (!t.hasDigit) return [];
  const rows = await db
    .selectFrom("bookings")
    .innerJoin("patients", "patients.id", "bookings.patient_id")
    .where(visibleBookings(actor.user))
    .where(byReference("bookings", t))
    .select(["bookings.id", "bookings.reference", "bookings.query_id", "bookings.status", fullName("patients").as("claimant")])
    .orderBy("bookings.starts_at", "desc")
    .limit(SEARCH_GROUP_LIMIT)
    .execute();
  return rows.map((r) => hit(r.id, r.reference, [r.claimant, r.status], r.query_id));
};

/** Meetings by reference (issue 37): staff any, everyone else those they are invited to or arranged, as the meetings list. */
export const findMeetings: Finder = async ({ db, actor }, t) => {
  if (!t.hasDigit) return [];
  const rows = await db
    .selectFrom("meetings")
    .where(byReference("meetings", t))
    .where((eb) => (isStaff(actor.user) ? eb.lit(true) : invitedOrArranged(actor.user)(eb)))
    .select(["meetings.id", "meetings.reference", "meetings.title", "meetings.starts_at", "meetings.status"])
    .orderBy("meetings.starts_at", "desc")
    .orderBy("meetings.id", "desc")
    .limit(SEARCH_GROUP_LIMIT)
    .execute();
  return rows.map((r) => hit(r.id, r.reference, [r.title, saDayTimeLabel(r.starts_at), MEETING_STATUS_LABEL[r.status]]));
};

export const findReports: Finder = async ({ db, actor }, t) => {
  if (!t.hasDigit) return [];
  const rows = await db
    .selectFrom("reports")
    .innerJoin("patients", "patients.id", "reports.patient_id")
    .where(visibleReports(actor.user))
    .where(byReference("reports", t))
    .select(["reports.id", "reports.reference", "reports.status", fullName("patients").as("claimant")])
    .orderBy("reports.reference", "desc")
    .limit(SEARCH_GROUP_LIMIT)
    .execute();
  return rows.map((r) => hit(r.id, r.reference, [r.claimant, r.status.replace(/_/g, " ")]));
};

/** Invoices by number, the attorney's own file reference or the claim number; credit notes by number (they open their invoice). */
export const findInvoices: Finder = async ({ db, actor }, t) => {
  if (!t.hasDigit) return [];
  const [invoices, creditNotes] = await Promise.all([
    db
      .selectFrom("invoices")
      .where(visibleInvoices(actor.user))
      .where(byKey("invoices", t))
      .select(["invoices.id", "invoices.number", "invoices.claimant_name", "invoices.attorney_reference", "invoices.status"])
      .orderBy("invoices.created_at", "desc")
      .limit(SEARCH_GROUP_LIMIT)
      .execute(),
    db
      .selectFrom("credit_notes")
      .innerJoin("invoices", "invoices.id", "credit_notes.invoice_id")
      .where(visibleInvoices(actor.user))
      .where(byReference("credit_notes", t))
      .select(["credit_notes.id", "credit_notes.number", "credit_notes.invoice_id", "invoices.number as invoice_number"])
      .orderBy("credit_notes.created_at", "desc")
      .limit(SEARCH_GROUP_LIMIT)
      .execute(),
  ]);
  return [
    ...invoices.map((r) =>
      hit(r.id, r.number ?? "Draft invoice", [r.claimant_name, fileReference(actor.user, r.attorney_reference), r.status]),
    ),
    ...creditNotes.map((r) => hit(r.id, r.number, [`Credit note on ${r.invoice_number ?? "an invoice"}`], r.invoice_id)),
  ].slice(0, SEARCH_GROUP_LIMIT);
};
