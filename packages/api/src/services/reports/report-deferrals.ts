import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { z } from "zod";
import type { Database } from "@medlegal/db";
import type { deferralListInputSchema, deferralSchema, ReleaseDeferral } from "@medlegal/domain";
import { AppError } from "../../errors";
import { recordAudit } from "../audit/audit";
import { stamp } from "../platform/clock";
import type { Deps } from "../platform/deps";
import { fullName, likePattern } from "../platform/sql";

/**
 * Attorneys with their release-on-approval agreement (those with one first), up to 200 by name,
 * firm or e-mail; inactive accounts too, so an agreement is never hidden.
 */
export async function listDeferrals(
  { db }: { db: Kysely<Database> },
  { search }: z.output<typeof deferralListInputSchema> = {},
): Promise<ReleaseDeferral[]> {
  let query = db
    .selectFrom("users")
    .leftJoin("release_deferrals", "release_deferrals.attorney_id", "users.id")
    .leftJoin("users as recorder", "recorder.id", "release_deferrals.recorded_by")
    .select([
      "users.id",
      "users.firm_name",
      "users.email",
      "users.is_active",
      "release_deferrals.note",
      "release_deferrals.created_at",
      fullName("users").as("name"),
      fullName<string | null>("recorder").as("recorded_by_name"),
    ])
    .where("users.role", "=", "attorney");
  if (search) {
    const like = likePattern(search);
    query = query.where((eb) =>
      eb.or([eb(fullName("users"), "ilike", like), eb("users.firm_name", "ilike", like), eb("users.email", "ilike", like)]),
    );
  }
  const rows = await query
    .orderBy(sql`release_deferrals.attorney_id IS NULL`)
    .orderBy("users.last_name")
    .orderBy("users.first_name")
    .orderBy("users.id")
    .limit(200)
    .execute();
  return rows.map((r) => ({
    attorneyId: r.id,
    attorneyName: r.name,
    firmName: r.firm_name,
    email: r.email,
    active: r.is_active,
    agreed: r.created_at !== null,
    note: r.note,
    recordedByName: r.recorded_by_name,
    recordedAt: r.created_at?.toISOString() ?? null,
  }));
}

/**
 * Records (or ends) an attorney's agreement that their reports are released on approval
 * (contingency matters). Either way with a note, kept in the audit row; recording it again
 * replaces the note and who recorded it when.
 */
export async function setDeferral(
  { db, actor }: Deps,
  { attorneyId, agreed, note }: z.output<typeof deferralSchema>,
): Promise<ReleaseDeferral[]> {
  await db.transaction().execute(async (trx) => {
    const attorney = await trx
      .selectFrom("users")
      .select("id")
      .where("id", "=", attorneyId)
      .where("role", "=", "attorney")
      .executeTakeFirst();
    if (!attorney) throw new AppError("NOT_FOUND", "That attorney does not exist.");
    const existing = await trx
      .selectFrom("release_deferrals")
      .selectAll()
      .where("attorney_id", "=", attorneyId)
      .forUpdate()
      .executeTakeFirst();
    if (!agreed && !existing) throw new AppError("CONFLICT", "This attorney has no agreement to end.");
    if (agreed) {
      await trx
        .insertInto("release_deferrals")
        .values({ attorney_id: attorneyId, note: note!, recorded_by: actor.user.id, ...stamp("created_at") })
        // Recording again renews it: the new note, who recorded it and when (the time the insert would have had).
        .onConflict((oc) =>
          oc
            .column("attorney_id")
            .doUpdateSet((eb) => ({ note: note!, recorded_by: actor.user.id, created_at: eb.ref("excluded.created_at") })),
        )
        .execute();
    } else {
      await trx.deleteFrom("release_deferrals").where("attorney_id", "=", attorneyId).execute();
    }
    await recordAudit(trx, actor, {
      action: "report.release_deferral",
      entityType: "user",
      entityId: attorneyId,
      before: { releaseOnApproval: Boolean(existing), note: existing?.note ?? null },
      after: { releaseOnApproval: agreed, note },
    });
  });
  return listDeferrals({ db });
}
