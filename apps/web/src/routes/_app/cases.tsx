import type { CaseItem, PatientInput } from "@medlegal/domain";
import { can, CASE_SORT_LABEL, CASE_SORTS, CLAIM_TYPE_LABEL } from "@medlegal/domain";
import { keepPreviousData } from "@tanstack/react-query";
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { BookmarkPlus, Briefcase, FilePlus2, FolderPlus, Pencil, Users } from "lucide-react";
import * as React from "react";
import { withChanges } from "@/lib/search-params";
import { CaseForm } from "@/components/cases/case-form";
import { PatientForm } from "@/components/claimants/patient-form";
import { LegalHoldAction } from "@/components/privacy/retention-hold-action";
import { LoadState } from "@/components/load-state";
import { PageHeader } from "@/components/page";
import { SaveViewDialog } from "@/components/saved-views/save-view-dialog";
import { caseFiltersOf, type CasesSearch, parseCasesSearch } from "@/components/cases/case-list-search";
import { CaseStatusBadge } from "@/components/queries/badges";
import { Button } from "@/components/ui/button";
import { FilterBar, SearchField, SortFilter } from "@/components/ui/filter-bar";
import { FormDialog } from "@/components/ui/form-dialog";
import { ListSkeleton } from "@/components/ui/skeleton";
import { useCurrentUser } from "@/hooks/use-auth";
import { useCreateAction } from "@/hooks/use-create-action";
import { useUrlText } from "@/hooks/use-url-text";
import { toast } from "@/hooks/use-toast";
import { formatDateOfMoment, formatDay, rafLabel } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { prefetchPage } from "@/lib/route-data";
import { trpcErrorMessage, trpcFieldErrors, trpcNestedFieldErrors } from "@/lib/trpc-errors";
import { cn } from "@/lib/utils";
import { ListTable } from "@/components/ui/list-table";
import { audienceOf, fileReferenceWords } from "@/lib/audience";

/** The search and the sort live in the URL (with `newFor`), so a saved view (issue 30), a reload and back/forward open the same list. */
export const Route = createFileRoute("/_app/cases")({
  validateSearch: parseCasesSearch,
  loaderDeps: ({ search }) => ({ q: search.q, sort: search.sort }),
  loader: ({ context, deps }) => prefetchPage(context, ({ trpc }) => trpc.cases.list.prefetch(caseFiltersOf(deps))),
  component: CasesPage,
});

const COLUMNS = "lg:grid-cols-[minmax(0,1.3fr)_minmax(0,1.4fr)_minmax(0,1.5fr)_minmax(0,1fr)_5rem_16rem]";

