import { z } from "zod";
import { id } from "../platform/input-primitives";

/**
 * Disciplines that wait for each other (issue 27, section 3; docs/decisions.md "Disciplines that
 * wait"): an administrator says which specializations' reports a specialization's expert needs first.
 */
export const disciplineDependencySchema = z.object({
  downstreamId: id("Choose the discipline that waits"),
  upstreamIds: z
    .array(id("Choose the disciplines it waits for"))
    .max(20, "Choose at most 20 disciplines")
    .transform((ids) => [...new Set(ids)]),
});
export const disciplineDependenciesInputSchema = z
  .object({ dependencies: z.array(disciplineDependencySchema).max(200, "Too many disciplines") })
  .superRefine((v, ctx) => {
    v.dependencies.forEach((d, i) => {
      if (d.upstreamIds.includes(d.downstreamId))
        ctx.addIssue({ code: "custom", path: ["dependencies", i, "upstreamIds"], message: "A discipline cannot wait for itself" });
    });
  });
export type DisciplineDependenciesInput = z.input<typeof disciplineDependenciesInputSchema>;

export const disciplineDependenciesOutputSchema = z.object({
  specializations: z.array(z.object({ id: z.string(), name: z.string(), upstreamIds: z.array(z.string()) })),
});
export type DisciplineDependencies = z.infer<typeof disciplineDependenciesOutputSchema>;

/** Names as a sentence lists them: "A", "A and B", "A, B and C". */
export const namesInWords = (names: readonly string[]): string =>
  names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;

/** The words of a downstream report timer's pause: "Waiting for the Orthopaedic Surgeon and Occupational Therapist reports". */
export function waitingReason(upstream: readonly string[]): string {
  return `Waiting for the ${namesInWords(upstream)} ${upstream.length === 1 ? "report" : "reports"}`;
}

/** Whether adding these edges would make a discipline wait, through others, for itself. */
export function dependencyCycle(edges: readonly { downstreamId: string; upstreamIds: readonly string[] }[]): boolean {
  const next = new Map(edges.map((e) => [e.downstreamId, e.upstreamIds]));
  const state = new Map<string, "visiting" | "done">();
  const visit = (node: string): boolean => {
    if (state.get(node) === "visiting") return true;
    if (state.get(node) === "done") return false;
    state.set(node, "visiting");
    const cyclic = (next.get(node) ?? []).some(visit);
    state.set(node, "done");
    return cyclic;
  };
  return [...next.keys()].some(visit);
}

/** A report shared with the signed-in expert (its released copy to download). */
export const sharedReportItemSchema = z.object({
  reportId: z.string(),
  reference: z.string(),
  queryReference: z.string(),
  expertName: z.string(),
  specialization: z.string(),
  claimant: z.string(),
  sharedAt: z.string(),
  fileId: z.string().nullable(),
});
export type SharedReportItem = z.infer<typeof sharedReportItemSchema>;
export const reportSharingConsentOutputSchema = z.object({ consentedAt: z.string(), shared: z.number() });
