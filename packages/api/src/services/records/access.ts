import type { CurrentUser } from "@medlegal/domain";
import { notFound } from "../../errors";
import { visibleCases } from "../platform/access";
import type { Db } from "../platform/deps";

/**
 * Who sees a records request: whoever sees its case (staff all, an attorney their own cases).
 * An expert's view of the records received (after the attorney's consent) comes with issue 40 item 6.
 */
export async function loadVisibleRecordRequest(db: Db, user: CurrentUser, id: string, forUpdate = false) {
  let query = db
    .selectFrom("record_requests")
    .innerJoin("cases", "cases.id", "record_requests.case_id")
    .selectAll("record_requests")
    .where("record_requests.id", "=", id)
    .where(visibleCases(user));
  if (forUpdate) query = query.forUpdate("record_requests");
  const row = await query.executeTakeFirst();
  if (!row) throw notFound("records request");
  return row;
}
