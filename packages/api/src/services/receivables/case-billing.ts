import type { z } from "zod";
import type {
  billingEventInputSchema,
  billingEventRemoveSchema,
  CaseBillingView,
  deferralAgreementInputSchema,
  ReceivablesSettings,
} from "@medlegal/domain";
import {
  addToTotals,
  BILLING_EVENT_LABELS,
  BILLING_MESSAGES,
  can,
  DEFAULT_RECEIVABLES_SETTINGS,
  DEFERRAL_INVOICING_LABELS,
  emptyReceivablesTotals,
  EXPECTED_PAYMENT_LABELS,
  expectedPaymentDate,
  invoiceStatusFromMoney,
  receivableLabel,
} from "@medlegal/domain";
import { AppError } from "../../errors";
import { recordAudit } from "../audit/audit";
import { assertCan, loadVisibleCase } from "../platform/access";
import { now, today } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import { fullName } from "../platform/sql";
import { writeSetting } from "../settings/settings";
import { caseDeferrals, openReceivables, receivablesSettings } from "./deferrals";
import { scheduleLineCount } from "./schedule";

/**
 * A case's billing (issue 29; docs/decisions.md "Deferred billing per matter"): the deferral
 * agreement staff record with the attorney's signed undertaking, the events the attorney or staff
 * record (settlement or court order, taxation, the RAF's payment) and what they make expected.
 * Staff and the case's attorney see it; anyone else gets 404.
 */

type CaseRow = Awaited<ReturnType<typeof loadVisibleCase>>;

/** The Billing section of the case page. */
export async function caseBillingOf(db: Db, user: Deps["actor"]["user"], row: CaseRow): Promise<CaseBillingView> {
  const day = today();
  const settings = await receivablesSettings(db);
  const agreement = await db
    .selectFrom("deferral_agreements")
    .innerJoin("users as recorder", "recorder.id", "deferral_agreements.recorded_by")
    .leftJoin("files", "files.id", "deferral_agreements.undertaking_file_id")
    .selectAll("deferral_agreements")
    .select(["files.file_name", fullName<string>("recorder").as("recorder_name")])
    .where("deferral_agreements.case_id", "=", row.id)
    .executeTakeFirst();
  const events = await db
    .selectFrom("case_billing_events")
    .leftJoin("files", "files.id", "case_billing_events.order_file_id")
    .selectAll("case_billing_events")
    .select("files.file_name")
    .where("case_billing_events.case_id", "=", row.id)
    .execute();
  const reminders = await db.selectFrom("billing_reminders").select(["kind", "expected_on"]).where("case_id", "=", row.id).execute();
  const deferral = (await caseDeferrals(db, [row.id], settings)).get(row.id);
  const invoices = await openReceivables(db, { caseId: row.id }, day);
  const totals = emptyReceivablesTotals();
  for (const i of invoices) addToTotals(totals, i);
  const order = ["order", "taxed", "raf_paid"] as const;
  const firstInvoice = await db
    .selectFrom("invoices")
    .select((eb) => eb.fn.min("issue_date").as("first"))
    .where("case_id", "=", row.id)
    .where("kind", "=", "attorney")
    .where("issue_date", "is not", null)
    .executeTakeFirst();
  return {
    caseId: row.id,
    reference: row.reference,
    agreement: agreement
      ? {
          undertaking: agreement.undertaking,
          undertakingFileId: agreement.undertaking_file_id,
          undertakingFileName: agreement.file_name,
          invoicing: agreement.invoicing,
          invoicingLabel: DEFERRAL_INVOICING_LABELS[agreement.invoicing],
          longStopMonths: agreement.long_stop_months,
          interestRatePercent: agreement.interest_rate_bp / 100,
          recordedByName: agreement.recorder_name,
          recordedAt: new Date(agreement.updated_at).toISOString(),
        }
      : null,
    firstInvoiceOn: deferral?.firstInvoiceOn ?? (firstInvoice?.first ? String(firstInvoice.first).slice(0, 10) : null),
    longStopOn: deferral?.longStopOn ?? null,
    expectedOn: deferral?.expectedOn ?? null,
    events: [...events]
      .sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind))
      .map((e) => {
        const expectedOn = expectedPaymentDate(e.kind, e.occurred_on, settings);
        return {
          kind: e.kind,
          label: BILLING_EVENT_LABELS[e.kind],
          occurredOn: e.occurred_on,
          orderFileId: e.order_file_id,
          orderFileName: e.file_name,
          namesQualifyingFees: e.names_qualifying_fees,
          namesReservationFees: e.names_reservation_fees,
          expectedOn,
          expectedLabel: EXPECTED_PAYMENT_LABELS[e.kind],
          reminded: reminders.some((r) => r.kind === e.kind && r.expected_on === expectedOn),
        };
      }),
    invoices: invoices.map((i) => ({
      id: i.id,
      number: i.number,
      issueDate: i.issueDate,
      totalCents: i.totalCents,
      balanceCents: i.balanceCents,
      class: i.class,
      pastLongStop: i.pastLongStop,
      classLabel: receivableLabel(i.class, i.pastLongStop),
    })),
    totals,
    defaultLongStopMonths: settings.longStopMonths,
    scheduleLines: await scheduleLineCount(db, row.id),
    schedulePdfPath: `/api/cases/${row.id}/bill-of-costs-schedule.pdf`,
    scheduleCsvPath: `/api/cases/${row.id}/bill-of-costs-schedule.csv`,
    can: { manageAgreement: can(user.role, "receivables.manage"), recordEvents: can(user.role, "receivables.events") },
  };
}

