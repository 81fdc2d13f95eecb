import { sql } from "kysely";
import { isExpert, SEARCH_GROUP_LIMIT, SEARCH_MIN_LENGTH } from "@medlegal/domain";
import { visibleCases, visiblePatients, visibleQueries } from "../platform/access";
import { fullName, likePattern } from "../platform/sql";
import { type Finder, hit, byKey, byReference, byText, fileReference, MATCHES_BEFORE_SORTING } from "./search-hits";

/* The global search's finders of claimants, cases and queries (global-search.ts). */

export const findClaimants: Finder = async ({ db, actor }, t) => {
  const rows = await db
    .with(
      (cte) => cte("matched").materialized(),
      (q) =>
        q
          .selectFrom("patients")
          .select("patients.id")
          .where(visiblePatients(actor.user))
          .where("patients.anonymised_at", "is", null)
          .where(byText("patients", t))
          .limit(MATCHES_BEFORE_SORTING),
    )
    .selectFrom("matched")
    .innerJoin("patients", "patients.id", "matched.id")
    .select(["patients.id", fullName("patients").as("name"), "patients.id_number", "patients.passport_number", "patients.birth_date"])
    .select(
      t.byIdentity && t.key.length >= SEARCH_MIN_LENGTH
        ? sql<boolean>`(search_key(patients.id_number) LIKE ${likePattern(t.key)} OR search_key(patients.passport_number) LIKE ${likePattern(t.key)})`.as(
            "by_identity",
          )
        : sql<boolean>`false`.as("by_identity"),
    )
    .orderBy("patients.last_name")
    .orderBy("patients.first_name")
    .orderBy("patients.id")
    .limit(SEARCH_GROUP_LIMIT)
    .execute();
  return rows.map((r) =>
    hit(
      r.id,
      r.name,
      [r.id_number ? `ID ${r.id_number}` : r.passport_number ? `Passport ${r.passport_number}` : null, `born ${r.birth_date}`],
      null,
      r.by_identity,
    ),
  );
};

export const findCases: Finder = async ({ db, actor }, t) => {
  if (!t.hasDigit) return [];
  const rows = await db
    .with(
      (cte) => cte("matched").materialized(),
      (q) =>
        q.selectFrom("cases").select("cases.id").where(visibleCases(actor.user)).where(byKey("cases", t)).limit(MATCHES_BEFORE_SORTING),
    )
    .selectFrom("matched")
    .innerJoin("cases", "cases.id", "matched.id")
    .innerJoin("patients", "patients.id", "cases.patient_id")
    .select([
      "cases.id",
      "cases.reference",
      "cases.raf_claim_number",
      "cases.court_case_number",
      "cases.attorney_reference",
      fullName("patients").as("claimant"),
    ])
    .orderBy("cases.created_at", "desc")
    .orderBy("cases.id", "desc")
    .limit(SEARCH_GROUP_LIMIT)
    .execute();
  return rows.map((r) =>
    hit(r.id, r.reference, [
      r.claimant,
      fileReference(actor.user, r.attorney_reference),
      r.raf_claim_number && `RAF ${r.raf_claim_number}`,
      r.court_case_number && `court ${r.court_case_number}`,
    ]),
  );
};

/**
 * Queries by reference (prefix on the key) and by their claimant (the claimants' trigram index,
 * then each claimant's cases and queries, the claimants matched first as above); the two answers
 * are merged, newest first.
 */
export const findQueries: Finder = async ({ db, actor }, t) => {
  const references = t.hasDigit
    ? db
        .selectFrom("queries")
        .innerJoin("cases", "cases.id", "queries.case_id")
        .innerJoin("patients", "patients.id", "cases.patient_id")
        .where(visibleQueries(actor.user))
        .where(byReference("queries", t))
        .select(["queries.id", "queries.reference", "queries.status", "queries.created_at", fullName("patients").as("claimant")])
        .orderBy("queries.created_at", "desc")
        .limit(SEARCH_GROUP_LIMIT)
        .execute()
    : Promise.resolve([]);
  const byClaimant = db
    .with(
      (cte) => cte("matched").materialized(),
      (q) =>
        q
          .selectFrom("patients")
          .select("patients.id")
          // Only claimants with a query the caller sees: anyone else's could crowd theirs out of the bound.
          .where((eb) =>
            !isExpert(actor.user)
              ? visiblePatients(actor.user)(eb)
              : eb.exists(
                  eb
                    .selectFrom("cases")
                    .innerJoin("queries", "queries.case_id", "cases.id")
                    .select("queries.id")
                    .whereRef("cases.patient_id", "=", "patients.id")
                    .where(visibleQueries(actor.user)),
                ),
          )
          .where(byText("patients", t))
          .limit(MATCHES_BEFORE_SORTING),
    )
    .selectFrom("matched")
    .innerJoin("cases", "cases.patient_id", "matched.id")
    .innerJoin("queries", "queries.case_id", "cases.id")
    .innerJoin("patients", "patients.id", "matched.id")
    .where(visibleQueries(actor.user))
    .select(["queries.id", "queries.reference", "queries.status", "queries.created_at", fullName("patients").as("claimant")])
    .orderBy("queries.created_at", "desc")
    .limit(SEARCH_GROUP_LIMIT)
    .execute();
  const [byReferences, claimants] = await Promise.all([references, byClaimant]);
  const seen = new Set<string>();
  return [...byReferences, ...claimants]
    .filter((r) => !seen.has(r.id) && seen.add(r.id))
    .sort((x, y) => y.created_at.getTime() - x.created_at.getTime())
    .slice(0, SEARCH_GROUP_LIMIT)
    .map((r) => hit(r.id, r.reference, [r.claimant, r.status.replace(/_/g, " ")]));
};
