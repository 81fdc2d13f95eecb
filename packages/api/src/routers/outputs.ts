import { z } from "zod";
import { ROSTER_DUTIES, sameShape, timeRangeOutputSchema } from "@medlegal/domain";
import type { SameShape } from "@medlegal/domain";
import type { AuditRow } from "../services/audit/audit-trail";
import type { ConsultantDirectoryEntry } from "../services/consultants/consultants";
import type { AvailabilityView, WeekGridRow } from "../services/scheduling/availability";
import type { RosterShift } from "../services/scheduling/rosters";

/*
 * Output schemas of answers only the API shapes (the shared records are in
 * packages/domain/src/platform/outputs.ts). As there, unknown keys are dropped and each schema is checked
 * at compile time against the service's own type.
 */

const nullableText = z.string().nullable();

export const countOutputSchema = z.object({ count: z.number() });
export const updatedOutputSchema = z.object({ updated: z.number() });
export const removedOutputSchema = z.object({ removed: z.literal(true) });
export const specializationRemovalOutputSchema = z.object({ removed: z.boolean(), deactivated: z.boolean() });

export const auditRowOutputSchema = z.object({
  id: z.string(),
  at: z.string(),
  actorId: nullableText,
  actorName: nullableText,
  actorRole: nullableText,
  action: z.string(),
  entityType: z.string(),
  entityId: nullableText,
  entityReference: nullableText,
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ip: nullableText,
  userAgent: nullableText,
  requestId: nullableText,
});
export const auditPageOutputSchema = z.object({ items: z.array(auditRowOutputSchema), nextCursor: nullableText });

export const consultantDirectoryOutputSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: nullableText,
  address: nullableText,
  licenseNumber: nullableText,
  specializationId: nullableText,
  specialization: nullableText,
  isActive: z.boolean(),
  activeAssignments: z.number(),
});

export const availabilityOutputSchema = z.object({
  consultantId: z.string(),
  consultantName: z.string(),
  dailyCapacity: z.number(),
  days: z.array(z.object({ weekday: z.number(), ranges: z.array(timeRangeOutputSchema) })),
  overrides: z.array(
    z.object({ id: z.string(), date: z.string(), unavailable: z.boolean(), ranges: z.array(timeRangeOutputSchema), note: nullableText }),
  ),
});

export const weekGridRowOutputSchema = z.object({
  consultantId: z.string(),
  consultantName: z.string(),
  specialization: nullableText,
  dailyCapacity: z.number(),
  days: z.array(z.object({ date: z.string(), available: z.boolean(), hours: z.array(z.string()), booked: z.number(), free: z.number() })),
});

export const rosterShiftOutputSchema = z.object({
  id: z.string(),
  employeeId: z.string(),
  employeeName: z.string(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  duty: z.enum(ROSTER_DUTIES),
});

sameShape<SameShape<z.output<typeof auditRowOutputSchema>, AuditRow>>();
sameShape<SameShape<z.output<typeof consultantDirectoryOutputSchema>, ConsultantDirectoryEntry>>();
sameShape<SameShape<z.output<typeof availabilityOutputSchema>, AvailabilityView>>();
sameShape<SameShape<z.output<typeof weekGridRowOutputSchema>, WeekGridRow>>();
sameShape<SameShape<z.output<typeof rosterShiftOutputSchema>, RosterShift>>();
