/** The review checklist of each report kind. */
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { Database } from "@medlegal/db";
import type { ChecklistItem, checklistKindSchema, checklistUpdateSchema, ReportKind } from "@medlegal/domain";
import { recordAudit } from "../audit/audit";
import type { Db, Deps } from "../platform/deps";

export async function activeChecklist(db: Db, kind: ReportKind): Promise<ChecklistItem[]> {
  const rows = await db
    .selectFrom("report_checklist_items")
    .select(["id", "label", "mandatory"])
    .where("kind", "=", kind)
    .where("active", "=", true)
    .orderBy("position")
    .execute();
  return rows;
}

export async function getChecklist(
  { db }: { db: Kysely<Database> },
  { kind }: z.output<typeof checklistKindSchema>,
): Promise<ChecklistItem[]> {
  return activeChecklist(db, kind);
}

/** Administrators replace a kind's checklist; old items stay (inactive) so past reviews keep their meaning. */
export async function updateChecklist(
  { db, actor }: Deps,
  { kind, items }: z.output<typeof checklistUpdateSchema>,
): Promise<ChecklistItem[]> {
  await db.transaction().execute(async (trx) => {
    const before = await activeChecklist(trx, kind);
    await trx.updateTable("report_checklist_items").set({ active: false }).where("kind", "=", kind).execute();
    await trx
      .insertInto("report_checklist_items")
      .values(items.map((item, position) => ({ kind, label: item.label, mandatory: item.mandatory, position })))
      .execute();
    await recordAudit(trx, actor, {
      action: "report.checklist_update",
      entityType: "report_checklist",
      entityId: null,
      before: { kind, items: before.map((i) => ({ label: i.label, mandatory: i.mandatory })) },
      after: { kind, items },
    });
  });
  return activeChecklist(db, kind);
}
