import type { Kysely } from "kysely";
import type { Database } from "@medlegal/db";
import type { InvoiceLineInput } from "@medlegal/domain";
import { addDays, DEFAULT_AGENCY_SETTINGS, sastDate } from "@medlegal/domain";
import { createExpertDraft, listUnbilledWork } from "../services/invoices/expert-invoices";
import { setFee } from "../services/invoices/fee-schedule";
import { createAttorneyDraft } from "../services/invoices/invoice-drafts";
import { issueCreditNote } from "../services/invoices/credit-notes";
import { issueInvoice } from "../services/invoices/invoice-issue";
import { now, runAt } from "../services/platform/clock";
import { getAgencySettings, updateAgencySettings } from "../services/settings/settings";
import { actorOf } from "./seed-actors";

const DAY = 86_400_000;

/** Report fees in cents by specialization, as South African medico-legal experts charge (others: R 10 000). */
const DEMO_REPORT_FEES: Record<string, number> = {
  "Orthopaedic Surgeon": 1_250_000,
  Neurosurgeon: 1_450_000,
  "Plastic and Reconstructive Surgeon": 1_300_000,
  Psychiatrist: 1_200_000,
  "Clinical Psychologist": 980_000,
  "Industrial Psychologist": 900_000,
  "Educational Psychologist": 850_000,
  "Occupational Therapist": 850_000,
  Audiologist: 650_000,
  Actuary: 550_000,
};

/**
 * The agency's fee schedule from the day the demo agency opened (before the story's first piece of
 * work, so everything the story bills has a price): per specialization the report, RAF 4, addendum,
 * joint minute and qualifying fees; an assessment is included in the report fee, and a no-show or
 * late cancellation costs half the report fee (the schedule's rule when it has no rate of its own).
 */
export async function seedDemoFees(db: Kysely<Database>): Promise<void> {
  const admin = await actorOf(db, "admin");
  const from = sastDate(now());
  const specs = await db.selectFrom("specializations").select(["id", "name"]).where("active", "=", true).orderBy("name").execute();
  for (const s of specs) {
    const report = DEMO_REPORT_FEES[s.name] ?? 1_000_000;
    const fees = { report, raf4: 450_000, addendum: 350_000, joint_minute: 400_000, qualifying_fee: 350_000 } as const;
    for (const [feeKind, amountCents] of Object.entries(fees)) {
      await setFee(
        { db, actor: admin },
        { specializationId: s.id, consultantId: null, feeKind: feeKind as keyof typeof fees, amountCents, effectiveFrom: from },
      );
    }
  }
}

/** The agency's invoice details, entered by the administrator months before first start (before any invoice of the story). */
export async function seedDemoAgencyDetails(db: Kysely<Database>): Promise<void> {
  const admin = await actorOf(db, "admin");
  await runAt(new Date(now().getTime() - 130 * DAY), async () => {
    const agency = await getAgencySettings({ db });
    if (!agency.address) {
      await updateAgencySettings(
        { db, actor: admin },
        {
          ...DEFAULT_AGENCY_SETTINGS,
          ...agency,
          name: "MedLegal Agency (Pty) Ltd",
          address: "3 Oxford Road, Parktown, Johannesburg, 2193",
          vatNumber: "4123456789",
          email: "accounts@medlegal.example",
          phone: "+27 11 555 0100",
          bankName: "First National Bank",
          accountName: "MedLegal Agency (Pty) Ltd",
          accountNumber: "62812345678",
          branchCode: "250655",
          // POPIA section 55: named on access reports, the PAIA manual and breach notices.
          informationOfficer: "Anele Dlamini",
          informationOfficerContact: "privacy@medlegal.example, +27 11 555 0100",
          deputyInformationOfficer: "Sipho Ngcobo",
        },
      );
    }
  });
}

/**
 * Demo invoices (docs/decisions.md, "Invoices"), made through the real services at their own
 * instants before first start: a fee schedule (with a change ahead),
 * the automatic drafts the story's attended assessments and approved reports left, some of them
 * issued; invoices to attorneys issued weeks ago (one past its due date), one credited in part and
 * one in full, a manual draft, and an expert's invoice to the agency. Payments are not part of it yet.
 */
