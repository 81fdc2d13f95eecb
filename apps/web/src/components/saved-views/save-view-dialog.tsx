import { savedViewInputSchema } from "@medlegal/domain";
import type { SavedViewFilters, SavedViewInput, SavedViewList } from "@medlegal/domain";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/hooks/use-toast";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage, trpcFieldErrors } from "@/lib/trpc-errors";

/**
 * Saves the list's current filters and sort under a name (issue 30): checked with the server's own
 * schema first, then the server's answer (a taken name) shown under the field. Administrators may
 * share the view with all staff. `filters` is the list's own input without paging (what the list shows now).
 */
export function SaveViewDialog<L extends SavedViewList>({
  open,
  onClose,
  list,
  filters,
  canShare,
}: {
  open: boolean;
  onClose: () => void;
  list: L;
  filters: SavedViewFilters<L>;
  canShare: boolean;
}) {
  const [name, setName] = React.useState("");
  const [shared, setShared] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const utils = trpc.useUtils();
  const save = trpc.savedViews.create.useMutation({
    onSuccess: (view) => {
      void utils.savedViews.list.invalidate();
      toast({ title: "View saved", description: `"${view.name}" is in the sidebar under Saved views.` });
      setName("");
      setShared(false);
      onClose();
    },
    onError: (e) => setError(trpcFieldErrors(e)?.name ?? trpcErrorMessage(e)),
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    // The list names the filters' schema: the pair is one member of the input's union.
    const input = { list, name: name.trim(), shared, filters } as SavedViewInput;
    const checked = savedViewInputSchema.safeParse(input);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? "Check the name");
      return;
    }
    setError(null);
    save.mutate(input);
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      busy={save.isPending}
      title="Save this view"
      description="The filters and sort you chose, one click away in the sidebar, with a live count."
      className="max-w-md"
    >
      <form className="grid gap-4" onSubmit={submit} noValidate>
        <Field label="Name" htmlFor="view-name" error={error} required>
          <Input
            id="view-name"
            value={name}
            maxLength={60}
            autoFocus
            placeholder="e.g. Urgent, not taken yet"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "view-name-error" : undefined}
            onChange={(e) => setName(e.target.value)}
          />
        </Field>
        {canShare && (
          <div className="flex items-center gap-3">
            <Switch id="view-shared" checked={shared} onCheckedChange={setShared} aria-labelledby="view-shared-label" />
            <label id="view-shared-label" htmlFor="view-shared" className="text-sm">
              Share with all staff
            </label>
          </div>
        )}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending && <Spinner />}
            Save view
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
