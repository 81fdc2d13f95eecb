import type { z } from "zod";
import type { Bank, BankMapping, BankMappingItem, saveBankMappingSchema } from "@medlegal/domain";
import { BANK_LABELS, BANKS, bankMappingSchema, DEFAULT_BANK_MAPPINGS } from "@medlegal/domain";
import { recordAudit } from "../audit/audit";
import { now } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";

/** A bank's mapping: the one staff saved, else the default layout (a saved one that no longer reads falls back too). */
export async function mappingOf(db: Db, bank: Bank): Promise<BankMappingItem> {
  const row = await db.selectFrom("bank_mappings").select("mapping").where("bank", "=", bank).executeTakeFirst();
  const saved = row ? bankMappingSchema.safeParse(row.mapping) : null;
  return {
    bank,
    bankLabel: BANK_LABELS[bank],
    mapping: saved?.success ? (saved.data as BankMapping) : DEFAULT_BANK_MAPPINGS[bank],
    saved: Boolean(saved?.success),
  };
}

/** Every bank's mapping, in the order staff pick the bank. */
export async function listMappings({ db }: Pick<Deps, "db">): Promise<BankMappingItem[]> {
  return Promise.all(BANKS.map((bank) => mappingOf(db, bank)));
}

/** Saves a bank's column mapping (administrators), audited with what changed. */
export async function saveMapping(deps: Deps, input: z.output<typeof saveBankMappingSchema>): Promise<BankMappingItem> {
  await deps.db.transaction().execute(async (trx) => {
    const before = await mappingOf(trx, input.bank);
    const at = now();
    await trx
      .insertInto("bank_mappings")
      .values({ bank: input.bank, mapping: JSON.stringify(input.mapping), updated_by: deps.actor.user.id, updated_at: at })
      .onConflict((oc) =>
        oc.column("bank").doUpdateSet({ mapping: JSON.stringify(input.mapping), updated_by: deps.actor.user.id, updated_at: at }),
      )
      .execute();
    await recordAudit(trx, deps.actor, {
      action: "bank_mapping.save",
      entityType: "bank_mapping",
      entityId: null,
      before: { bank: input.bank, ...before.mapping },
      after: { bank: input.bank, ...input.mapping },
    });
  });
  return mappingOf(deps.db, input.bank);
}

/** Back to the default layout of the bank (administrators), audited. */
export async function resetMapping(deps: Deps, bank: Bank): Promise<BankMappingItem> {
  await deps.db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom("bank_mappings").where("bank", "=", bank).returning("mapping").executeTakeFirst();
    if (removed)
      await recordAudit(trx, deps.actor, {
        action: "bank_mapping.reset",
        entityType: "bank_mapping",
        entityId: null,
        before: { bank, ...removed.mapping },
        after: { bank, ...DEFAULT_BANK_MAPPINGS[bank] },
      });
  });
  return mappingOf(deps.db, bank);
}
