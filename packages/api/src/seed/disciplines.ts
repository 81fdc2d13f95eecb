import type { Kysely } from "kysely";
import type { Database } from "@medlegal/db";
import { disciplineDependenciesInputSchema } from "@medlegal/domain";
import { setDisciplineDependencies } from "../services/discipline-waits/dependencies";
import { parseInput } from "../validation";
import { actorOf } from "./seed-actors";

/**
 * The demo's disciplines that wait (issue 27; docs/decisions.md "Disciplines that wait"): the
 * industrial psychologist writes after the orthopaedic surgeon, the occupational therapist and the
 * neurosurgeon; the actuary after the industrial psychologist. Set by the administrator before the
 * story's first report, so its report timers wait as they would have.
 */
export const DEMO_DISCIPLINE_DEPENDENCIES: Record<string, string[]> = {
  "Industrial Psychologist": ["Orthopaedic Surgeon", "Occupational Therapist", "Neurosurgeon"],
  Actuary: ["Industrial Psychologist"],
};

export async function seedDemoDisciplineDependencies(db: Kysely<Database>): Promise<void> {
  const specializations = await db.selectFrom("specializations").select(["id", "name"]).execute();
  const idOf = (name: string) => specializations.find((s) => s.name === name)?.id;
  const dependencies = Object.entries(DEMO_DISCIPLINE_DEPENDENCIES).flatMap(([downstream, upstream]) => {
    const downstreamId = idOf(downstream);
    const upstreamIds = upstream.map(idOf).filter((id): id is string => Boolean(id));
    return downstreamId && upstreamIds.length ? [{ downstreamId, upstreamIds }] : [];
  });
  await setDisciplineDependencies(
    { db, actor: await actorOf(db, "admin") },
    parseInput(disciplineDependenciesInputSchema, { dependencies }),
  );
}
