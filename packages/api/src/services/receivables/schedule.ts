import type { DisbursementSchedule, ScheduleLine } from "@medlegal/domain";
import { scheduleFeeLabel, schedulePaidState } from "@medlegal/domain";
import { recordAccess } from "../audit/access-log";
import { assertCan, loadVisibleCase } from "../platform/access";
import { longDate } from "../platform/pdf";
import { today } from "../platform/clock";
import { csvCell, csvDocument } from "../platform/csv";
import type { Db, Deps } from "../platform/deps";
import { getAgencySettings } from "../settings/settings";
import { renderSchedulePdf } from "./schedule-pdf";

/**
 * The bill-of-costs disbursement schedule of a case (issue 29): every fee line of the case's issued
 * invoices to the attorney (not those credited in full), each expert's fee its own line with the
 * expert's name and discipline, the invoice's number and date, excl. and incl. VAT, and whether the
 * invoice is paid; headed by the supplier (the agency and its VAT number) and the schedule's date
 * (issue 37). The expert of a line is the one whose report it bills, else the invoice's report's or
 * booking's expert.
 */
function scheduleRows(db: Db, caseId: string) {
  return db
    .selectFrom("invoice_lines")
    .innerJoin("invoices", "invoices.id", "invoice_lines.invoice_id")
    .leftJoin("reports as line_report", "line_report.id", "invoice_lines.report_id")
    .leftJoin("reports as invoice_report", "invoice_report.id", "invoices.report_id")
    .leftJoin("bookings", "bookings.id", "invoices.booking_id")
    .where("invoices.case_id", "=", caseId)
    .where("invoices.kind", "=", "attorney")
    .where("invoices.status", "not in", ["draft", "credited"]);
}

