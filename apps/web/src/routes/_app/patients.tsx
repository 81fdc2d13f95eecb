import type { Patient, PatientInput } from "@medlegal/domain";
import { can, canOpenRoute, GENDER_LABEL, mayManagePrivacy } from "@medlegal/domain";
import { keepPreviousData, skipToken } from "@tanstack/react-query";
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { Eye, FileSearch, FolderPlus, Languages, Pencil, UserPlus, Users } from "lucide-react";
import * as React from "react";
import { definedOnly, searchParam } from "@/lib/search-params";
import { PatientForm } from "@/components/claimants/patient-form";
import { LoadState } from "@/components/load-state";
import { AccessRequestDialog } from "@/components/privacy/access-request-dialog";
import { CorrectionRequestField } from "@/components/privacy/correction-request-field";
import { PageHeader } from "@/components/page";
import { ConsentBadge } from "@/components/queries/badges";
import { Button } from "@/components/ui/button";
import { FilterBar, SearchField } from "@/components/ui/filter-bar";
import { FormDialog } from "@/components/ui/form-dialog";
import { useCurrentUser } from "@/hooks/use-auth";
import { useDebounced } from "@/hooks/use-debounced";
import { useCreateAction } from "@/hooks/use-create-action";
import { toast } from "@/hooks/use-toast";
import { formatDateOfMoment, formatDay } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { prefetchPage } from "@/lib/route-data";
import { trpcErrorMessage, trpcFieldErrors } from "@/lib/trpc-errors";
import { cn } from "@/lib/utils";
import { ListTable } from "@/components/ui/list-table";
import { audienceOf } from "@/lib/audience";

export const Route = createFileRoute("/_app/patients")({
  // `claimant` opens that claimant's details (linked from cases, queries and the booking form).
  validateSearch: (search: Record<string, unknown>) => definedOnly({ claimant: searchParam.uuid(search.claimant) }),
  loader: ({ context }) => prefetchPage(context, ({ trpc }) => trpc.patients.list.prefetch({ search: undefined })),
  component: PatientsPage,
});

const COLUMNS = "lg:grid-cols-[minmax(0,1.8fr)_minmax(0,1.4fr)_minmax(0,1.3fr)_minmax(0,1.1fr)_3.5rem_12.5rem]";

