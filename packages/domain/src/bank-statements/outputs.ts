import { z } from "zod";
import { sameShape, type SameShape } from "../platform/outputs";
import { type BankMappingItem, type StatementImportResult, type StatementPreview, type StatementQueueLine } from "./schemas";
import { BANKS, STATEMENT_DATE_FORMATS, STATEMENT_MATCH_KINDS } from "./bank-statements";

/** What the bank-statement procedures answer (docs/architecture.md, "Outputs"); checked against the shared interfaces. */
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
  debitsIgnored: z.number().int(),
});

export const statementImportOutputSchema = z.object({ importId: z.string(), imported: z.number().int(), duplicates: z.number().int() });

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

export const confirmAllOutputSchema = z.object({ confirmed: z.number().int() });

sameShape<SameShape<z.output<typeof bankMappingOutputSchema>, BankMappingItem>>();
sameShape<SameShape<z.output<typeof statementPreviewOutputSchema>, StatementPreview>>();
sameShape<SameShape<z.output<typeof statementImportOutputSchema>, StatementImportResult>>();
sameShape<SameShape<z.output<typeof statementQueueLineOutputSchema>, StatementQueueLine>>();