function CasesPage() {
  const me = useCurrentUser().data;
  const urlSearch = Route.useSearch();
  const { newFor } = urlSearch;
  const navigate = useNavigate({ from: Route.fullPath });
  const utils = trpc.useUtils();
  const [search, setSearch] = useUrlText(urlSearch.q, (q) => void navigate({ search: (prev) => withChanges(prev, { q }) }));
  const filters = caseFiltersOf(urlSearch);
  const debounced = filters.search;
  const [saving, setSaving] = React.useState(false);
  const list = trpc.cases.list.useQuery(filters, { placeholderData: keepPreviousData });
  const canCreate = me ? can(me.role, "cases.create") : false;
  const fileReference = me ? fileReferenceWords(me.role) : undefined;
  const patients = trpc.patients.list.useQuery({}, { enabled: canCreate });
  const [creating, setCreating] = React.useState(Boolean(newFor));
  const [editing, setEditing] = React.useState<CaseItem | null>(null);
  // New case can add its claimant: their fields first, then the claim; both are sent together.
  const [claimantDraft, setClaimantDraft] = React.useState<PatientInput | null>(null);
  const [claimantStep, setClaimantStep] = React.useState(false);
  // `n` and the palette's "New case" (issue 30).
  useCreateAction("/cases", () => setCreating(true), canCreate);

  const closeCreate = () => {
    setCreating(false);
    setClaimantDraft(null);
    setClaimantStep(false);
    if (newFor) void navigate({ search: (prev) => withChanges(prev, { newFor: undefined }), replace: true });
  };
  const create = trpc.cases.create.useMutation({
    onSuccess: async (c) => {
      closeCreate();
      toast({ title: "Case opened", description: `${c.reference} for ${c.patientName}. You can now submit a query for it.` });
      await Promise.all([utils.cases.list.invalidate(), utils.patients.list.invalidate()]);
    },
    onError: (error) => {
      toast({ variant: "destructive", title: "Could not open the case", description: trpcErrorMessage(error) });
      // A problem with the new claimant's fields (a duplicate ID number) is shown on those fields.
      if (trpcNestedFieldErrors(error, "newClaimant")) setClaimantStep(true);
    },
  });
  const update = trpc.cases.update.useMutation({
    onSuccess: async (c) => {
      setEditing(null);
      toast({ title: "Changes saved", description: `${c.reference} was updated.` });
      await utils.cases.list.invalidate();
    },
    meta: { errorTitle: "Could not save the changes" },
  });
  const createErrors = React.useMemo(() => trpcFieldErrors(create.error), [create.error]);
  const claimantErrors = React.useMemo(() => trpcNestedFieldErrors(create.error, "newClaimant"), [create.error]);
  const noClaimants = patients.isSuccess && patients.data.length === 0;
  const showClaimantStep = claimantStep || (noClaimants && !claimantDraft);
  const updateErrors = React.useMemo(() => trpcFieldErrors(update.error), [update.error]);
  const cases = list.data ?? [];

  return (
    <>
      <PageHeader
        title={me && audienceOf(me.role) === "attorney" ? "My Cases" : "Cases"}
        description="Matters and their claimants: claim type, incident date and the RAF or court numbers."
        actions={
          <>
            <Button variant="outline" asChild>
              <Link to="/patients">
                <Users aria-hidden />
                Claimants
              </Link>
            </Button>
            {canCreate && (
              <Button
                onClick={() => {
                  create.reset();
                  setCreating(true);
                }}
              >
                <FolderPlus />
                New case
              </Button>
            )}
          </>
        }
      />
      <FilterBar className="grid-cols-1 sm:grid-cols-[minmax(0,1fr)_12rem_auto] lg:max-w-3xl">
        <SearchField
          id="cases-search"
          placeholder="Reference, claimant, RAF, court or file reference"
          value={search}
          onChange={setSearch}
        />
        <SortFilter
          id="cases-sort"
          sorts={CASE_SORTS}
          labels={CASE_SORT_LABEL}
          value={filters.sort}
          onChange={(sort) => void navigate({ search: (prev) => withChanges(prev, { sort: sort as CasesSearch["sort"] }) })}
        />
        <div className="flex items-end">
          <Button variant="outline" onClick={() => setSaving(true)}>
            <BookmarkPlus aria-hidden /> Save view
          </Button>
        </div>
      </FilterBar>
      {me && (
        <SaveViewDialog
          open={saving}
          onClose={() => setSaving(false)}
          list="cases"
          filters={filters}
          canShare={can(me.role, "views.share")}
        />
      )}

      <LoadState
        query={list}
        loadingLabel="Loading cases"
        errorTitle="Could not load the cases"
        isEmpty={cases.length === 0}
        emptyIcon={Briefcase}
        emptyTitle={debounced ? "No case matches" : "No cases yet"}
        emptyText={
          debounced ? (
            "Try another reference or claimant name."
          ) : canCreate ? (
            <>
              Open a case for a claimant to instruct experts. No claimant yet?{" "}
              <Link to="/patients" className="font-medium text-primary hover:underline">
                Add one first
              </Link>
              .
            </>
          ) : (
            "Cases appear here once attorneys open them."
          )
        }
      >
        <ListTable
          columns={COLUMNS}
          label="Cases"
          head={
            <>
              <span>Case</span>
              <span>Claimant</span>
              <span>Claim</span>
              <span>Status</span>
              <span>Queries</span>
              <span className="text-right">Actions</span>
            </>
          }
        >
          {cases.map((c) => (
            <li key={c.id} className={cn("grid gap-2 px-4 py-3.5 lg:items-center lg:gap-4", COLUMNS)}>
              <div className="min-w-0">
                <p className="font-mono text-xs font-semibold">
                  <Link
                    to="/cases/$id"
                    params={{ id: c.id }}
                    className="rounded-sm text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  >
                    {c.reference}
                  </Link>
                </p>
                {c.attorneyReference && (
                  <p className="truncate text-xs text-muted-foreground first-letter:uppercase">
                    {fileReference?.short} {c.attorneyReference}
                  </p>
                )}
                <p className="text-xs text-muted-foreground">Opened {formatDateOfMoment(c.createdAt)}</p>
              </div>
              <div className="min-w-0">
                <p className="truncate text-sm font-medium">
                  <Link
                    to="/patients"
                    search={{ claimant: c.patientId }}
                    className="rounded-sm hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                    aria-label={`Claimant ${c.patientName}`}
                  >
                    {c.patientName}
                  </Link>
                </p>
                {!(me && audienceOf(me.role) === "attorney") && <p className="truncate text-xs text-muted-foreground">{c.attorneyName}</p>}
              </div>
              <div className="min-w-0 text-sm">
                <p className="truncate">{CLAIM_TYPE_LABEL[c.claimType]}</p>
                <p className="truncate text-xs text-muted-foreground">
                  Incident {formatDay(c.incidentDate)}
                  {c.rafClaimNumber && <> · {rafLabel(c.rafClaimNumber)}</>}
                  {c.courtCaseNumber && <> · Court {c.courtCaseNumber}</>}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2 lg:contents">
                <div>
                  <CaseStatusBadge status={c.status} />
                </div>
                <p className="text-sm text-muted-foreground tabular-nums">
                  <span className="lg:sr-only">Queries: </span>
                  {c.queriesCount}
                </p>
              </div>
              <div className="flex flex-wrap gap-2 lg:justify-end">
                {canCreate && c.status === "open" && (
                  <Button variant="outline" size="sm" asChild>
                    <Link to="/queries" search={{ newFor: c.id }} aria-label={`New query for ${c.reference}`}>
                      <FilePlus2 aria-hidden />
                      New query
                    </Link>
                  </Button>
                )}
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Edit ${c.reference}`}
                  onClick={() => {
                    update.reset();
                    setEditing(c);
                  }}
                >
                  <Pencil aria-hidden />
                  Edit
                </Button>
                <LegalHoldAction caseId={c.id} reference={c.reference} />
              </div>
            </li>
          ))}
        </ListTable>
      </LoadState>

      <FormDialog
        open={creating}
        onClose={closeCreate}
        busy={create.isPending}
        title="New case"
        description={
          showClaimantStep
            ? "First the claimant: a valid SA ID number fills in the birth date and gender. The claimant is saved with the case."
            : "Choose the claimant and describe the claim."
        }
        className={showClaimantStep ? "max-w-2xl" : "max-w-xl"}
      >
        {patients.isLoading ? (
          <ListSkeleton rows={2} label="Loading claimants" />
        ) : showClaimantStep ? (
          <PatientForm
            draft={claimantDraft ?? undefined}
            submitLabel="Continue to the claim"
            cancelLabel={noClaimants ? "Cancel" : "Back"}
            serverErrors={claimantErrors}
            onSubmit={(payload) => {
              setClaimantDraft(payload);
              setClaimantStep(false);
            }}
            onCancel={() => (noClaimants ? closeCreate() : setClaimantStep(false))}
          />
        ) : (
          <CaseForm
            patients={patients.data ?? []}
            initialPatientId={newFor ?? ""}
            newClaimant={claimantDraft}
            onAddClaimant={() => setClaimantStep(true)}
            pending={create.isPending}
            serverErrors={createErrors}
            onSubmit={(payload) => create.mutate(payload)}
            onCancel={closeCreate}
            fileReferenceLabel={fileReference?.label}
          />
        )}
      </FormDialog>
      <FormDialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        busy={update.isPending}
        title={<>Edit {editing?.reference}</>}
        description={editing?.patientName}
        className="max-w-xl"
      >
        {editing && (
          <CaseForm
            key={editing.id}
            kase={editing}
            patients={[{ id: editing.patientId, firstName: editing.patientName, lastName: "", idNumber: null, passportNumber: null }]}
            pending={update.isPending}
            serverErrors={updateErrors}
            onSubmit={(payload) => update.mutate({ id: editing.id, ...payload, patientId: editing.patientId })}
            onCancel={() => setEditing(null)}
            fileReferenceLabel={fileReference?.label}
          />
        )}
      </FormDialog>
    </>
  );
}
