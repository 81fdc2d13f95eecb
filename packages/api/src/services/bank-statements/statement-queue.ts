import { sql } from "kysely";
import type { z } from "zod";
import type { confirmStatementLineSchema, StatementQueueLine, statementQueueInputSchema } from "@medlegal/domain";
import { BANK_LABELS, formatRand, saDateLabel, STATEMENT_MATCH_LABELS } from "@medlegal/domain";
import type { Bank } from "@medlegal/domain";
import type { SignedInActor } from "../../actors";
import { AppError, notFoundMessage } from "../../errors";
import { recordAudit } from "../audit/audit";
import { now } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import { firmLabel } from "../platform/sql";
import type { Trx } from "../payments/payment-access";
import { recordPaymentIn } from "../payments/payments";

/**
 * The match queue (docs/decisions.md, "Issue 29: bank statements and the books"): imported credit
 * lines waiting to be confirmed, and the ones confirmed lately. Confirming a line records its
 * payment and allocations through the payments service in the same transaction as the line's own
 * change (so reports paid in full are released as for any payment); a line becomes a payment once.
 */

const MISSING_LINE = notFoundMessage("statement line");
const QUEUE_LIMIT = 300;

type LineRow = {
  id: string;
  line_no: number;
  posted_on: string;
  amount_cents: number;
  reference: string;
  description: string;
  payment_id: string | null;
};

/** How a line is named in a sentence: "Line 7 (28 Nov 2026, R 1 150.00)". */
const lineName = (line: Pick<LineRow, "line_no" | "posted_on" | "amount_cents">) =>
  `Line ${line.line_no} (${saDateLabel(line.posted_on)}, ${formatRand(Number(line.amount_cents))})`;

/** Open lines first (oldest first), then the lines confirmed in the last 30 days. */
export async function statementQueue(
  { db }: Pick<Deps, "db">,
  input: z.output<typeof statementQueueInputSchema>,
): Promise<StatementQueueLine[]> {
  let query = db
    .selectFrom("bank_statement_lines as line")
    .innerJoin("bank_statement_imports as batch", "batch.id", "line.import_id")
    .leftJoin("payments", "payments.id", "line.payment_id")
    .leftJoin("users as attorney", (join) => join.on(sql`attorney.id`, "=", sql`coalesce(payments.attorney_id, line.proposed_attorney_id)`))
    .selectAll("line")
    .select(["batch.bank", firmLabel<string | null>("attorney").as("attorney_name"), "attorney.id as attorney_id"])
    .where((eb) => eb.or([eb("line.payment_id", "is", null), eb("line.confirmed_at", ">", sql<Date>`now() - interval '30 days'`)]));
  if (input.importId) query = query.where("line.import_id", "=", input.importId);
  const rows = await query
    .orderBy(sql`line.payment_id IS NULL`, "desc")
    .orderBy("line.posted_on")
    .orderBy("line.line_no")
    .limit(QUEUE_LIMIT)
    .execute();
  if (!rows.length) return [];
  // What a confirmed line was set against, else what the matcher proposed.
  const paid = await db
    .selectFrom("payment_allocations")
    .select(["payment_id", "invoice_id", "amount_cents"])
    .where(
      "payment_id",
      "in",
      rows
        .map((r) => r.payment_id)
        .filter((v): v is string => v !== null)
        .concat("00000000-0000-0000-0000-000000000000"),
    )
    .execute();
  const invoiceIds = [
    ...new Set([...paid.map((p) => p.invoice_id), ...rows.flatMap((r) => r.proposed_allocations.map((a) => a.invoiceId))]),
  ];
  const numbers = new Map(
    invoiceIds.length
      ? (await db.selectFrom("invoices").select(["id", "number"]).where("id", "in", invoiceIds).execute()).map(
          (i) => [i.id, i.number ?? ""] as const,
        )
      : [],
  );
  return rows.map((r) => {
    const allocations = r.payment_id
      ? paid.filter((p) => p.payment_id === r.payment_id).map((p) => ({ invoiceId: p.invoice_id, amountCents: Number(p.amount_cents) }))
      : r.proposed_allocations;
    return {
      id: r.id,
      importId: r.import_id,
      lineNo: r.line_no,
      bankLabel: r.bank === "ofx" ? "OFX" : BANK_LABELS[r.bank as Bank],
      postedOn: r.posted_on,
      amountCents: Number(r.amount_cents),
      description: r.description,
      reference: r.reference,
      status: r.payment_id ? "confirmed" : "open",
      match: r.match_kind,
      matchLabel: STATEMENT_MATCH_LABELS[r.match_kind],
      note: r.match_note,
      attorneyId: r.attorney_id ?? null,
      attorneyName: r.attorney_id ? r.attorney_name : null,
      allocations: allocations.map((a) => ({ ...a, invoiceNumber: numbers.get(a.invoiceId) ?? "" })),
      paymentId: r.payment_id,
    };
  });
}

