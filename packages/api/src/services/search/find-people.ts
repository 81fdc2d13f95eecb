import { sql } from "kysely";
import { ROLE_LABEL, SEARCH_GROUP_LIMIT } from "@medlegal/domain";
import { fullName, likePattern } from "../platform/sql";
import { textMatches } from "../platform/search-terms";
import { type Finder, hit } from "./search-hits";

/**
 * Experts (staff who may read the directory) by name, username, e-mail or discipline ("orthopaedic"),
 * and other users (staff, issue 37) by name, username or e-mail.
 */
export function findPeople(experts: boolean): Finder {
  return async ({ db }, t) => {
    if (t.looksNumeric) return [];
    const byName = textMatches("users", t, { minKey: Infinity });
    const rows = await db
      .selectFrom("users")
      .leftJoin("specializations", "specializations.id", "users.specialization_id")
      .where("users.role", experts ? "=" : "<>", "consultant")
      // The catalogue holds a few dozen disciplines: matching their names costs nothing beside the users' index.
      .where(experts ? sql<boolean>`(${byName} OR lower(specializations.name) LIKE ${likePattern(t.words)})` : byName)
      .select([
        "users.id",
        fullName("users").as("name"),
        "users.role",
        "users.email",
        "users.is_active",
        "users.firm_name",
        "specializations.name as specialization",
      ])
      .orderBy("users.last_name")
      .orderBy("users.first_name")
      .orderBy("users.id")
      .limit(SEARCH_GROUP_LIMIT)
      .execute();
    return rows.map((r) =>
      hit(r.id, r.name, [
        experts ? r.specialization : ROLE_LABEL[r.role],
        experts ? null : r.firm_name,
        r.email,
        r.is_active ? null : "deactivated",
      ]),
    );
  };
}
