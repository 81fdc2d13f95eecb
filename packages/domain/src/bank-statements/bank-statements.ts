/**
 * Bank statements matched by themselves (docs/decisions.md, "Issue 29: bank statements and the
 * books"): the pure rules. A statement's CSV is read through a column mapping per bank (saved and
 * editable; these defaults until someone saves one), or it is OFX. Only credits count. Each credit
 * line is matched to open invoices by an invoice number or the attorney's file reference in its
 * text, then by amount and firm.
 */

export const BANKS = ["fnb", "absa", "standard_bank", "nedbank", "capitec", "investec"] as const;
export type Bank = (typeof BANKS)[number];
export const BANK_LABELS: Record<Bank, string> = {
  fnb: "FNB",
  absa: "Absa",
  standard_bank: "Standard Bank",
  nedbank: "Nedbank",
  capitec: "Capitec",
  investec: "Investec",
};

/** How a bank writes its dates; the label is what staff see when they edit a mapping. */
export const STATEMENT_DATE_FORMATS = ["yyyy/mm/dd", "d mmm yyyy", "dd-mmm-yy", "dd/mm/yyyy", "yyyy-mm-dd", "yyyymmdd"] as const;
export type StatementDateFormat = (typeof STATEMENT_DATE_FORMATS)[number];
export const STATEMENT_DATE_FORMAT_LABELS: Record<StatementDateFormat, string> = {
  "yyyy/mm/dd": "2026/11/28",
  "d mmm yyyy": "28 Nov 2026",
  "dd-mmm-yy": "28-Nov-26",
  "dd/mm/yyyy": "28/11/2026",
  "yyyy-mm-dd": "2026-11-28",
  yyyymmdd: "20261128",
};

/**
 * Where a bank's CSV keeps each field. `headerRow` is the line (from 1) holding the column names;
 * lines above it are the bank's header (account name, period) and are skipped. Money is either one
 * signed `amountColumn` or a `creditColumn` (debits, in their own column, are ignored). Reading
 * stops at the first line whose first cell starts with `footerMarker` (the bank's closing lines).
 */
export interface BankMapping {
  headerRow: number;
  dateColumn: string;
  dateFormat: StatementDateFormat;
  descriptionColumn: string;
  referenceColumn: string | null;
  amountColumn: string | null;
  creditColumn: string | null;
  balanceColumn: string | null;
  footerMarker: string | null;
}

/**
 * The layouts of each bank's CSV export as the agency receives them. Banks change their exports,
 * so each is only the starting point: staff edit and save the mapping per bank.
 */
export const DEFAULT_BANK_MAPPINGS: Record<Bank, BankMapping> = {
  fnb: {
    headerRow: 6,
    dateColumn: "Date",
    dateFormat: "yyyy/mm/dd",
    descriptionColumn: "Description",
    referenceColumn: "Reference",
    amountColumn: "Amount",
    creditColumn: null,
    balanceColumn: "Balance",
    footerMarker: null,
  },
  absa: {
    headerRow: 4,
    dateColumn: "Transaction Date",
    dateFormat: "d mmm yyyy",
    descriptionColumn: "Description",
    referenceColumn: null,
    amountColumn: "Amount",
    creditColumn: null,
    balanceColumn: "Balance",
    footerMarker: "Closing Balance",
  },
  standard_bank: {
    headerRow: 3,
    dateColumn: "Date",
    dateFormat: "yyyymmdd",
    descriptionColumn: "Description",
    referenceColumn: "Reference",
    amountColumn: "Amount",
    creditColumn: null,
    balanceColumn: "Balance",
    footerMarker: "End of statement",
  },
  nedbank: {
    headerRow: 5,
    dateColumn: "Date",
    dateFormat: "dd-mmm-yy",
    descriptionColumn: "Description",
    referenceColumn: null,
    amountColumn: null,
    creditColumn: "Credit",
    balanceColumn: "Balance",
    footerMarker: "Total",
  },
  capitec: {
    headerRow: 1,
    dateColumn: "Posting Date",
    dateFormat: "yyyy-mm-dd",
    descriptionColumn: "Description",
    referenceColumn: null,
    amountColumn: null,
    creditColumn: "Money In",
    balanceColumn: "Balance",
    footerMarker: null,
  },
  investec: {
    headerRow: 2,
    dateColumn: "Date",
    dateFormat: "dd/mm/yyyy",
    descriptionColumn: "Description",
    referenceColumn: null,
    amountColumn: null,
    creditColumn: "Credit",
    balanceColumn: "Balance",
    footerMarker: null,
  },
};

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

