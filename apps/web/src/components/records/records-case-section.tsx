import type { RecordRequestItem } from "@medlegal/domain";
import { RECORD_KIND_LABEL } from "@medlegal/domain";
import { Link } from "@tanstack/react-router";
import { ChevronDown, FolderSearch, Plus } from "lucide-react";
import * as React from "react";
import { LoadState } from "@/components/load-state";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { FormDialog } from "@/components/ui/form-dialog";
import { toast } from "@/hooks/use-toast";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage, trpcFieldErrors } from "@/lib/trpc-errors";
import { cn } from "@/lib/utils";
import { RecordClock } from "./record-clock";
import { RecordsChecklist } from "./records-checklist";
import { RecordRequestDetail } from "./record-request-detail";
import { RecordRequestForm } from "./record-request-form";

const LINK_CLASS =
  "rounded-sm font-medium text-primary underline underline-offset-2 outline-none focus-visible:ring-2 focus-visible:ring-ring";

type Item = RecordRequestItem;

function RequestRow({ item, caseId, open, onToggle }: { item: Item; caseId: string; open: boolean; onToggle: () => void }) {
  const panel = `record-request-${item.id}`;
  return (
    <li className="grid gap-3 py-3 first:pt-0 last:pb-0">
      <div className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start sm:gap-4">
        <div className="grid min-w-0 gap-0.5">
          <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
            <span className="font-medium break-words">{item.holder.name}</span>
            <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium whitespace-nowrap text-muted-foreground">
              {item.statusLabel}
            </span>
          </p>
          <p className="text-sm">{item.recordKinds.map((k) => RECORD_KIND_LABEL[k]).join("; ")}</p>
          {item.disciplines.length > 0 && (
            <p className="text-sm text-muted-foreground">For {item.disciplines.map((d) => d.name).join(", ")}</p>
          )}
          <RecordClock item={item} />
        </div>
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          aria-expanded={open}
          aria-controls={panel}
          // The visible word stays in the name (WCAG 2.5.3); aria-expanded says whether it is open.
          aria-label={`Details: ${item.holder.name}`}
          onClick={onToggle}
        >
          <ChevronDown aria-hidden className={cn("transition-transform", open && "rotate-180")} />
          Details
        </Button>
      </div>
      {open && (
        <div id={panel} className="rounded-md border bg-muted/20 p-3">
          <RecordRequestDetail id={item.id} caseId={caseId} />
        </div>
      )}
    </li>
  );
}

/** Staff's new request, in a dialog: the register's active holders and the offered disciplines. */
function RequestDialog({
  caseId,
  incidentDate,
  open,
  onClose,
  onCreated,
}: {
  caseId: string;
  incidentDate: string | null;
  open: boolean;
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const utils = trpc.useUtils();
  const holders = trpc.records.holders.useQuery({ includeInactive: false }, { enabled: open });
  const disciplines = trpc.specializations.listActive.useQuery(undefined, { enabled: open });
  const request = trpc.records.request.useMutation({
    meta: { errorToast: false },
    onSuccess: (d) => {
      void utils.records.forCase.invalidate({ caseId });
      utils.records.get.setData({ id: d.id }, d);
      toast({ title: "Records request saved", description: `${d.holder.name}: record the day it is sent to start the clock.` });
      onCreated(d.id);
    },
  });
  const serverErrors = React.useMemo(() => trpcFieldErrors(request.error), [request.error]);
  const formError = request.error && !serverErrors ? trpcErrorMessage(request.error) : undefined;
  const active = holders.data ?? [];
  const close = () => {
    request.reset();
    onClose();
  };
  return (
    <FormDialog
      open={open}
      onClose={close}
      busy={request.isPending}
      title="Request records"
      description="Asked of the holder's information officer; the holder has 30 calendar days from the day it receives the request."
    >
      <LoadState
        query={holders}
        loadingLabel="Loading the holders"
        errorTitle="Could not load the holders"
        isEmpty={active.length === 0}
        emptyIcon={FolderSearch}
        emptyTitle="No holders in the register"
        emptyText={
          <p>
            Add the hospital, police station or employer to the{" "}
            <Link to="/records" className={LINK_CLASS}>
              holders&apos; register
            </Link>{" "}
            first.
          </p>
        }
      >
        <RecordRequestForm
          caseId={caseId}
          incidentDate={incidentDate}
          holders={active}
          disciplines={disciplines.data ?? []}
          pending={request.isPending}
          serverErrors={serverErrors}
          formError={formError}
          onSubmit={(payload) => request.mutate(payload)}
          onCancel={close}
        />
      </LoadState>
    </FormDialog>
  );
}

/**
 * A case's records requests (issue 40): each holder, what was asked and for which disciplines, its
 * status and the PAIA clock's sentence, marked when it needs action; opened, its facts, fees and
 * steps. Staff ask for records and record each step; the case's attorney reads.
 */
export function RecordsCaseSection({
  caseId,
  incidentDate,
  canManage,
}: {
  caseId: string;
  incidentDate: string | null;
  canManage: boolean;
}) {
  const list = trpc.records.forCase.useQuery({ caseId }, { retry: false });
  const [openId, setOpenId] = React.useState<string | null>(null);
  const [asking, setAsking] = React.useState(false);
  const items = list.data ?? [];
  return (
    <section aria-labelledby="records-case-heading" className="grid gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="records-case-heading" className="text-lg font-semibold">
          Records
        </h2>
        {canManage && (
          <Button variant="outline" size="sm" onClick={() => setAsking(true)}>
            <Plus aria-hidden />
            Request records
          </Button>
        )}
      </div>
      <RecordsChecklist caseId={caseId} />
      <LoadState
        query={list}
        loadingLabel="Loading the records requests"
        loadingRows={2}
        errorTitle="Could not load the records requests"
        isEmpty={items.length === 0}
        emptyIcon={FolderSearch}
        emptyTitle="No records requested yet"
        emptyText={
          canManage
            ? "Ask the hospital, the police station or the employer for the claimant's records: the holder's 30 days run from when it receives the request."
            : "The agency has not asked any holder for this claimant's records yet."
        }
      >
        <Card>
          <CardContent className="pt-6">
            <ul className="grid divide-y" aria-label="Records requests">
              {items.map((item) => (
                <RequestRow
                  key={item.id}
                  item={item}
                  caseId={caseId}
                  open={openId === item.id}
                  onToggle={() => setOpenId(openId === item.id ? null : item.id)}
                />
              ))}
            </ul>
          </CardContent>
        </Card>
      </LoadState>
      {canManage && (
        <RequestDialog
          caseId={caseId}
          incidentDate={incidentDate}
          open={asking}
          onClose={() => setAsking(false)}
          onCreated={(id) => {
            setAsking(false);
            setOpenId(id);
          }}
        />
      )}
    </section>
  );
}
