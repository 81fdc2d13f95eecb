import type { Kysely } from "kysely";
import { PDFDocument, StandardFonts } from "pdf-lib";
import type { Database } from "@medlegal/db";
import type { ReportStatus } from "@medlegal/domain";
import {
  EXPERT_SEES_QUERY,
  idInputSchema,
  raf4AssessmentInputSchema,
  raf4OutcomeInputSchema,
  reportReasonSchema,
  reportReviewSchema,
  sastDate,
} from "@medlegal/domain";
import { now, runAt } from "../services/platform/clock";
import { createAwaitingReport, createReport } from "../services/reports/lifecycle";
import { askQuestions, overrideRelease, reviewReport, takeReport, withdrawReport } from "../services/reports/report-review";
import { uploadVersion } from "../services/reports/report-versions";
import { recordOutcome, saveAssessment } from "../services/raf4/raf4";
import { issueInvoice } from "../services/invoices/invoice-issue";
import { recordPayment } from "../services/payments/payments";
import { RAF4_DISPUTE_CLAIM } from "./matters";
import { parseInput } from "../validation";
import { demoActorById } from "./seed-actors";

/** A small real PDF with a title and some pages of text, as an expert's report would be. */
export async function demoReportPdf(title: string, pages = 3): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    const page = pdf.addPage([595, 842]);
    page.drawText(title, { x: 56, y: 780, size: 16, font });
    page.drawText(`Page ${i} of ${pages}`, { x: 56, y: 750, size: 11, font });
  }
  return pdf.save();
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** How long ago each records-only report was asked for: due 14 days later, so some are overdue, some due soon, some not yet. */
const RECORDS_ONLY_AGE_DAYS = [17, 12, 5, 15, 9, 2];

export const DEMO_DECLARATION =
  "I understand that my duty is to assist the court on matters within my expertise. This report is true to the best of my knowledge and I have given my independent opinion.";

/**
 * Demo reports in every state, walked there through the real services (docs/decisions.md,
 * "Files and reports"): one per attended assessment, and records-only reports for the experts
 * assigned to queries. The orthopaedic surgeon ("consultant") has one awaiting, for the first tour.
 * Each step runs at its own instant of the story (`runAt`): a report is asked for, uploaded, reviewed
 * and released on different days before now, so timelines, due dates and SLA timers agree.
 */
/** An instant of the story at the latest a few hours before first start (`end`). */
function sooner(at: number, end: number): Date {
  return new Date(Math.min(at, end - 3 * HOUR));
}

