import { loadVisibleBooking, toBookingItem } from "./booking-records";
import type { Deps } from "../platform/deps";
import { now } from "../platform/clock";

const icsText = (value: string) => value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
const icsTime = (iso: string) => iso.replace(/[-:]/g, "").replace(/\.\d{3}/, "");

/** One booking as an iCalendar file that Outlook and Google Calendar import. */
export async function bookingIcs({ db, actor }: Deps, id: string): Promise<{ fileName: string; body: string }> {
  const b = toBookingItem(await loadVisibleBooking(db, actor, id));
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//MedLegal//Assessments//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${b.id}@medlegal`,
    `DTSTAMP:${icsTime(now().toISOString())}`,
    `DTSTART:${icsTime(b.startsAt)}`,
    `DTEND:${icsTime(b.endsAt)}`,
    `SUMMARY:${icsText(`${b.specialization} assessment: ${b.patientName}`)}`,
    `LOCATION:${icsText(b.mode === "video" ? "Video consultation" : (b.venue ?? ""))}`,
    `DESCRIPTION:${icsText(`${b.reference} with ${b.consultantName}. Case ${b.caseReference}.${b.note ? ` Note: ${b.note}` : ""}`)}`,
    `STATUS:${b.status === "cancelled" || b.status === "rescheduled" ? "CANCELLED" : b.status === "requested" ? "TENTATIVE" : "CONFIRMED"}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return { fileName: `${b.reference}.ics`, body: `${lines.join("\r\n")}\r\n` };
}
