import type { ReleaseDeferral } from "@medlegal/domain";
import { agreementEndedNoteSchema, agreementRecordedNoteSchema } from "@medlegal/domain";
import { Handshake } from "lucide-react";
import * as React from "react";
import { LoadState } from "@/components/load-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ReasonDialog } from "@/components/ui/reason-dialog";
import { SearchInput } from "@/components/ui/search-input";
import { useDebounced } from "@/hooks/use-debounced";
import { toast } from "@/hooks/use-toast";
import { formatDateTime } from "@/lib/format";
import { trpc } from "@/lib/trpc";

/** The most attorneys the server lists at once; past it, search narrows the list. */
const LIST_LIMIT = 200;

type Action = { kind: "record" | "end"; attorney: ReleaseDeferral };

/**
 * Attorneys and their release-on-approval agreements (contingency matters: reports go out on
 * approval, without waiting for payment), each with its note and who recorded it when, and the
 * buttons to record, renew or end one.
 */
export function ReleaseAgreementsList({
  rows,
  onRecord,
  onEnd,
}: {
  rows: ReleaseDeferral[];
  onRecord: (row: ReleaseDeferral) => void;
  onEnd: (row: ReleaseDeferral) => void;
}) {
  return (
    <ul className="divide-y rounded-lg border" aria-label="Attorneys and their release agreements">
      {rows.map((row) => (
        <li
          key={row.attorneyId}
          data-attorney={row.attorneyId}
          className="grid gap-3 px-4 py-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start"
        >
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium break-words">{row.attorneyName}</span>
              {row.agreed ? <Badge variant="accent">Released on approval</Badge> : <Badge variant="secondary">Released on payment</Badge>}
              {!row.active && <Badge variant="outline">Inactive account</Badge>}
            </div>
            <p className="text-sm break-words text-muted-foreground">
              {row.firmName ? `${row.firmName} · ` : ""}
              {row.email}
            </p>
            {row.agreed && (
              <div className="mt-2 grid gap-0.5 text-sm">
                <p className="break-words whitespace-pre-line">{row.note}</p>
                <p className="text-xs text-muted-foreground">
                  Recorded by {row.recordedByName ?? "a former user"} on {formatDateTime(row.recordedAt)}
                </p>
              </div>
            )}
          </div>
          <div className="flex flex-wrap gap-2 sm:justify-end">
            {row.agreed ? (
              <>
                <Button variant="outline" size="sm" aria-label={`New note: ${row.attorneyName}`} onClick={() => onRecord(row)}>
                  New note
                </Button>
                <Button variant="outline" size="sm" aria-label={`End agreement: ${row.attorneyName}`} onClick={() => onEnd(row)}>
                  End agreement
                </Button>
              </>
            ) : (
              <Button variant="outline" size="sm" aria-label={`Record agreement: ${row.attorneyName}`} onClick={() => onRecord(row)}>
                Record agreement
              </Button>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Settings, "Release on approval": the administrators' screen over `reports.listDeferrals` and `reports.setDeferral`. */
export function ReleaseAgreementsSettings() {
  const [text, setText] = React.useState("");
  const search = useDebounced(text.trim());
  const [action, setAction] = React.useState<Action | null>(null);
  // After a save the row's buttons change (Record becomes New note, End), so the one that opened
  // the dialog is gone: focus goes to the row's first button instead of the top of the page.
  const focusRowAfterClose = React.useRef<string | null>(null);
  const closeFocus = (event: Event) => {
    const id = focusRowAfterClose.current;
    focusRowAfterClose.current = null;
    if (!id) return;
    const button = document.querySelector<HTMLElement>(`[data-attorney="${id}"] button`);
    if (!button) return;
    event.preventDefault();
    button.focus();
  };
  const save = (attorneyId: string, agreed: boolean, note: string) =>
    set.mutateAsync({ attorneyId, agreed, note }).then(() => {
      focusRowAfterClose.current = attorneyId;
    });
  const list = trpc.reports.listDeferrals.useQuery(search ? { search } : {}, { placeholderData: (prev) => prev });
  const utils = trpc.useUtils();
  const set = trpc.reports.setDeferral.useMutation({
    onSuccess: async (_rows, input) => {
      const name = action?.attorney.attorneyName ?? "The attorney";
      toast(
        input.agreed
          ? { title: "Agreement recorded", description: `${name}'s reports are released as soon as they are approved.` }
          : { title: "Agreement ended", description: `${name}'s approved reports now wait for payment.` },
      );
      await utils.reports.listDeferrals.invalidate();
    },
    meta: { errorTitle: "Could not save the agreement" },
  });

  return (
    <div className="grid gap-5">
      <p className="text-sm text-muted-foreground">
        An attorney with an agreed deferral (for example on contingency matters) gets each report as soon as it is approved, without waiting
        for the invoice to be paid. Every change is kept in the audit trail with its note.
      </p>
      <div className="grid max-w-sm gap-1.5">
        <label htmlFor="agreements-search" className="text-sm font-medium">
          Search attorneys
        </label>
        <SearchInput
          id="agreements-search"
          value={text}
          maxLength={100}
          placeholder="Name, firm or e-mail"
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <LoadState
        query={list}
        loadingLabel="Loading the attorneys"
        loadingRows={5}
        errorTitle="Could not load the attorneys"
        isEmpty={list.data?.length === 0}
        emptyIcon={Handshake}
        emptyTitle={search ? `No attorney matches "${search}"` : "No attorney accounts yet"}
        emptyText={search ? "Try part of the name, the firm or the e-mail address." : "Attorneys appear here once they have signed up."}
      >
        <ReleaseAgreementsList
          rows={list.data ?? []}
          onRecord={(attorney) => setAction({ kind: "record", attorney })}
          onEnd={(attorney) => setAction({ kind: "end", attorney })}
        />
        {(list.data?.length ?? 0) >= LIST_LIMIT && (
          <p className="text-sm text-muted-foreground">Showing the first {LIST_LIMIT} attorneys; search to find others.</p>
        )}
      </LoadState>

      <ReasonDialog
        open={action?.kind === "record"}
        onOpenChange={(open) => !open && setAction(null)}
        title={action?.attorney.agreed ? "Renew the agreement" : "Record a release-on-approval agreement"}
        description={
          action
            ? `${action.attorney.attorneyName}${action.attorney.firmName ? ` (${action.attorney.firmName})` : ""}: each report is released as soon as it is approved, without waiting for payment.`
            : ""
        }
        label="Note"
        placeholder="e.g. Contingency fee agreement signed 2 November 2026"
        reasonSchema={agreementRecordedNoteSchema}
        confirmLabel="Record agreement"
        cancelLabel="Cancel"
        destructive={false}
        pending={set.isPending}
        onConfirm={(note) => (action ? save(action.attorney.attorneyId, true, note) : undefined)}
        onCloseAutoFocus={closeFocus}
      />
      <ReasonDialog
        open={action?.kind === "end"}
        onOpenChange={(open) => !open && setAction(null)}
        title="End the agreement?"
        description={
          action
            ? `From now on ${action.attorney.attorneyName}'s approved reports wait for payment (or an administrator's release). Reports already released stay released.`
            : ""
        }
        label="Why it ends"
        reasonSchema={agreementEndedNoteSchema}
        confirmLabel="End agreement"
        cancelLabel="Keep the agreement"
        pending={set.isPending}
        onConfirm={(note) => (action ? save(action.attorney.attorneyId, false, note) : undefined)}
        onCloseAutoFocus={closeFocus}
      />
    </div>
  );
}
