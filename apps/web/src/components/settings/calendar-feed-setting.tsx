import { CalendarCheck, Copy } from "lucide-react";
import * as React from "react";
import { toast } from "@/hooks/use-toast";
import { formatDateTime } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { Input } from "../ui/input";
import { Label } from "../ui/label";
import { Spinner } from "../ui/spinner";
import { LoadState } from "@/components/load-state";

/**
 * The user's personal calendar link (docs/decisions.md "Calendars carry no health information"):
 * Outlook, Google or Apple Calendar subscribe to it and show the user's assessments with a
 * reference, time and place only. The link is shown once, when made (only its hash is kept); a
 * new link or a revoke ends the old one at once.
 */
export function CalendarFeedSetting() {
  const utils = trpc.useUtils();
  const feed = trpc.calendar.feed.useQuery();
  const [url, setUrl] = React.useState<string | null>(null);
  const [confirmRevoke, setConfirmRevoke] = React.useState(false);
  const create = trpc.calendar.createFeed.useMutation({
    onSuccess: (made) => {
      setUrl(made.url);
      void utils.calendar.feed.invalidate();
    },
    meta: { errorTitle: "Could not make the calendar link" },
  });
  const revoke = trpc.calendar.revokeFeed.useMutation({
    onSuccess: (status) => {
      setUrl(null);
      setConfirmRevoke(false);
      utils.calendar.feed.setData(undefined, status);
      toast({ title: "Calendar link revoked", description: "Calendars subscribed to it stop receiving your assessments." });
    },
    meta: { errorTitle: "Could not revoke the calendar link" },
  });
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: "Link copied", description: "Paste it into your calendar app's “Subscribe from URL” (or “From internet”)." });
    } catch {
      toast({ variant: "destructive", title: "Could not copy", description: "Select the link and copy it by hand." });
    }
  };

  if (!feed.data) {
    return (
      <LoadState query={feed} loadingLabel="Loading your calendar link" loadingRows={2} errorTitle="Could not load your calendar link">
        {null}
      </LoadState>
    );
  }
  const status = feed.data;

  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Entries show only “MedLegal assessment” with the booking reference, the time and the venue (or “Video”), and a link back here.
        Claimants' names, the kind of assessment and notes stay in MedLegal.
      </p>
      {url && (
        <div className="grid gap-2 rounded-md border border-primary/30 bg-primary/5 p-3">
          <Label htmlFor="calendar-feed-url">Your calendar link (shown only now: copy it into your calendar app)</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id="calendar-feed-url"
              readOnly
              value={url}
              onFocus={(event) => event.currentTarget.select()}
              className="font-mono text-xs"
            />
            <Button type="button" onClick={() => void copy()}>
              <Copy aria-hidden /> Copy link
            </Button>
          </div>
        </div>
      )}
      {status.active ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex items-start gap-2 text-sm">
            <CalendarCheck className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
            <span>
              A calendar link made {formatDateTime(status.createdAt!)} is live;{" "}
              {status.lastUsedAt ? `a calendar last read it ${formatDateTime(status.lastUsedAt)}.` : "no calendar has read it yet."}
            </span>
          </p>
          <div className="flex gap-2">
            <Button type="button" variant="outline" disabled={create.isPending} onClick={() => create.mutate()}>
              {create.isPending && <Spinner decorative className="size-4" />} New link
            </Button>
            <Button type="button" variant="destructive" disabled={revoke.isPending} onClick={() => setConfirmRevoke(true)}>
              Revoke
            </Button>
          </div>
        </div>
      ) : (
        <div>
          <Button type="button" disabled={create.isPending} onClick={() => create.mutate()}>
            {create.isPending && <Spinner decorative className="size-4" />} Make a calendar link
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirmRevoke}
        onOpenChange={setConfirmRevoke}
        title="Revoke your calendar link?"
        description="Calendars subscribed to it stop receiving your assessments at once. You can make a new link afterwards."
        confirmLabel="Revoke link"
        destructive
        pending={revoke.isPending}
        onConfirm={() => revoke.mutate()}
      />
    </div>
  );
}
