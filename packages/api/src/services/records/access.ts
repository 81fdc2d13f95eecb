import type { Database } from "@medlegal/db";
import type { CurrentUser } from "@medlegal/domain";
import type { Expression, ExpressionBuilder, SqlBool } from "kysely";
import { notFound } from "../../errors";
import { visibleCases } from "../platform/access";
import type { Db } from "../platform/deps";

/**
 * Who sees a records request: whoever sees its case (staff all, an attorney their own cases).
 * An expert sees only the records received, through expertMayReadRecords and the booking's list.
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

/**
 * Whether an expert may read a request's received records (issue 40 item 6): they have a booking
 * on the request's case, on a query whose attorney consented to sharing (the consent of the
 * disciplines that wait), and the request serves their discipline (or names none).
 */
export async function expertMayReadRecords(db: Db, user: CurrentUser, requestId: string): Promise<boolean> {
  const row = await db
    .selectFrom("record_requests")
    .innerJoin("bookings", "bookings.case_id", "record_requests.case_id")
    .innerJoin("queries", "queries.id", "bookings.query_id")
    .select("record_requests.id")
    .where("record_requests.id", "=", requestId)
    .where("bookings.consultant_id", "=", user.id)
    .where("queries.report_sharing_consent_at", "is not", null)
    .where((eb) => servesDiscipline(eb.ref("bookings.specialization_id"))(eb))
    .executeTakeFirst();
  return row !== undefined;
}

/** A request serves a discipline when it names it, or names none: what its expert may see of it. */
export function servesDiscipline(specializationId: Expression<string> | string) {
  return (eb: ExpressionBuilder<Database, "record_requests">): Expression<SqlBool> => {
    const named = eb
      .selectFrom("record_request_disciplines as d")
      .select("d.request_id")
      .whereRef("d.request_id", "=", "record_requests.id");
    return eb.or([eb.not(eb.exists(named)), eb.exists(named.where("d.specialization_id", "=", specializationId))]);
  };
}
