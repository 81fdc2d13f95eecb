import { idInputSchema, savedViewInputSchema, savedViewOutputSchema, savedViewUpdateSchema } from "@medlegal/domain";
import { z } from "zod";
import { createSavedView, deleteSavedView, listSavedViews, updateSavedView } from "../../services/saved-views/saved-views";
import { roleProcedure, router } from "../../trpc";

const own = roleProcedure("views.own");

/** Saved views (issue 30): the caller's own, and staff's shared ones; only the owner changes one (404 for anyone else). */
export const savedViewsRouter = router({
  list: own.output(z.array(savedViewOutputSchema)).query(({ ctx }) => listSavedViews(ctx.deps)),
  create: own
    .input(savedViewInputSchema)
    .output(savedViewOutputSchema)
    .mutation(({ ctx, input }) => createSavedView(ctx.deps, input)),
  update: own
    .input(savedViewUpdateSchema)
    .output(savedViewOutputSchema)
    .mutation(({ ctx, input }) => updateSavedView(ctx.deps, input)),
  delete: own
    .input(idInputSchema)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(({ ctx, input }) => deleteSavedView(ctx.deps, input)),
});
