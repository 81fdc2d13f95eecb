import { addDays, sastDate } from "@medlegal/domain";
import type { Page } from "playwright-core";
import { post, read } from "./browser";

export interface ConfirmedBooking {
  id: string;
  reference: string;
  status: string;
  venue: string;
  startsAt: string;
}

/**
 * A confirmed in-person assessment on a file's own case, made the way the app makes it: the attorney
 * opens a query for one discipline, staff take it into review and assign the named expert, the expert
 * accepts, and staff book the expert's first free in-person hour in the window and confirm it.
 */
export async function bookInPerson(
  pages: { attorney: Page; employee: Page; expert: Page },
  want: {
    caseId: string;
    specialization: string;
    expertName: string;
    subject: string;
    instructions: string;
    fromDays: number;
    toDays: number;
  },
): Promise<ConfirmedBooking> {
  const { attorney, employee, expert } = pages;
  const specs = await read<{ id: string; name: string }[]>(attorney, "specializations.listActive", undefined);
  const discipline = specs.find((s) => s.name === want.specialization)!;
  const query = await post<{ id: string }>(attorney, "queries.create", {
    caseId: want.caseId,
    subject: want.subject,
    instructions: want.instructions,
    specializationIds: [discipline.id],
  });
  await post(employee, "queries.move", { id: query.id, to: "in_review" });
  const candidates = await read<{ id: string; name: string }[]>(employee, "assignments.listCandidates", {
    queryId: query.id,
    specializationId: discipline.id,
  });
  const chosen = candidates.find((c) => c.name.includes(want.expertName))!;
  const assignment = await post<{ id: string }>(employee, "assignments.create", {
    queryId: query.id,
    consultantId: chosen.id,
    specializationId: discipline.id,
  });
  await post(expert, "assignments.respond", { id: assignment.id, accept: true });
  const today = sastDate(new Date());
  const slots = await read<{ startsAt: string; mode: string }[]>(employee, "bookings.listSlots", {
    consultantId: chosen.id,
    from: addDays(today, want.fromDays),
    to: addDays(today, want.toDays),
  });
  const slot = slots.find((s) => s.mode === "in_person")!;
  let booking = await post<ConfirmedBooking>(employee, "bookings.create", {
    queryId: query.id,
    consultantId: chosen.id,
    startsAt: slot.startsAt,
  });
  if (booking.status === "requested") booking = await post(employee, "bookings.confirm", { id: booking.id });
  return booking;
}
