import type { DisciplineDependencies, disciplineDependenciesInputSchema } from "@medlegal/domain";
import { dependencyCycle } from "@medlegal/domain";
import type { z } from "zod";
import { AppError } from "../../errors";
import { recordAudit } from "../audit/audit";
import { assertCan } from "../platform/access";
import type { Db, Deps } from "../platform/deps";

/** Every specialization with the ones its expert waits for (docs/decisions.md "Disciplines that wait"). */
export async function disciplineDependencies(db: Db): Promise<DisciplineDependencies> {
  const [specializations, edges] = await Promise.all([
    db.selectFrom("specializations").select(["id", "name"]).orderBy("name").execute(),
    db.selectFrom("specialization_dependencies").select(["downstream_id", "upstream_id"]).execute(),
  ]);
  return {
    specializations: specializations.map((s) => ({
      ...s,
      upstreamIds: edges.filter((e) => e.downstream_id === s.id).map((e) => e.upstream_id),
    })),
  };
}

export async function getDisciplineDependencies({ db, actor }: Deps): Promise<DisciplineDependencies> {
  assertCan(actor.user, "queries.manage");
  return disciplineDependencies(db);
}

/**
 * Administrators set, per discipline, the disciplines it waits for; the whole set is replaced in one
 * transaction with its audit row. A circle (A waits for B waits for A) is refused: nobody would start.
 */
export async function setDisciplineDependencies(
  { db, actor }: Deps,
  input: z.output<typeof disciplineDependenciesInputSchema>,
): Promise<DisciplineDependencies> {
  assertCan(actor.user, "specializations.manage");
  const edges = input.dependencies.filter((d) => d.upstreamIds.length > 0);
  if (dependencyCycle(edges))
    throw new AppError("INVALID", "These disciplines would wait for each other in a circle: one of them must go first.");
  return db.transaction().execute(async (trx) => {
    const known = new Set((await trx.selectFrom("specializations").select("id").execute()).map((s) => s.id));
    if (edges.some((e) => !known.has(e.downstreamId) || e.upstreamIds.some((u) => !known.has(u))))
      throw new AppError("INVALID", "Choose disciplines from the list");
    const before = await disciplineDependencies(trx);
    await trx.deleteFrom("specialization_dependencies").execute();
    const rows = edges.flatMap((e) => e.upstreamIds.map((u) => ({ downstream_id: e.downstreamId, upstream_id: u })));
    if (rows.length) await trx.insertInto("specialization_dependencies").values(rows).execute();
    const after = await disciplineDependencies(trx);
    const summary = (d: DisciplineDependencies) =>
      Object.fromEntries(
        d.specializations
          .filter((s) => s.upstreamIds.length)
          .map((s) => [s.name, s.upstreamIds.map((u) => d.specializations.find((x) => x.id === u)?.name)]),
      );
    await recordAudit(trx, actor, {
      action: "specializations.dependencies",
      entityType: "settings",
      entityId: "specialization_dependencies",
      before: summary(before),
      after: summary(after),
    });
    return after;
  });
}
