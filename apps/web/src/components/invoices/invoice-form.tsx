import type { CaseItem, InvoiceDetail } from "@medlegal/domain";
import { attorneyInvoiceDraftSchema } from "@medlegal/domain";
import * as React from "react";
import { FormNote } from "@/components/forms/form-footer";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useZodForm } from "@/hooks/use-zod-form";
import { InvoiceLinesEditor } from "./invoice-lines-editor";
import { InvoiceMatterSection } from "./invoice-matter-section";
import { toPayload, refine, initialState } from "./invoice-draft";
import type { CaseReport, InvoiceDraftPayload, InvoiceFormState } from "./invoice-draft";

/**
 * The manual invoice to an attorney (`/manual-invoice`, and a draft's edit): recipient, case, the
 * attorney's reference and the lines, with the sums worked out live by the domain's VAT rule (the
 * server's own). "Save draft" keeps it changeable; "Issue" asks first (`onIssue`).
 *
 * This component holds the one form store and the submit; its sections (`InvoiceMatterSection`,
 * `InvoiceLinesEditor` with `InvoiceLineFields` and `InvoiceFormTotals`) read and change that store
 * through the `fields` they are handed.
 */
export function InvoiceForm({
  draft,
  cases,
  casesLoading = false,
  vatRegistered,
  pending,
  serverErrors,
  onSaveDraft,
  onIssue,
  onCancel,
  reports = [],
  onCaseChange,
}: {
  /** The chosen case's reports, which a line may bill (releasing the report once paid in full). */
  reports?: readonly CaseReport[];
  /** Told the chosen case, so the page can load its reports. */
  onCaseChange?: (caseId: string) => void;
  draft?: InvoiceDetail | null;
  cases: readonly CaseItem[];
  casesLoading?: boolean;
  vatRegistered: boolean;
  pending: boolean;
  serverErrors?: Record<string, string>;
  onSaveDraft: (payload: InvoiceDraftPayload) => void;
  onIssue: (payload: InvoiceDraftPayload) => void;
  onCancel?: () => void;
}) {
  const fields = useZodForm<InvoiceFormState>({
    initial: () => initialState(draft),
    schema: attorneyInvoiceDraftSchema,
    toPayload,
    refine,
    idPrefix: "invoice",
    pending,
    serverErrors,
    resetKey: draft?.id,
  });
  const { form, err, formRef, submit, submitted } = fields;
  React.useEffect(() => onCaseChange?.(form.caseId), [form.caseId, onCaseChange]);
  const issueClicked = React.useRef(false);

  return (
    <form
      ref={formRef}
      noValidate
      aria-label={draft ? "Edit draft invoice" : "New invoice"}
      className="grid gap-6"
      onSubmit={submit((values) => (issueClicked.current ? onIssue(toPayload(values)) : onSaveDraft(toPayload(values))))}
    >
      <InvoiceMatterSection fields={fields} draft={draft} cases={cases} casesLoading={casesLoading} pending={pending} />
      <InvoiceLinesEditor fields={fields} reports={reports} vatRegistered={vatRegistered} pending={pending} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
        {submitted && Object.keys(serverErrors ?? {}).length === 0 && (err("lines") || err("attorneyId")) ? (
          <FormNote alert>Check the fields marked above.</FormNote>
        ) : null}
        {onCancel && (
          <Button variant="outline" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        )}
        <Button type="submit" variant="outline" disabled={pending} onClick={() => (issueClicked.current = false)}>
          {pending && !issueClicked.current && <Spinner decorative className="size-4 text-current" />}
          Save draft
        </Button>
        <Button type="submit" disabled={pending} onClick={() => (issueClicked.current = true)}>
          {pending && issueClicked.current && <Spinner decorative className="size-4 text-current" />}
          Issue invoice
        </Button>
      </div>
    </form>
  );
}
