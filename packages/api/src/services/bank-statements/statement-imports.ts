import type { z } from "zod";
import type {
  OpenInvoiceForMatching,
  ProofForMatching,
  StatementCredit,
  StatementImportResult,
  StatementPreview,
  statementFileSchema,
} from "@medlegal/domain";
import { invoiceBalance, matchStatementLine, OPEN_INVOICE_STATUSES, sastDate, statementLineKey } from "@medlegal/domain";
import { AppError } from "../../errors";
import { recordAudit } from "../audit/audit";
import { now } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import { firmLabel } from "../platform/sql";
import { mappingOf } from "./mappings";
import { isRecordCoded, readCsvStatement, readFnbRecordCoded, readOfxStatement } from "./statement-files";

/**
 * Importing a bank statement (docs/decisions.md, "Issue 29: bank statements and the books"): the
 * file read, each credit line keyed and matched to open invoices; a preview changes nothing, an
 * import keeps the new lines in one transaction. A line already imported (its key is unique) is
 * counted as a duplicate, also when two people import the same file at once: the second insert
 * waits for the first and then does nothing.
 */

type StatementFileInput = z.output<typeof statementFileSchema>;

interface KeyedCredit extends StatementCredit {
  key: string;
}

async function readStatement(db: Db, input: StatementFileInput): Promise<{ credits: KeyedCredit[]; debitsIgnored: number }> {
  // FNB has two downloads: the record-coded one is recognised by its record numbers, the transaction history read through the mapping.
  const file =
    input.bank === "ofx"
      ? readOfxStatement(input.content)
      : input.bank === "fnb" && isRecordCoded(input.content)
        ? readFnbRecordCoded(input.content)
        : readCsvStatement(input.bank, (await mappingOf(db, input.bank)).mapping, input.content);
  // Two identical lines in one file are two payments: the second one's key says so, and stays the same on every import.
  const seen = new Map<string, number>();
  const credits = file.credits.map((credit) => {
    const base = statementLineKey(input.bank, credit, file.account);
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return { ...credit, key: count === 1 ? base : `${base}#${count}` };
  });
  return { credits, debitsIgnored: file.debitsIgnored };
}

/** The open invoices a statement line may pay, with what matching reads of each. */
export async function openInvoicesForMatching(db: Db): Promise<OpenInvoiceForMatching[]> {
  const rows = await db
    .selectFrom("invoices")
    .innerJoin("users as attorney", "attorney.id", "invoices.attorney_id")
    .leftJoin("cases", "cases.id", "invoices.case_id")
    .select([
      "invoices.id",
      "invoices.number",
      "invoices.attorney_id",
      "invoices.attorney_reference",
      "invoices.total_cents",
      "invoices.paid_cents",
      "invoices.credited_cents",
      "cases.reference as case_reference",
      firmLabel("attorney").as("firm_name"),
    ])
    .where("invoices.kind", "=", "attorney")
    .where("invoices.status", "in", [...OPEN_INVOICE_STATUSES])
    .execute();
  return rows
    .map((r) => ({
      id: r.id,
      number: r.number ?? "",
      attorneyId: r.attorney_id!,
      firmName: r.firm_name,
      references: [r.attorney_reference, r.case_reference].filter((v): v is string => Boolean(v)),
      balanceCents: invoiceBalance({
        totalCents: Number(r.total_cents),
        paidCents: Number(r.paid_cents),
        creditedCents: Number(r.credited_cents),
      }),
    }))
    .filter((i) => i.balanceCents > 0);
}

/** The proofs of payment attorneys uploaded that still await a match, with what matching reads of each. */
export async function proofsForMatching(db: Db): Promise<ProofForMatching[]> {
  const rows = await db
    .selectFrom("payment_proofs")
    .innerJoin("users as attorney", "attorney.id", "payment_proofs.attorney_id")
    .select([
      "payment_proofs.id",
      "payment_proofs.attorney_id",
      "payment_proofs.amount_cents",
      "payment_proofs.paid_on",
      "payment_proofs.reference",
      "payment_proofs.invoice_ids",
      firmLabel("attorney").as("firm_name"),
    ])
    .where("payment_proofs.status", "=", "uploaded")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    attorneyId: r.attorney_id,
    firmName: r.firm_name,
    amountCents: Number(r.amount_cents),
    paidOn: r.paid_on,
    reference: r.reference,
    invoiceIds: r.invoice_ids,
  }));
}

