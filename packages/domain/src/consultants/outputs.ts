import { z } from "zod";

/** What the consultants procedures answer (docs/architecture.md, "Outputs"). */
const nullableText = z.string().nullable();

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
export type ConsultantDirectoryEntry = z.output<typeof consultantDirectoryOutputSchema>;
