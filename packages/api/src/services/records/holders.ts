import type { RecordHolder, recordHolderInputSchema, updateRecordHolderInputSchema } from "@medlegal/domain";
import type { z } from "zod";
import { AppError, notFound } from "../../errors";
import { recordAudit } from "../audit/audit";
import { now } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";

/** The register of record holders the agency keeps (issue 40 item 1): staff only, by permission. */

const holderOf = (r: {
  id: string;
  name: string;
  kind: RecordHolder["kind"];
  category: RecordHolder["category"];
  information_officer: string;
  email: string;
  phone: string | null;
  postal_address: string | null;
  physical_address: string | null;
  request_fee_cents: number;
  fee_notes: string | null;
  active: boolean;
}): RecordHolder => ({
  id: r.id,
  name: r.name,
  kind: r.kind,
  category: r.category,
  informationOfficer: r.information_officer,
  email: r.email,
  phone: r.phone,
  postalAddress: r.postal_address,
  physicalAddress: r.physical_address,
  requestFeeCents: r.request_fee_cents,
  feeNotes: r.fee_notes,
  active: r.active,
});

const columnsOf = (input: z.output<typeof recordHolderInputSchema>) => ({
  name: input.name,
  kind: input.kind,
  category: input.category,
  information_officer: input.informationOfficer,
  email: input.email,
  phone: input.phone,
  postal_address: input.postalAddress,
  physical_address: input.physicalAddress,
  request_fee_cents: input.requestFee,
  fee_notes: input.feeNotes,
});

export async function listRecordHolders({ db }: Deps, { includeInactive }: { includeInactive: boolean }): Promise<RecordHolder[]> {
  let query = db.selectFrom("record_holders").selectAll().orderBy("name");
  if (!includeInactive) query = query.where("active", "=", true);
  return (await query.execute()).map(holderOf);
}

async function assertNameFree(db: Db, name: string, except: string | null) {
  let query = db
    .selectFrom("record_holders")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["name"]), "=", name.toLowerCase()));
  if (except) query = query.where("id", "<>", except);
  if (await query.executeTakeFirst()) throw new AppError("CONFLICT", `A holder named ${name} is already in the register.`);
}

export async function createRecordHolder({ db, actor }: Deps, input: z.output<typeof recordHolderInputSchema>): Promise<RecordHolder> {
  return db.transaction().execute(async (trx) => {
    await assertNameFree(trx, input.name, null);
    const row = await trx.insertInto("record_holders").values(columnsOf(input)).returningAll().executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: "record_holder.create",
      entityType: "record_holder",
      entityId: row.id,
      after: columnsOf(input),
    });
    return holderOf(row);
  });
}

export async function updateRecordHolder(
  { db, actor }: Deps,
  input: z.output<typeof updateRecordHolderInputSchema>,
): Promise<RecordHolder> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("record_holders").selectAll().where("id", "=", input.id).forUpdate().executeTakeFirst();
    if (!before) throw notFound("record holder");
    await assertNameFree(trx, input.name, input.id);
    const values = { ...columnsOf(input), active: input.active };
    const row = await trx
      .updateTable("record_holders")
      .set({ ...values, updated_at: now() })
      .where("id", "=", input.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: "record_holder.update",
      entityType: "record_holder",
      entityId: row.id,
      before: holderOf(before),
      after: holderOf(row),
    });
    return holderOf(row);
  });
}
