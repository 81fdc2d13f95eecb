import type { CaseEvidence } from "@medlegal/domain";
import { EvidenceRow } from "./evidence-row";
import { sectionName, type EvidenceSelection } from "./use-evidence";

/**
 * The case's expert evidence, section by section in the case's order, each headed by its letter and
 * title as the bundle prints them; sections with nothing in them are left out here.
 */
export function EvidenceList({
  caseId,
  evidence,
  selection,
  canManage,
}: {
  caseId: string;
  evidence: CaseEvidence;
  selection: EvidenceSelection;
  canManage: boolean;
}) {
  return (
    <div className="grid gap-5">
      {evidence.sectionOrder.map((section) => {
        const documents = evidence.documents.filter((d) => d.section === section);
        if (documents.length === 0) return null;
        const name = sectionName(evidence.sectionOrder, section);
        const heading = `evidence-section-${section}`;
        return (
          <section key={section} aria-labelledby={heading} className="grid gap-2">
            <h4 id={heading} className="text-sm font-semibold">
              {name}
            </h4>
            <ul className="grid divide-y rounded-md border px-3 py-3" aria-label={name}>
              {documents.map((d) => (
                <EvidenceRow key={d.key} caseId={caseId} document={d} selection={selection} canManage={canManage} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