export async function seedDemoInvoices(db: Kysely<Database>): Promise<void> {
  const start = now().getTime();
  const at = (daysAgo: number) => new Date(start - daysAgo * DAY);
  const admin = await actorOf(db, "admin");
  const employee = await actorOf(db, "employee");

  // Changes to the schedule: one expert's own rate, and an increase from the first of next month.
  await runAt(at(60), async () => {
    const from = sastDate(now());
    const ortho = await db.selectFrom("specializations").select("id").where("name", "=", "Orthopaedic Surgeon").executeTakeFirst();
    if (ortho) {
      const nextMonth = `${sastDate(new Date(start + 32 * DAY)).slice(0, 7)}-01`;
      await setFee(
        { db, actor: admin },
        {
          specializationId: ortho.id,
          consultantId: null,
          feeKind: "report",
          amountCents: Math.round(DEMO_REPORT_FEES["Orthopaedic Surgeon"]! * 1.08),
          effectiveFrom: nextMonth,
        },
      );
    }
    const venter = await db.selectFrom("users").select(["id", "specialization_id"]).where("username", "=", "dr_venter").executeTakeFirst();
    if (venter?.specialization_id) {
      await setFee(
        { db, actor: admin },
        {
          specializationId: venter.specialization_id,
          consultantId: venter.id,
          feeKind: "report",
          amountCents: 1_450_000,
          effectiveFrom: from,
        },
      );
    }
  });

  // Invoices to attorneys typed by staff: issued 45 days ago (past due now), 20 days ago (credited
  // in part), 12 days ago (credited in full: issued to the wrong firm), and a draft.
  const cases = await db
    .selectFrom("cases")
    .innerJoin("users", "users.id", "cases.attorney_id")
    .select(["cases.id", "cases.attorney_id", "users.username"])
    .orderBy("cases.reference")
    .execute();
  const caseOf = (username: string, n = 0) => cases.filter((c) => c.username === username)[n] ?? cases[n];
  const lines = (report: number): InvoiceLineInput[] => [
    { kind: "qualifying_fee", description: "Qualifying fee: expert's preparation for trial", quantity: 1, unitPriceCents: 350_000 },
    { kind: "report", description: "Medico-legal report", quantity: 1, unitPriceCents: report },
    { kind: "travel", description: "Travel to the assessment (km)", quantity: 64, unitPriceCents: 452 },
  ];
  const manual = async (daysAgo: number, username: string, n: number, report: number, reference: string) => {
    const c = caseOf(username, n);
    if (!c) return null;
    // The report line names the report it bills: one of the case's, asked for by then and on no invoice yet.
    const billed = await db
      .selectFrom("reports")
      .select(["id", "reference"])
      .where("case_id", "=", c.id)
      .where("status", "<>", "withdrawn")
      .where("created_at", "<", at(daysAgo))
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom("invoice_lines").select("invoice_lines.id").whereRef("invoice_lines.report_id", "=", "reports.id"))),
      )
      .orderBy("created_at")
      .executeTakeFirst();
    const billing = lines(report).map((l) =>
      l.kind === "report" && billed ? { ...l, description: `Medico-legal report: ${billed.reference}`, reportId: billed.id } : l,
    );
    return runAt(at(daysAgo), () =>
      createAttorneyDraft(
        { db, actor: employee },
        { attorneyId: c.attorney_id, caseId: c.id, attorneyReference: reference, lines: billing },
      ),
    );
  };
  // Numbers follow issue dates (issue 23): every issue and credit note is queued with its instant
  // and played in time order, so INV-…-00001 is the oldest invoice, as a gap-free series reads.
  const steps: { at: Date; run: () => Promise<unknown> }[] = [];
  const later = (when: Date, run: () => Promise<unknown>) => steps.push({ at: when, run });
  const overdue = await manual(46, "attorney", 0, 1_250_000, "VDM/RAF/0117");
  if (overdue) later(at(45), () => issueInvoice({ db, actor: employee }, { id: overdue.id }));
  const partly = await manual(21, "nomsa", 0, 980_000, "DUBE/MN/044");
  if (partly) {
    later(at(20), () => issueInvoice({ db, actor: employee }, { id: partly.id }));
    later(at(8), () =>
      issueCreditNote(
        { db, actor: employee },
        { invoiceId: partly.id, reason: "Travel was charged twice: the claimant was seen at our Sandton rooms.", lines: [lines(0)[2]!] },
      ),
    );
  }
  const wrongFirm = await manual(13, "pieter", 0, 1_100_000, "BOTHA/PI/2026/19");
  if (wrongFirm) {
    later(at(12), () => issueInvoice({ db, actor: employee }, { id: wrongFirm.id }));
    later(at(11), () =>
      issueCreditNote(
        { db, actor: employee },
        { invoiceId: wrongFirm.id, reason: "Issued to the wrong firm: the matter was transferred before the report." },
      ),
    );
  }
  await manual(2, "attorney", 1, 1_250_000, "VDM/MN/0009");

  // Of the story's automatic drafts (attended assessments, approved reports), the older ones are issued.
  const autoDrafts = await db
    .selectFrom("invoices")
    .select(["id", "created_at", "total_cents"])
    .where("status", "=", "draft")
    .where("created_by", "is", null)
    .where("total_cents", ">", 0)
    .orderBy("created_at")
    .execute();
  for (const draft of autoDrafts.slice(0, Math.max(0, autoDrafts.length - 1))) {
    const when = Math.min(draft.created_at.getTime() + DAY, start - DAY);
    if (when <= draft.created_at.getTime()) continue;
    later(new Date(when), () => issueInvoice({ db, actor: employee }, { id: draft.id }));
  }
  steps.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const step of steps) await runAt(step.at, step.run);

  // An expert bills the agency for last month's work and issues it; their newer work stays unbilled.
  const venter = await actorOf(db, "dr_venter");
  await runAt(at(3), async () => {
    const today = sastDate(now());
    const work = await listUnbilledWork({ db, actor: venter }, { consultantId: null, from: addDays(today, -200), to: today });
    // Work the schedule prices (an assessment is included in the report fee), done three weeks ago or more.
    const older = work.filter((w) => w.occurredAt < at(20).toISOString() && w.unitPriceCents);
    if (!older.length) return;
    const draft = await createExpertDraft(
      { db, actor: venter },
      {
        consultantId: null,
        items: older.map((w) => ({ eventKey: w.eventKey, description: w.description, unitPriceCents: w.unitPriceCents! })),
        extraLines: [{ kind: "travel", description: "Travel to the assessment (km)", quantity: 38, unitPriceCents: 452 }],
      },
    );
    await issueInvoice({ db, actor: venter }, { id: draft.id });
  });
}