function isoDate(year: number, month: number, day: number): string | null {
  if (!(year >= 1900 && year <= 2100 && month >= 1 && month <= 12 && day >= 1 && day <= 31)) return null;
  const value = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  const date = new Date(`${value}T00:00:00Z`);
  return date.toISOString().slice(0, 10) === value ? value : null;
}

/** Each format's pattern and which of its groups hold the year, month and day; a month by name is read from its first three letters. */
const DATE_PATTERNS: Record<StatementDateFormat, { pattern: RegExp; year: number; month: number; day: number; twoDigitYear?: boolean }> = {
  "yyyy/mm/dd": { pattern: /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/, year: 1, month: 2, day: 3 },
  "yyyy-mm-dd": { pattern: /^(\d{4})-(\d{2})-(\d{2})$/, year: 1, month: 2, day: 3 },
  yyyymmdd: { pattern: /^(\d{4})(\d{2})(\d{2})$/, year: 1, month: 2, day: 3 },
  "dd/mm/yyyy": { pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, year: 3, month: 2, day: 1 },
  "d mmm yyyy": { pattern: /^(\d{1,2}) ([A-Za-z]{3,9}) (\d{4})$/, year: 3, month: 2, day: 1 },
  // Two-digit years are this century: statements are never older than 2000.
  "dd-mmm-yy": { pattern: /^(\d{1,2})-([A-Za-z]{3})-(\d{2})$/, year: 3, month: 2, day: 1, twoDigitYear: true },
};

/** A statement's date as YYYY-MM-DD, or null when it is not a real date in that format (31 Feb, "yesterday"). */
export function parseStatementDate(value: string, format: StatementDateFormat): string | null {
  const { pattern, year, month, day, twoDigitYear } = DATE_PATTERNS[format];
  const m = value.trim().match(pattern);
  if (!m) return null;
  const monthText = m[month]!;
  const monthNumber = /^\d+$/.test(monthText) ? Number(monthText) : MONTHS.indexOf(monthText.slice(0, 3).toLowerCase()) + 1;
  return isoDate((twoDigitYear ? 2000 : 0) + Number(m[year]), monthNumber, Number(m[day]));
}

/**
 * Money as banks print it, in cents: "1 150.00", "1,150.00", "R1150", "1150,00", "-50.00",
 * "50.00 Cr" / "50.00 Dr"; null when it is not an amount.
 */
export function parseStatementAmount(value: string): number | null {
  let v = value.trim().replace(/\u00a0/g, " ");
  if (!v) return null;
  let sign = 1;
  const suffix = v.match(/\s*(cr|dr)$/i);
  if (suffix) {
    if (suffix[1]!.toLowerCase() === "dr") sign = -1;
    v = v.slice(0, -suffix[0].length);
  }
  if (/^\(.*\)$/.test(v)) {
    sign = -sign;
    v = v.slice(1, -1);
  }
  if (v.startsWith("-")) {
    sign = -sign;
    v = v.slice(1);
  } else if (v.startsWith("+")) v = v.slice(1);
  v = v.replace(/^r\s*/i, "").replace(/\s/g, "");
  // A comma followed by exactly two digits at the end, with no point, is a decimal comma.
  if (/^\d+(,\d{2})$/.test(v) || /^\d{1,3}(\.\d{3})+,\d{2}$/.test(v)) v = v.replace(/\./g, "").replace(",", ".");
  else v = v.replace(/,/g, "");
  const m = v.match(/^(\d+)(?:\.(\d{1,2}))?$/);
  if (!m) return null;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? "0").padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? sign * cents : null;
}

