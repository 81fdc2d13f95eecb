import { sql } from "kysely";
import type { GlobalSearchResult, globalSearchInputSchema, SearchHit, SearchKind } from "@medlegal/domain";
import {
  can,
  isAttorney,
  isExpert,
  looksLikeIdentityNumber,
  MEETING_STATUS_LABEL,
  ROLE_LABEL,
  saDayTimeLabel,
  SEARCH_GROUP_LIMIT,
  SEARCH_KINDS,
  SEARCH_MIN_LENGTH,
} from "@medlegal/domain";
import type { z } from "zod";
import {
  isStaff,
  visibleBookings,
  visibleCases,
  visibleInvoices,
  visiblePatients,
  visibleQueries,
  visibleReports,
} from "../platform/access";
import { invitedOrArranged } from "../meetings/access";
import type { Deps } from "../platform/deps";
import { fullName, likePattern } from "../platform/sql";
import type { SearchTable, SearchTerms } from "../platform/search-terms";
import { searchTerms, textMatches } from "../platform/search-terms";

/**
 * The terms of one search: the words as typed (lower case, for names) and the key (letters and
 * digits only, for references and numbers, docs/decisions.md "Global search").
 */
interface Terms extends SearchTerms {
  /** Every reference and number the app issues holds a digit: without one, those finders are skipped. */
  hasDigit: boolean;
  /** Four digits in a row: a number, not a person's name, username or e-mail. */
  looksNumeric: boolean;
  byIdentity: boolean;
}

type Hit = Omit<SearchHit, "kind">;
type Finder = (deps: Deps, terms: Terms) => Promise<Hit[]>;

const hit = (
  id: string,
  title: string,
  detail: (string | null | undefined)[],
  targetId: string | null = null,
  byIdentity = false,
): Hit => ({
  id,
  title,
  detail: detail.filter(Boolean).join(" · "),
  targetId,
  byIdentity,
});

/**
 * The palette's comparisons, the lists' own (`textMatches`, docs/decisions.md "One search"): a
 * record's references and numbers by key, anywhere (three characters at least, a trigram's worth),
 * the references the app issues by their start (a palette finds one record), names as written.
 */
const byKey = (table: SearchTable, t: SearchTerms) => textMatches(table, t, { words: false, minKey: SEARCH_MIN_LENGTH });
const byReference = (table: SearchTable, t: SearchTerms) => textMatches(table, t, { words: false, at: "start", minKey: 2 });
const byText = (table: SearchTable, t: SearchTerms) => textMatches(table, t, { minKey: SEARCH_MIN_LENGTH });

/**
 * Rows matched before they are sorted: enough for a name or a number, and a bound for a term
 * thousands of rows share ("082", three letters of a common surname), whose matches are then not
 * all read and rechecked. The match runs in a materialized step, so the planner never walks an
 * ordered index hoping to meet a rare term (docs/decisions.md "Global search").
 */
const MATCHES_BEFORE_SORTING = 200;

