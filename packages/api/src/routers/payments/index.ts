import {
  accountInputSchema,
  accountOverviewOutputSchema,
  accountSummaryOutputSchema,
  allocatePaymentSchema,
  invoicePaymentsInputSchema,
  invoicePaymentsOutputSchema,
  matchProofSchema,
  paymentItemOutputSchema,
  paymentListInputSchema,
  paymentProofOutputSchema,
  proofListInputSchema,
  recordPaymentSchema,
  rejectProofSchema,
  reversePaymentSchema,
  statementInputSchema,
  statementOutputSchema,
} from "@medlegal/domain";
import { z } from "zod";
import { accountOverview, accountSummary } from "../../services/payments/accounts";
import { allocatePayment, invoicePayments, listPayments, recordPayment, reversePayment } from "../../services/payments/payments";
import { listProofs, matchProof, rejectProof } from "../../services/payments/proofs";
import { statement } from "../../services/payments/statements";
import { roleProcedure, router } from "../../trpc";

const read = roleProcedure("payments.read");
const manage = roleProcedure("payments.manage");

/**
 * Payments, allocations, proofs of payment, accounts and statements (docs/architecture.md,
 * "Invoices"). A proof is uploaded through POST /api/payments/proofs and a statement's PDF
 * downloads through GET /api/payments/statement.pdf.
 */
export const paymentsRouter = router({
  listAccounts: manage.output(accountOverviewOutputSchema).query(({ ctx }) => accountOverview(ctx.deps)),
  getAccount: read
    .input(accountInputSchema)
    .output(accountSummaryOutputSchema)
    .query(({ ctx, input }) => accountSummary(ctx.deps, input)),
  list: read
    .input(paymentListInputSchema)
    .output(z.array(paymentItemOutputSchema))
    .query(({ ctx, input }) => listPayments(ctx.deps, input)),
  record: manage
    .input(recordPaymentSchema)
    .output(paymentItemOutputSchema)
    .mutation(({ ctx, input }) => recordPayment(ctx.deps, input)),
  allocate: manage
    .input(allocatePaymentSchema)
    .output(paymentItemOutputSchema)
    .mutation(({ ctx, input }) => allocatePayment(ctx.deps, input)),
  reverse: manage
    .input(reversePaymentSchema)
    .output(paymentItemOutputSchema)
    .mutation(({ ctx, input }) => reversePayment(ctx.deps, input)),
  listProofs: read
    .input(proofListInputSchema)
    .output(z.array(paymentProofOutputSchema))
    .query(({ ctx, input }) => listProofs(ctx.deps, input)),
  matchProof: manage
    .input(matchProofSchema)
    .output(paymentProofOutputSchema)
    .mutation(({ ctx, input }) => matchProof(ctx.deps, input)),
  rejectProof: manage
    .input(rejectProofSchema)
    .output(paymentProofOutputSchema)
    .mutation(({ ctx, input }) => rejectProof(ctx.deps, input)),
  getStatement: read
    .input(statementInputSchema)
    .output(statementOutputSchema)
    .query(({ ctx, input }) => statement(ctx.deps, input)),
  listForInvoice: roleProcedure("invoices.read")
    .input(invoicePaymentsInputSchema)
    .output(invoicePaymentsOutputSchema)
    .query(({ ctx, input }) => invoicePayments(ctx.deps, input)),
});
