import type { SubjectRequestStatus } from "@medlegal/domain";
import { SUBJECT_REQUEST_KINDS } from "@medlegal/domain/constants";
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { BookOpen, Plus, ShieldCheck } from "lucide-react";
import * as React from "react";
import { LoadState } from "@/components/load-state";
import { PageHeader } from "@/components/page";
import { AgreementRegister } from "@/components/privacy/agreement-register";
import { BreachRegister } from "@/components/privacy/breach-register";
import { RetentionSection } from "@/components/privacy/retention-section";
import { SubjectRequestDialog } from "@/components/privacy/subject-request-dialog";
import { SubjectRequestList } from "@/components/privacy/subject-request-list";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";
import { formatDay } from "@/lib/format";
import { prefetchPage } from "@/lib/route-data";
import { definedOnly, searchParam } from "@/lib/search-params";
import { trpc } from "@/lib/trpc";
import { trpcFieldErrors } from "@/lib/trpc-errors";

export const Route = createFileRoute("/_app/admin/privacy")({
  // `newFor` (and `kind`) open the new-request form for that claimant: the action on /patients.
  validateSearch: (search: Record<string, unknown>) =>
    definedOnly({ newFor: searchParam.uuid(search.newFor), kind: searchParam.oneOf(search.kind, SUBJECT_REQUEST_KINDS) }),
  loader: ({ context }) =>
    prefetchPage(
      context,
      ({ trpc }) => trpc.privacy.requests.prefetch({}),
      ({ trpc }) => trpc.privacy.breaches.prefetch(),
    ),
  component: PrivacyPage,
});

/**
 * POPIA in one place (docs/decisions.md "POPIA"): the register of data subject requests, each with
 * its claimant's access report. Reached from the audit trail and the settings (the SPEC fixes the sidebar).
 */
function PrivacyPage() {
  const utils = trpc.useUtils();
  const requests = trpc.privacy.requests.useQuery({});
  const { newFor, kind } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const [adding, setAddingState] = React.useState(newFor !== undefined);
  const setAdding = (open: boolean) => {
    setAddingState(open);
    if (!open && newFor) void navigate({ search: {}, replace: true });
  };
  const create = trpc.privacy.createRequest.useMutation({
    onSuccess: (made) => {
      setAdding(false);
      void utils.privacy.requests.invalidate();
      toast({
        title: `${made.reference} recorded`,
        description: `Due ${formatDay(made.dueOn)}. Produce the access report from its row when you answer.`,
      });
    },
  });
  const update = trpc.privacy.updateRequest.useMutation({
    onSuccess: () => void utils.privacy.requests.invalidate(),
    meta: { errorTitle: "Could not update the request" },
  });
  const serverErrors = React.useMemo(() => trpcFieldErrors(create.error), [create.error]);

  return (
    <>
      <PageHeader
        title="Privacy"
        description="Requests from claimants about their personal information (POPIA sections 23, 24 and 11) with the access reports that answer them, the register of security compromises (section 22) and the agreements of everyone who sees claimant data (sections 19-21)."
        actions={
          <>
            <Button asChild variant="outline">
              <Link to="/paia-manual">
                <BookOpen aria-hidden /> PAIA manual
              </Link>
            </Button>
            <Button onClick={() => setAdding(true)}>
              <Plus aria-hidden /> New request
            </Button>
          </>
        }
      />
      <section aria-labelledby="subject-requests-heading" className="max-w-4xl">
        <h2 id="subject-requests-heading" className="mb-3 text-base font-semibold">
          Data subject requests
        </h2>
        <LoadState
          query={requests}
          loadingLabel="Loading the requests"
          errorTitle="The requests could not be loaded"
          isEmpty={(requests.data ?? []).length === 0}
          emptyIcon={ShieldCheck}
          emptyTitle="No requests yet"
          emptyText="When a claimant or their attorney asks what you hold about them, record it here to answer it on time."
        >
          <SubjectRequestList
            requests={requests.data ?? []}
            pendingId={update.isPending ? (update.variables?.id ?? null) : null}
            onMove={(id, status: SubjectRequestStatus, outcome) => update.mutateAsync({ id, status, outcome })}
          />
        </LoadState>
      </section>
      <BreachRegister />
      <AgreementRegister />
      <RetentionSection />
      <SubjectRequestDialog
        preset={{ patientId: newFor, kind }}
        open={adding}
        onClose={() => setAdding(false)}
        pending={create.isPending}
        serverErrors={serverErrors}
        onSubmit={(payload) => create.mutate(payload)}
      />
    </>
  );
}