export async function scheduleLineCount(db: Db, caseId: string): Promise<number> {
  const row = await scheduleRows(db, caseId)
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export async function buildSchedule(db: Db, row: Awaited<ReturnType<typeof loadVisibleCase>>): Promise<DisbursementSchedule> {
  const lines = await scheduleRows(db, row.id)
    .select([
      "invoice_lines.kind",
      "invoice_lines.description",
      "invoice_lines.net_cents",
      "invoice_lines.total_cents",
      "invoices.number",
      "invoices.issue_date",
      "invoices.total_cents as invoice_total",
      "invoices.paid_cents as invoice_paid",
      "invoices.credited_cents as invoice_credited",
      "invoices.attorney_reference",
      "line_report.consultant_id as line_expert",
      "line_report.specialization_id as line_discipline",
      "invoice_report.consultant_id as invoice_expert",
      "invoice_report.specialization_id as invoice_discipline",
      "bookings.consultant_id as booking_expert",
    ])
    .orderBy("invoices.issue_date")
    .orderBy("invoices.number")
    .orderBy("invoice_lines.position")
    .execute();
  const expertIds = [
    ...new Set(lines.map((l) => l.line_expert ?? l.invoice_expert ?? l.booking_expert).filter((x): x is string => Boolean(x))),
  ];
  const experts = expertIds.length
    ? await db
        .selectFrom("users")
        .leftJoin("specializations", "specializations.id", "users.specialization_id")
        .select(["users.id", "users.first_name", "users.last_name", "specializations.name as discipline"])
        .where("users.id", "in", expertIds)
        .execute()
    : [];
  const disciplineIds = [...new Set(lines.map((l) => l.line_discipline ?? l.invoice_discipline).filter((x): x is string => Boolean(x)))];
  const disciplines = new Map(
    (disciplineIds.length
      ? await db.selectFrom("specializations").select(["id", "name"]).where("id", "in", disciplineIds).execute()
      : []
    ).map((s) => [s.id, s.name]),
  );
  const byId = new Map(experts.map((e) => [e.id, e]));
  // A line without a report of its own (a qualifying fee, travel) is the expert's whose report the
  // same invoice bills, when the invoice bills one expert's reports.
  const invoiceExpert = new Map<string, { expert: string; discipline: string | null } | null>();
  for (const l of lines) {
    if (!l.line_expert) continue;
    const seen = invoiceExpert.get(l.number!);
    if (seen === undefined) invoiceExpert.set(l.number!, { expert: l.line_expert, discipline: l.line_discipline });
    else if (seen && seen.expert !== l.line_expert) invoiceExpert.set(l.number!, null);
  }
  const scheduleLines: ScheduleLine[] = lines.map((l) => {
    const sameInvoice = l.line_expert ? null : invoiceExpert.get(l.number!);
    const expert = byId.get(l.line_expert ?? sameInvoice?.expert ?? l.invoice_expert ?? l.booking_expert ?? "");
    const disciplineId = l.line_discipline ?? sameInvoice?.discipline ?? l.invoice_discipline;
    return {
      expertName: expert ? `${expert.first_name} ${expert.last_name}` : "Agency",
      discipline: (disciplineId ? disciplines.get(disciplineId) : null) ?? expert?.discipline ?? "Not applicable",
      fee: scheduleFeeLabel(l.kind, l.description),
      invoiceNumber: l.number!,
      invoiceDate: l.issue_date!,
      netCents: Number(l.net_cents),
      totalCents: Number(l.total_cents),
      paidState: schedulePaidState({
        totalCents: Number(l.invoice_total),
        paidCents: Number(l.invoice_paid),
        creditedCents: Number(l.invoice_credited),
      }),
    };
  });
  const patient = await db
    .selectFrom("patients")
    .select(["first_name", "last_name"])
    .where("id", "=", row.patient_id)
    .executeTakeFirstOrThrow();
  const attorney = await db
    .selectFrom("users")
    .select(["first_name", "last_name", "firm_name"])
    .where("id", "=", row.attorney_id)
    .executeTakeFirstOrThrow();
  const agency = await getAgencySettings({ db });
  return {
    supplierName: agency.name,
    supplierVatNumber: agency.vatNumber.trim(),
    date: today(),
    caseReference: row.reference,
    claimantName: `${patient.first_name} ${patient.last_name}`,
    rafClaimNumber: row.raf_claim_number,
    courtCaseNumber: row.court_case_number,
    attorneyReference: lines.find((l) => l.attorney_reference)?.attorney_reference ?? null,
    attorneyName: `${attorney.first_name} ${attorney.last_name}`,
    firmName: attorney.firm_name || null,
    lines: scheduleLines,
    netCents: scheduleLines.reduce((s, l) => s + l.netCents, 0),
    totalCents: scheduleLines.reduce((s, l) => s + l.totalCents, 0),
  };
}

const CSV_HEADER = [
  "Supplier",
  "Supplier VAT number",
  "Schedule date",
  "Claimant",
  "RAF claim number",
  "Court case number",
  "Attorney reference",
  "Expert",
  "Discipline",
  "Fee",
  "Invoice number",
  "Invoice date",
  "Amount excl. VAT",
  "Amount incl. VAT",
  "Paid",
]
  .map(csvCell)
  .join(",");
const rand = (cents: number) => (cents / 100).toFixed(2);

/** The schedule as CSV: every row names the supplier and the schedule's date, dates as South Africans write them ("7 December 2026"). */
export function scheduleCsv(s: DisbursementSchedule): string {
  return csvDocument(
    CSV_HEADER,
    s.lines.map((l) => [
      s.supplierName,
      s.supplierVatNumber,
      longDate(s.date),
      s.claimantName,
      s.rafClaimNumber ?? "",
      s.courtCaseNumber ?? "",
      s.attorneyReference ?? "",
      l.expertName,
      l.discipline,
      l.fee,
      l.invoiceNumber,
      longDate(l.invoiceDate),
      rand(l.netCents),
      rand(l.totalCents),
      l.paidState,
    ]),
  );
}

/**
 * The schedule as a file for the attorney's bill of costs: staff for any case, the attorney for
 * their own (another's: 404, the same as a case that does not exist). Written to the access log.
 */
export async function scheduleFile(
  { db, actor }: Deps,
  { caseId, format }: { caseId: string; format: "pdf" | "csv" },
): Promise<{ fileName: string; contentType: string; body: Buffer | string }> {
  assertCan(actor.user, "receivables.read");
  const row = await loadVisibleCase(db, actor.user, caseId);
  const schedule = await buildSchedule(db, row);
  await recordAccess(db, actor, { action: "download", entityType: "case", entityId: row.id, patientId: row.patient_id });
  const fileName = `Disbursement-schedule-${row.reference}.${format}`;
  if (format === "csv") return { fileName, contentType: "text/csv; charset=utf-8", body: scheduleCsv(schedule) };
  return { fileName, contentType: "application/pdf", body: await renderSchedulePdf(schedule) };
}
