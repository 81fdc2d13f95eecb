import type { EvidenceDocument } from "@medlegal/domain";
import { EVIDENCE_PARTY_LABEL } from "@medlegal/domain";
import { Download } from "lucide-react";
import { formatDay } from "@/lib/format";
import { EvidenceVersionButton } from "./evidence-version-button";
import type { EvidenceSelection } from "./use-evidence";
import { WithdrawEvidenceButton } from "./withdraw-evidence-button";

export const LINK_CLASS =
  "inline-flex items-center gap-1 rounded-sm font-medium text-primary underline underline-offset-2 outline-none focus-visible:ring-2 focus-visible:ring-ring";

/**
 * One document of the case's expert evidence: what it is, whose, by whom and of when, the version a
 * bundle made now would take and its pages; whether the next bundle includes it, and for a document
 * the attorney added, a new version or its withdrawal.
 */
export function EvidenceRow({
  caseId,
  document: d,
  selection,
  canManage,
}: {
  caseId: string;
  document: EvidenceDocument;
  selection: EvidenceSelection;
  canManage: boolean;
}) {
  const checkbox = `include-${d.key}`;
  return (
    <li className="grid gap-2 py-3 first:pt-0 last:pb-0 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start sm:gap-4">
      <div className="grid min-w-0 gap-0.5 text-sm">
        <p className="font-medium break-words">{d.description}</p>
        <p className="text-muted-foreground">
          {[
            EVIDENCE_PARTY_LABEL[d.party],
            d.discipline,
            d.author,
            formatDay(d.date),
            d.version,
            d.pages === null ? null : `${d.pages} ${d.pages === 1 ? "page" : "pages"}`,
          ]
            .filter(Boolean)
            .join(" · ")}
        </p>
        {d.fileId && (
          <a
            href={`/api/files/${encodeURIComponent(d.fileId)}`}
            className={`${LINK_CLASS} justify-self-start`}
            aria-label={`Download ${d.description}`}
          >
            <Download aria-hidden className="size-4" />
            Download
          </a>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <label htmlFor={checkbox} className="inline-flex items-center gap-2 text-sm">
          <input
            id={checkbox}
            type="checkbox"
            className="size-4 rounded border-input accent-primary outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
            checked={d.included}
            disabled={!canManage || selection.pending}
            aria-label={`Include in bundle: ${d.description}`}
            onChange={(e) => selection.include(d.key, e.target.checked)}
          />
          Include in bundle
        </label>
        {canManage && d.addedId && (
          <>
            <EvidenceVersionButton caseId={caseId} documentId={d.addedId} description={d.description} />
            <WithdrawEvidenceButton caseId={caseId} documentId={d.addedId} description={d.description} />
          </>
        )}
      </div>
    </li>
  );
}