export async function seedDemoReports(db: Kysely<Database>): Promise<void> {
  const employeeRow = await db.selectFrom("users").select("id").where("username", "=", "employee").executeTakeFirstOrThrow();
  const employee = await demoActorById(db, employeeRow.id);
  const admin = await demoActorById(
    db,
    (await db.selectFrom("users").select("id").where("username", "=", "admin").executeTakeFirstOrThrow()).id,
  );
  const end = now().getTime();

  const attended = await db
    .selectFrom("bookings")
    .select("id")
    .where("status", "=", "attended")
    .where("query_id", "is not", null)
    .orderBy("starts_at")
    .execute();
  for (const b of attended) await db.transaction().execute((trx) => createAwaitingReport(trx, employee, b.id));

  // Records-only reports for assigned experts (no assessment), one per query and expert.
  const assigned = await db
    .selectFrom("consultant_assignments")
    .innerJoin("queries", "queries.id", "consultant_assignments.query_id")
    .innerJoin("cases", "cases.id", "queries.case_id")
    .innerJoin("users", "users.id", "consultant_assignments.consultant_id")
    .select([
      "queries.id as query_id",
      "cases.id as case_id",
      "cases.patient_id",
      "queries.attorney_id",
      "consultant_assignments.consultant_id",
      "consultant_assignments.specialization_id",
      "consultant_assignments.created_at as assigned_at",
      "users.username",
    ])
    .where("consultant_assignments.status", "in", EXPERT_SEES_QUERY)
    .where("queries.status", "not in", ["cancelled", "on_hold"])
    .orderBy("queries.reference")
    .execute();
  for (const [i, a] of assigned.entries()) {
    // Asked for once the expert is on the query (its SLA timer never predates the query).
    const askedAt = sooner(
      Math.max(end - RECORDS_ONLY_AGE_DAYS[i % RECORDS_ONLY_AGE_DAYS.length]! * DAY - i * 17 * 60_000, a.assigned_at.getTime() + HOUR),
      end,
    );
    await runAt(askedAt, () =>
      db.transaction().execute((trx) =>
        createReport(trx, employee, {
          query_id: a.query_id,
          case_id: a.case_id,
          patient_id: a.patient_id,
          attorney_id: a.attorney_id,
          booking_id: null,
          consultant_id: a.consultant_id,
          specialization_id: a.specialization_id,
          kind: i % 3 === 1 ? "raf4" : "medico_legal",
          parent_report_id: null,
        }),
      ),
    );
  }

  // Every attorney with a query has a report to see (records-only, from an expert of a requested specialization).
  const withoutReports = await db
    .selectFrom("queries")
    .innerJoin("cases", "cases.id", "queries.case_id")
    .innerJoin("query_specializations", "query_specializations.query_id", "queries.id")
    .innerJoin("users as expert", (join) =>
      join.onRef("expert.specialization_id", "=", "query_specializations.specialization_id").on("expert.role", "=", "consultant"),
    )
    .select([
      "queries.id as query_id",
      "queries.created_at as submitted_at",
      "cases.id as case_id",
      "cases.patient_id",
      "queries.attorney_id",
      "expert.id as consultant_id",
      "expert.specialization_id",
    ])
    .where("queries.status", "not in", ["cancelled"])
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom("reports").select("reports.id").whereRef("reports.attorney_id", "=", "queries.attorney_id"))),
    )
    .orderBy("queries.reference")
    .execute();
  const covered = new Set<string>();
  for (const a of withoutReports) {
    if (covered.has(a.attorney_id)) continue;
    covered.add(a.attorney_id);
    const { submitted_at: submittedAt, ...matter } = a;
    await runAt(sooner(Math.max(end - (10 + covered.size) * DAY, submittedAt.getTime() + DAY), end), () =>
      db.transaction().execute((trx) =>
        createReport(trx, employee, {
          ...matter,
          specialization_id: a.specialization_id!,
          booking_id: null,
          kind: "medico_legal",
          parent_report_id: null,
        }),
      ),
    );
  }

  const reports = await db
    .selectFrom("reports")
    .innerJoin("users", "users.id", "reports.consultant_id")
    .select(["reports.id", "reports.reference", "reports.consultant_id", "reports.kind", "reports.created_at", "users.username"])
    .orderBy("reports.reference")
    .execute();
  // Where each demo report ends up; the orthopaedic surgeon's first report stays awaiting (the first tour uploads it), their others are approved.
  const targets: ReportStatus[] = [
    "released",
    "submitted",
    "changes_requested",
    "in_review",
    "approved",
    "released",
    "withdrawn",
    "awaiting",
    "submitted",
  ];
  const firstOfConsultant = reports.find((r) => r.username === "consultant");
  // Dr Venter's first report follows the rotation (the seed bills it); their later ones are approved
  // whatever the day, so the generator opens on priced work of theirs (docs/decisions.md).
  const firstOfVenter = reports.find((r) => r.username === "dr_venter");
  let n = 0;
  for (const r of reports) {
    // Their others are approved: work of theirs the expert invoice generator opens on.
    const rotated = r.username === "consultant" ? "approved" : targets[n++ % targets.length]!;
    const target = r === firstOfConsultant ? "awaiting" : r.username === "dr_venter" && r !== firstOfVenter ? "approved" : rotated;
    const consultant = await demoActorById(db, r.consultant_id);
    const id = { id: r.id };
    // A RAF 4 report's expert records the assessment as data with the first version (QA checks it before release).
    const assess = async () => {
      if (r.kind !== "raf4") return;
      const examined = sastDate(new Date(r.created_at.getTime() - 2 * DAY));
      await saveAssessment(
        { db, actor: consultant },
        parseInput(raf4AssessmentInputSchema, {
          reportId: r.id,
          examinedPersonallyBy: r.consultant_id,
          examinationDate: examined,
          mmiReached: true,
          mmiDate: examined,
          wpiPercent: n % 2 ? "29.5" : "34",
          narrativeHeads: n % 2 ? ["body_function"] : [],
          onNonSeriousList: false,
          notes: "",
        }),
      );
    };
    const upload = async (n: number) =>
      (n === 1 ? assess() : Promise.resolve()).then(async () =>
        uploadVersion(
          { db, actor: consultant },
          {
            id: r.id,
            changeNote: n > 1 ? "Corrected the left and right knee findings." : null,
            declaration: DEMO_DECLARATION,
            fileName: `${r.reference}-v${n}.pdf`,
            data: await demoReportPdf(`${r.reference} version ${n}`, 4 + n),
          },
        ),
      );
    const review = async (fail: boolean) => {
      const checklist = await db
        .selectFrom("report_checklist_items")
        .select("id")
        .where("kind", "=", r.kind)
        .where("active", "=", true)
        .orderBy("position")
        .execute();
      const items = checklist.map((c, k) => ({
        itemId: c.id,
        result: fail && k === checklist.length - 1 ? "fail" : "pass",
        comment: fail && k === checklist.length - 1 ? "Page 4 says left knee, page 6 right knee." : null,
      }));
      await reviewReport(
        { db, actor: employee },
        parseInput(reportReviewSchema, { id: r.id, items, comment: fail ? "Please correct the side of the injury." : null }),
      );
    };
    const take = () => takeReport({ db, actor: employee }, parseInput(idInputSchema, id));
    const release = async () => {
      const current = await db.selectFrom("reports").select("status").where("id", "=", r.id).executeTakeFirstOrThrow();
      // Before any invoice is issued in the story, so by the release rule only an administrator's
      // override releases it (docs/decisions.md, "Release and payment (issue 23)").
      if (current.status === "approved") {
        await overrideRelease(
          { db, actor: admin },
          parseInput(reportReasonSchema, { id: r.id, reason: "Trial date set: the attorney undertook to pay on receipt of the report." }),
        );
      }
    };
    const withdraw = () =>
      withdrawReport(
        { db, actor: employee },
        parseInput(reportReasonSchema, { id: r.id, reason: "The matter settled before the report was written." }),
      );
    const steps: (() => Promise<unknown>)[] = {
      awaiting: [],
      withdrawn: [withdraw],
      submitted: [() => upload(1)],
      in_review: [() => upload(1), take],
      changes_requested: [() => upload(1), take, () => review(true)],
      approved: [() => upload(1), take, () => review(true), () => upload(2), take, () => review(false)],
      released: [() => upload(1), take, () => review(true), () => upload(2), take, () => review(false), release],
    }[target];
    // A day apart at most, ending within three weeks of the request (or a few hours before now, if sooner).
    const asked = r.created_at.getTime();
    const last = Math.min(end - (1 + (n % 5)) * HOUR, asked + (12 + (n % 9)) * DAY);
    const gap = Math.min(DAY, (last - asked) / (steps.length + 1));
    if (gap < 60_000) continue;
    for (const [k, step] of steps.entries()) await runAt(new Date(last - (steps.length - 1 - k) * gap), step);
  }

  // The latest released report has the attorney's questions (still within their window), answered in a supplementary report.
  const released = await db
    .selectFrom("reports")
    .select(["id", "attorney_id"])
    .where("status", "=", "released")
    .orderBy("released_at", "desc")
    .executeTakeFirst();
  if (released) {
    await askQuestions(
      { db, actor: await demoActorById(db, released.attorney_id) },
      { id: released.id, body: "Please comment on the claimant's future employability as a driver." },
    );
  }
}

