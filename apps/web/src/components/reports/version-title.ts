import type { ReportDetail, Role } from "@medlegal/domain";
import { forAudience } from "@/lib/audience";

/** An attorney sees the released version alone: how many came before it is the agency's QA, not theirs. */
export function versionTitle(v: Pick<ReportDetail["versionList"][number], "number" | "fileName">, role: Role): string {
  const versioned = `Version ${v.number}: ${v.fileName}`;
  return forAudience(role, { staff: versioned, attorney: `Released report: ${v.fileName}`, consultant: versioned });
}
