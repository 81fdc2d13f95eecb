import type { Bundle } from "@medlegal/domain";
import { Spinner } from "@/components/ui/spinner";
import { formatDateOfMoment, formatDay } from "@/lib/format";
import { BundleFiles } from "./bundle-files";
import { BundleIndexTable } from "./bundle-index-table";
import { BundleShareForm } from "./bundle-share-form";
import { ServeBundleForm } from "./serve-bundle-form";

const CHANGE_LABEL: Record<Bundle["changes"][number]["kind"], string> = { added: "Added", replaced: "Replaced", withdrawn: "Withdrawn" };

function summary(b: Bundle): string {
  const state = b.state === "making" ? "being made" : b.state;
  return [`Bundle ${b.number}`, b.pages === null ? null : `${b.pages} ${b.pages === 1 ? "page" : "pages"}`, b.servedOn ? "served" : state]
    .filter(Boolean)
    .join(" · ");
}

/**
 * One bundle of the case: its state (being made, ready, failed), whose page numbers it keeps, when
 * and on whom it was served, its files and index, what changed since the served bundle, and for a
 * ready one not served yet, the form that marks it served.
 */
export function BundleItem({ caseId, bundle: b, canManage }: { caseId: string; bundle: Bundle; canManage: boolean }) {
  const heading = `bundle-${b.id}`;
  return (
    <li className="grid gap-3 py-4 first:pt-0 last:pb-0">
      <section aria-labelledby={heading} className="grid gap-3">
        <div className="grid gap-0.5">
          <h4 id={heading} className="text-sm font-semibold">
            {summary(b)}
          </h4>
          <p className="text-xs text-muted-foreground">
            Made by {b.madeBy} on {formatDateOfMoment(b.createdAt)}
            {b.basedOnNumber !== null && ` · Keeps the page numbers of bundle ${b.basedOnNumber}`}
          </p>
          {b.servedOn && (
            <p className="text-sm">
              Served on {formatDay(b.servedOn)} to {b.servedTo}
            </p>
          )}
          <div aria-live="polite">
            {b.state === "making" && (
              <p className="flex items-center gap-2 text-sm text-muted-foreground">
                <Spinner decorative className="size-4" />
                Being made…
              </p>
            )}
            {b.state === "failed" && (
              <p className="text-sm font-medium text-destructive">Could not be made{b.error ? `: ${b.error}` : "."}</p>
            )}
            {/* Announced when a bundle being made turns ready; its heading says so to everyone else. */}
            {b.state === "ready" && <span className="sr-only">Bundle {b.number} is ready.</span>}
          </div>
        </div>
        {b.state === "ready" && (
          <>
            <BundleFiles number={b.number} files={b.files} />
            {b.changes.length > 0 && b.basedOnNumber !== null && (
              <div className="grid gap-1 text-sm">
                <h5 className="font-medium">Changed since bundle {b.basedOnNumber}</h5>
                <ul className="grid gap-0.5" aria-label={`Changed since bundle ${b.basedOnNumber}`}>
                  {b.changes.map((c, i) => (
                    <li key={i}>
                      <span className="font-medium">{CHANGE_LABEL[c.kind]}:</span> {c.description} ({c.pages})
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {b.entries.length > 0 && <BundleIndexTable number={b.number} entries={b.entries} />}
            {canManage && !b.servedOn && <ServeBundleForm caseId={caseId} bundleId={b.id} number={b.number} />}
            {canManage && b.servedOn && <BundleShareForm bundleId={b.id} served />}
          </>
        )}
      </section>
    </li>
  );
}
