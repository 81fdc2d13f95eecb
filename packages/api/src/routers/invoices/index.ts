import {
  expertDraftSchema,
  feeRateOutputSchema,
  feeScheduleInputSchema,
  sampleDocumentOutputSchema,
  sampleDocumentSchema,
  setFeeSchema,
  unbilledItemOutputSchema,
  unbilledWorkInputSchema,
  attorneyInvoiceDraftSchema,
  creditNoteInputSchema,
  idInputSchema,
  invoiceDetailOutputSchema,
  invoiceDraftUpdateSchema,
  invoiceListInputSchema,
  invoiceListOutputSchema,
  invoiceEmailAgainOutputSchema,
} from "@medlegal/domain";
import { z } from "zod";
import { createAttorneyDraft, discardDraft, updateDraft } from "../../services/invoices/invoice-drafts";
import { emailInvoiceAgain } from "../../services/invoices/invoice-mail";
import { getInvoice, listInvoices } from "../../services/invoices/invoice-list";
import { issueCreditNote } from "../../services/invoices/credit-notes";
import { issueInvoice } from "../../services/invoices/invoice-issue";
import { createExpertDraft, listUnbilledWork } from "../../services/invoices/expert-invoices";
import { listFees, setFee } from "../../services/invoices/fee-schedule";
import { sampleDocumentView } from "../../services/invoices/samples";
import { roleProcedure, router } from "../../trpc";

const read = roleProcedure("invoices.read");
const manage = roleProcedure("invoices.manage");
/** Procedures on expert invoices too: the service lets an expert act on their own only, staff on any. */
const expert = roleProcedure("invoices.expert");

/** Invoices and credit notes (docs/architecture.md, "Invoices"); PDFs download through GET /api/files/:id. */
export const invoicesRouter = router({
  list: read
    .input(invoiceListInputSchema)
    .output(invoiceListOutputSchema)
    .query(({ ctx, input }) => listInvoices(ctx.deps, input)),
  get: read
    .input(idInputSchema)
    .output(invoiceDetailOutputSchema)
    .query(({ ctx, input }) => getInvoice(ctx.deps, input)),
  createDraft: manage
    .input(attorneyInvoiceDraftSchema)
    .output(invoiceDetailOutputSchema)
    .mutation(({ ctx, input }) => createAttorneyDraft(ctx.deps, input)),
  updateDraft: manage
    .input(invoiceDraftUpdateSchema)
    .output(invoiceDetailOutputSchema)
    .mutation(({ ctx, input }) => updateDraft(ctx.deps, input)),
  discardDraft: expert
    .input(idInputSchema)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => discardDraft(ctx.deps, input)),
  issue: expert
    .input(idInputSchema)
    .output(invoiceDetailOutputSchema)
    .mutation(({ ctx, input }) => issueInvoice(ctx.deps, input)),
  emailAgain: manage
    .input(idInputSchema)
    .output(invoiceEmailAgainOutputSchema)
    .mutation(({ ctx, input }) => emailInvoiceAgain(ctx.deps, input)),
  credit: manage
    .input(creditNoteInputSchema)
    .output(invoiceDetailOutputSchema)
    .mutation(({ ctx, input }) => issueCreditNote(ctx.deps, input)),
  listUnbilled: expert
    .input(unbilledWorkInputSchema)
    .output(z.array(unbilledItemOutputSchema))
    .query(({ ctx, input }) => listUnbilledWork(ctx.deps, input)),
  createExpertDraft: expert
    .input(expertDraftSchema)
    .output(invoiceDetailOutputSchema)
    .mutation(({ ctx, input }) => createExpertDraft(ctx.deps, input)),
  listFees: roleProcedure("fees.read")
    .input(feeScheduleInputSchema)
    .output(z.array(feeRateOutputSchema))
    .query(({ ctx, input }) => listFees(ctx.deps, input)),
  setFee: roleProcedure("fees.manage")
    .input(setFeeSchema)
    .output(z.array(feeRateOutputSchema))
    .mutation(({ ctx, input }) => setFee(ctx.deps, input)),
  getSample: manage
    .input(sampleDocumentSchema)
    .output(sampleDocumentOutputSchema)
    .query(({ input }) => sampleDocumentView(input.kind)),
});
