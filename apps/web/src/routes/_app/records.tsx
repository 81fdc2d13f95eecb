import type { RecordHolder } from "@medlegal/domain";
import { can } from "@medlegal/domain";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { FolderSearch, Plus } from "lucide-react";
import * as React from "react";
import { LoadState } from "@/components/load-state";
import { PageHeader } from "@/components/page";
import { HolderForm, type HolderPayload } from "@/components/records/holder-form";
import { HoldersList } from "@/components/records/holders-list";
import { RecordChecklistsEditor } from "@/components/records/record-checklists-editor";
import { HolderPaceTable, RecordsDesk } from "@/components/records/records-desk";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/form-dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useCurrentUser } from "@/hooks/use-auth";
import { toast } from "@/hooks/use-toast";
import { prefetchPage } from "@/lib/route-data";
import { definedOnly, searchParam } from "@/lib/search-params";
import { trpc } from "@/lib/trpc";
import { trpcFieldErrors } from "@/lib/trpc-errors";

/** The register lists every holder, those out of use too, so staff can take one back into use. */
const REGISTER = { includeInactive: true } as const;

const RECORDS_TABS = ["desk", "holders", "checklists"] as const;
type RecordsTab = (typeof RECORDS_TABS)[number];

export const Route = createFileRoute("/_app/records")({
  validateSearch: (search: Record<string, unknown>) => definedOnly({ tab: searchParam.oneOf(search.tab, RECORDS_TABS) }),
  loader: ({ context }) =>
    prefetchPage(context, ({ trpc }) => Promise.all([trpc.records.desk.prefetch({}), trpc.records.holders.prefetch(REGISTER)])),
  component: RecordsPage,
});

type Editing = { mode: "create" } | { mode: "edit"; holder: RecordHolder };

/**
 * Records from holders (issue 40), for staff: the desk of open requests across matters, and the
 * register of holders requests are made to with how long each takes to answer. A case's requests
 * and their PAIA clock are on the case page.
 */
function RecordsPage() {
  const utils = trpc.useUtils();
  const { data: user } = useCurrentUser();
  const maySetChecklists = !!user && can(user.role, "records.checklists");
  const asked: RecordsTab = Route.useSearch().tab ?? "desk";
  const tab: RecordsTab = asked === "checklists" && !maySetChecklists ? "desk" : asked;
  const navigate = useNavigate({ from: Route.fullPath });
  const list = trpc.records.holders.useQuery(REGISTER);
  const pace = trpc.records.desk.useQuery({});
  const [editing, setEditing] = React.useState<Editing | null>(null);
  const saved = async (holder: RecordHolder, title: string) => {
    setEditing(null);
    toast({ title, description: holder.active ? holder.name : `${holder.name} is no longer offered for new requests.` });
    await utils.records.holders.invalidate();
  };
  const create = trpc.records.createHolder.useMutation({
    onSuccess: (h) => saved(h, "Holder added"),
    meta: { errorTitle: "Could not add the holder" },
  });
  const update = trpc.records.updateHolder.useMutation({
    onSuccess: (h) => saved(h, "Changes saved"),
    meta: { errorTitle: "Could not save the changes" },
  });
  const pending = create.isPending || update.isPending;
  const mutationError = editing?.mode === "edit" ? update.error : create.error;
  const serverErrors = React.useMemo(() => trpcFieldErrors(mutationError), [mutationError]);
  const items = list.data ?? [];
  const inUse = items.filter((h) => h.active).length;

  const openEditor = (next: Editing) => {
    create.reset();
    update.reset();
    setEditing(next);
  };
  const save = (payload: HolderPayload) => {
    if (editing?.mode === "edit") update.mutate({ ...payload, id: editing.holder.id, active: payload.active ?? editing.holder.active });
    else create.mutate(payload);
  };

  return (
    <>
      <PageHeader
        title="Records"
        description="The claimants' records the agency asks of hospitals, police stations, employers and schools: what is open and how long each holder takes."
      />
      <Tabs
        value={tab}
        onValueChange={(value) => void navigate({ search: value === "desk" ? {} : { tab: value as RecordsTab }, replace: true })}
      >
        <TabsList className="mb-4 sm:w-auto">
          <TabsTrigger value="desk">Desk</TabsTrigger>
          <TabsTrigger value="holders">Holders</TabsTrigger>
          {maySetChecklists && <TabsTrigger value="checklists">Checklists</TabsTrigger>}
        </TabsList>
        <TabsContent value="desk" className="mt-0">
          <section aria-labelledby="desk-heading" className="grid gap-3">
            <h2 id="desk-heading" className="text-lg font-semibold">
              Open requests
            </h2>
            <RecordsDesk />
          </section>
        </TabsContent>
        <TabsContent value="holders" className="mt-0 grid gap-8">
          <section aria-labelledby="holders-heading" className="grid gap-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="holders-heading" className="text-lg font-semibold">
                Holders&apos; register
              </h2>
              <div className="flex flex-wrap items-center gap-3">
                {items.length > 0 && (
                  <p className="text-sm text-muted-foreground">
                    {inUse} in use{items.length > inUse ? `, ${items.length - inUse} not in use` : ""}
                  </p>
                )}
                <Button onClick={() => openEditor({ mode: "create" })}>
                  <Plus aria-hidden />
                  Add holder
                </Button>
              </div>
            </div>
            <LoadState
              query={list}
              loadingLabel="Loading the holders"
              errorTitle="Could not load the holders"
              isEmpty={items.length === 0}
              emptyIcon={FolderSearch}
              emptyTitle="No holders yet"
              emptyText={
                <p>Add the hospitals, police stations and employers the agency asks for records, with their information officers.</p>
              }
            >
              <HoldersList items={items} onEdit={(holder) => openEditor({ mode: "edit", holder })} />
            </LoadState>
          </section>
          <section aria-labelledby="pace-heading" className="grid gap-3">
            <div className="grid gap-1">
              <h2 id="pace-heading" className="text-lg font-semibold">
                How long holders take
              </h2>
              <p className="text-sm text-muted-foreground">
                The median calendar days from a holder receiving a request to sending the records or refusing, over the last 12 months.
              </p>
            </div>
            <LoadState query={pace} loadingLabel="Loading the holders' pace" errorTitle="Could not load the holders' pace">
              <HolderPaceTable holders={pace.data?.holders ?? []} />
            </LoadState>
          </section>
        </TabsContent>
        {maySetChecklists && (
          <TabsContent value="checklists" className="mt-0">
            <section aria-labelledby="checklists-heading" className="grid gap-3">
              <div className="grid gap-1">
                <h2 id="checklists-heading" className="text-lg font-semibold">
                  Records each discipline needs
                </h2>
                <p className="text-sm text-muted-foreground">
                  A case&apos;s checklist, under Records on the case page, follows these: the records its experts need before assessing.
                </p>
              </div>
              {tab === "checklists" && <RecordChecklistsEditor />}
            </section>
          </TabsContent>
        )}
      </Tabs>

      <FormDialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        busy={pending}
        title={editing?.mode === "edit" ? "Edit holder" : "Add holder"}
        description="As the holder's PAIA manual gives them: its information officer and the fee it charges."
      >
        {editing && (
          <HolderForm
            key={editing.mode === "edit" ? editing.holder.id : "new"}
            initial={editing.mode === "edit" ? editing.holder : undefined}
            pending={pending}
            serverErrors={serverErrors}
            onCancel={() => setEditing(null)}
            onSubmit={save}
          />
        )}
      </FormDialog>
    </>
  );
}
