import { z } from "zod";
import { ROSTER_DUTIES, timeRangeOutputSchema } from "./bookings";

/** What the availability and rosters procedures answer (docs/architecture.md, "Outputs"). */
const nullableText = z.string().nullable();

export const availabilityOutputSchema = z.object({
  consultantId: z.string(),
  consultantName: z.string(),
  dailyCapacity: z.number(),
  days: z.array(z.object({ weekday: z.number(), ranges: z.array(timeRangeOutputSchema) })),
  overrides: z.array(
    z.object({ id: z.string(), date: z.string(), unavailable: z.boolean(), ranges: z.array(timeRangeOutputSchema), note: nullableText }),
  ),
});
export type AvailabilityView = z.output<typeof availabilityOutputSchema>;

export const weekGridRowOutputSchema = z.object({
  consultantId: z.string(),
  consultantName: z.string(),
  specialization: nullableText,
  dailyCapacity: z.number(),
  days: z.array(z.object({ date: z.string(), available: z.boolean(), hours: z.array(z.string()), booked: z.number(), free: z.number() })),
});
export type WeekGridRow = z.output<typeof weekGridRowOutputSchema>;

export const rosterShiftOutputSchema = z.object({
  id: z.string(),
  employeeId: z.string(),
  employeeName: z.string(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  duty: z.enum(ROSTER_DUTIES),
});
export type RosterShift = z.output<typeof rosterShiftOutputSchema>;