/** A statement line as read from the file: credits only, each with the line of the file it came from. */
export interface StatementCredit {
  lineNo: number;
  postedOn: string;
  amountCents: number;
  description: string;
  reference: string;
  balanceCents: number | null;
  /** OFX's own id of the transaction. */
  fitId: string | null;
}

/**
 * What makes a line the same line when imported again: the OFX FITID, or the date, amount,
 * reference (the description when there is none) and running balance of a CSV line.
 */
export function statementLineKey(bank: Bank | "ofx", line: Omit<StatementCredit, "lineNo">, account = ""): string {
  if (line.fitId) return `ofx:${account}:${line.fitId}`;
  const reference = (line.reference || line.description).replace(/\s+/g, " ").trim().toUpperCase();
  return `${bank}:${line.postedOn}:${line.amountCents}:${reference}:${line.balanceCents ?? ""}`;
}

/* ---------- matching ---------- */

/** `INV-2026-00012`, `INV2026 00012`, `inv 2026 12`: the invoice numbers a line names, as issued. */
export function invoiceNumbersIn(textValue: string): string[] {
  const found = new Set<string>();
  for (const m of textValue.matchAll(/\bINV[\s\-_/]*(\d{4})[\s\-_/]*(\d{1,6})\b/gi)) {
    found.add(`INV-${m[1]}-${String(Number(m[2])).padStart(5, "0")}`);
  }
  return [...found];
}

const squash = (value: string) => value.toUpperCase().replace(/[^A-Z0-9]/g, "");

/** An open invoice a line may pay. */
export interface OpenInvoiceForMatching {
  id: string;
  number: string;
  attorneyId: string;
  firmName: string;
  /** The attorney's own file reference on the invoice, and its case's reference. */
  references: string[];
  balanceCents: number;
}

export const STATEMENT_MATCH_KINDS = ["exact", "partial", "none"] as const;
export type StatementMatchKind = (typeof STATEMENT_MATCH_KINDS)[number];
export const STATEMENT_MATCH_LABELS: Record<StatementMatchKind, string> = {
  exact: "Exact match",
  partial: "Check this match",
  none: "Not matched",
};

/** A proof of payment an attorney uploaded that still awaits its match: what they say they paid, and for which invoices. */
export interface ProofForMatching {
  id: string;
  attorneyId: string;
  firmName: string;
  amountCents: number;
  paidOn: string;
  reference: string;
  invoiceIds: string[];
}

export interface StatementMatch {
  kind: StatementMatchKind;
  attorneyId: string | null;
  allocations: { invoiceId: string; amountCents: number }[];
  /** The attorney's proof of payment the line is (matched to the payment when the line is confirmed). */
  proofId: string | null;
  /** Why, in a sentence staff read in the queue. */
  note: string;
}

/** References shorter than this match too much by accident ("12", "AB"). */
const MIN_REFERENCE_LENGTH = 4;

/** Words of a firm's name that every firm has: what is left names the firm ("Van der Merwe Attorneys Inc." is VAN DER MERWE). */
const GENERIC_FIRM_WORDS = new Set([
  "ATTORNEYS",
  "ATTORNEY",
  "ATTYS",
  "INC",
  "INCORPORATED",
  "AND",
  "CO",
  "ASSOCIATES",
  "PARTNERS",
  "TRUST",
  "LAW",
  "LEGAL",
  "THE",
  "FIRM",
  "OF",
  "PTY",
  "LTD",
  "NOTARIES",
  "CONVEYANCERS",
]);

