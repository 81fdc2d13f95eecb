import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Database } from "@medlegal/db";
import type { ConsultantDirectoryEntry } from "@medlegal/domain";
import { LIVE_ASSIGNMENT_STATUSES, OPEN_QUERY_STATUSES } from "@medlegal/domain";
import type { z } from "zod";
import type { SignedInActor } from "../../actors";
import type { consultantListInputSchema } from "@medlegal/domain";
import { fullName, likePattern } from "../platform/sql";

/** The agency's directory of experts, searchable and filterable by specialization. */
export async function listConsultants(
  { db }: { db: Kysely<Database>; actor: SignedInActor },
  { search, specializationId }: z.output<typeof consultantListInputSchema>,
): Promise<ConsultantDirectoryEntry[]> {
  let query = db
    .selectFrom("users")
    .leftJoin("specializations", "specializations.id", "users.specialization_id")
    .select((eb) => [
      "users.id",
      fullName("users").as("name"),
      "users.email",
      "users.phone",
      "users.address",
      "users.license_number",
      "users.specialization_id",
      "specializations.name as specialization",
      "users.is_active",
      eb
        .selectFrom("consultant_assignments as ca")
        .innerJoin("queries as q", "q.id", "ca.query_id")
        .select((sub) => sub.fn.countAll<number>().as("n"))
        .whereRef("ca.consultant_id", "=", "users.id")
        .where("ca.status", "in", LIVE_ASSIGNMENT_STATUSES)
        .where("q.status", "in", OPEN_QUERY_STATUSES)
        .as("active_assignments"),
    ])
    .where("users.role", "=", "consultant")
    .orderBy(sql`lower(users.last_name)`)
    .orderBy(sql`lower(users.first_name)`)
    .limit(500);
  if (specializationId) query = query.where("users.specialization_id", "=", specializationId);
  if (search) {
    const pattern = likePattern(search.toLowerCase());
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(${fullName("users")})`, "like", pattern),
        eb(sql`lower(users.email)`, "like", pattern),
        eb(sql`lower(coalesce(users.license_number, ''))`, "like", pattern),
      ]),
    );
  }
  return (await query.execute()).map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    address: r.address,
    licenseNumber: r.license_number,
    specializationId: r.specialization_id,
    specialization: r.specialization ?? null,
    isActive: r.is_active,
    activeAssignments: Number(r.active_assignments ?? 0),
  }));
}