async function lockLine(trx: Trx, lineId: string) {
  const line = await trx.selectFrom("bank_statement_lines").selectAll().where("id", "=", lineId).forUpdate().executeTakeFirst();
  if (!line) throw new AppError("NOT_FOUND", MISSING_LINE);
  return line;
}

/** Records the locked line's payment with these allocations, marks the line confirmed, audits it. */
async function confirmLocked(
  trx: Trx,
  actor: SignedInActor,
  line: Awaited<ReturnType<typeof lockLine>>,
  attorneyId: string,
  allocations: { invoiceId: string; amountCents: number }[],
) {
  if (line.payment_id) throw new AppError("CONFLICT", `${lineName(line)} is already confirmed as a payment.`);
  // The attorney's proof of payment the line was matched to, when it is still theirs and still waiting: matched with the payment.
  const proof = line.proposed_proof_id
    ? await trx
        .selectFrom("payment_proofs")
        .select("id")
        .where("id", "=", line.proposed_proof_id)
        .where("attorney_id", "=", attorneyId)
        .where("status", "=", "uploaded")
        .executeTakeFirst()
    : undefined;
  let paymentId: string;
  try {
    paymentId = await recordPaymentIn(trx, actor, {
      attorneyId,
      method: "eft",
      reference: (line.reference || line.description || `Bank statement line ${line.line_no}`).slice(0, 100),
      receivedOn: line.posted_on,
      amountCents: Number(line.amount_cents),
      allocations,
      proofId: proof?.id ?? null,
    });
  } catch (error) {
    // The payments service's sentence, said of this line.
    if (error instanceof AppError) throw new AppError(error.code, `${lineName(line)}: ${error.message}`, error.fieldErrors);
    throw error;
  }
  await trx
    .updateTable("bank_statement_lines")
    .set({ payment_id: paymentId, confirmed_by: actor.user.id, confirmed_at: now() })
    .where("id", "=", line.id)
    .execute();
  await recordAudit(trx, actor, {
    action: "bank_statement_line.confirm",
    entityType: "bank_statement_line",
    entityId: line.id,
    before: { confirmed: false },
    after: { confirmed: true, paymentId, attorneyId, allocations, proofId: proof?.id ?? null },
  });
  return paymentId;
}

/** Confirms one line (administrators): as proposed, split over several invoices, or assigned by hand. */
export async function confirmStatementLine(deps: Deps, input: z.output<typeof confirmStatementLineSchema>): Promise<StatementQueueLine> {
  const lineId = await deps.db.transaction().execute(async (trx) => {
    const line = await lockLine(trx, input.lineId);
    const asked = input.allocations.reduce((sum, a) => sum + a.amountCents, 0);
    if (asked > Number(line.amount_cents)) {
      throw new AppError("INVALID", `${lineName(line)}: the invoices add up to ${formatRand(asked)}, more than the line.`, {
        allocations: `At most ${formatRand(Number(line.amount_cents))}`,
      });
    }
    await confirmLocked(trx, deps.actor, line, input.attorneyId, input.allocations);
    return line.id;
  });
  return (await lineById(deps.db, lineId))!;
}

/** Confirms every open exact match at once (administrators), in one transaction: all of them, or none with a sentence naming the line. */
export async function confirmExactMatches(deps: Deps): Promise<{ confirmed: number }> {
  return deps.db.transaction().execute(async (trx) => {
    const lines = await trx
      .selectFrom("bank_statement_lines")
      .selectAll()
      .where("payment_id", "is", null)
      .where("match_kind", "=", "exact")
      .orderBy("id")
      .forUpdate()
      .execute();
    for (const line of lines) await confirmLocked(trx, deps.actor, line, line.proposed_attorney_id!, line.proposed_allocations);
    return { confirmed: lines.length };
  });
}

async function lineById(db: Db, id: string): Promise<StatementQueueLine | undefined> {
  const row = await db.selectFrom("bank_statement_lines").select("import_id").where("id", "=", id).executeTakeFirstOrThrow();
  return (await statementQueue({ db: db as Deps["db"] }, { importId: row.import_id })).find((l) => l.id === id);
}