const findClaimants: Finder = async ({ db, actor }, t) => {
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

/** The attorney's own file reference in a hit's detail, as the reader names it (theirs, or the attorney's). */
const fileReference = (user: Deps["actor"]["user"], reference: string | null) =>
  reference && `${isAttorney(user) ? "your ref." : "attorney's ref."} ${reference}`;

const findCases: Finder = async ({ db, actor }, t) => {
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
const findQueries: Finder = async ({ db, actor }, t) => {
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

const findBookings: Finder = async ({ db, actor }, t) => {
  if (!t.hasDigit) return [];
  const rows = await db
    .selectFrom("bookings")
    .innerJoin("patients", "patients.id", "bookings.patient_id")
    .where(visibleBookings(actor.user))
    .where(byReference("bookings", t))
    .select(["bookings.id", "bookings.reference", "bookings.query_id", "bookings.status", fullName("patients").as("claimant")])
    .orderBy("bookings.starts_at", "desc")
    .limit(SEARCH_GROUP_LIMIT)
    .execute();
  return rows.map((r) => hit(r.id, r.reference, [r.claimant, r.status], r.query_id));
};

/** Meetings by reference (issue 37): staff any, everyone else those they are invited to or arranged, as the meetings list. */
const findMeetings: Finder = async ({ db, actor }, t) => {
  if (!t.hasDigit) return [];
  const rows = await db
    .selectFrom("meetings")
    .where(byReference("meetings", t))
    .where((eb) => (isStaff(actor.user) ? eb.lit(true) : invitedOrArranged(actor.user)(eb)))
    .select(["meetings.id", "meetings.reference", "meetings.title", "meetings.starts_at", "meetings.status"])
    .orderBy("meetings.starts_at", "desc")
    .orderBy("meetings.id", "desc")
    .limit(SEARCH_GROUP_LIMIT)
    .execute();
  return rows.map((r) => hit(r.id, r.reference, [r.title, saDayTimeLabel(r.starts_at), MEETING_STATUS_LABEL[r.status]]));
};

const findReports: Finder = async ({ db, actor }, t) => {
  if (!t.hasDigit) return [];
  const rows = await db
    .selectFrom("reports")
    .innerJoin("patients", "patients.id", "reports.patient_id")
    .where(visibleReports(actor.user))
    .where(byReference("reports", t))
    .select(["reports.id", "reports.reference", "reports.status", fullName("patients").as("claimant")])
    .orderBy("reports.reference", "desc")
    .limit(SEARCH_GROUP_LIMIT)
    .execute();
  return rows.map((r) => hit(r.id, r.reference, [r.claimant, r.status.replace(/_/g, " ")]));
};

/** Invoices by number, the attorney's own file reference or the claim number; credit notes by number (they open their invoice). */
const findInvoices: Finder = async ({ db, actor }, t) => {
  if (!t.hasDigit) return [];
  const [invoices, creditNotes] = await Promise.all([
    db
      .selectFrom("invoices")
      .where(visibleInvoices(actor.user))
      .where(byKey("invoices", t))
      .select(["invoices.id", "invoices.number", "invoices.claimant_name", "invoices.attorney_reference", "invoices.status"])
      .orderBy("invoices.created_at", "desc")
      .limit(SEARCH_GROUP_LIMIT)
      .execute(),
    db
      .selectFrom("credit_notes")
      .innerJoin("invoices", "invoices.id", "credit_notes.invoice_id")
      .where(visibleInvoices(actor.user))
      .where(byReference("credit_notes", t))
      .select(["credit_notes.id", "credit_notes.number", "credit_notes.invoice_id", "invoices.number as invoice_number"])
      .orderBy("credit_notes.created_at", "desc")
      .limit(SEARCH_GROUP_LIMIT)
      .execute(),
  ]);
  return [
    ...invoices.map((r) =>
      hit(r.id, r.number ?? "Draft invoice", [r.claimant_name, fileReference(actor.user, r.attorney_reference), r.status]),
    ),
    ...creditNotes.map((r) => hit(r.id, r.number, [`Credit note on ${r.invoice_number ?? "an invoice"}`], r.invoice_id)),
  ].slice(0, SEARCH_GROUP_LIMIT);
};

/**
 * Experts (staff who may read the directory) by name, username, e-mail or discipline ("orthopaedic"),
 * and other users (staff, issue 37) by name, username or e-mail.
 */
function findPeople(experts: boolean): Finder {
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

/** Each kind, and whether the caller's role may find it at all; the rows are then the list's own. */
const FINDERS: Record<SearchKind, { allowed: (deps: Deps) => boolean; find: Finder }> = {
  claimant: { allowed: ({ actor }) => can(actor.user.role, "patients.read"), find: findClaimants },
  case: { allowed: ({ actor }) => can(actor.user.role, "cases.read"), find: findCases },
  query: { allowed: ({ actor }) => can(actor.user.role, "queries.read"), find: findQueries },
  booking: { allowed: ({ actor }) => can(actor.user.role, "bookings.read"), find: findBookings },
  meeting: { allowed: ({ actor }) => can(actor.user.role, "meetings.read"), find: findMeetings },
  report: { allowed: ({ actor }) => can(actor.user.role, "reports.read"), find: findReports },
  invoice: { allowed: ({ actor }) => can(actor.user.role, "invoices.read"), find: findInvoices },
  expert: { allowed: ({ actor }) => can(actor.user.role, "consultants.read"), find: findPeople(true) },
  user: { allowed: ({ actor }) => can(actor.user.role, "users.find"), find: findPeople(false) },
};

/**
 * The command palette's search: every kind the caller's role may find, each scoped with the row
 * rule of its list, grouped and limited per group. A term shorter than three characters (or one
 * nobody can see a match for) is an empty answer, never an error.
 */
export async function globalSearch(deps: Deps, input: z.output<typeof globalSearchInputSchema>): Promise<GlobalSearchResult> {
  const typed = searchTerms(input.term);
  if (typed.words.length < SEARCH_MIN_LENGTH) return { groups: [] };
  const terms: Terms = {
    ...typed,
    hasDigit: /\d/.test(typed.key),
    looksNumeric: /\d{4}/.test(typed.key),
    byIdentity: looksLikeIdentityNumber(typed.words),
  };
  const kinds = SEARCH_KINDS.filter((kind) => FINDERS[kind].allowed(deps));
  const found = await Promise.all(kinds.map((kind) => FINDERS[kind].find(deps, terms)));
  return { groups: kinds.map((kind, i) => ({ kind, hits: found[i]!.map((h) => ({ kind, ...h })) })).filter((g) => g.hits.length > 0) };
}
