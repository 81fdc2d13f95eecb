import type { Kysely } from "kysely";
import type { Database } from "@medlegal/db";
import { addDays, sastDate } from "@medlegal/domain";
import { allocatePayment, recordPayment, reversePayment } from "../services/payments/payments";
import { rejectProof, uploadProof } from "../services/payments/proofs";
import { now, runAt } from "../services/platform/clock";
import { actorOf } from "./seed-actors";

const DAY = 86_400_000;

/** A one-page PDF an EFT slip could be (the upload checks only that it is a PDF). */
function slipPdf(lines: string[]): Buffer {
  const text = lines.map((line, i) => `BT /F1 12 Tf 72 ${720 - i * 18} Td (${line.replace(/[()\\]/g, "")}) Tj ET`).join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body);
}

/**
 * Demo payments (docs/decisions.md, "Payments"), through the real services at their own instants
 * before first start, over the invoices `seedDemoInvoices` issued: one invoice paid in full against
 * a proof of payment the attorney uploaded, one paid in part, a payment larger than the invoice it
 * settles (the rest is credit on the account), a payment reversed when the EFT bounced, a proof
 * rejected and a proof still awaiting a match. An invoice past its due date and any invoice whose
 * approved report awaits payment are left unpaid (the overdue sweep and "paid releases the report"
 * need them).
 */