export async function getCaseBilling({ db, actor }: Deps, { caseId }: { caseId: string }): Promise<CaseBillingView> {
  assertCan(actor.user, "receivables.read");
  const row = await loadVisibleCase(db, actor.user, caseId);
  return caseBillingOf(db, actor.user, row);
}

/**
 * Records (or changes) the case's deferral agreement, with its audit row. Invoices of the case marked
 * overdue before it and still before their long-stop go back to issued (or partly paid): the
 * agreement defers them.
 */
export async function setDeferralAgreement(
  { db, actor }: Deps,
  input: z.output<typeof deferralAgreementInputSchema>,
): Promise<CaseBillingView> {
  assertCan(actor.user, "receivables.manage");
  return db.transaction().execute(async (trx) => {
    const row = await loadVisibleCase(trx, actor.user, input.caseId);
    const before = await trx.selectFrom("deferral_agreements").selectAll().where("case_id", "=", row.id).forUpdate().executeTakeFirst();
    const values = {
      undertaking: input.undertaking,
      invoicing: input.invoicing,
      long_stop_months: input.longStopMonths,
      interest_rate_bp: Math.round(input.interestRatePercent * 100),
      recorded_by: actor.user.id,
      updated_at: now(),
    };
    if (before) await trx.updateTable("deferral_agreements").set(values).where("case_id", "=", row.id).execute();
    else
      await trx
        .insertInto("deferral_agreements")
        .values({ case_id: row.id, ...values, created_at: now() })
        .execute();
    const deferral = (await caseDeferrals(trx, [row.id])).get(row.id)!;
    const day = today();
    if (!deferral.longStopOn || deferral.longStopOn >= day) {
      const overdue = await trx
        .selectFrom("invoices")
        .select(["id", "total_cents", "paid_cents", "credited_cents"])
        .where("case_id", "=", row.id)
        .where("kind", "=", "attorney")
        .where("status", "=", "overdue")
        .execute();
      for (const i of overdue) {
        const status = invoiceStatusFromMoney({
          totalCents: Number(i.total_cents),
          paidCents: Number(i.paid_cents),
          creditedCents: Number(i.credited_cents),
          pastDue: false,
        });
        await trx.updateTable("invoices").set({ status, updated_at: now() }).where("id", "=", i.id).execute();
      }
    }
    await recordAudit(trx, actor, {
      action: "case.deferral_agreement",
      entityType: "case",
      entityId: row.id,
      before: before
        ? {
            invoicing: before.invoicing,
            longStopMonths: before.long_stop_months,
            interestRateBp: before.interest_rate_bp,
            undertaking: before.undertaking,
          }
        : null,
      after: {
        invoicing: values.invoicing,
        longStopMonths: values.long_stop_months,
        interestRateBp: values.interest_rate_bp,
        undertaking: values.undertaking,
      },
    });
    return caseBillingOf(trx, actor.user, row);
  });
}

