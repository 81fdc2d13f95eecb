import type { BundleSection, CaseEvidence } from "@medlegal/domain";
import { BUNDLE_SECTION_TITLE, sectionLetters } from "@medlegal/domain";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage } from "@/lib/trpc-errors";

/** A section's name as the bundle prints it: "C · Plaintiff expert reports". */
export function sectionName(order: readonly BundleSection[], section: BundleSection): string {
  return `${sectionLetters(order)[section]} · ${BUNDLE_SECTION_TITLE[section]}`;
}

export const isPdf = (file: File) => file.type === "application/pdf" || /\.pdf$/i.test(file.name);

/**
 * The attorney's choice for the case's next bundle (the sections' order and the documents left out),
 * saved whole by `bundles.setSelection`; the answer replaces the evidence list. A refusal (the order
 * of a served bundle) is kept as the server's sentence for the caller to show beside what was tried.
 */
export function useEvidenceSelection(caseId: string, evidence: CaseEvidence | undefined) {
  const utils = trpc.useUtils();
  const save = trpc.bundles.setSelection.useMutation({
    meta: { errorToast: false },
    onSuccess: (next) => utils.bundles.evidence.setData({ caseId }, next),
  });
  const excluded = (evidence?.documents ?? []).filter((d) => !d.included).map((d) => d.key);
  const order = evidence?.sectionOrder ?? [];
  return {
    pending: save.isPending,
    error: save.error ? trpcErrorMessage(save.error) : null,
    include: (key: string, included: boolean) =>
      save.mutate({ caseId, sectionOrder: order, excluded: included ? excluded.filter((k) => k !== key) : [...excluded, key] }),
    /** Moves a section one place up (-1) or down (+1). */
    move: (section: BundleSection, by: -1 | 1) => {
      const from = order.indexOf(section);
      const to = from + by;
      if (from < 0 || to < 0 || to >= order.length) return;
      const next = [...order];
      [next[from], next[to]] = [next[to]!, next[from]!];
      save.mutate({ caseId, sectionOrder: next, excluded });
    },
  };
}

export type EvidenceSelection = ReturnType<typeof useEvidenceSelection>;
