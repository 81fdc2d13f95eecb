import type { Kysely } from "kysely";
import type { Database } from "@medlegal/db";
import type { BillingEventKind } from "@medlegal/domain";
import { addDays, addMonths, billingEventInputSchema, deferralAgreementInputSchema, sastDate } from "@medlegal/domain";
import { createAttorneyDraft } from "../services/invoices/invoice-drafts";
import { issueInvoice } from "../services/invoices/invoice-issue";
import { recordBillingEvent, setDeferralAgreement } from "../services/receivables/case-billing";
import { now } from "../services/platform/clock";
import { parseInput } from "../validation";
import { actorOf } from "./seed-actors";

const UNDERTAKING =
  "I undertake to pay the agency's invoices on this matter from the capital the Road Accident Fund pays on settlement or court order, and in any event by the long-stop date.";

/**
 * Deferred billing in the demo (issue 29; docs/decisions.md "Deferred billing per matter"), through
 * the services over cases whose invoices are open: a matter with only the agreement, one settled
 * (the order names the qualifying fees), one whose bill of costs was taxed, one the RAF has paid,
 * and one past its long-stop. The events' expected dates that have passed are reminded by the
 * sweep that runs just after (seed/demo-data.ts), so nothing happens after first start.
 */
export async function seedDemoReceivables(db: Kysely<Database>): Promise<void> {
  const today = sastDate(now());
  const employee = await actorOf(db, "employee");
  const cases = await db
    .selectFrom("cases")
    .innerJoin("users", "users.id", "cases.attorney_id")
    .select(["cases.id", "cases.incident_date", "cases.attorney_id", "users.username"])
    .orderBy("cases.reference")
    .execute();
  const invoices = await db
    .selectFrom("invoices")
    .select(["case_id", "status", "due_date", "issue_date"])
    .where("kind", "=", "attorney")
    .where("case_id", "is not", null)
    .where("status", "<>", "draft")
    .execute();
  const openOf = (caseId: string) =>
    invoices.filter((i) => i.case_id === caseId && ["issued", "partially_paid", "overdue"].includes(i.status));
  // The overdue sweep's demo keeps its invoices: a case with one past its due date is not deferred.
  const pastDue = new Set(
    invoices
      .filter((i) => i.due_date && i.due_date < today && ["issued", "partially_paid", "overdue"].includes(i.status))
      .map((i) => i.case_id!),
  );
  const taken = new Set<string>();
  type Case = (typeof cases)[number];
  const pick = (fits: (c: Case) => boolean, allowPastDue = false): Case | undefined => {
    const free = cases.filter((c) => !taken.has(c.id) && (allowPastDue || !pastDue.has(c.id)) && fits(c));
    const choice = free.find((c) => openOf(c.id).length > 0) ?? free[0];
    if (choice) taken.add(choice.id);
    return choice;
  };

  /**
   * The experts' fees a bill of costs recovers, invoiced now on the case: a report of the case not
   * billed yet (so its expert is named on each line), the qualifying and reservation fees and court attendance.
   */
  const invoiceFees = async (c: Case, reference: string) => {
    const report = await db
      .selectFrom("reports")
      .select(["id", "reference"])
      .where("case_id", "=", c.id)
      .where("status", "<>", "withdrawn")
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom("invoice_lines").select("invoice_lines.id").whereRef("invoice_lines.report_id", "=", "reports.id"))),
      )
      .orderBy("created_at")
      .executeTakeFirst();
    const lines = [
      ...(report
        ? [
            {
              kind: "report" as const,
              description: `Medico-legal report: ${report.reference}`,
              quantity: 1,
              unitPriceCents: 1_100_000,
              reportId: report.id,
            },
          ]
        : []),
      { kind: "qualifying_fee" as const, description: "Qualifying fee", quantity: 1, unitPriceCents: 350_000 },
      { kind: "reservation_day" as const, description: "Reservation fee for the trial day", quantity: 1, unitPriceCents: 500_000 },
      { kind: "court_attendance" as const, description: "Attendance at court to testify", quantity: 1, unitPriceCents: 750_000 },
    ];
    const draft = await createAttorneyDraft(
      { db, actor: employee },
      { attorneyId: c.attorney_id, caseId: c.id, attorneyReference: reference, lines },
    );
    await issueInvoice({ db, actor: employee }, { id: draft.id });
  };
  const agree = (caseId: string, longStopMonths = 24) =>
    setDeferralAgreement(
      { db, actor: employee },
      parseInput(deferralAgreementInputSchema, {
        caseId,
        undertaking: UNDERTAKING,
        invoicing: "issue_now",
        longStopMonths,
        interestRatePercent: 10.5,
      }),
    );
  const event = (c: Case, kind: BillingEventKind, daysAgo: number, extra: Record<string, unknown> = {}) => {
    const day = addDays(today, -daysAgo);
    return recordBillingEvent(
      { db, actor: employee },
      parseInput(billingEventInputSchema, { caseId: c.id, kind, occurredOn: day < c.incident_date ? c.incident_date : day, ...extra }),
    );
  };
  /** The agreement comes first (its invoices are deferred from the start); a case with nothing open gets the experts' fees invoiced. */
  const defer = async (c: Case, reference: string, fees = false) => {
    await agree(c.id);
    if (fees || !openOf(c.id).length) await invoiceFees(c, reference);
  };

  // Past the long-stop: a case invoiced more than a month ago, with a long-stop that has passed since; interest runs.
  // (Its invoices past their due date stay overdue: past the long-stop they fall due anyway.)
  const firstOf = (caseId: string) =>
    invoices
      .filter((i) => i.case_id === caseId && i.issue_date)
      .map((i) => i.issue_date!)
      .sort()[0];
  // One with an invoice past its due date when there is one: owed from the later of the long-stop and
  // that due date, it is overdue and bears interest (an invoice issued after the long-stop would not yet, issue 37).
  const invoicedAMonthAgo = (c: Case) => Boolean(firstOf(c.id)) && addMonths(firstOf(c.id)!, 1) < today;
  const late = pick((c) => pastDue.has(c.id) && invoicedAMonthAgo(c), true) ?? pick(invoicedAMonthAgo) ?? pick(invoicedAMonthAgo, true);
  if (late) {
    const first = firstOf(late.id)!;
    let months = 1;
    while (addMonths(first, months + 1) < today) months += 1;
    await agree(late.id, months);
    if (!openOf(late.id).length) await invoiceFees(late, "RAF/2025/007");
  }
  // The agreement only: nothing has happened in court yet.
  const waiting = pick((c) => c.username === "pieter") ?? pick(() => true);
  if (waiting) await defer(waiting, "RAF/2026/031");
  // Settled two months ago; the order names the experts' qualifying fees, not the reservation fees. Capital in about four months.
  const settled = pick((c) => c.username === "attorney") ?? pick(() => true);
  if (settled) {
    await defer(settled, "VDM/RAF/0142", true);
    await event(settled, "order", 60, { namesQualifyingFees: true, namesReservationFees: false });
  }
  // Settled 250 days ago (the capital is late: the attorney is reminded), the bill of costs taxed a month ago.
  const taxed = pick((c) => c.username === "nomsa") ?? pick(() => true);
  if (taxed) {
    await defer(taxed, "RAF/2026/077");
    await event(taxed, "order", 250, { namesQualifyingFees: true, namesReservationFees: true });
    await event(taxed, "taxed", 30);
  }
  // The RAF paid ten days ago: the attorney holds the money and is reminded to pay.
  const paid = pick(() => true);
  if (paid) {
    await defer(paid, "RAF/2025/131");
    await event(paid, "order", 400, { namesQualifyingFees: true, namesReservationFees: true });
    await event(paid, "taxed", 220);
    await event(paid, "raf_paid", 10);
  }
}