export async function seedDemoPayments(db: Kysely<Database>): Promise<void> {
  const start = now().getTime();
  const at = (daysAgo: number) => new Date(start - daysAgo * DAY);
  const admin = await actorOf(db, "admin");
  const today = sastDate(now());

  /** Open invoices of an attorney that may be paid in the story, oldest first: no approved report waiting on them. */
  const payable = async (username: string, issuedBefore: string) =>
    db
      .selectFrom("invoices")
      .innerJoin("users", "users.id", "invoices.attorney_id")
      .leftJoin("reports", "reports.id", "invoices.report_id")
      .select([
        "invoices.id",
        "invoices.number",
        "invoices.issue_date",
        "invoices.total_cents",
        "invoices.credited_cents",
        "invoices.paid_cents",
        "invoices.attorney_id",
      ])
      .where("users.username", "=", username)
      .where("invoices.kind", "=", "attorney")
      .where("invoices.status", "in", ["issued", "partially_paid"])
      // The invoice staff typed that is past its due date stays unpaid, for the overdue sweep.
      .where((eb) => eb.or([eb("invoices.due_date", ">=", today), eb("invoices.created_by", "is", null)]))
      .where("invoices.issue_date", "<", issuedBefore)
      .where((eb) => eb.or([eb("reports.id", "is", null), eb("reports.status", "<>", "approved")]))
      .orderBy("invoices.issue_date")
      .orderBy("invoices.number")
      .execute();
  const balance = (i: { total_cents: number; credited_cents: number; paid_cents: number }) =>
    Number(i.total_cents) - Number(i.credited_cents) - Number(i.paid_cents);
  const dayOf = (daysAgo: number) => addDays(today, -daysAgo);

  // Nomsa Dube pays her partly credited invoice by EFT and uploads the slip; the agency records the payment against it.
  const nomsa = await actorOf(db, "nomsa");
  const [nomsasInvoice] = await payable("nomsa", dayOf(6));
  if (nomsasInvoice) {
    const owed = balance(nomsasInvoice);
    const proof = await runAt(at(6), () =>
      uploadProof(
        { db, actor: nomsa },
        {
          fileName: "EFT confirmation Dube Inc.pdf",
          data: slipPdf([
            "Dube Inc. Attorneys - EFT payment confirmation",
            `Beneficiary: MedLegal Agency (Pty) Ltd`,
            `Reference: ${nomsasInvoice.number}`,
            `Amount: R ${(owed / 100).toFixed(2)}`,
          ]),
          amountCents: owed,
          paidOn: dayOf(6),
          reference: nomsasInvoice.number!,
          note: "Paid from our trust account after the credit note.",
          invoiceIds: [nomsasInvoice.id],
        },
      ),
    );
    await runAt(at(5), () =>
      recordPayment(
        { db, actor: admin },
        {
          attorneyId: nomsasInvoice.attorney_id!,
          method: "eft",
          reference: nomsasInvoice.number!,
          receivedOn: dayOf(5),
          amountCents: owed,
          allocations: [{ invoiceId: nomsasInvoice.id, amountCents: owed }],
          proofId: proof.id,
        },
      ),
    );
  }

  // Van der Merwe: a cheque that bounced and a round-sum EFT that settles the oldest invoice and
  // leaves credit on the account; half of the next invoice by EFT.
  const attorney = await actorOf(db, "attorney");
  const [first, second] = await payable("attorney", dayOf(14));
  if (first) {
    const owed = balance(first);
    const bounced = await runAt(at(13), () =>
      recordPayment(
        { db, actor: admin },
        {
          attorneyId: first.attorney_id!,
          method: "other",
          reference: "Cheque 004417",
          receivedOn: dayOf(13),
          amountCents: owed,
          allocations: [{ invoiceId: first.id, amountCents: owed }],
          proofId: null,
        },
      ),
    );
    await runAt(at(11), () =>
      reversePayment({ db, actor: admin }, { id: bounced.id, reason: "The cheque was returned unpaid by the bank (refer to drawer)." }),
    );
    // A round sum, set against the invoice once the attorney's letter was read; the rest stays as credit.
    const round = Math.ceil(owed / 100_000) * 100_000 + 100_000;
    const payment = await runAt(at(4), () =>
      recordPayment(
        { db, actor: admin },
        {
          attorneyId: first.attorney_id!,
          method: "eft",
          reference: "VDM TRUST DEPOSIT",
          receivedOn: dayOf(4),
          amountCents: round,
          allocations: [],
          proofId: null,
        },
      ),
    );
    await runAt(at(3), () =>
      allocatePayment({ db, actor: admin }, { paymentId: payment.id, allocations: [{ invoiceId: first.id, amountCents: owed }] }),
    );
  }
  if (second) {
    const half = Math.floor(balance(second) / 2);
    await runAt(at(9), () =>
      recordPayment(
        { db, actor: admin },
        {
          attorneyId: second.attorney_id!,
          method: "eft",
          reference: `VDM TRUST ${second.number}`,
          receivedOn: dayOf(9),
          amountCents: half,
          allocations: [{ invoiceId: second.id, amountCents: half }],
          proofId: null,
        },
      ),
    );
  }
  // A slip the bank never honoured (rejected), and one sent yesterday that awaits the agency.
  const target = second ?? first;
  if (target) {
    const wrong = await runAt(at(8), () =>
      uploadProof(
        { db, actor: attorney },
        {
          fileName: "payment-slip.pdf",
          data: slipPdf(["Van der Merwe Attorneys Inc. - payment instruction", "Status: pending authorisation", "Amount: R 2 500.00"]),
          amountCents: 250_000,
          paidOn: dayOf(8),
          reference: "VDM 8841",
          note: null,
          invoiceIds: [],
        },
      ),
    );
    await runAt(at(7), () =>
      rejectProof(
        { db, actor: admin },
        {
          id: wrong.id,
          reason:
            "This is a payment instruction awaiting authorisation, not a confirmation: no money reached our account. Please upload the bank's confirmation.",
        },
      ),
    );
    const owed = balance(
      await db
        .selectFrom("invoices")
        .select(["total_cents", "credited_cents", "paid_cents"])
        .where("id", "=", target.id)
        .executeTakeFirstOrThrow(),
    );
    if (owed > 0) {
      await runAt(at(1), () =>
        uploadProof(
          { db, actor: attorney },
          {
            fileName: `EFT ${target.number}.pdf`,
            data: slipPdf([
              "Van der Merwe Attorneys Inc. - EFT confirmation",
              `Reference: ${target.number}`,
              `Amount: R ${(owed / 100).toFixed(2)}`,
            ]),
            amountCents: owed,
            paidOn: dayOf(1),
            reference: target.number!,
            note: null,
            invoiceIds: [target.id],
          },
        ),
      );
    }
  }
}
