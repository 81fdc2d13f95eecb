import type { Transaction } from "kysely";
import type { Database } from "@medlegal/db";
import { now } from "./clock";

/**
 * The next reference of a series for this year, gap-free: the counter row is updated inside the
 * caller's transaction, so a rolled-back insert gives its number back and two inserts never share one.
 */
export async function nextReference(trx: Transaction<Database>, series: "CASE" | "Q" | "BK" | "RPT", at = now()): Promise<string> {
  const year = at.getUTCFullYear();
  const row = await trx
    .insertInto("reference_counters")
    .values({ series, year, last_value: 1 })
    .onConflict((oc) => oc.columns(["series", "year"]).doUpdateSet((eb) => ({ last_value: eb("reference_counters.last_value", "+", 1) })))
    .returning("last_value")
    .executeTakeFirstOrThrow();
  return `${series}-${year}-${String(row.last_value).padStart(5, "0")}`;
}
