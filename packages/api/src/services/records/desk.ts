import type { RecordDesk, RecordHolderPace, RecordRequestItem } from "@medlegal/domain";
import { addDays, deskOrder, RECORD_DESK_LIMIT } from "@medlegal/domain";
import { sql } from "kysely";
import { today } from "../platform/clock";
import type { Deps } from "../platform/deps";
import { listRecordRequests } from "./requests";

/**
 * The records desk across matters (issue 40 item 7): every request still open, those that need
 * action first (deemed refused, overdue, refused), then by the holder's day; and how long each
 * holder takes to answer. Staff only, by permission (they see every case).
 */
export async function recordsDesk(deps: Deps, input: { holderId?: string | undefined }): Promise<RecordDesk> {
  const on = today();
  const open = await listRecordRequests(deps, (query) => {
    let q = query.where("record_requests.status", "not in", ["received", "closed"]);
    if (input.holderId) q = q.where("record_requests.holder_id", "=", input.holderId);
    return q;
  });
  const items: RecordRequestItem[] = open.sort(deskOrder).slice(0, RECORD_DESK_LIMIT);
  return { items, total: open.length, holders: await holderPace(deps, on) };
}

/**
 * Each holder's median calendar days from receiving a request to answering it (the records or a
 * refusal), over the answers of the last 12 months: which hospitals are slow.
 */
async function holderPace({ db }: Deps, on: string): Promise<RecordHolderPace[]> {
  const since = addDays(on, -365);
  const answeredOn = sql<string>`coalesce(record_requests.records_received_on, record_requests.refused_on)`;
  const rows = await db
    .selectFrom("record_holders")
    .leftJoin("record_requests", (join) =>
      join
        .onRef("record_requests.holder_id", "=", "record_holders.id")
        .on("record_requests.received_on", "is not", null)
        .on(answeredOn, ">=", since),
    )
    .select([
      "record_holders.id",
      "record_holders.name",
      sql<number>`count(record_requests.id)::int`.as("answered"),
      sql<string | null>`percentile_cont(0.5) within group (order by (${answeredOn} - record_requests.received_on))`.as("median_days"),
    ])
    .where("record_holders.active", "=", true)
    .groupBy(["record_holders.id", "record_holders.name"])
    .orderBy("record_holders.name")
    .execute();
  return rows.map((r) => ({
    holderId: r.id,
    name: r.name,
    answered: r.answered,
    medianDays: r.median_days === null ? null : Math.round(Number(r.median_days)),
  }));
}
