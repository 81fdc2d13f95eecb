import { sql } from "kysely";
import type { queryListInputSchema, QueryListItem } from "@medlegal/domain";
import { addDays, sastToUtc } from "@medlegal/domain";
import type { z } from "zod";
import { visibleQueries } from "../platform/access";
import { decodeCursor, encodeCursor, exactTime } from "../platform/keyset";
import { queryListQuery, toQueryListItem } from "./query-records";
import type { Deps } from "../platform/deps";
import { listSearch } from "../platform/search-terms";

type QueryFilters = Omit<z.output<typeof queryListInputSchema>, "cursor" | "limit" | "sort">;

/**
 * The queries the caller may see that match the list's filters, unsorted and unpaged: the list pages
 * through them and a saved view counts them (issue 30), so both read one set of filters.
 */
export function matchingQueries({ db, actor }: Deps, f: QueryFilters) {
  let query = queryListQuery(db).where(visibleQueries(actor.user));

  // References with or without dashes, the case's numbers and the attorney's file reference, claimant and attorney (docs/decisions.md "One search").
  if (f.search) query = query.where(listSearch(f.search, { table: "queries" }));
  if (f.status) query = query.where("queries.status", "=", f.status);
  if (f.priority) query = query.where("queries.priority", "=", f.priority);
  if (f.assignedEmployeeId) query = query.where("queries.assigned_employee_id", "=", f.assignedEmployeeId);
  if (f.unassigned) query = query.where("queries.assigned_employee_id", "is", null);
  if (f.from) query = query.where("queries.created_at", ">=", sastToUtc(f.from, "00:00"));
  if (f.to) query = query.where("queries.created_at", "<", sastToUtc(addDays(f.to, 1), "00:00"));
  if (f.specializationId) {
    const specializationId = f.specializationId;
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom("query_specializations")
          .select("query_specializations.query_id")
          .whereRef("query_specializations.query_id", "=", "queries.id")
          .where("query_specializations.specialization_id", "=", specializationId),
      ),
    );
  }

  return query;
}

/** The query list: server-side search, filters, sort and keyset pagination, scoped to what the caller may see. */
export async function listQueries(
  deps: Deps,
  f: z.output<typeof queryListInputSchema>,
): Promise<{ items: QueryListItem[]; nextCursor: string | null }> {
  let query = matchingQueries(deps, f)
    .select(exactTime("queries.created_at").as("cursor_at"))
    .limit(f.limit + 1);
  // Each sort is a total order ending in the id, so the keyset cursor never skips or repeats a row.
  const cursor = f.cursor;
  switch (f.sort) {
    case "newest":
    case "oldest": {
      const dir = f.sort === "newest" ? "desc" : "asc";
      query = query.orderBy("queries.created_at", dir).orderBy("queries.id", dir);
      if (cursor) {
        const [at, id] = decodeCursor(cursor, ["time", "id"]);
        const op = f.sort === "newest" ? sql`<` : sql`>`;
        query = query.where(sql<boolean>`(queries.created_at, queries.id) ${op} (${at}::timestamptz, ${id}::uuid)`);
      }
      break;
    }
    case "priority": {
      query = query.orderBy("queries.priority_rank", "desc").orderBy("queries.created_at", "desc").orderBy("queries.id", "desc");
      if (cursor) {
        const [rank, at, id] = decodeCursor(cursor, ["rank", "time", "id"]);
        query = query.where(
          sql<boolean>`(queries.priority_rank, queries.created_at, queries.id) < (${rank}, ${at}::timestamptz, ${id}::uuid)`,
        );
      }
      break;
    }
    case "reference": {
      query = query.orderBy("queries.reference", "asc");
      if (cursor) query = query.where("queries.reference", ">", decodeCursor(cursor, ["text"])[0]);
      break;
    }
  }

  const rows = await query.execute();
  const page = rows.slice(0, f.limit);
  const last = page[page.length - 1];
  let nextCursor: string | null = null;
  if (rows.length > f.limit && last) {
    const at = last.cursor_at;
    nextCursor = encodeCursor(
      f.sort === "priority" ? [last.priority_rank, at, last.id] : f.sort === "reference" ? [last.reference] : [at, last.id],
    );
  }
  return { items: page.map(toQueryListItem), nextCursor };
}
