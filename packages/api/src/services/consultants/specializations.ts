import { sql } from "kysely";
import type {
  idInputSchema,
  setSpecializationActiveSchema,
  specializationInputSchema,
  SpecializationItem,
  specializationUpdateSchema,
} from "@medlegal/domain";
import { SPECIALIZATION_MESSAGES } from "@medlegal/domain";
import type { z } from "zod";
import { AppError } from "../../errors";
import { changedFields, recordAudit } from "../audit/audit";
import type { Db, Deps } from "../platform/deps";

/** The choices offered at sign-up and in bookings: active ones only, by name. */
export async function listActiveSpecializations(db: Db): Promise<{ id: string; name: string }[]> {
  return db.selectFrom("specializations").select(["id", "name"]).where("active", "=", true).orderBy("name").execute();
}

function catalogueQuery(db: Db) {
  return db
    .selectFrom("specializations")
    .select((eb) => [
      "specializations.id",
      "specializations.name",
      "specializations.description",
      "specializations.active",
      "specializations.default_report_fee_cents",
      eb
        .selectFrom("users")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("users.specialization_id", "=", "specializations.id")
        .as("users_count"),
    ]);
}

type CatalogueRow = Awaited<ReturnType<ReturnType<typeof catalogueQuery>["executeTakeFirstOrThrow"]>>;
const toItem = (row: CatalogueRow): SpecializationItem => ({
  id: row.id,
  name: row.name,
  description: row.description,
  active: row.active,
  defaultReportFeeCents: row.default_report_fee_cents,
  usersCount: Number(row.users_count ?? 0),
});

async function loadItem(db: Db, id: string): Promise<SpecializationItem> {
  const row = await catalogueQuery(db).where("specializations.id", "=", id).executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", SPECIALIZATION_MESSAGES.notFound);
  return toItem(row);
}

const auditFields = (item: SpecializationItem) => ({
  name: item.name,
  description: item.description,
  active: item.active,
  defaultReportFeeCents: item.defaultReportFeeCents,
});

async function assertNameFree(db: Db, name: string, exceptId?: string) {
  let query = db
    .selectFrom("specializations")
    .select("id")
    .where(sql`lower(name)`, "=", name.toLowerCase());
  if (exceptId) query = query.where("id", "<>", exceptId);
  if (await query.executeTakeFirst()) {
    throw new AppError("CONFLICT", SPECIALIZATION_MESSAGES.nameTaken, { name: SPECIALIZATION_MESSAGES.nameTaken });
  }
}

const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === "23505";

export async function listSpecializations({ db }: Deps): Promise<SpecializationItem[]> {
  return (await catalogueQuery(db).orderBy("specializations.name").execute()).map(toItem);
}

export async function createSpecialization(
  { db, actor }: Deps,
  data: z.output<typeof specializationInputSchema>,
): Promise<SpecializationItem> {
  await assertNameFree(db, data.name);
  try {
    return await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto("specializations")
        .values({ name: data.name, description: data.description || null, default_report_fee_cents: data.defaultReportFeeCents ?? null })
        .returning("id")
        .executeTakeFirstOrThrow();
      const item = await loadItem(trx, id);
      await recordAudit(trx, actor, {
        action: "specialization.create",
        entityType: "specialization",
        entityId: id,
        after: auditFields(item),
      });
      return item;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", SPECIALIZATION_MESSAGES.nameTaken);
    throw error;
  }
}

export async function updateSpecialization(
  { db, actor }: Deps,
  data: z.output<typeof specializationUpdateSchema>,
): Promise<SpecializationItem> {
  const before = await loadItem(db, data.id);
  await assertNameFree(db, data.name, data.id);
  try {
    return await db.transaction().execute(async (trx) => {
      await trx
        .updateTable("specializations")
        .set({ name: data.name, description: data.description || null, default_report_fee_cents: data.defaultReportFeeCents ?? null })
        .where("id", "=", data.id)
        .execute();
      const after = await loadItem(trx, data.id);
      await recordAudit(trx, actor, {
        action: "specialization.update",
        entityType: "specialization",
        entityId: data.id,
        ...changedFields(auditFields(before), auditFields(after)),
      });
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", SPECIALIZATION_MESSAGES.nameTaken);
    throw error;
  }
}

/** Inactive specializations leave sign-up and booking choices but stay on existing records. */
export async function setSpecializationActive(
  { db, actor }: Deps,
  { id, active }: z.output<typeof setSpecializationActiveSchema>,
): Promise<SpecializationItem> {
  return db.transaction().execute(async (trx) => {
    const before = await loadItem(trx, id);
    if (before.active === active) return before;
    await trx.updateTable("specializations").set({ active }).where("id", "=", id).execute();
    await recordAudit(trx, actor, {
      action: active ? "specialization.reactivate" : "specialization.deactivate",
      entityType: "specialization",
      entityId: id,
      before: { active: before.active },
      after: { active },
    });
    return loadItem(trx, id);
  });
}

/** Deletes an unused specialization; one in use is deactivated instead, so records keep their name. */
export async function removeSpecialization(
  { db, actor }: Deps,
  { id }: z.output<typeof idInputSchema>,
): Promise<{ removed: boolean; deactivated: boolean }> {
  return db.transaction().execute(async (trx) => {
    const item = await loadItem(trx, id);
    if (item.usersCount > 0) {
      if (item.active) {
        await trx.updateTable("specializations").set({ active: false }).where("id", "=", id).execute();
        await recordAudit(trx, actor, {
          action: "specialization.deactivate",
          entityType: "specialization",
          entityId: id,
          before: { active: true },
          after: { active: false, reason: "in use, so deactivated instead of deleted" },
        });
      }
      return { removed: false, deactivated: true };
    }
    await trx.deleteFrom("specializations").where("id", "=", id).execute();
    await recordAudit(trx, actor, {
      action: "specialization.delete",
      entityType: "specialization",
      entityId: id,
      before: auditFields(item),
    });
    return { removed: true, deactivated: false };
  });
}
