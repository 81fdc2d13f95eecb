import { z } from "zod";
import { BANKS, STATEMENT_DATE_FORMATS } from "./bank-statements";
import { id, text } from "../platform/input-primitives";
import { allocationsSchema } from "../payments/payments";

/** The bank-statement procedures' inputs and the shapes they answer (docs/decisions.md, "Issue 29: bank statements and the books"). */

/** A statement file is small text; more than this is not a month's statement. */
export const STATEMENT_MAX_CHARS = 2_000_000;
export const STATEMENT_MAX_LINES = 5_000;

const column = (label: string) =>
  text(`${label} is required`).trim().min(1, `${label} is required`).max(100, `${label} must be at most 100 characters`);
const optionalColumn = text()
  .trim()
  .max(100, "A column name must be at most 100 characters")
  .nullable()
  .transform((v) => v || null);

export const bankMappingSchema = z
  .object({
    headerRow: z
      .number({ error: "The header row is a line number" })
      .int("The header row is a line number")
      .min(1, "The header row is line 1 or later")
      .max(50, "The header row is at most line 50"),
    dateColumn: column("The date column"),
    dateFormat: z.enum(STATEMENT_DATE_FORMATS, { error: "Choose a date format" }),
    descriptionColumn: column("The description column"),
    referenceColumn: optionalColumn,
    amountColumn: optionalColumn,
    creditColumn: optionalColumn,
    balanceColumn: optionalColumn,
    footerMarker: optionalColumn,
  })
  .refine((m) => (m.amountColumn === null) !== (m.creditColumn === null), {
    message: "Name either the amount column or the credit column, not both",
    path: ["amountColumn"],
  });

export const bankSchema = z.enum(BANKS, { error: "Choose the bank" });
export const saveBankMappingSchema = z.object({ bank: bankSchema, mapping: bankMappingSchema });
export const bankInputSchema = z.object({ bank: bankSchema });

export const statementFileSchema = z.object({
  /** A bank for CSV (its mapping reads the file); "ofx" for an OFX file. */
  bank: z.enum([...BANKS, "ofx"], { error: "Choose the bank, or OFX" }),
  fileName: text("Choose a statement file")
    .trim()
    .min(1, "Choose a statement file")
    .max(200, "The file name must be at most 200 characters"),
  content: text("Choose a statement file").max(STATEMENT_MAX_CHARS, "A statement file is at most 2 MB"),
});

export const confirmStatementLineSchema = z.object({
  lineId: id(),
  attorneyId: id("Choose the attorney who paid"),
  allocations: allocationsSchema,
});
/** What the hand assignment's form checks: invoices and amounts, or none (the whole line as credit). */
export const statementLineAllocationsSchema = confirmStatementLineSchema.pick({ allocations: true });
export const statementQueueInputSchema = z.object({ importId: id().optional() });
