import { idInputSchema, savedViewInputSchema, savedViewOutputSchema, savedViewUpdateSchema } from "@medlegal/domain";
import { z } from "zod";
import { createSavedView, deleteSavedView, listSavedViews, updateSavedView } from "../../services/saved-views/saved-views";
import { roleProcedure, router } from "../../trpc";

const own = roleProcedure("views.own");

/** Saved views (issue 30): the caller's own, and staff's shared ones; only the owner changes one (404 for anyone else). */
export const savedViewsRouter = router({
  list: own.output(z.array(savedViewOutputSchema)).query(({ ctx }) => listSavedViews({ db: ctx.db, actor: ctx.actor })),
  create: own
    .input(savedViewInputSchema)
    .output(savedViewOutputSchema)
    .mutation(({ ctx, input }) => createSavedView({ db: ctx.db, actor: ctx.actor }, input)),
  update: own
    .input(savedViewUpdateSchema)
    .output(savedViewOutputSchema)
    .mutation(({ ctx, input }) => updateSavedView({ db: ctx.db, actor: ctx.actor }, input)),
  delete: own
    .input(idInputSchema)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(({ ctx, input }) => deleteSavedView({ db: ctx.db, actor: ctx.actor }, input)),
});