/**
 * A RAF 4 the RAF rejected 80 days ago (issue 27): asked for the day after its expert accepted the
 * matter kept for it (seed/matters.ts, RAF4_DISPUTE_CLAIM), about four months ago, assessed as serious on
 * the narrative test, invoiced, paid and so released, and rejected by the RAF, so the case page shows the RAF 5 dispute
 * clock red with 10 days left and the attorney is reminded by the SLA sweep.
 */
export async function seedDemoRaf4Dispute(db: Kysely<Database>): Promise<void> {
  const end = now().getTime();
  const matter = await db
    .selectFrom("consultant_assignments")
    .innerJoin("queries", "queries.id", "consultant_assignments.query_id")
    .innerJoin("cases", "cases.id", "queries.case_id")
    .select([
      "queries.id as query_id",
      "cases.id as case_id",
      "cases.patient_id",
      "queries.attorney_id",
      "consultant_assignments.consultant_id",
      "consultant_assignments.specialization_id",
      "consultant_assignments.created_at as assigned_at",
    ])
    .where("cases.raf_claim_number", "=", RAF4_DISPUTE_CLAIM)
    .where("consultant_assignments.status", "in", EXPERT_SEES_QUERY)
    .executeTakeFirst();
  if (!matter) return;
  const { assigned_at: assignedAt, ...facts } = matter;
  const askedAt = new Date(assignedAt.getTime() + DAY);
  const at = (days: number) => new Date(askedAt.getTime() + days * DAY);
  const employee = await demoActorById(
    db,
    (await db.selectFrom("users").select("id").where("username", "=", "employee").executeTakeFirstOrThrow()).id,
  );
  const admin = await demoActorById(
    db,
    (await db.selectFrom("users").select("id").where("username", "=", "admin").executeTakeFirstOrThrow()).id,
  );
  const consultant = await demoActorById(db, facts.consultant_id);
  const attorney = await demoActorById(db, facts.attorney_id);
  const report = await runAt(askedAt, () =>
    db.transaction().execute((trx) =>
      createReport(trx, employee, {
        ...facts,
        specialization_id: facts.specialization_id,
        booking_id: null,
        kind: "raf4",
        parent_report_id: null,
      }),
    ),
  );
  const examined = sastDate(at(3));
  await runAt(at(6), async () => {
    await saveAssessment(
      { db, actor: consultant },
      parseInput(raf4AssessmentInputSchema, {
        reportId: report.id,
        examinedPersonallyBy: facts.consultant_id,
        examinationDate: examined,
        mmiReached: true,
        mmiDate: examined,
        wpiPercent: "24",
        narrativeHeads: ["body_function"],
        onNonSeriousList: false,
        notes: "Serious on the narrative test: loss of grip function of the dominant hand.",
      }),
    );
    await uploadVersion(
      { db, actor: consultant },
      {
        id: report.id,
        changeNote: null,
        declaration: DEMO_DECLARATION,
        fileName: `${report.reference}-v1.pdf`,
        data: await demoReportPdf(`${report.reference} RAF 4`, 3),
      },
    );
  });
  await runAt(at(8), async () => {
    await takeReport({ db, actor: employee }, parseInput(idInputSchema, { id: report.id }));
    const checklist = await db
      .selectFrom("report_checklist_items")
      .select("id")
      .where("kind", "=", "raf4")
      .where("active", "=", true)
      .orderBy("position")
      .execute();
    await reviewReport(
      { db, actor: employee },
      parseInput(reportReviewSchema, {
        id: report.id,
        items: checklist.map((c) => ({ itemId: c.id, result: "pass", comment: null })),
        comment: null,
      }),
    );
  });
  // Its invoice (the draft the approval made) is issued and paid by EFT: the payment releases the report.
  const invoice = await db
    .selectFrom("invoice_lines")
    .innerJoin("invoices", "invoices.id", "invoice_lines.invoice_id")
    .select(["invoices.id", "invoices.attorney_id"])
    .where("invoice_lines.report_id", "=", report.id)
    .executeTakeFirstOrThrow();
  const issued = await runAt(at(9), () => issueInvoice({ db, actor: employee }, { id: invoice.id }));
  await runAt(at(11), () =>
    recordPayment(
      { db, actor: admin },
      {
        attorneyId: invoice.attorney_id!,
        method: "eft",
        reference: issued.number!,
        receivedOn: sastDate(at(11)),
        amountCents: Number(issued.totalCents),
        allocations: [{ invoiceId: invoice.id, amountCents: Number(issued.totalCents) }],
        proofId: null,
      },
    ),
  );
  const rejectedOn = sastDate(new Date(end - 80 * DAY));
  await runAt(new Date(end - 79 * DAY), () =>
    recordOutcome(
      { db, actor: attorney },
      parseInput(raf4OutcomeInputSchema, {
        reportId: report.id,
        outcome: "rejected",
        outcomeDate: rejectedOn,
        reasons: "The RAF's assessor found the injury not serious: WPI below 30 % and the narrative test not met.",
      }),
    ),
  );
}
