import { z } from "zod";

/** What the audit trail procedures answer (docs/architecture.md, "Outputs"). */
const nullableText = z.string().nullable();

export const auditRowOutputSchema = z.object({
  id: z.string(),
  at: z.string(),
  actorId: nullableText,
  actorName: nullableText,
  actorRole: nullableText,
  action: z.string(),
  entityType: z.string(),
  entityId: nullableText,
  /** What a reader knows the record by (Q-2026-00012, a claimant's name); null when it has none or is gone. */
  entityReference: nullableText,
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ip: nullableText,
  userAgent: nullableText,
  requestId: nullableText,
});
export type AuditRow = z.output<typeof auditRowOutputSchema>;
export const auditPageOutputSchema = z.object({ items: z.array(auditRowOutputSchema), nextCursor: nullableText });
