import type { CaseItem, InvoiceDetail } from "@medlegal/domain";
import * as React from "react";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { attorneysOfCases } from "./invoice-queries";
import type { InvoiceFormFields } from "./invoice-draft";

/**
 * The invoice's recipient and matter: the attorney, one of their cases and the attorney's file
 * reference. Another attorney or case forgets what no longer fits (the case, the lines' reports).
 */
export function InvoiceMatterSection({
  fields: { form, patch, err, bind, text },
  draft,
  cases,
  casesLoading,
  pending,
}: {
  fields: Pick<InvoiceFormFields, "form" | "patch" | "err" | "bind" | "text">;
  draft?: InvoiceDetail | null;
  cases: readonly CaseItem[];
  casesLoading: boolean;
  pending: boolean;
}) {
  const attorneys = React.useMemo(() => {
    const list = attorneysOfCases(cases);
    // A draft's recipient stays choosable even when none of their cases is among those listed.
    if (draft?.attorneyId && !list.some((a) => a.id === draft.attorneyId))
      list.unshift({ id: draft.attorneyId, label: draft.recipientName });
    return list;
  }, [cases, draft]);
  const attorneyCases = cases.filter((c) => c.attorneyId === form.attorneyId);

  return (
    <section aria-labelledby="invoice-matter" className="grid gap-4 rounded-lg border bg-card p-4 sm:grid-cols-2">
      <h2 id="invoice-matter" className="text-base font-semibold sm:col-span-2">
        Recipient and matter
      </h2>
      <Field label="Attorney" htmlFor="invoice-attorneyId" error={err("attorneyId")} required>
        <NativeSelect
          {...bind("attorneyId")}
          value={form.attorneyId}
          disabled={pending || casesLoading}
          onChange={(e) => {
            const attorneyId = e.target.value;
            const keepCase = cases.some((c) => c.id === form.caseId && c.attorneyId === attorneyId);
            patch({
              attorneyId,
              caseId: keepCase ? form.caseId : "",
              lines: keepCase ? form.lines : form.lines.map((l) => ({ ...l, reportId: "" })),
            });
          }}
        >
          <option value="">{casesLoading ? "Loading attorneys…" : "Choose the attorney"}</option>
          {attorneys.map((a) => (
            <option key={a.id} value={a.id}>
              {a.label}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field label="Case" htmlFor="invoice-caseId" error={err("caseId")}>
        <NativeSelect
          {...bind("caseId")}
          value={form.caseId}
          disabled={pending || !form.attorneyId}
          // A line bills only a report of the invoice's case: another case clears the lines' reports.
          onChange={(e) => {
            const chosen = cases.find((c) => c.id === e.target.value);
            // The matter's own file reference, unless one was typed (docs/product-rules.md "Search and views").
            const attorneyReference = form.attorneyReference.trim() ? form.attorneyReference : (chosen?.attorneyReference ?? "");
            patch({ caseId: e.target.value, attorneyReference, lines: form.lines.map((l) => ({ ...l, reportId: "" })) });
          }}
        >
          <option value="">
            {form.attorneyId ? (attorneyCases.length ? "No case" : "This attorney has no case") : "Choose the attorney first"}
          </option>
          {attorneyCases.map((c) => (
            <option key={c.id} value={c.id}>
              {c.reference} · {c.patientName}
              {c.rafClaimNumber ? ` · ${c.rafClaimNumber}` : c.courtCaseNumber ? ` · ${c.courtCaseNumber}` : ""}
            </option>
          ))}
        </NativeSelect>
        {!err("caseId") && (
          <p className="text-xs text-muted-foreground">The claimant and the RAF claim or court case number print from the case.</p>
        )}
      </Field>
      <Field
        label="Attorney's file reference"
        htmlFor="invoice-attorneyReference"
        error={err("attorneyReference")}
        className="sm:col-span-2 sm:max-w-md"
      >
        <Input {...text("attorneyReference")} maxLength={100} autoComplete="off" placeholder="e.g. VDM/RAF/2026/114" />
      </Field>
    </section>
  );
}
