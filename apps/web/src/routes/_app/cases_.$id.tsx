import { can, CLAIM_TYPE_LABEL } from "@medlegal/domain";
import { createFileRoute, Link } from "@tanstack/react-router";
import { ArrowLeft } from "lucide-react";
import { Rule369Card } from "@/components/bundles/rule-36-9-card";
import { TrialBundleSection } from "@/components/bundles/trial-bundle-section";
import { CourtDatesSection } from "@/components/court-clock/court-dates-section";
import { RecordLoadState } from "@/components/load-state";
import { Raf4CaseSection } from "@/components/raf4/raf4-case-section";
import { RecordsCaseSection } from "@/components/records/records-case-section";
import { BillingSection } from "@/components/receivables/billing-section";
import { PageHeader } from "@/components/page";
import { useCurrentUser } from "@/hooks/use-auth";
import { fileReferenceWords } from "@/lib/audience";
import { formatDay } from "@/lib/format";
import { prefetchPage } from "@/lib/route-data";
import { trpc } from "@/lib/trpc";

export const Route = createFileRoute("/_app/cases_/$id")({
  loader: ({ context, params }) =>
    prefetchPage(
      context,
      ({ trpc }) => trpc.cases.get.prefetch({ id: params.id }),
      ({ trpc }) => trpc.courtClock.get.prefetch({ caseId: params.id }),
      ({ trpc }) => trpc.receivables.caseBilling.prefetch({ caseId: params.id }),
      ({ trpc }) => trpc.raf4.forCase.prefetch({ caseId: params.id }),
      ({ trpc }) => trpc.records.forCase.prefetch({ caseId: params.id }),
    ),
  component: CasePage,
});

function BackLink() {
  return (
    <Link
      to="/cases"
      className="mb-3 inline-flex items-center gap-1 rounded-sm text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
    >
      <ArrowLeft aria-hidden className="size-4" />
      Cases
    </Link>
  );
}

/**
 * One case: its claim, the court's clock (issue 26), its RAF 4 assessments (issue 27), the records asked of
 * holders (issue 40), its trial bundle (issue 41) and its billing (issue 29).
 */
function CasePage() {
  const { id } = Route.useParams();
  const kase = trpc.cases.get.useQuery({ id }, { retry: false, retryOnMount: false });
  const me = useCurrentUser().data;
  if (!kase.data) return <RecordLoadState query={kase} noun="case" back={<BackLink />} />;
  const c = kase.data;
  return (
    <>
      <BackLink />
      <PageHeader
        title={`Case ${c.reference}`}
        description={`${c.patientName} · ${CLAIM_TYPE_LABEL[c.claimType]} · incident ${formatDay(c.incidentDate)}${c.courtCaseNumber ? ` · court ${c.courtCaseNumber}` : ""}${c.attorneyReference && me ? ` · ${fileReferenceWords(me.role).short} ${c.attorneyReference}` : ""}`}
      />
      <div className="grid gap-8">
        <CourtDatesSection caseId={id} />
        {me && can(me.role, "expertNotices.read") && <Rule369Card caseId={id} />}
        <Raf4CaseSection caseId={id} />
        <RecordsCaseSection caseId={id} incidentDate={c.incidentDate} canManage={me ? can(me.role, "records.manage") : false} />
        {me && can(me.role, "bundles.read") && <TrialBundleSection caseId={id} canManage={can(me.role, "bundles.manage")} />}
        <BillingSection caseId={id} />
      </div>
    </>
  );
}