/**
 * Whether a statement line names the firm: the distinctive part of its name in the line's text
 * ("DUBE ATTORNEYS TRUST ACC" names Dube Attorneys Inc.), or its initials as a word of their own
 * ("VDM TRUST" names Van der Merwe Attorneys Inc.) when they are at least three letters.
 */
export function namesFirm(lineText: string, firmName: string): boolean {
  const words = firmName
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter((w) => w && !GENERIC_FIRM_WORDS.has(w));
  const core = words.join("");
  if (core.length >= MIN_REFERENCE_LENGTH && squash(lineText).includes(core)) return true;
  const initials = words.map((w) => w[0]).join("");
  return words.length >= 3 && new RegExp(`\\b${initials}\\b`).test(lineText.toUpperCase());
}

/** Fills invoices in number order with the amount paid; what is left, if any, stays credit. */
function fill(invoices: readonly OpenInvoiceForMatching[], amountCents: number): StatementMatch["allocations"] {
  let left = amountCents;
  const allocations: StatementMatch["allocations"] = [];
  for (const i of [...invoices].sort((a, b) => a.number.localeCompare(b.number))) {
    const amount = Math.min(left, i.balanceCents);
    if (amount > 0) allocations.push({ invoiceId: i.id, amountCents: amount });
    left -= amount;
  }
  return allocations;
}

/** The proof of payment a line is: the same amount, and the attorney's reference in the line, else the firm named within a week after the slip's date. */
function proofOf(
  line: { amountCents: number; postedOn?: string },
  words: string,
  proofs: readonly ProofForMatching[],
): ProofForMatching | null {
  const same = proofs.filter((p) => p.amountCents === line.amountCents);
  const byReference = same.filter((p) => squash(p.reference).length >= MIN_REFERENCE_LENGTH && squash(words).includes(squash(p.reference)));
  if (byReference.length) return [...byReference].sort((a, b) => a.paidOn.localeCompare(b.paidOn))[0]!;
  const week = (p: ProofForMatching) =>
    !line.postedOn || (line.postedOn >= p.paidOn && Date.parse(line.postedOn) - Date.parse(p.paidOn) <= 7 * 86_400_000);
  const byFirm = same.filter((p) => week(p) && namesFirm(words, p.firmName));
  return byFirm.length === 1 ? byFirm[0]! : null;
}

/**
 * Matches one credit line to open invoices. The invoices it names (by number, else by the
 * attorney's file reference) are the candidates; when they are one attorney's and their balances
 * add up to the amount, it is exact. Otherwise it is flagged: less than the balance (part
 * payment), more (the rest stays credit), several attorneys. With nothing named, a proof of payment
 * the attorney uploaded for the same amount (its reference in the line, or their firm named) gives
 * the invoices the slip names; else a firm the line names with one open invoice of exactly the
 * amount is proposed (several: the oldest, flagged; all the firm's open invoices together: flagged).
 * Else none. A proof of the same attorney and amount is carried along, to be matched on confirming.
 */
