import type { SubjectRequest } from "@medlegal/domain";
import { daysPastDue, OPEN_SUBJECT_REQUEST_STATUSES, SUBJECT_REQUEST_DUE_SOON_DAYS } from "@medlegal/domain";
import { formatDay } from "@/lib/format";

/** How far a request's due date is, in the words the register and the dashboard share, and whether they warn. */
export function dueLabel(
  request: Pick<SubjectRequest, "status" | "dueOn">,
  today: string,
): { text: string; urgent: boolean; overdue: boolean } {
  if (!OPEN_SUBJECT_REQUEST_STATUSES.includes(request.status))
    return { text: `Due ${formatDay(request.dueOn)}`, urgent: false, overdue: false };
  const days = -daysPastDue(request.dueOn, today);
  if (days < 0) return { text: `Overdue since ${formatDay(request.dueOn)}`, urgent: true, overdue: true };
  if (days === 0) return { text: "Due today", urgent: true, overdue: false };
  return {
    text: `Due ${formatDay(request.dueOn)} (in ${days} day${days === 1 ? "" : "s"})`,
    urgent: days <= SUBJECT_REQUEST_DUE_SOON_DAYS,
    overdue: false,
  };
}
