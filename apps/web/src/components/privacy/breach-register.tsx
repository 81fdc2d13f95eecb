import type { Breach } from "@medlegal/domain";
import { BREACH_CATEGORY_LABELS, BREACH_CERTAINTY_LABELS } from "@medlegal/domain";
import { Download, Pencil, Plus, ShieldAlert } from "lucide-react";
import * as React from "react";
import { LoadState } from "@/components/load-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";
import { formatDay } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { trpcFieldErrors } from "@/lib/trpc-errors";
import { BreachDialog } from "./breach-dialog";

/**
 * The register of security compromises on /admin/privacy (POPIA section 22): each one with what the
 * Regulator's form asks, whether it was reported, and its PDF for the filing.
 */
export function BreachRegister() {
  const utils = trpc.useUtils();
  const breaches = trpc.privacy.breaches.useQuery();
  const [editing, setEditing] = React.useState<Breach | "new" | null>(null);
  const done = (saved: Breach, verb: string) => {
    setEditing(null);
    void utils.privacy.breaches.invalidate();
    toast({
      title: `${saved.reference} ${verb}`,
      description: saved.reportedOn
        ? "Reported to the Regulator."
        : "Report it on the Regulator's eServices portal, then add the date and reference.",
    });
  };
  const create = trpc.privacy.createBreach.useMutation({
    onSuccess: (saved) => done(saved, "recorded"),
    meta: { errorTitle: "Could not record the compromise" },
  });
  const update = trpc.privacy.updateBreach.useMutation({
    onSuccess: (saved) => done(saved, "saved"),
    meta: { errorTitle: "Could not save the compromise" },
  });
  const mutation = editing === "new" ? create : update;
  const serverErrors = React.useMemo(() => trpcFieldErrors(mutation.error), [mutation.error]);
  const list = breaches.data ?? [];

  return (
    <section aria-labelledby="breaches-heading" className="mt-10 max-w-4xl">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="breaches-heading" className="text-base font-semibold">
          Security compromises
        </h2>
        <Button
          variant="outline"
          onClick={() => {
            create.reset();
            setEditing("new");
          }}
        >
          <Plus aria-hidden /> Record a compromise
        </Button>
      </div>
      <LoadState
        query={breaches}
        loadingLabel="Loading the register"
        errorTitle="The register could not be loaded"
        isEmpty={list.length === 0}
        emptyIcon={ShieldAlert}
        emptyTitle="No security compromises recorded"
        emptyText="Record a compromise as soon as it is suspected: the Regulator must be told as soon as reasonably possible."
      >
        <ul className="grid gap-3" aria-label="Security compromises">
          {list.map((b) => (
            <li key={b.id} className="rounded-lg border bg-card p-4 shadow-xs">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-medium">
                    {b.reference}: discovered {formatDay(b.discoveredOn)}
                  </p>
                  <p className="text-sm break-words text-muted-foreground">{b.description}</p>
                  <p className="mt-1 text-sm">
                    {b.dataSubjectsCount} data subject{b.dataSubjectsCount === 1 ? "" : "s"} ·{" "}
                    {b.categories.map((c) => BREACH_CATEGORY_LABELS[c].split(" (")[0]).join(", ")}
                  </p>
                  {b.compromisedUserName && (
                    <p className="text-sm text-muted-foreground">
                      Account of {b.compromisedUserName}: {b.affected.length} claimant{b.affected.length === 1 ? "" : "s"} read from{" "}
                      {formatDay(b.compromisedFrom!)} to {formatDay(b.compromisedTo!)}
                    </p>
                  )}
                  <p className={b.reportedOn ? "text-sm text-muted-foreground" : "text-sm font-medium text-destructive"}>
                    {b.reportedOn
                      ? `Reported to the Regulator on ${formatDay(b.reportedOn)}${b.regulatorReference ? `, reference ${b.regulatorReference}` : ""}`
                      : "Not yet reported to the Regulator"}
                  </p>
                </div>
                <Badge variant={b.certainty === "confirmed" ? "destructive" : "secondary"}>{BREACH_CERTAINTY_LABELS[b.certainty]}</Badge>
              </div>
              <div className="mt-3 flex flex-wrap gap-2">
                <Button asChild variant="outline" size="sm">
                  <a href={`/api/privacy/breaches/${b.id}.pdf`} download aria-label={`PDF for the filing: ${b.reference}`}>
                    <Download aria-hidden /> PDF for the filing
                  </a>
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Edit ${b.reference}`}
                  onClick={() => {
                    update.reset();
                    setEditing(b);
                  }}
                >
                  <Pencil aria-hidden /> Edit
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </LoadState>
      <BreachDialog
        open={editing !== null}
        breach={editing === "new" ? null : editing}
        onClose={() => setEditing(null)}
        pending={mutation.isPending}
        serverErrors={serverErrors}
        onSubmit={(payload) => (editing && editing !== "new" ? update.mutate({ ...payload, id: editing.id }) : create.mutate(payload))}
      />
    </section>
  );
}
