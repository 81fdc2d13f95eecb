import type { InvoiceDetail } from "@medlegal/domain";
import { Link, useNavigate } from "@tanstack/react-router";
import { Receipt } from "lucide-react";
import * as React from "react";
import type { DraftDecision } from "@/components/invoices/draft-decision-dialogs";
import { DraftDecisionDialogs } from "@/components/invoices/draft-decision-dialogs";
import { InvoiceLinesTable } from "@/components/invoices/invoice-lines";
import { LoadState } from "@/components/load-state";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDateOfMoment } from "@/lib/format";
import { trpc } from "@/lib/trpc";

/** The draft just made, or an unsent one from before: its lines with VAT as it will print, then issue it (asked first) or discard it. */
export function DraftCard({ id, onDiscarded, onBack }: { id: string; onDiscarded: () => void; onBack: () => void }) {
  const query = trpc.invoices.get.useQuery({ id });
  return (
    <LoadState
      query={query}
      loadingLabel="Loading the draft"
      errorTitle="Could not load the draft"
      isEmpty={false}
      emptyIcon={Receipt}
      emptyTitle=""
    >
      {query.data && <DraftView draft={query.data} onDiscarded={onDiscarded} onBack={onBack} />}
    </LoadState>
  );
}

function DraftView({ draft, onDiscarded, onBack }: { draft: InvoiceDetail; onDiscarded: () => void; onBack: () => void }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [dialog, setDialog] = React.useState<DraftDecision | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Draft invoice to {draft.recipientName}</CardTitle>
        <CardDescription>
          {draft.vatRegistered ? "A tax invoice: VAT at 15 % on each line." : "An invoice without VAT: the expert has no VAT number."} It
          takes the next number of the expert's series when issued. Made {formatDateOfMoment(draft.createdAt)}, not sent yet: it stays here
          until it is issued or discarded.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <InvoiceLinesTable lines={draft.lines} vatRegistered={draft.vatRegistered} caption="Lines of the draft" totals={draft} />
        {draft.issueBlocker && (
          <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">{draft.issueBlocker}</p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onBack}>
            Back to unbilled work
          </Button>
          <Button variant="outline" asChild>
            <Link to="/invoices/$id" params={{ id: draft.id }}>
              Open draft
            </Link>
          </Button>
          <Button variant="outline" disabled={!draft.can.discard} onClick={() => setDialog("discard")}>
            Discard draft
          </Button>
          <Button disabled={!draft.can.issue || draft.issueBlocker !== null} onClick={() => setDialog("issue")}>
            Issue invoice
          </Button>
        </div>
      </CardContent>
      <DraftDecisionDialogs
        draft={draft}
        open={dialog}
        onOpenChange={setDialog}
        issueDescription="It takes the next number of the expert's series and is e-mailed to the agency. It cannot be changed once issued."
        issuedMailedTo="the agency"
        discardDescription="The draft is deleted and its work can be billed again."
        discardedNote="Its work is unbilled again."
        onIssued={(issued) => void navigate({ to: "/invoices/$id", params: { id: issued.id } })}
        onDiscarded={() => {
          void utils.invoices.listUnbilled.invalidate();
          onDiscarded();
        }}
      />
    </Card>
  );
}
