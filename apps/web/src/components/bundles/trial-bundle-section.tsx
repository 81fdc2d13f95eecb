import { Card, CardContent } from "@/components/ui/card";
import { BundlesList } from "./bundles-list";
import { ExpertEvidence } from "./expert-evidence";

/**
 * The case's trial bundle (issue 41): its expert evidence, what the next bundle includes and in which
 * order, and the bundles made, with their files for CaseLines and the day each was served.
 * docs/decisions.md, "Trial bundle numbering".
 */
export function TrialBundleSection({ caseId, canManage }: { caseId: string; canManage: boolean }) {
  return (
    <section aria-labelledby="trial-bundle-heading" className="grid gap-4">
      <h2 id="trial-bundle-heading" className="text-lg font-semibold">
        Trial bundle
      </h2>
      <Card>
        <CardContent className="grid gap-8 pt-6">
          <ExpertEvidence caseId={caseId} canManage={canManage} />
          <div className="grid gap-3 border-t pt-6">
            <h3 className="font-semibold">Bundles</h3>
            <BundlesList caseId={caseId} canManage={canManage} />
          </div>
        </CardContent>
      </Card>
    </section>
  );
}
