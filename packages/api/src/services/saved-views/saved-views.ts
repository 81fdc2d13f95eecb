import type { Permission, SavedView, SavedViewList, savedViewInputSchema, savedViewUpdateSchema } from "@medlegal/domain";
import { can, SAVED_VIEW_LIMIT } from "@medlegal/domain";
import type { z } from "zod";
import { AppError, notFound } from "../../errors";
import { recordAudit } from "../audit/audit";
import { assertCan } from "../platform/access";
import { now } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import { fullName } from "../platform/sql";
import { countSavedView } from "./view-counts";
import { isOwnView, listedViews, ownViews } from "./access";

/** The permission that opens each list: a view is kept and counted only by someone who may read its list. */
export const LIST_PERMISSION = {
  queries: "queries.read",
  cases: "cases.read",
  bookings: "bookings.read",
  reports: "reports.read",
  invoices: "invoices.list",
} as const satisfies Record<SavedViewList, Permission>;

const NAME_TAKEN = "You already have a view with this name";
const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === "23505";

function viewRows(db: Db) {
  return db
    .selectFrom("saved_views")
    .innerJoin("users as owner", "owner.id", "saved_views.owner_id")
    .select([
      "saved_views.id",
      "saved_views.owner_id",
      "saved_views.list",
      "saved_views.name",
      "saved_views.filters",
      "saved_views.shared",
      fullName("owner").as("owner_name"),
    ]);
}
type ViewRow = Awaited<ReturnType<ReturnType<typeof viewRows>["executeTakeFirstOrThrow"]>>;

/** The caller's own view, locked for a change: anyone else's (shared or not) is 404, so ids cannot be probed. */
async function lockOwnView(db: Db, deps: Deps, id: string) {
  const row = await db
    .selectFrom("saved_views")
    .selectAll()
    .where("id", "=", id)
    .where(ownViews(deps.actor.user))
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound("saved view");
  return row;
}

async function toSavedView(deps: Deps, row: ViewRow): Promise<SavedView> {
  return {
    id: row.id,
    list: row.list,
    name: row.name,
    filters: row.filters,
    shared: row.shared,
    mine: isOwnView(deps.actor.user, row),
    ownerName: row.owner_name,
    count: await countSavedView(deps, row.list, row.filters),
  };
}

/**
 * The sidebar's "Saved views": the caller's own, then (for staff) those an administrator shared,
 * each with the number of rows its list shows the caller now, on lists the caller may read.
 */
export async function listSavedViews(deps: Deps): Promise<SavedView[]> {
  const { user } = deps.actor;
  const lists = (Object.keys(LIST_PERMISSION) as SavedViewList[]).filter((list) => can(user.role, LIST_PERMISSION[list]));
  if (lists.length === 0) return [];
  const rows = await viewRows(deps.db)
    .where("saved_views.list", "in", lists)
    .where(listedViews(user))
    .orderBy(ownViews(user), "desc")
    .orderBy("saved_views.name")
    .execute();
  return Promise.all(rows.map((row) => toSavedView(deps, row)));
}

export async function createSavedView(deps: Deps, input: z.output<typeof savedViewInputSchema>): Promise<SavedView> {
  const { db, actor } = deps;
  assertCan(actor.user, LIST_PERMISSION[input.list], "You cannot open that list, so you cannot save a view of it.");
  if (input.shared) assertCan(actor.user, "views.share", "Only administrators share views with all staff.");
  try {
    const id = await db.transaction().execute(async (trx) => {
      // The owner's row serialises their saves, so the limit holds under double clicks.
      await trx.selectFrom("users").select("id").where("id", "=", actor.user.id).forUpdate().executeTakeFirstOrThrow();
      const owned = await trx
        .selectFrom("saved_views")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where(ownViews(actor.user))
        .executeTakeFirstOrThrow();
      if (Number(owned.n) >= SAVED_VIEW_LIMIT)
        throw new AppError("CONFLICT", `You can keep at most ${SAVED_VIEW_LIMIT} saved views: delete one first.`);
      const taken = await trx
        .selectFrom("saved_views")
        .select("id")
        .where(ownViews(actor.user))
        .where((eb) => eb(eb.fn("lower", ["name"]), "=", input.name.toLowerCase()))
        .executeTakeFirst();
      if (taken) throw new AppError("CONFLICT", NAME_TAKEN, { name: NAME_TAKEN });
      const { id } = await trx
        .insertInto("saved_views")
        .values({
          owner_id: actor.user.id,
          list: input.list,
          name: input.name,
          filters: JSON.stringify(input.filters),
          shared: input.shared,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await recordAudit(trx, actor, {
        action: "saved_view.create",
        entityType: "saved_view",
        entityId: id,
        after: { list: input.list, name: input.name, shared: input.shared, filters: input.filters },
      });
      return id;
    });
    return toSavedView(deps, await viewRows(db).where("saved_views.id", "=", id).executeTakeFirstOrThrow());
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", NAME_TAKEN, { name: NAME_TAKEN });
    throw error;
  }
}

/** Renames a view or (administrators) shares it; only its owner may. */
export async function updateSavedView(deps: Deps, { id, name, shared }: z.output<typeof savedViewUpdateSchema>): Promise<SavedView> {
  const { db, actor } = deps;
  try {
    await db.transaction().execute(async (trx) => {
      const view = await lockOwnView(trx, deps, id);
      if (shared && !view.shared) assertCan(actor.user, "views.share", "Only administrators share views with all staff.");
      const taken = await trx
        .selectFrom("saved_views")
        .select("id")
        .where(ownViews(actor.user))
        .where("id", "<>", id)
        .where((eb) => eb(eb.fn("lower", ["name"]), "=", name.toLowerCase()))
        .executeTakeFirst();
      if (taken) throw new AppError("CONFLICT", NAME_TAKEN, { name: NAME_TAKEN });
      await trx.updateTable("saved_views").set({ name, shared, updated_at: now() }).where("id", "=", id).execute();
      await recordAudit(trx, actor, {
        action: "saved_view.update",
        entityType: "saved_view",
        entityId: id,
        before: { name: view.name, shared: view.shared },
        after: { name, shared },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", NAME_TAKEN, { name: NAME_TAKEN });
    throw error;
  }
  return toSavedView(deps, await viewRows(db).where("saved_views.id", "=", id).executeTakeFirstOrThrow());
}

export async function deleteSavedView(deps: Deps, { id }: { id: string }): Promise<{ ok: true }> {
  await deps.db.transaction().execute(async (trx) => {
    const view = await lockOwnView(trx, deps, id);
    await trx.deleteFrom("saved_views").where("id", "=", id).execute();
    await recordAudit(trx, deps.actor, {
      action: "saved_view.delete",
      entityType: "saved_view",
      entityId: id,
      before: { list: view.list, name: view.name, shared: view.shared },
    });
  });
  return { ok: true };
}
