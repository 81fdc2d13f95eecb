import type { Transaction } from "kysely";
import type { Database } from "@medlegal/db";
import { sastYear } from "@medlegal/domain";
import { now } from "./clock";

/**
 * The next reference of a series for this South African year, gap-free: the counter row is updated inside the
 * caller's transaction, so a rolled-back insert gives its number back and two inserts never share one.
 */
export async function nextReference(
  trx: Transaction<Database>,
  series: "CASE" | "Q" | "BK" | "RPT" | "DSR" | "SCB" | "MTG",
  at = now(),
): Promise<string> {
  const year = sastYear(at);
  return `${series}-${year}-${String(await nextInSeries(trx, series, year)).padStart(5, "0")}`;
}

/**
 * The next value of a series' counter for a year. The upsert locks the counter row until the
 * caller's transaction ends, so concurrent callers queue, none shares a value, and a rollback gives
 * the value back: invoice numbers use it too (docs/decisions.md, "Invoices").
 */
export async function nextInSeries(trx: Transaction<Database>, series: string, year: number): Promise<number> {
  const row = await trx
    .insertInto("reference_counters")
    .values({ series, year, last_value: 1 })
    .onConflict((oc) => oc.columns(["series", "year"]).doUpdateSet((eb) => ({ last_value: eb("reference_counters.last_value", "+", 1) })))
    .returning("last_value")
    .executeTakeFirstOrThrow();
  return row.last_value;
}
