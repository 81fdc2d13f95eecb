import type { RecordHolder } from "@medlegal/domain";
import { createFileRoute } from "@tanstack/react-router";
import { FolderSearch, Plus } from "lucide-react";
import * as React from "react";
import { LoadState } from "@/components/load-state";
import { PageHeader } from "@/components/page";
import { HolderForm, type HolderPayload } from "@/components/records/holder-form";
import { HoldersList } from "@/components/records/holders-list";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/form-dialog";
import { toast } from "@/hooks/use-toast";
import { prefetchPage } from "@/lib/route-data";
import { trpc } from "@/lib/trpc";
import { trpcFieldErrors } from "@/lib/trpc-errors";

/** The register lists every holder, those out of use too, so staff can take one back into use. */
const REGISTER = { includeInactive: true } as const;

export const Route = createFileRoute("/_app/records")({
  loader: ({ context }) => prefetchPage(context, ({ trpc }) => trpc.records.holders.prefetch(REGISTER)),
  component: RecordsPage,
});

type Editing = { mode: "create" } | { mode: "edit"; holder: RecordHolder };

/**
 * Records from holders (issue 40), for staff: the register of holders a case's requests are made to.
 * A case's requests and their PAIA clock are on the case page.
 */
function RecordsPage() {
  const utils = trpc.useUtils();
  const list = trpc.records.holders.useQuery(REGISTER);
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
        description="The hospitals, police stations, employers and schools the agency asks for claimants' records, with their information officers and fees."
        actions={
          <Button onClick={() => openEditor({ mode: "create" })}>
            <Plus aria-hidden />
            Add holder
          </Button>
        }
      />
      <section aria-labelledby="holders-heading" className="grid gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="holders-heading" className="text-lg font-semibold">
            Holders&apos; register
          </h2>
          {items.length > 0 && (
            <p className="text-sm text-muted-foreground">
              {inUse} in use{items.length > inUse ? `, ${items.length - inUse} not in use` : ""}
            </p>
          )}
        </div>
        <LoadState
          query={list}
          loadingLabel="Loading the holders"
          errorTitle="Could not load the holders"
          isEmpty={items.length === 0}
          emptyIcon={FolderSearch}
          emptyTitle="No holders yet"
          emptyText={<p>Add the hospitals, police stations and employers the agency asks for records, with their information officers.</p>}
        >
          <HoldersList items={items} onEdit={(holder) => openEditor({ mode: "edit", holder })} />
        </LoadState>
        <p className="text-sm text-muted-foreground">
          A case&apos;s requests, their status and the PAIA clock are on the case page, under Records.
        </p>
      </section>

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
