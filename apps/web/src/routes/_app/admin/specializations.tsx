import type { SpecializationItem } from "@medlegal/domain";
import { createFileRoute } from "@tanstack/react-router";
import { Plus, Stethoscope } from "lucide-react";
import * as React from "react";
import { DisciplineDependenciesCard } from "@/components/discipline-waits/discipline-dependencies";
import { SpecializationForm } from "@/components/admin/specialization-form";
import { SpecializationsList } from "@/components/admin/specializations-list";
import { LoadState } from "@/components/load-state";
import { PageHeader } from "@/components/page";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormDialog } from "@/components/ui/form-dialog";
import { toast } from "@/hooks/use-toast";
import { trpc } from "@/lib/trpc";
import { prefetchPage } from "@/lib/route-data";
import { trpcFieldErrors } from "@/lib/trpc-errors";

export const Route = createFileRoute("/_app/admin/specializations")({
  loader: ({ context }) => prefetchPage(context, ({ trpc }) => trpc.specializations.list.prefetch()),
  component: SpecializationsPage,
});

type Editing = { mode: "create" } | { mode: "edit"; item: SpecializationItem };

function SpecializationsPage() {
  const utils = trpc.useUtils();
  const list = trpc.specializations.list.useQuery();
  // Invoices price reports from the fee schedule: its current agency rate is what the list shows (issue 23).
  const fees = trpc.invoices.listFees.useQuery({});
  const reportFees = React.useMemo(
    () =>
      Object.fromEntries(
        (fees.data ?? [])
          .filter((f) => f.current && f.feeKind === "report" && f.consultantId === null)
          .map((f) => [f.specializationId, f.amountCents]),
      ),
    [fees.data],
  );
  const [editing, setEditing] = React.useState<Editing | null>(null);
  const [toggling, setToggling] = React.useState<{ item: SpecializationItem; active: boolean } | null>(null);
  const [removing, setRemoving] = React.useState<SpecializationItem | null>(null);

  const refresh = async () => {
    await Promise.all([utils.specializations.list.invalidate(), utils.specializations.listActive.invalidate()]);
  };

  const create = trpc.specializations.create.useMutation({
    onSuccess: async (item) => {
      setEditing(null);
      toast({ title: "Specialization added", description: `${item.name} is now offered.` });
      await refresh();
    },
    meta: { errorTitle: "Could not add the specialization" },
  });
  const update = trpc.specializations.update.useMutation({
    onSuccess: async (item) => {
      setEditing(null);
      toast({ title: "Changes saved", description: `${item.name} was updated.` });
      await refresh();
    },
    meta: { errorTitle: "Could not save the changes" },
  });
  const setActive = trpc.specializations.setActive.useMutation({
    onSuccess: async (item) => {
      setToggling(null);
      toast({
        title: item.active ? "Specialization reactivated" : "Specialization deactivated",
        description: item.active ? `${item.name} can be chosen again.` : `${item.name} can no longer be chosen for new accounts.`,
      });
      await refresh();
    },
    onSettled: () => setToggling(null),
    meta: { errorTitle: "Could not change the specialization" },
  });
  const remove = trpc.specializations.remove.useMutation({
    onSuccess: async (result) => {
      const name = removing?.name ?? "The specialization";
      setRemoving(null);
      toast(
        result.removed
          ? { title: "Specialization removed", description: `${name} was removed from the catalogue.` }
          : { title: "Specialization deactivated", description: `${name} is still in use, so it was deactivated instead of removed.` },
      );
      await refresh();
    },
    onSettled: () => setRemoving(null),
    meta: { errorTitle: "Could not remove the specialization" },
  });

  const pending = create.isPending || update.isPending;
  const mutationError = editing?.mode === "edit" ? update.error : create.error;
  const serverErrors = React.useMemo(() => trpcFieldErrors(mutationError), [mutationError]);
  const items = list.data ?? [];
  const activeCount = items.filter((s) => s.active).length;

  const openEditor = (next: Editing) => {
    create.reset();
    update.reset();
    setEditing(next);
  };

  return (
    <>
      <PageHeader
        title="Specializations"
        description="The expert specializations the agency offers, with their default report fees."
        actions={
          <Button onClick={() => openEditor({ mode: "create" })}>
            <Plus />
            Add specialization
          </Button>
        }
      />

      <LoadState
        query={list}
        loadingLabel="Loading specializations"
        errorTitle="Could not load the specializations"
        isEmpty={items.length === 0}
        emptyIcon={Stethoscope}
        emptyTitle="No specializations yet"
        emptyText={<p>Add the specializations your experts practise so consultants can choose them.</p>}
      >
        <p className="mb-3 text-sm text-muted-foreground">
          {activeCount} active{items.length > activeCount ? `, ${items.length - activeCount} inactive` : ""}
        </p>
        <SpecializationsList
          items={items}
          scheduleReportFees={reportFees}
          onEdit={(item) => openEditor({ mode: "edit", item })}
          onSetActive={(item, active) => setToggling({ item, active })}
          onRemove={setRemoving}
        />
      </LoadState>

      {items.length > 1 && <DisciplineDependenciesCard />}

      <FormDialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        busy={pending}
        title={editing?.mode === "edit" ? "Edit specialization" : "Add specialization"}
        description="Names are unique, whatever their capitals."
        className="max-w-lg"
      >
        {editing && (
          <SpecializationForm
            key={editing.mode === "edit" ? editing.item.id : "new"}
            initial={editing.mode === "edit" ? editing.item : undefined}
            pending={pending}
            serverErrors={serverErrors}
            onCancel={() => setEditing(null)}
            onSubmit={(payload) => (editing.mode === "edit" ? update.mutate({ id: editing.item.id, ...payload }) : create.mutate(payload))}
          />
        )}
      </FormDialog>

      <ConfirmDialog
        open={toggling !== null}
        onOpenChange={(open) => !open && setToggling(null)}
        title={toggling?.active ? `Reactivate ${toggling.item.name}?` : `Deactivate ${toggling?.item.name ?? ""}?`}
        description={
          toggling?.active
            ? "It will be offered again at sign-up and when accounts are created or edited."
            : "It will no longer be offered at sign-up or for new accounts. Consultants who have it keep it."
        }
        confirmLabel={toggling?.active ? "Reactivate" : "Deactivate"}
        destructive={!toggling?.active}
        pending={setActive.isPending}
        onConfirm={() => toggling && setActive.mutate({ id: toggling.item.id, active: toggling.active })}
      />

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove ${removing?.name ?? ""}?`}
        description={
          removing && removing.usersCount > 0
            ? `${removing.usersCount} ${removing.usersCount === 1 ? "account uses" : "accounts use"} it, so it will be deactivated instead of removed.`
            : "It is not used by any account and will be removed from the catalogue."
        }
        confirmLabel={removing && removing.usersCount > 0 ? "Deactivate" : "Remove"}
        destructive
        pending={remove.isPending}
        onConfirm={() => removing && remove.mutate({ id: removing.id })}
      />
    </>
  );
}
