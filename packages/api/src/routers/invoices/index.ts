import {
  attorneyInvoiceDraftSchema,
  creditNoteInputSchema,
  idInputSchema,
  invoiceDetailOutputSchema,
  invoiceDraftUpdateSchema,
  invoiceListInputSchema,
  invoiceListOutputSchema,
} from "@medlegal/domain";
import { z } from "zod";
import { createAttorneyDraft, discardDraft, getInvoice, issueCreditNote, issueInvoice, listInvoices, updateDraft } from "../../services/invoices/invoices";
import { roleProcedure, router } from "../../trpc";

const read = roleProcedure("invoices.read");
const manage = roleProcedure("invoices.manage");

/** Invoices and credit notes (docs/architecture.md, "Invoices"); PDFs download through GET /api/files/:id. */
export const invoicesRouter = router({
  list: read.input(invoiceListInputSchema).output(invoiceListOutputSchema).query(({ ctx, input }) => listInvoices({ db: ctx.db, actor: ctx.actor }, input)),
  get: read.input(idInputSchema).output(invoiceDetailOutputSchema).query(({ ctx, input }) => getInvoice({ db: ctx.db, actor: ctx.actor }, input)),
  createDraft: manage.input(attorneyInvoiceDraftSchema).output(invoiceDetailOutputSchema).mutation(({ ctx, input }) => createAttorneyDraft({ db: ctx.db, actor: ctx.actor }, input)),
  updateDraft: manage.input(invoiceDraftUpdateSchema).output(invoiceDetailOutputSchema).mutation(({ ctx, input }) => updateDraft({ db: ctx.db, actor: ctx.actor }, input)),
  discardDraft: manage.input(idInputSchema).output(z.object({ id: z.string() })).mutation(({ ctx, input }) => discardDraft({ db: ctx.db, actor: ctx.actor }, input)),
  issue: manage.input(idInputSchema).output(invoiceDetailOutputSchema).mutation(({ ctx, input }) => issueInvoice({ db: ctx.db, actor: ctx.actor }, input)),
  credit: manage.input(creditNoteInputSchema).output(invoiceDetailOutputSchema).mutation(({ ctx, input }) => issueCreditNote({ db: ctx.db, actor: ctx.actor }, input)),
});
