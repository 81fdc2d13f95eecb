import { z } from "zod";

/** What a read of health information was (docs/decisions.md, "Security"). */
export const ACCESS_ACTIONS = ["view", "download", "export", "print"] as const;
export type AccessAction = (typeof ACCESS_ACTIONS)[number];

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Dates are YYYY-MM-DD");

/** Filters of the access log (administrators): who, whose information, what kind of read, when. */
export const accessLogListInputSchema = z.object({
  userId: z.string().uuid().optional(),
  patientId: z.string().uuid().optional(),
  action: z.enum(ACCESS_ACTIONS).optional(),
  from: day.optional(),
  to: day.optional(),
  cursor: z.string().max(300).nullish(),
  limit: z.number().int().min(1).max(200).default(50),
});
export type AccessLogListInput = z.input<typeof accessLogListInputSchema>;

export interface AccessLogRow {
  id: string;
  at: string;
  userId: string | null;
  userName: string | null;
  userRole: string | null;
  action: AccessAction;
  entityType: string;
  entityId: string | null;
  patientId: string | null;
  patientName: string | null;
  ip: string | null;
  userAgent: string | null;
}
