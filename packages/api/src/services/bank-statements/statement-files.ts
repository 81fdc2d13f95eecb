import Papa from "papaparse";
import { parseSync } from "ofx-js";
import type { Bank, BankMapping, StatementCredit } from "@medlegal/domain";
import { BANK_LABELS, parseStatementAmount, parseStatementDate, STATEMENT_DATE_FORMAT_LABELS, STATEMENT_MAX_LINES } from "@medlegal/domain";
import { AppError } from "../../errors";

/**
 * Reading a statement file into its credit lines (docs/decisions.md, "Issue 29: bank statements and
 * the books"): CSV through papaparse and the bank's mapping, OFX through ofx-js. Anything the file
 * cannot be is refused with a sentence naming the line; nothing is half-read.
 */

export interface StatementFile {
  credits: StatementCredit[];
  debitsIgnored: number;
  /** The OFX account id, so two accounts' FITIDs never collide; "" for CSV. */
  account: string;
}

const refuse = (message: string) => new AppError("INVALID", message, { content: message });

/**
 * The separator the column header uses: the header row names every column, so it holds the most
 * separators, whereas the bank's header lines and decimal commas would mislead a guess over the file.
 */
function delimiterOf(headerLine: string): string {
  const counts = [",", ";", "\t", "|"].map((d) => [d, headerLine.split(d).length] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

/** A CSV export read through the bank's mapping. */
export function readCsvStatement(bank: Bank, mapping: BankMapping, content: string): StatementFile {
  const text = content.replace(/^\uFEFF/, "");
  const parsed = Papa.parse<string[]>(text, {
    skipEmptyLines: false,
    delimiter: delimiterOf(text.split(/\r?\n/)[mapping.headerRow - 1] ?? ""),
  });
  const rows = parsed.data;
  if (rows.length > STATEMENT_MAX_LINES)
    throw refuse(`A statement has at most ${STATEMENT_MAX_LINES} lines; this file has ${rows.length}.`);
  const header = (rows[mapping.headerRow - 1] ?? []).map((cell) => cell.trim().toLowerCase());
  const columnOf = (name: string | null) => {
    if (name === null) return null;
    const index = header.indexOf(name.trim().toLowerCase());
    if (index < 0) {
      throw refuse(
        `Line ${mapping.headerRow} is not the column header of ${BANK_LABELS[bank]} statements: it has no "${name}" column. Check the bank chosen, or edit its column mapping.`,
      );
    }
    return index;
  };
  const date = columnOf(mapping.dateColumn)!;
  const description = columnOf(mapping.descriptionColumn)!;
  const reference = columnOf(mapping.referenceColumn);
  const amount = columnOf(mapping.amountColumn);
  const credit = columnOf(mapping.creditColumn);
  const balance = columnOf(mapping.balanceColumn);
  const footer = mapping.footerMarker?.trim().toLowerCase() || null;

  const credits: StatementCredit[] = [];
  let debitsIgnored = 0;
  for (let i = mapping.headerRow; i < rows.length; i++) {
    const lineNo = i + 1;
    const row = rows[i]!.map((cell) => (cell ?? "").trim());
    if (row.every((cell) => cell === "")) continue;
    if (
      footer &&
      row
        .find((cell) => cell !== "")!
        .toLowerCase()
        .startsWith(footer)
    )
      break;
    const money = (amount ?? credit)!;
    const dateCell = row[date] ?? "";
    const moneyCell = row[money] ?? "";
    // A line without a date or money is the bank's own note (an opening balance, a heading): not a transaction.
    if (dateCell === "" && moneyCell === "") continue;
    const postedOn = parseStatementDate(dateCell, mapping.dateFormat);
    if (!postedOn) {
      throw refuse(
        `Line ${lineNo}: "${dateCell}" is not a date written like ${STATEMENT_DATE_FORMAT_LABELS[mapping.dateFormat]}. Nothing was imported.`,
      );
    }
    if (credit !== null && moneyCell === "") {
      debitsIgnored++;
      continue;
    }
    const cents = parseStatementAmount(moneyCell);
    if (cents === null) throw refuse(`Line ${lineNo}: "${moneyCell}" is not an amount. Nothing was imported.`);
    if (cents <= 0) {
      debitsIgnored++;
      continue;
    }
    let balanceCents: number | null = null;
    if (balance !== null && (row[balance] ?? "") !== "") {
      balanceCents = parseStatementAmount(row[balance]!);
      if (balanceCents === null) throw refuse(`Line ${lineNo}: the balance "${row[balance]}" is not an amount. Nothing was imported.`);
    }
    credits.push({
      lineNo,
      postedOn,
      amountCents: cents,
      description: (row[description] ?? "").slice(0, 500),
      reference: reference === null ? "" : (row[reference] ?? "").slice(0, 200),
      balanceCents,
      fitId: null,
    });
  }
  return { credits, debitsIgnored, account: "" };
}

/**
 * FNB's record-coded download (issue 37, item 15; docs/decisions.md "FNB's record-coded CSV"):
 * every line starts with its record number (2 and 3: the account and the statement, 4: balances,
 * 5: the column header, then the transactions). True when the file is laid out that way, whatever
 * mapping FNB has: its own first cells say so.
 */
export function isRecordCoded(content: string): boolean {
  const lines = content
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .filter((l) => l.trim() !== "");
  return lines.length > 0 && lines.every((l) => /^\s*"?\d{1,2}"?\s*,/.test(l)) && lines.some((l) => /^\s*"?5"?\s*,/.test(l));
}

/** Dates FNB writes in its downloads: dd/mm/yyyy in the record-coded one, the others as the other layouts do. */
const FNB_DATE_FORMATS = ["dd/mm/yyyy", "yyyy/mm/dd", "d mmm yyyy", "yyyy-mm-dd"] as const;

/** FNB's record-coded CSV: the first record-5 line naming a "Date" and an "Amount" column is the header; the record-5 lines after it are the transactions. */
export function readFnbRecordCoded(content: string): StatementFile {
  const rows = Papa.parse<string[]>(content.replace(/^\uFEFF/, ""), { skipEmptyLines: false, delimiter: "," }).data;
  if (rows.length > STATEMENT_MAX_LINES)
    throw refuse(`A statement has at most ${STATEMENT_MAX_LINES} lines; this file has ${rows.length}.`);
  const record = (row: string[]) => (row[0] ?? "").trim();
  const headerAt = rows.findIndex(
    (row) =>
      record(row) === "5" && row.some((c) => c.trim().toLowerCase() === "date") && row.some((c) => c.trim().toLowerCase() === "amount"),
  );
  if (headerAt < 0)
    throw refuse('This FNB file has no column header on a record-5 line (one naming "Date" and "Amount"). Nothing was imported.');
  const header = rows[headerAt]!.map((c) => c.trim().toLowerCase());
  const date = header.indexOf("date");
  const amount = header.indexOf("amount");
  const balance = header.indexOf("balance");
  const descriptions = header.flatMap((h, i) => (h.startsWith("description") ? [i] : []));
  const credits: StatementCredit[] = [];
  let debitsIgnored = 0;
  for (let i = headerAt + 1; i < rows.length; i++) {
    const row = rows[i]!.map((cell) => (cell ?? "").trim());
    if (record(row) !== "5") continue;
    const lineNo = i + 1;
    const dateCell = row[date] ?? "";
    const postedOn = FNB_DATE_FORMATS.map((f) => parseStatementDate(dateCell, f)).find(Boolean);
    if (!postedOn)
      throw refuse(
        `Line ${lineNo}: "${dateCell}" is not a date written like ${STATEMENT_DATE_FORMAT_LABELS["dd/mm/yyyy"]}. Nothing was imported.`,
      );
    const cents = parseStatementAmount(row[amount] ?? "");
    if (cents === null) throw refuse(`Line ${lineNo}: "${row[amount] ?? ""}" is not an amount. Nothing was imported.`);
    if (cents <= 0) {
      debitsIgnored++;
      continue;
    }
    let balanceCents: number | null = null;
    if (balance >= 0 && (row[balance] ?? "") !== "") {
      balanceCents = parseStatementAmount(row[balance]!);
      if (balanceCents === null) throw refuse(`Line ${lineNo}: the balance "${row[balance]}" is not an amount. Nothing was imported.`);
    }
    credits.push({
      lineNo,
      postedOn,
      amountCents: cents,
      description: descriptions
        .map((d) => row[d] ?? "")
        .filter(Boolean)
        .join(" ")
        .slice(0, 500),
      reference: "",
      balanceCents,
      fitId: null,
    });
  }
  return { credits, debitsIgnored, account: "" };
}

type OfxNode = Record<string, unknown>;
const asList = (value: unknown): OfxNode[] => (Array.isArray(value) ? value : value ? [value] : []) as OfxNode[];
const field = (node: OfxNode, name: string) => (typeof node[name] === "string" ? (node[name] as string).trim() : "");

/** An OFX file (1.x SGML or 2.x XML): its bank account's STMTTRN credits. */
export function readOfxStatement(content: string): StatementFile {
  let ofx: OfxNode;
  try {
    ofx = parseSync(content).OFX as OfxNode;
  } catch {
    ofx = {};
  }
  const statements = asList((ofx?.BANKMSGSRSV1 as OfxNode | undefined)?.STMTTRNRS)
    .map((r) => r.STMTRS as OfxNode | undefined)
    .filter(Boolean) as OfxNode[];
  if (!statements.length)
    throw refuse("This is not an OFX bank statement: it has no bank statement transactions (BANKMSGSRSV1). Nothing was imported.");
  const credits: StatementCredit[] = [];
  let debitsIgnored = 0;
  let number = 0;
  const account = field((statements[0]!.BANKACCTFROM ?? {}) as OfxNode, "ACCTID");
  for (const statement of statements) {
    for (const t of asList((statement.BANKTRANLIST as OfxNode | undefined)?.STMTTRN)) {
      const lineNo = ++number;
      const posted = field(t, "DTPOSTED");
      const postedOn = /^\d{8}/.test(posted) ? parseStatementDate(posted.slice(0, 8), "yyyymmdd") : null;
      if (!postedOn) throw refuse(`Transaction ${lineNo}: "${posted}" is not a date. Nothing was imported.`);
      const cents = parseStatementAmount(field(t, "TRNAMT"));
      if (cents === null) throw refuse(`Transaction ${lineNo}: "${field(t, "TRNAMT")}" is not an amount. Nothing was imported.`);
      const fitId = field(t, "FITID");
      if (!fitId)
        throw refuse(`Transaction ${lineNo} has no FITID, so it could not be told apart when imported again. Nothing was imported.`);
      if (cents <= 0) {
        debitsIgnored++;
        continue;
      }
      credits.push({
        lineNo,
        postedOn,
        amountCents: cents,
        description: [field(t, "NAME"), field(t, "MEMO")].filter(Boolean).join(" ").slice(0, 500),
        reference: (field(t, "REFNUM") || field(t, "CHECKNUM")).slice(0, 200),
        balanceCents: null,
        fitId: fitId.slice(0, 255),
      });
      if (credits.length + debitsIgnored > STATEMENT_MAX_LINES)
        throw refuse(`A statement has at most ${STATEMENT_MAX_LINES} transactions.`);
    }
  }
  return { credits, debitsIgnored, account };
}
