import type { MeetingGuestRole } from "@medlegal/domain";
import { meetingGuestSchema } from "@medlegal/domain";

/** A guest as the meeting forms hold one: name, e-mail and role (the server's guest schema checks it). */
export interface GuestDraft {
  name: string;
  email: string;
  role: MeetingGuestRole;
}

export const NEW_GUEST: GuestDraft = { name: "", email: "", role: "claimant" };

/** Each guest's own errors by field, from the server's guest schema (shown once the guests' error shows). */
export function guestErrors(guest: GuestDraft): Partial<Record<keyof GuestDraft, string>> {
  const checked = meetingGuestSchema.safeParse(guest);
  const out: Partial<Record<keyof GuestDraft, string>> = {};
  if (!checked.success) for (const issue of checked.error.issues) out[issue.path[0] as keyof GuestDraft] ??= issue.message;
  return out;
}