function PatientsPage() {
  const me = useCurrentUser().data;
  const utils = trpc.useUtils();
  const [search, setSearch] = React.useState("");
  const debounced = useDebounced(search.trim());
  const list = trpc.patients.list.useQuery({ search: debounced || undefined }, { placeholderData: keepPreviousData });
  const [creating, setCreating] = React.useState(false);
  const [editing, setEditing] = React.useState<Patient | null>(null);
  const [correction, setCorrection] = React.useState("");
  const [accessRequestFor, setAccessRequestFor] = React.useState<{ id: string; name: string } | null>(null);
  const handlesPrivacy = !!me && mayManagePrivacy(me);
  const isAttorney = !!me && audienceOf(me.role) === "attorney";
  const { claimant } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  // `n` and the palette's "New claimant" (issue 30).
  useCreateAction("/patients", () => setCreating(true), !!me && can(me.role, "patients.create"));
  const linked = trpc.patients.get.useQuery(claimant ? { id: claimant } : skipToken, { retry: false });
  React.useEffect(() => {
    if (linked.data) setEditing(linked.data);
  }, [linked.data]);
  React.useEffect(() => {
    if (linked.isError)
      toast({ variant: "destructive", title: "Could not open the claimant", description: trpcErrorMessage(linked.error) });
  }, [linked.isError, linked.error]);
  const closeEditing = () => {
    setEditing(null);
    setCorrection("");
    if (claimant) void navigate({ search: {}, replace: true });
  };

  const create = trpc.patients.create.useMutation({
    onSuccess: async (p) => {
      setCreating(false);
      toast({ title: "Claimant added", description: `${p.firstName} ${p.lastName} can now be linked to a case.` });
      await utils.patients.list.invalidate();
    },
    meta: { errorTitle: "Could not add the claimant" },
  });
  const update = trpc.patients.update.useMutation({
    onSuccess: async (p) => {
      closeEditing();
      toast({ title: "Changes saved", description: `${p.firstName} ${p.lastName}'s details were updated.` });
      await utils.patients.list.invalidate();
    },
    meta: { errorTitle: "Could not save the changes" },
  });
  const createErrors = React.useMemo(() => trpcFieldErrors(create.error), [create.error]);
  const updateErrors = React.useMemo(() => trpcFieldErrors(update.error), [update.error]);
  const patients = list.data ?? [];

  return (
    <>
      <PageHeader
        title="Claimants"
        description={
          isAttorney
            ? "The people you act for. Their consent must be on file before an assessment is booked."
            : "Claimants of every attorney."
        }
        actions={
          me && can(me.role, "patients.create") ? (
            <Button
              onClick={() => {
                create.reset();
                setCreating(true);
              }}
            >
              <UserPlus />
              New claimant
            </Button>
          ) : undefined
        }
      />
      <FilterBar className="sm:max-w-md">
        <SearchField id="patients-search" placeholder="Name, ID or passport number" value={search} onChange={setSearch} />
      </FilterBar>
      <LoadState
        query={list}
        loadingLabel="Loading claimants"
        errorTitle="Could not load the claimants"
        isEmpty={patients.length === 0}
        emptyIcon={Users}
        emptyTitle={debounced ? "No claimant matches" : "No claimants yet"}
        emptyText={
          debounced
            ? "Try another name or ID number."
            : isAttorney
              ? "Add the claimants you act for: their ID number, contact details, language and the date their consent was received."
              : "Claimants appear here once attorneys add them."
        }
      >
        <ListTable
          columns={COLUMNS}
          label="Claimants"
          head={
            <>
              <span>Claimant</span>
              <span>Identity</span>
              <span>Language</span>
              <span>Consent</span>
              <span>Cases</span>
              <span className="text-right">Actions</span>
            </>
          }
        >
          {patients.map((p) => {
            const name = `${p.firstName} ${p.lastName}`;
            return (
              <li key={p.id} className={cn("grid gap-2 px-4 py-3.5 lg:items-center lg:gap-4", COLUMNS)}>
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium">{name}</p>
                  <p className="truncate text-xs text-muted-foreground">
                    {[p.phone, p.email].filter(Boolean).join(" · ") || "No contact details"}
                    {!isAttorney && <> · {p.attorneyName}</>}
                  </p>
                </div>
                <div className="min-w-0 text-sm">
                  <p className="truncate font-mono text-xs">{p.idNumber ? `ID ${p.idNumber}` : `Passport ${p.passportNumber ?? "—"}`}</p>
                  <p className="text-xs text-muted-foreground">
                    Born {formatDay(p.birthDate)} · {GENDER_LABEL[p.gender]}
                  </p>
                </div>
                <p className="flex min-w-0 flex-wrap items-center gap-1.5 text-sm">
                  <span>{p.homeLanguage}</span>
                  {p.interpreterNeeded && (
                    <span
                      className="inline-flex items-center gap-1 rounded bg-muted px-1.5 py-0.5 text-xs text-muted-foreground"
                      title="Interpreter needed"
                    >
                      <Languages aria-hidden className="size-3" />
                      Interpreter
                    </span>
                  )}
                </p>
                <div className="flex flex-wrap items-center gap-2 lg:contents">
                  <div>
                    <ConsentBadge consentReceivedAt={p.consentReceivedAt} />
                    {p.consentReceivedAt && (
                      <span className="ml-1.5 text-xs text-muted-foreground lg:mt-0.5 lg:ml-0 lg:block">
                        {formatDay(p.consentReceivedAt)}
                      </span>
                    )}
                    {p.messageStoppedAt && (
                      <span className="block text-xs font-medium text-destructive">
                        Texts stopped on {formatDateOfMoment(p.messageStoppedAt)}
                      </span>
                    )}
                  </div>
                  <p className="text-sm text-muted-foreground tabular-nums">
                    <span className="lg:sr-only">Cases: </span>
                    {p.casesCount}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2 lg:justify-end">
                  {isAttorney && (
                    <Button variant="outline" size="sm" asChild>
                      <Link to="/cases" search={{ newFor: p.id }} aria-label={`New case for ${name}`}>
                        <FolderPlus aria-hidden />
                        New case
                      </Link>
                    </Button>
                  )}
                  {/* One entry for what POPIA asks about this claimant: the access request and, for auditors, the access history. */}
                  {handlesPrivacy ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Privacy of ${name}: access request and access history`}
                      onClick={() => setAccessRequestFor({ id: p.id, name })}
                    >
                      <FileSearch aria-hidden />
                      Privacy
                    </Button>
                  ) : (
                    me &&
                    canOpenRoute(me.role, "/audit-trail") && (
                      <Button variant="ghost" size="sm" asChild>
                        <Link to="/audit-trail" search={{ tab: "reads", patientId: p.id }} aria-label={`Access history of ${name}`}>
                          <Eye aria-hidden />
                          Access history
                        </Link>
                      </Button>
                    )
                  )}
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Edit ${name}`}
                    onClick={() => {
                      update.reset();
                      setEditing(p);
                    }}
                  >
                    <Pencil aria-hidden />
                    Edit
                  </Button>
                </div>
              </li>
            );
          })}
        </ListTable>
      </LoadState>

      <FormDialog
        open={creating}
        onClose={() => setCreating(false)}
        busy={create.isPending}
        title="New claimant"
        description="A valid SA ID number fills in the birth date and gender."
        className="max-w-2xl"
      >
        <PatientForm
          pending={create.isPending}
          serverErrors={createErrors}
          onSubmit={(payload: PatientInput) => create.mutate(payload)}
          onCancel={() => setCreating(false)}
        />
      </FormDialog>
      <FormDialog
        open={editing !== null}
        onClose={closeEditing}
        busy={update.isPending}
        title="Edit claimant"
        description={<>{editing ? `${editing.firstName} ${editing.lastName}` : ""}</>}
        className="max-w-2xl"
      >
        {editing && handlesPrivacy && <CorrectionRequestField patientId={editing.id} value={correction} onChange={setCorrection} />}
        {editing && (
          <PatientForm
            key={editing.id}
            patient={editing}
            pending={update.isPending}
            serverErrors={updateErrors}
            onSubmit={(payload) => update.mutate({ id: editing.id, ...payload, subjectRequestId: correction || undefined })}
            onCancel={closeEditing}
          />
        )}
      </FormDialog>
      <AccessRequestDialog
        claimant={accessRequestFor}
        showAccessHistory={!!me && canOpenRoute(me.role, "/audit-trail")}
        onClose={() => setAccessRequestFor(null)}
      />
    </>
  );
}
