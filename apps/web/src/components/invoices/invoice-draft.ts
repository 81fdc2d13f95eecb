import type { InvoiceDetail, InvoiceLineInput, InvoiceLineKind, ReportListItem, attorneyInvoiceDraftSchema } from "@medlegal/domain";
import { formatRand, invoiceLineInputSchema, parseRandToCents } from "@medlegal/domain";
import type { z } from "zod";
import type { useZodForm } from "@/hooks/use-zod-form";

export type InvoiceDraftPayload = z.input<typeof attorneyInvoiceDraftSchema>;

/** One line as typed: the quantity and the unit price (in rand) are text until sent. */
export interface LineForm {
  key: number;
  kind: InvoiceLineKind | "";
  description: string;
  quantity: string;
  unitPrice: string;
  /** The report the line bills ("" for none): one of the chosen case's. */
  reportId: string;
}

export interface InvoiceFormState {
  attorneyId: string;
  caseId: string;
  attorneyReference: string;
  lines: LineForm[];
}

/** The invoice form's one store and its helpers, handed to each section of the form. */
export type InvoiceFormFields = ReturnType<typeof useZodForm<InvoiceFormState>>;

/** A report of the chosen case, which a line may bill (releasing the report once paid in full) unless withdrawn. */
export type CaseReport = Pick<ReportListItem, "id" | "reference" | "kind" | "statusLabel" | "consultantName" | "status">;

let nextKey = 1;
export const newLine = (): LineForm => ({ key: nextKey++, kind: "", description: "", quantity: "1", unitPrice: "", reportId: "" });

/** A line as the server receives it; what cannot be read becomes NaN, which the schema refuses. */
export function toLine(l: LineForm): InvoiceLineInput {
  const price = parseRandToCents(l.unitPrice);
  return {
    kind: (l.kind || undefined) as InvoiceLineKind,
    description: l.description,
    quantity: /^\s*\d+\s*$/.test(l.quantity) ? Number(l.quantity) : Number.NaN,
    unitPriceCents: price === null ? Number.NaN : price,
    reportId: l.reportId || null,
  };
}

export function toPayload(form: InvoiceFormState): InvoiceDraftPayload {
  return {
    attorneyId: form.attorneyId,
    caseId: form.caseId || null,
    attorneyReference: form.attorneyReference,
    lines: form.lines.map(toLine),
  };
}

/** What is wrong with each line, in the words the server would use (a price it cannot read: how to type it). */
export function lineProblems(lines: readonly LineForm[]): (string | null)[] {
  return lines.map((l) => {
    const price = parseRandToCents(l.unitPrice);
    if (price === null || Number.isNaN(price)) {
      const checked = invoiceLineInputSchema.safeParse({ ...toLine(l), unitPriceCents: 0 });
      return checked.success ? "Type the unit price in rand, e.g. 1 234.57" : (checked.error.issues[0]?.message ?? null);
    }
    const checked = invoiceLineInputSchema.safeParse(toLine(l));
    return checked.success ? null : (checked.error.issues[0]?.message ?? null);
  });
}

/** The lines' error names the first line at fault, so the sentence says where to look. */
export function refine(form: InvoiceFormState, errors: Record<string, string>): Record<string, string> {
  const problems = lineProblems(form.lines);
  const first = problems.findIndex((p) => p !== null);
  if (first < 0) return errors;
  return { ...errors, lines: `Line ${first + 1}: ${problems[first]}` };
}

export function initialState(draft?: InvoiceDetail | null): InvoiceFormState {
  if (!draft) return { attorneyId: "", caseId: "", attorneyReference: "", lines: [newLine()] };
  return {
    attorneyId: draft.attorneyId ?? "",
    caseId: draft.caseId ?? "",
    attorneyReference: draft.attorneyReference ?? "",
    lines: draft.lines.map((l) => ({
      key: nextKey++,
      kind: l.kind,
      description: l.description,
      quantity: String(l.quantity),
      unitPrice: formatRand(l.unitPriceCents),
      reportId: l.reportId ?? "",
    })),
  };
}