export function matchStatementLine(
  line: { amountCents: number; description: string; reference: string; postedOn?: string },
  invoices: readonly OpenInvoiceForMatching[],
  proofs: readonly ProofForMatching[] = [],
): StatementMatch {
  const words = `${line.description} ${line.reference}`;
  const squashed = squash(words);
  const proof = proofOf(line, words, proofs);
  const numbers = invoiceNumbersIn(words);
  let named = invoices.filter((i) => numbers.includes(i.number));
  let by = "invoice number";
  if (!named.length) {
    named = invoices.filter((i) => i.references.some((r) => squash(r).length >= MIN_REFERENCE_LENGTH && squashed.includes(squash(r))));
    by = "file reference";
  }
  if (named.length) {
    const attorneys = new Set(named.map((i) => i.attorneyId));
    const listed = named.map((i) => i.number).join(", ");
    if (attorneys.size > 1)
      return {
        kind: "partial",
        attorneyId: null,
        allocations: [],
        proofId: null,
        note: `The ${by} names invoices of more than one attorney (${listed}): assign it by hand.`,
      };
    const ordered = [...named].sort((a, b) => a.number.localeCompare(b.number));
    const due = ordered.reduce((sum, i) => sum + i.balanceCents, 0);
    const attorneyId = ordered[0]!.attorneyId;
    const proofId = proof?.attorneyId === attorneyId ? proof.id : null;
    if (due === line.amountCents) {
      return {
        kind: "exact",
        attorneyId,
        allocations: ordered.map((i) => ({ invoiceId: i.id, amountCents: i.balanceCents })),
        proofId,
        note: `The ${by} and the amount match ${listed}.`,
      };
    }
    const note =
      line.amountCents < due
        ? `Less than the balance of ${listed}: a part payment?`
        : `More than the balance of ${listed}: the rest stays as credit.`;
    return { kind: "partial", attorneyId, allocations: fill(ordered, line.amountCents), proofId, note };
  }
  if (proof) {
    const slip = `the proof of payment ${proof.firmName} uploaded (reference ${proof.reference}, paid ${proof.paidOn})`;
    const claimed = invoices.filter((i) => i.attorneyId === proof.attorneyId && proof.invoiceIds.includes(i.id));
    if (!claimed.length)
      return {
        kind: "partial",
        attorneyId: proof.attorneyId,
        allocations: [],
        proofId: proof.id,
        note: `The amount fits ${slip}, which names no open invoice: choose the invoices, or keep it as credit.`,
      };
    const listed = claimed
      .map((i) => i.number)
      .sort()
      .join(", ");
    const due = claimed.reduce((sum, i) => sum + i.balanceCents, 0);
    return {
      kind: due === line.amountCents ? "exact" : "partial",
      attorneyId: proof.attorneyId,
      allocations: fill(claimed, line.amountCents),
      proofId: proof.id,
      note:
        due === line.amountCents
          ? `The amount and ${slip} match ${listed}.`
          : `The amount fits ${slip}, but ${listed} come to a different balance: check it.`,
    };
  }
  const firms = new Map<string, OpenInvoiceForMatching[]>();
  for (const i of invoices)
    if (i.firmName && namesFirm(words, i.firmName)) firms.set(i.attorneyId, [...(firms.get(i.attorneyId) ?? []), i]);
  if (firms.size === 1) {
    const [[attorneyId, mine]] = [...firms.entries()] as [[string, OpenInvoiceForMatching[]]];
    const firm = mine[0]!.firmName;
    const exact = [...mine].filter((i) => i.balanceCents === line.amountCents).sort((a, b) => a.number.localeCompare(b.number));
    if (exact.length === 1) {
      return {
        kind: "exact",
        attorneyId,
        allocations: [{ invoiceId: exact[0]!.id, amountCents: line.amountCents }],
        proofId: null,
        note: `No invoice named; ${firm} has one open invoice of exactly this amount, ${exact[0]!.number}.`,
      };
    }
    if (exact.length > 1) {
      const listed = exact.map((i) => i.number).join(", ");
      return {
        kind: "partial",
        attorneyId,
        allocations: [{ invoiceId: exact[0]!.id, amountCents: line.amountCents }],
        proofId: null,
        note: `No invoice named; ${firm} has several open invoices of this amount (${listed}): the oldest is proposed.`,
      };
    }
    if (mine.reduce((sum, i) => sum + i.balanceCents, 0) === line.amountCents) {
      const listed = mine
        .map((i) => i.number)
        .sort()
        .join(", ");
      return {
        kind: "partial",
        attorneyId,
        allocations: fill(mine, line.amountCents),
        proofId: null,
        note: `No invoice named; the amount is what ${firm} owes on all its open invoices (${listed}).`,
      };
    }
  }
  return {
    kind: "none",
    attorneyId: null,
    allocations: [],
    proofId: null,
    note: "No invoice number, file reference, proof of payment or firm with an invoice of this amount found.",
  };
}
