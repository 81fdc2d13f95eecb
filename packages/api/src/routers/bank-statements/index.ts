import {
  bankInputSchema,
  bankMappingOutputSchema,
  confirmAllOutputSchema,
  confirmStatementLineSchema,
  saveBankMappingSchema,
  statementFileSchema,
  statementImportOutputSchema,
  statementPreviewOutputSchema,
  statementQueueInputSchema,
  statementQueueLineOutputSchema,
} from "@medlegal/domain";
import { z } from "zod";
import { listMappings, resetMapping, saveMapping } from "../../services/bank-statements/mappings";
import { importStatement, previewStatement } from "../../services/bank-statements/statement-imports";
import { confirmExactMatches, confirmStatementLine, statementQueue } from "../../services/bank-statements/statement-queue";
import { roleProcedure, router } from "../../trpc";

/** Recording payments is the administrators' (payments.manage), so is reading bank statements into payments. */
const manage = roleProcedure("payments.manage");

/**
 * Bank statements matched by themselves (docs/decisions.md, "Issue 29: bank statements and the
 * books"): the bank's column mappings, a statement's preview and import, and the match queue.
 * A statement is small text, so it travels in the procedure's input rather than as an upload;
 * `preview` changes nothing but is a mutation, as a file does not fit in a query's URL.
 */
export const bankStatementsRouter = router({
  listMappings: manage.output(z.array(bankMappingOutputSchema)).query(({ ctx }) => listMappings(ctx.deps)),
  saveMapping: manage
    .input(saveBankMappingSchema)
    .output(bankMappingOutputSchema)
    .mutation(({ ctx, input }) => saveMapping(ctx.deps, input)),
  resetMapping: manage
    .input(bankInputSchema)
    .output(bankMappingOutputSchema)
    .mutation(({ ctx, input }) => resetMapping(ctx.deps, input.bank)),
  preview: manage
    .input(statementFileSchema)
    .output(statementPreviewOutputSchema)
    .mutation(({ ctx, input }) => previewStatement(ctx.deps, input)),
  import: manage
    .input(statementFileSchema)
    .output(statementImportOutputSchema)
    .mutation(({ ctx, input }) => importStatement(ctx.deps, input)),
  queue: manage
    .input(statementQueueInputSchema)
    .output(z.array(statementQueueLineOutputSchema))
    .query(({ ctx, input }) => statementQueue(ctx.deps, input)),
  confirm: manage
    .input(confirmStatementLineSchema)
    .output(statementQueueLineOutputSchema)
    .mutation(({ ctx, input }) => confirmStatementLine(ctx.deps, input)),
  confirmExact: manage.output(confirmAllOutputSchema).mutation(({ ctx }) => confirmExactMatches(ctx.deps)),
});
