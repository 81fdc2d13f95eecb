import type { Db } from "../platform/deps";

/** The newest served bundle of a case: the one a new bundle keeps the numbers of. */
export async function lastServedBundle(db: Db, caseId: string) {
  return db
    .selectFrom("bundles")
    .select(["id", "number", "section_order", "served_on"])
    .where("case_id", "=", caseId)
    .where("served_on", "is not", null)
    .orderBy("number", "desc")
    .limit(1)
    .executeTakeFirst();
}
