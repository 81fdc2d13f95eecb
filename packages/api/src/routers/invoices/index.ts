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
    .query(({ ctx, input }) => listInvoices({ db: ctx.db, actor: ctx.actor }, input)),
  get: read
    .input(idInputSchema)
    .output(invoiceDetailOutputSchema)
    .query(({ ctx, input }) => getInvoice({ db: ctx.db, actor: ctx.actor }, input)),
  createDraft: manage
    .input(attorneyInvoiceDraftSchema)
    .output(invoiceDetailOutputSchema)
    .mutation(({ ctx, input }) => createAttorneyDraft({ db: ctx.db, actor: ctx.actor }, input)),
  updateDraft: manage
    .input(invoiceDraftUpdateSchema)
    .output(invoiceDetailOutputSchema)
    .mutation(({ ctx, input }) => updateDraft({ db: ctx.db, actor: ctx.actor }, input)),
  discardDraft: expert
    .input(idInputSchema)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => discardDraft({ db: ctx.db, actor: ctx.actor }, input)),
  issue: expert
    .input(idInputSchema)
    .output(invoiceDetailOutputSchema)
    .mutation(({ ctx, input }) => issueInvoice({ db: ctx.db, actor: ctx.actor }, input)),
  emailAgain: manage
    .input(idInputSchema)
    .output(invoiceEmailAgainOutputSchema)
    .mutation(({ ctx, input }) => emailInvoiceAgain({ db: ctx.db, actor: ctx.actor }, input)),
  credit: manage
    .input(creditNoteInputSchema)
    .output(invoiceDetailOutputSchema)
    .mutation(({ ctx, input }) => issueCreditNote({ db: ctx.db, actor: ctx.actor }, input)),
  listUnbilled: expert
    .input(unbilledWorkInputSchema)
    .output(z.array(unbilledItemOutputSchema))
    .query(({ ctx, input }) => listUnbilledWork({ db: ctx.db, actor: ctx.actor }, input)),
  createExpertDraft: expert
    .input(expertDraftSchema)
    .output(invoiceDetailOutputSchema)
    .mutation(({ ctx, input }) => createExpertDraft({ db: ctx.db, actor: ctx.actor }, input)),
  listFees: roleProcedure("fees.read")
    .input(feeScheduleInputSchema)
    .output(z.array(feeRateOutputSchema))
    .query(({ ctx, input }) => listFees({ db: ctx.db, actor: ctx.actor }, input)),
  setFee: roleProcedure("fees.manage")
    .input(setFeeSchema)
    .output(z.array(feeRateOutputSchema))
    .mutation(({ ctx, input }) => setFee({ db: ctx.db, actor: ctx.actor }, input)),
  getSample: manage
    .input(sampleDocumentSchema)
    .output(sampleDocumentOutputSchema)
    .query(({ input }) => sampleDocumentView(input.kind)),
});
