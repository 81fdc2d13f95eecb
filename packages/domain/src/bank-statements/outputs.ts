import { z } from "zod";
import { BANKS, STATEMENT_DATE_FORMATS, STATEMENT_MATCH_KINDS } from "./bank-statements";

/** What the bank-statement procedures answer (docs/architecture.md, "Outputs"); each type the services and the web share is inferred from its schema. */
const cents = z.number().int();
const nullableText = z.string().nullable();
const allocations = z.array(z.object({ invoiceId: z.string(), amountCents: cents }));

export const bankMappingOutputSchema = z.object({
  bank: z.enum(BANKS),
  bankLabel: z.string(),
  mapping: z.object({
    headerRow: z.number().int(),
    dateColumn: z.string(),
    dateFormat: z.enum(STATEMENT_DATE_FORMATS),
    descriptionColumn: z.string(),
    referenceColumn: nullableText,
    amountColumn: nullableText,
    creditColumn: nullableText,
    balanceColumn: nullableText,
    footerMarker: nullableText,
  }),
  saved: z.boolean(),
});
export type BankMappingItem = z.output<typeof bankMappingOutputSchema>;

const matchOutputSchema = z.object({
  kind: z.enum(STATEMENT_MATCH_KINDS),
  attorneyId: nullableText,
  allocations,
  proofId: nullableText,
  note: z.string(),
});

export const statementPreviewOutputSchema = z.object({
  lines: z.array(
    z.object({
      lineNo: z.number().int(),
      postedOn: z.string(),
      amountCents: cents,
      description: z.string(),
      reference: z.string(),
      balanceCents: cents.nullable(),
      fitId: nullableText,
      duplicate: z.boolean(),
      match: matchOutputSchema,
    }),
  ),
  /** Debit lines left out. */
  debitsIgnored: z.number().int(),
});
export type StatementPreview = z.output<typeof statementPreviewOutputSchema>;

export const statementImportOutputSchema = z.object({ importId: z.string(), imported: z.number().int(), duplicates: z.number().int() });
export type StatementImportResult = z.output<typeof statementImportOutputSchema>;

export const statementQueueLineOutputSchema = z.object({
  id: z.string(),
  importId: z.string(),
  lineNo: z.number().int(),
  bankLabel: z.string(),
  postedOn: z.string(),
  amountCents: cents,
  description: z.string(),
  reference: z.string(),
  status: z.enum(["open", "confirmed"]),
  match: z.enum(STATEMENT_MATCH_KINDS),
  matchLabel: z.string(),
  note: z.string(),
  attorneyId: nullableText,
  attorneyName: nullableText,
  allocations: z.array(z.object({ invoiceId: z.string(), invoiceNumber: z.string(), amountCents: cents })),
  paymentId: nullableText,
});
export type StatementQueueLine = z.output<typeof statementQueueLineOutputSchema>;

export const confirmAllOutputSchema = z.object({ confirmed: z.number().int() });
