import { z } from "zod";

/*
 * The small answers many routers share (a count, a removal). Every other output schema is in the
 * domain beside the type it declares (docs/architecture.md, "Outputs").
 */

export const countOutputSchema = z.object({ count: z.number() });
export const updatedOutputSchema = z.object({ updated: z.number() });
export const removedOutputSchema = z.object({ removed: z.literal(true) });
export const specializationRemovalOutputSchema = z.object({ removed: z.boolean(), deactivated: z.boolean() });