/** A date an event may have: not in the future, not before the accident, and taxation and the RAF's payment after the order. */
async function checkEvent(db: Db, row: CaseRow, input: z.output<typeof billingEventInputSchema>): Promise<void> {
  const fail = (message: string): never => {
    throw new AppError("INVALID", message, { occurredOn: message });
  };
  if (input.occurredOn > today()) fail(BILLING_MESSAGES.eventInFuture);
  if (input.occurredOn < row.incident_date) fail(BILLING_MESSAGES.eventBeforeIncident);
  if (input.kind !== "order") {
    const order = await db
      .selectFrom("case_billing_events")
      .select("occurred_on")
      .where("case_id", "=", row.id)
      .where("kind", "=", "order")
      .executeTakeFirst();
    if (!order || order.occurred_on > input.occurredOn) fail(BILLING_MESSAGES.taxedBeforeOrder);
  }
}

/** Records a billing event (recording one again replaces its date and answers, keeping the order's file), with its audit row. */
export async function recordBillingEvent({ db, actor }: Deps, input: z.output<typeof billingEventInputSchema>): Promise<CaseBillingView> {
  assertCan(actor.user, "receivables.events");
  return db.transaction().execute(async (trx) => {
    const row = await loadVisibleCase(trx, actor.user, input.caseId);
    const agreement = await trx.selectFrom("deferral_agreements").select("case_id").where("case_id", "=", row.id).executeTakeFirst();
    if (!agreement) throw new AppError("CONFLICT", BILLING_MESSAGES.noAgreement);
    await checkEvent(trx, row, input);
    const isOrder = input.kind === "order";
    const values = {
      occurred_on: input.occurredOn,
      names_qualifying_fees: isOrder ? (input.namesQualifyingFees ?? false) : null,
      names_reservation_fees: isOrder ? (input.namesReservationFees ?? false) : null,
      recorded_by: actor.user.id,
    };
    const before = await trx
      .selectFrom("case_billing_events")
      .selectAll()
      .where("case_id", "=", row.id)
      .where("kind", "=", input.kind)
      .forUpdate()
      .executeTakeFirst();
    if (before)
      await trx.updateTable("case_billing_events").set(values).where("case_id", "=", row.id).where("kind", "=", input.kind).execute();
    else
      await trx
        .insertInto("case_billing_events")
        .values({ case_id: row.id, kind: input.kind, ...values, created_at: now() })
        .execute();
    await recordAudit(trx, actor, {
      action: "case.billing_event",
      entityType: "case",
      entityId: row.id,
      before: before
        ? {
            kind: before.kind,
            occurredOn: before.occurred_on,
            namesQualifyingFees: before.names_qualifying_fees,
            namesReservationFees: before.names_reservation_fees,
          }
        : null,
      after: {
        kind: input.kind,
        occurredOn: values.occurred_on,
        namesQualifyingFees: values.names_qualifying_fees,
        namesReservationFees: values.names_reservation_fees,
      },
    });
    return caseBillingOf(trx, actor.user, row);
  });
}

/** Removes a billing event entered by mistake (and the later ones that needed it), with its audit row. */
export async function removeBillingEvent({ db, actor }: Deps, input: z.output<typeof billingEventRemoveSchema>): Promise<CaseBillingView> {
  assertCan(actor.user, "receivables.events");
  return db.transaction().execute(async (trx) => {
    const row = await loadVisibleCase(trx, actor.user, input.caseId);
    const kinds = input.kind === "order" ? (["order", "taxed", "raf_paid"] as const) : ([input.kind] as const);
    const removed = await trx
      .deleteFrom("case_billing_events")
      .where("case_id", "=", row.id)
      .where("kind", "in", [...kinds])
      .returning(["kind", "occurred_on"])
      .execute();
    if (!removed.length) throw new AppError("CONFLICT", "That event is not recorded on this case.");
    await recordAudit(trx, actor, {
      action: "case.billing_event_remove",
      entityType: "case",
      entityId: row.id,
      before: { events: removed.map((r) => ({ kind: r.kind, occurredOn: r.occurred_on })) },
    });
    return caseBillingOf(trx, actor.user, row);
  });
}

export const getReceivablesSettings = async ({ db, actor }: Deps): Promise<ReceivablesSettings> => {
  assertCan(actor.user, "settings.agency");
  return receivablesSettings(db);
};

/** Administrators set the default long-stop and the days the RAF takes to pay; audited. */
export async function updateReceivablesSettings(deps: Deps, value: ReceivablesSettings): Promise<ReceivablesSettings> {
  assertCan(deps.actor.user, "settings.agency");
  return writeSetting(deps, "receivables", DEFAULT_RECEIVABLES_SETTINGS, value);
}
