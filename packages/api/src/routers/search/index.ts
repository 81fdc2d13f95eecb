import { globalSearchInputSchema, globalSearchOutputSchema, searchOpenedInputSchema } from "@medlegal/domain";
import { z } from "zod";
import { globalSearch } from "../../services/search/global-search";
import { recordIdentitySearchOpened } from "../../services/search/identity-opened";
import { roleProcedure, router } from "../../trpc";

/** The command palette (issue 30): rows are scoped per kind in the service, with the lists' rules. */
export const searchRouter = router({
  global: roleProcedure("search.use")
    .input(globalSearchInputSchema)
    .output(globalSearchOutputSchema)
    .query(({ ctx, input }) => globalSearch(ctx.deps, input)),
  identityOpened: roleProcedure("search.use")
    .input(searchOpenedInputSchema)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(({ ctx, input }) => recordIdentitySearchOpened(ctx.deps, input)),
});
