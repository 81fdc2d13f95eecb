import { RECORD_KIND_LABEL } from "@medlegal/domain";
import type { Db } from "../platform/deps";

/** What a kind of record is called inside a sentence: "hospital notes". */
const inWords = (label: string) => label.charAt(0).toLowerCase() + label.slice(1);

/**
 * A case's records still outstanding, by the discipline they were asked for, in words ("hospital
 * notes and radiology (...) from Netcare Milpark Hospital"): the court clock counts them before
 * each assessment (issue 40, item 7). Received or closed requests are not outstanding.
 */
export async function outstandingRecordsByDiscipline(db: Db, caseId: string): Promise<Map<string, string[]>> {
  const rows = await db
    .selectFrom("record_requests")
    .innerJoin("record_request_disciplines as d", "d.request_id", "record_requests.id")
    .innerJoin("record_holders as holder", "holder.id", "record_requests.holder_id")
    .select(["d.specialization_id", "record_requests.record_kinds", "holder.name"])
    .where("record_requests.case_id", "=", caseId)
    .where("record_requests.status", "not in", ["received", "closed"])
    .orderBy("record_requests.created_at")
    .orderBy("record_requests.id")
    .execute();
  const byDiscipline = new Map<string, string[]>();
  for (const r of rows) {
    const what = r.record_kinds.map((kind) => inWords(RECORD_KIND_LABEL[kind])).join(" and ");
    byDiscipline.set(r.specialization_id, [...(byDiscipline.get(r.specialization_id) ?? []), `${what} from ${r.name}`]);
  }
  return byDiscipline;
}