async function knownKeys(db: Db, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows = await db.selectFrom("bank_statement_lines").select("line_key").where("line_key", "in", keys).execute();
  return new Set(rows.map((r) => r.line_key));
}

/** What importing the file would do: its credit lines, which were imported before, and their matches. Changes nothing. */
export async function previewStatement({ db }: Pick<Deps, "db">, input: StatementFileInput): Promise<StatementPreview> {
  const { credits, debitsIgnored } = await readStatement(db, input);
  const known = await knownKeys(
    db,
    credits.map((c) => c.key),
  );
  const [invoices, proofs] = await Promise.all([openInvoicesForMatching(db), proofsForMatching(db)]);
  return {
    lines: credits.map(({ key, ...credit }) => ({
      ...credit,
      duplicate: known.has(key),
      match: matchStatementLine(credit, invoices, proofs),
    })),
    debitsIgnored,
  };
}

/** Keeps the file's new credit lines with their matches (administrators), in one transaction with its audit row. */
export async function importStatement(deps: Deps, input: StatementFileInput): Promise<StatementImportResult> {
  const { credits } = await readStatement(deps.db, input);
  if (!credits.length) throw new AppError("INVALID", "This statement has no credit lines to import.", { content: "No credit lines" });
  return deps.db.transaction().execute(async (trx) => {
    const invoices = await openInvoicesForMatching(trx);
    const proofs = await proofsForMatching(trx);
    const at = now();
    const batch = await trx
      .insertInto("bank_statement_imports")
      .values({
        bank: input.bank,
        file_name: input.fileName,
        imported_count: 0,
        duplicate_count: 0,
        imported_by: deps.actor.user.id,
        created_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const inserted = await trx
      .insertInto("bank_statement_lines")
      .values(
        credits.map((credit) => {
          const match = matchStatementLine(credit, invoices, proofs);
          return {
            import_id: batch.id,
            line_no: credit.lineNo,
            line_key: credit.key,
            posted_on: credit.postedOn,
            amount_cents: credit.amountCents,
            description: credit.description,
            reference: credit.reference,
            balance_cents: credit.balanceCents,
            fit_id: credit.fitId,
            match_kind: match.kind,
            match_note: match.note,
            proposed_attorney_id: match.attorneyId,
            proposed_allocations: JSON.stringify(match.allocations),
            proposed_proof_id: match.proofId,
            created_at: at,
          };
        }),
      )
      .onConflict((oc) => oc.column("line_key").doNothing())
      .returning("id")
      .execute();
    const result = { importId: batch.id, imported: inserted.length, duplicates: credits.length - inserted.length };
    await trx
      .updateTable("bank_statement_imports")
      .set({ imported_count: result.imported, duplicate_count: result.duplicates })
      .where("id", "=", batch.id)
      .execute();
    await recordAudit(trx, deps.actor, {
      action: "bank_statement.import",
      entityType: "bank_statement_import",
      entityId: batch.id,
      after: { bank: input.bank, fileName: input.fileName, imported: result.imported, duplicates: result.duplicates },
    });
    return result;
  });
}

/**
 * A statement to try the import on (the demo, and a first look): today's FNB export paying the three
 * oldest open invoices in full, one deposit nobody can place, and a bank fee. Downloaded again the
 * same day, its lines are the same lines, so importing it twice shows the duplicates left out.
 */
export async function sampleStatement({ db }: Pick<Deps, "db">): Promise<string> {
  const open = (await openInvoicesForMatching(db)).sort((a, b) => a.number.localeCompare(b.number)).slice(0, 3);
  const day = sastDate(now()).replace(/-/g, "/");
  let balance = 8_500_000;
  const money = (cents: number) => (cents / 100).toFixed(2);
  const line = (cents: number, description: string, reference: string) => {
    balance += cents;
    return [day, money(cents), money(balance), description, reference].map((cell) => `"${cell.replace(/"/g, '""')}"`).join(",");
  };
  return (
    [
      "ACCOUNT TRANSACTION HISTORY",
      '"Name:","MEDLEGAL AGENCY (PTY) LTD"',
      '"Account:","62000000001 Business Account"',
      '"Date Range:","Sample statement"',
      "",
      "Date,Amount,Balance,Description,Reference",
      line(-9_500, "MONTHLY ACCOUNT FEE", "FEE"),
      ...open.map((invoice) => line(invoice.balanceCents, `${invoice.firmName.toUpperCase()} TRUST`, invoice.number)),
      line(123_450, "CASH DEPOSIT BRANCH 250655", ""),
    ].join("\r\n") + "\r\n"
  );
}
