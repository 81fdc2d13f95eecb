import type { ReportDetail, Role } from "@medlegal/domain";

/** An attorney sees the released version alone: how many came before it is the agency's QA, not theirs. */
export function versionTitle(v: Pick<ReportDetail["versionList"][number], "number" | "fileName">, role: Role): string {
  return role === "attorney" ? `Released report: ${v.fileName}` : `Version ${v.number}: ${v.fileName}`;
}
