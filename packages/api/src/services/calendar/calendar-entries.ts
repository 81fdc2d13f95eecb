import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import type { AssessmentMode, BookingStatus } from "@medlegal/domain";
import { sastDate } from "@medlegal/domain";
import { now } from "../platform/clock";

/**
 * Calendar entries carry no health information (docs/decisions.md "Calendars carry no health
 * information"): a calendar app copies them to servers abroad (POPIA section 72), so an entry says
 * only that there is a MedLegal assessment, its reference, time and place, and links back into
 * the app, where the claimant, the expert's field and any note are shown after sign-in.
 */
export interface CalendarBooking {
  id: string;
  reference: string;
  status: BookingStatus;
  startsAt: Date;
  endsAt: Date;
  mode: AssessmentMode;
  venue: string | null;
}

const STATUS: Record<BookingStatus, ICalEventStatus> = {
  requested: ICalEventStatus.TENTATIVE,
  confirmed: ICalEventStatus.CONFIRMED,
  attended: ICalEventStatus.CONFIRMED,
  no_show: ICalEventStatus.CONFIRMED,
  cancelled: ICalEventStatus.CANCELLED,
  rescheduled: ICalEventStatus.CANCELLED,
};

/** Where an entry's details are shown: the day in the app's calendar. */
export const bookingDayLink = (appUrl: string, startsAt: Date) => `${appUrl}/appointments?view=day&date=${sastDate(startsAt)}`;

/** The whole entry an outside calendar receives for one booking. */
export function neutralEntry(appUrl: string, booking: CalendarBooking) {
  const link = bookingDayLink(appUrl, booking.startsAt);
  return {
    id: `${booking.id}@medlegal`,
    start: booking.startsAt,
    end: booking.endsAt,
    stamp: now(),
    summary: `MedLegal assessment ${booking.reference}`,
    location: booking.mode === "video" ? "Video" : (booking.venue ?? ""),
    description: `The details are in MedLegal after you sign in: ${link}`,
    url: link,
    status: STATUS[booking.status],
  };
}

/** An iCalendar text (RFC 5545: escaped and folded by the library) holding the bookings' neutral entries. */
export function calendarText(appUrl: string, bookings: CalendarBooking[], name?: string): string {
  const calendar = ical({
    prodId: { company: "MedLegal", product: "Assessments", language: "EN" },
    method: ICalCalendarMethod.PUBLISH,
    name: name ?? null,
  });
  for (const booking of bookings) calendar.createEvent(neutralEntry(appUrl, booking));
  return calendar.toString();
}

/** A trial date as an outside calendar receives it: all day, the case reference and the court only (no claimant). */
export interface CalendarTrial {
  caseId: string;
  caseReference: string;
  trialDate: string;
  court: string | null;
}

/** An iCalendar text of trial dates, neutral like the assessments' entries; each links to its case page. */
export function trialCalendarText(appUrl: string, trials: CalendarTrial[]): string {
  const calendar = ical({
    prodId: { company: "MedLegal", product: "Trial dates", language: "EN" },
    method: ICalCalendarMethod.PUBLISH,
    name: "MedLegal trial dates",
  });
  for (const trial of trials) {
    const link = `${appUrl}/cases/${trial.caseId}`;
    calendar.createEvent({
      id: `trial-${trial.caseId}-${trial.trialDate}@medlegal`,
      start: new Date(`${trial.trialDate}T00:00:00Z`),
      allDay: true,
      stamp: now(),
      summary: `MedLegal trial ${trial.caseReference}`,
      location: trial.court ?? "",
      description: `The matter's readiness is in MedLegal after you sign in: ${link}`,
      url: link,
    });
  }
  return calendar.toString();
}
