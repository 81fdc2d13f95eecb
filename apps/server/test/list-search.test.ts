import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "@medlegal/db/testing";
import type { CaseItem, GlobalSearchResult, InvoiceDetail } from "@medlegal/domain";
import { makeSaId } from "@medlegal/domain";
import type { TestApp } from "./helpers";
import { createTestApp, login, trpc } from "./helpers";
import { draftInvoice, issueInvoice } from "./invoice-kit";

/**
 * One search for the five lists and the palette (issue 38 item 4, issue 37 item 23): references with
 * and without dashes, the attorney's own file reference of the matter, another firm's rows never
 * found, and each list's sort orders.
 */
describe.each(testDialects())("the lists' one search and sort on %s", (kind) => {
  let t: TestApp;
  type Name = "employee" | "attorney" | "nomsa";
  const c = {} as Record<Name, string>;
  const ids = {} as Record<Name | "consultant", string>;
  /** What each list shows of one matter: the case, its query, a booking, a report and an invoice. */
  interface Matter {
    kase: CaseItem;
    query: string;
    booking: string;
    report: string;
    invoice: InvoiceDetail;
  }
  let mine: Matter;
  let otherOfMine: Matter;
  let otherFirm: Matter;
  const LISTS = ["queries", "cases", "bookings", "reports", "invoices"] as const;
  type List = (typeof LISTS)[number];
  const shown = (m: Matter): Record<List, string> => ({
    queries: m.query,
    cases: m.kase.reference,
    bookings: m.booking,
    reports: m.report,
    invoices: m.invoice.id,
  });

  let claimantNumber = 100;
  async function matter(who: "attorney" | "nomsa", attorneyReference: string, surname: string): Promise<Matter> {
    claimantNumber += 1;
    const made = await trpc<CaseItem>(t.app, c[who], "cases.create", {
      claimType: "raf",
      incidentDate: "2026-03-09",
      attorneyReference,
      newClaimant: {
        firstName: "Ayanda",
        lastName: surname,
        idNumber: makeSaId("1985-04-12", "female", claimantNumber),
        birthDate: "1985-04-12",
        gender: "female",
        homeLanguage: "isiZulu",
        interpreterNeeded: false,
        consentReceivedAt: "2026-11-03",
      },
    });
    expect(made.status, made.error?.message).toBe(200);
    const consultant = await t.db
      .selectFrom("users")
      .select(["id", "specialization_id"])
      .where("username", "=", "consultant")
      .executeTakeFirstOrThrow();
    const query = await trpc<{ id: string; reference: string }>(t.app, c[who], "queries.create", {
      caseId: made.data.id,
      subject: "Orthopaedic assessment",
      instructions: "Assess the knee",
      specializationIds: [consultant.specialization_id],
    });
    expect(query.status, query.error?.message).toBe(200);
    const row = {
      query_id: query.data.id,
      case_id: made.data.id,
      patient_id: made.data.patientId,
      attorney_id: ids[who],
      consultant_id: consultant.id,
      specialization_id: consultant.specialization_id!,
    };
    const startsAt = new Date(Date.now() + (claimantNumber - 90) * 86_400_000);
    const booking = await t.db
      .insertInto("bookings")
      .values({
        ...row,
        reference: `BK-S-${randomUUID().slice(0, 8)}`,
        starts_at: startsAt,
        ends_at: new Date(startsAt.getTime() + 3_600_000),
        venue: "Rooms",
        mode: "in_person",
        status: "confirmed",
        created_by: ids.employee,
      })
      .returning("reference")
      .executeTakeFirstOrThrow();
    const report = await t.db
      .insertInto("reports")
      .values({ ...row, reference: `R-S-${randomUUID().slice(0, 8)}`, kind: "medico_legal", status: "awaiting", due_at: startsAt })
      .returning("reference")
      .executeTakeFirstOrThrow();
    // A draft for the case takes the matter's file reference; issued, the attorney sees it.
    const draft = await draftInvoice(t.app, c.employee, {
      attorneyId: ids[who],
      caseId: made.data.id,
      lines: [{ kind: "report", description: "Medico-legal report", quantity: 1, unitPriceCents: 100_000 + claimantNumber * 1000 }],
    });
    await t.db.updateTable("invoices").set({ query_id: query.data.id }).where("id", "=", draft.id).execute();
    const issued = await issueInvoice(t.app, c.employee, draft.id);
    return { kase: made.data, query: query.data.reference, booking: booking.reference, report: report.reference, invoice: issued };
  }

  /** What one list shows a caller for a search (references; invoices by id, drafts have no number). */
  async function found(who: Name, list: List, search: string): Promise<string[]> {
    const answer = await trpc<unknown>(
      t.app,
      c[who],
      `${list}.list`,
      list === "queries" || list === "bookings" ? { search, limit: 100 } : { search },
    );
    expect(answer.status, `${who} ${list} "${search}": ${answer.error?.message}`).toBe(200);
    type Row = { reference?: string; id: string };
    const data = answer.data as Row[] | { items: Row[] };
    const rows = Array.isArray(data) ? data : data.items;
    return rows.map((r) => (list === "invoices" ? r.id : r.reference!));
  }

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { workflow: true });
    for (const name of ["employee", "attorney", "nomsa"] as const) c[name] = (await login(t.app, name)).cookie;
    for (const name of ["employee", "attorney", "nomsa", "consultant"] as const)
      ids[name] = (await t.db.selectFrom("users").select("id").where("username", "=", name).executeTakeFirstOrThrow()).id;
    mine = await matter("attorney", "  TST/RAF/0412 ", "Searchwell");
    otherOfMine = await matter("attorney", "TST/RAF/0999", "Otherwell");
    // Another firm uses the very same file reference for its own matter.
    otherFirm = await matter("nomsa", "TST/RAF/0412", "Farwell");
  });
  afterAll(() => t.close());

  it("keeps the attorney's file reference trimmed on the case, and a new invoice draft for the case takes it", () => {
    expect(mine.kase.attorneyReference).toBe("TST/RAF/0412");
    expect(mine.invoice.attorneyReference).toBe("TST/RAF/0412");
  });

  it("refuses a file reference over 60 characters with a sentence, and opens no case", async () => {
    const before = await t.db
      .selectFrom("cases")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const long = await trpc(t.app, c.attorney, "cases.create", {
      claimType: "raf",
      incidentDate: "2026-03-09",
      attorneyReference: "X".repeat(61),
      patientId: mine.kase.patientId,
    });
    expect(long.status).toBe(400);
    expect(long.error?.message).toContain("Your file reference must be at most 60 characters");
    const after = await t.db
      .selectFrom("cases")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("lets staff change the file reference, and every list then finds the matter by the new one", async () => {
    const spare = await trpc<CaseItem>(t.app, c.attorney, "cases.create", {
      claimType: "raf",
      incidentDate: "2026-03-09",
      patientId: otherOfMine.kase.patientId,
    });
    expect(spare.status, spare.error?.message).toBe(200);
    const { id, patientId, claimType, incidentDate, status } = spare.data;
    const changed = await trpc<CaseItem>(t.app, c.employee, "cases.update", {
      id,
      patientId,
      claimType,
      incidentDate,
      status,
      attorneyReference: "TST/MVA/7731",
    });
    expect(changed.status, changed.error?.message).toBe(200);
    expect(changed.data.attorneyReference).toBe("TST/MVA/7731");
    expect(await found("attorney", "cases", "tst mva 7731")).toEqual([spare.data.reference]);
  });

  it("finds a query's reference with and without dashes, in any case, in every list", async () => {
    const reference = mine.query;
    for (const term of [reference, reference.replace(/-/g, ""), reference.toLowerCase().replace(/-/g, " ")]) {
      for (const who of ["attorney", "employee"] as const) {
        for (const list of LISTS) expect(await found(who, list, term), `${who} ${list} "${term}"`).toEqual([shown(mine)[list]]);
      }
    }
  });

  it("finds each list's own references and the case's with and without dashes", async () => {
    const terms: Record<List, string> = {
      queries: mine.kase.reference,
      cases: mine.kase.reference,
      bookings: mine.booking,
      reports: mine.report,
      invoices: mine.invoice.number!,
    };
    for (const list of LISTS) {
      for (const term of [terms[list], terms[list].replace(/-/g, "")])
        expect(await found("employee", list, term), `${list} "${term}"`).toEqual([shown(mine)[list]]);
    }
  });

  it("finds the matter by the attorney's file reference, written any way, in every list; an attorney never finds another firm's", async () => {
    for (const term of ["TST/RAF/0412", "tstraf0412", "TST RAF 0412", "tst/raf/041"]) {
      for (const list of LISTS) {
        expect(await found("attorney", list, term), `attorney ${list} "${term}"`).toEqual([shown(mine)[list]]);
        // Staff see both firms' matters with that reference, and not the attorney's other matter.
        expect((await found("employee", list, term)).sort(), `employee ${list} "${term}"`).toEqual(
          [shown(mine)[list], shown(otherFirm)[list]].sort(),
        );
        expect(await found("nomsa", list, term), `nomsa ${list} "${term}"`).toEqual([shown(otherFirm)[list]]);
      }
    }
    // Nothing of the attorney's matter, by any of its references, reaches the other firm.
    for (const list of LISTS) {
      for (const term of [mine.query, mine.query.replace(/-/g, ""), mine.kase.reference, "Searchwell"])
        expect(await found("nomsa", list, term), `nomsa ${list} "${term}"`).toEqual([]);
    }
    expect(otherOfMine.kase.attorneyReference).toBe("TST/RAF/0999");
  });

  it("finds by the claimant's name in every list, as before", async () => {
    for (const list of LISTS) expect(await found("attorney", list, "searchwell"), list).toEqual([shown(mine)[list]]);
  });

  it("finds the case in the palette by the attorney's file reference, for that attorney only", async () => {
    const caseHits = async (who: Name) =>
      (await trpc<GlobalSearchResult>(t.app, c[who], "search.global", { term: "TST/RAF/0412" })).data.groups.find((g) => g.kind === "case")
        ?.hits ?? [];
    const palette = async (who: Name) => (await caseHits(who)).map((h) => h.title);
    expect(await palette("attorney")).toEqual([mine.kase.reference]);
    expect(await palette("nomsa")).toEqual([otherFirm.kase.reference]);
    // The attorney reads it as theirs; staff as the attorney's.
    expect((await caseHits("attorney"))[0]!.detail).toContain("your ref. TST/RAF/0412");
    expect((await caseHits("employee")).find((h) => h.title === mine.kase.reference)?.detail).toContain("attorney's ref. TST/RAF/0412");
  });

  describe("sorting", () => {
    const listed = async (list: "cases" | "reports" | "invoices", sort: string) => {
      const answer = await trpc<unknown>(t.app, c.employee, `${list}.list`, { sort });
      expect(answer.status, `${list} ${sort}: ${answer.error?.message}`).toBe(200);
      return (list === "invoices" ? (answer.data as { items: unknown[] }).items : answer.data) as Record<string, unknown>[];
    };
    const inOrder = <T>(values: T[], compare: (a: T, b: T) => number) => expect(values).toEqual([...values].sort(compare));
    const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

    it("sorts the cases newest or oldest first, by reference or by claimant", async () => {
      const newest = await listed("cases", "newest");
      expect(newest.length).toBeGreaterThanOrEqual(3);
      inOrder(
        newest.map((r) => r.createdAt as string),
        (a, b) => text(b, a),
      );
      inOrder(
        (await listed("cases", "oldest")).map((r) => r.createdAt as string),
        text,
      );
      inOrder(
        (await listed("cases", "reference")).map((r) => r.reference as string),
        text,
      );
      const byClaimant = (await listed("cases", "claimant")).map((r) => (r.patientName as string).split(" ").reverse().join(" "));
      expect(byClaimant.indexOf("Farwell Ayanda")).toBeLessThan(byClaimant.indexOf("Otherwell Ayanda"));
      expect(byClaimant.indexOf("Otherwell Ayanda")).toBeLessThan(byClaimant.indexOf("Searchwell Ayanda"));
    });

    it("sorts the reports by due date, newest, reference or claimant", async () => {
      inOrder(
        (await listed("reports", "due")).map((r) => r.dueAt as string),
        text,
      );
      inOrder(
        (await listed("reports", "reference")).map((r) => r.reference as string),
        text,
      );
      const byClaimant = (await listed("reports", "claimant")).map((r) => r.patientName as string);
      expect(byClaimant.indexOf("Ayanda Farwell")).toBeLessThan(byClaimant.indexOf("Ayanda Searchwell"));
      const newest = (await listed("reports", "newest")).map((r) => r.reference);
      expect(newest.indexOf(otherFirm.report)).toBeLessThan(newest.indexOf(mine.report));
    });

    it("sorts the invoices by date, number, claimant, due date or amount", async () => {
      inOrder(
        (await listed("invoices", "amount")).map((r) => r.totalCents as number),
        (a, b) => b - a,
      );
      inOrder(
        (await listed("invoices", "due")).filter((r) => r.dueDate).map((r) => r.dueDate as string),
        text,
      );
      const numbers = (await listed("invoices", "number")).map((r) => r.number as string | null);
      inOrder(
        numbers.filter((n): n is string => n !== null),
        text,
      );
      const byClaimant = (await listed("invoices", "claimant"))
        .map((r) => r.claimantName as string | null)
        .filter((n): n is string => n !== null);
      inOrder(
        byClaimant.map((n) => n.toLowerCase()),
        text,
      );
      const oldest = (await listed("invoices", "oldest")).map((r) => r.id);
      expect(oldest.indexOf(mine.invoice.id)).toBeLessThan(oldest.indexOf(otherFirm.invoice.id));
    });

    it("refuses an unknown sort with a sentence, not a server error", async () => {
      for (const list of ["cases", "reports", "invoices", "bookings", "queries"] as const) {
        const answer = await trpc(t.app, c.employee, `${list}.list`, { sort: "colour" });
        expect(answer.status, list).toBe(400);
        expect(answer.error?.message, list).toContain("Choose a sort order");
      }
    });

    it("keeps the sort in a saved view of each list", async () => {
      for (const [list, sort] of [
        ["cases", "claimant"],
        ["reports", "reference"],
        ["invoices", "amount"],
      ] as const) {
        const made = await trpc<{ filters: Record<string, unknown> }>(t.app, c.employee, "savedViews.create", {
          list,
          name: `Sorted ${list}`,
          filters: { sort },
        });
        expect(made.status, made.error?.message).toBe(200);
        expect(made.data.filters.sort).toBe(sort);
        const bad = await trpc(t.app, c.employee, "savedViews.create", { list, name: `Badly sorted ${list}`, filters: { sort: "colour" } });
        expect(bad.status).toBe(400);
      }
    });
  });
});
