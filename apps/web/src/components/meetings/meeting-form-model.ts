import { sastDate, sastTime, sastToUtc } from "@medlegal/domain";
import type { GuestDraft } from "./meeting-guest";

/* The create-meeting form's model: its fields, their defaults and the payload sent (meeting-forms.tsx). */

/** The first quarter hour from now on, as a South African day and time (the room is then open). */
export function soon(): { date: string; time: string } {
  const at = new Date(Math.floor(Date.now() / 900_000) * 900_000 + 900_000);
  return { date: sastDate(at), time: sastTime(at) };
}

/**
 * The new meeting as typed. The server's schema (createMeetingSchema) checks the payload; its
 * errors are moved onto the fields that hold them (the start onto the date, the link onto About).
 */
export interface MeetingForm {
  title: string;
  /** "booking:<id>", "query:<id>" or "" (ad hoc). */
  about: string;
  date: string;
  time: string;
  duration: number;
  host: string;
  userIds: string[];
  guests: GuestDraft[];
}

const FIELD_OF: Record<string, keyof MeetingForm> = {
  startsAt: "date",
  durationMinutes: "duration",
  hostId: "host",
  bookingId: "about",
  queryId: "about",
};

export function onFormFields(errors: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, message] of Object.entries(errors ?? {})) out[FIELD_OF[name] ?? name] ??= message;
  return out;
}

export function meetingPayload(f: MeetingForm) {
  const [kind, id] = f.about.split(":");
  let startsAt = "";
  try {
    startsAt = sastToUtc(f.date, f.time).toISOString();
  } catch {
    startsAt = "";
  }
  return {
    title: f.title,
    startsAt,
    durationMinutes: f.duration,
    hostId: f.host,
    userIds: f.userIds.filter(Boolean),
    guests: f.guests,
    bookingId: kind === "booking" ? (id ?? null) : null,
    queryId: kind === "query" ? (id ?? null) : null,
  };
}
