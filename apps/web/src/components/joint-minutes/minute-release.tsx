import type { JointMinute } from "@medlegal/domain";
import { minuteEarlyReasonSchema } from "@medlegal/domain";
import { Hourglass } from "lucide-react";
import * as React from "react";
import { Button } from "../ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card";
import { ReasonDialog } from "../ui/reason-dialog";
import { toast } from "@/hooks/use-toast";
import { formatDay } from "@/lib/format";
import { trpc } from "@/lib/trpc";

/**
 * An administrator's release of a signed minute before payment (issue 37), as for reports: the
 * minute's report went out before payment, the minute waits for it; the reason is audited.
 */
export function EarlyReleaseButton({ m, onDone }: { m: JointMinute; onDone: () => void }) {
  const [open, setOpen] = React.useState(false);
  const release = trpc.jointMinutes.releaseEarly.useMutation({
    meta: { errorTitle: "Not released" },
    onSuccess: () => {
      setOpen(false);
      toast({ title: "Released to the attorney before payment" });
      onDone();
    },
  });
  if (!m.canReleaseEarly) return null;
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Release before payment
      </Button>
      <ReasonDialog
        open={open}
        onOpenChange={setOpen}
        title="Release the minute before payment"
        description={`The joint minute goes to the attorney now, although ${m.reportReference} is not paid. The reason is kept in the audit trail.`}
        reasonSchema={minuteEarlyReasonSchema}
        confirmLabel="Release"
        destructive={false}
        pending={release.isPending}
        onConfirm={(reason) => release.mutateAsync({ id: m.id, reason })}
      />
    </>
  );
}

/**
 * The attorney's page of a minute not yet released (issue 37): never "not found" for the matter's
 * attorney, but what it waits for; its words come with the release.
 */
export function WithheldMinute({ m }: { m: JointMinute }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Hourglass aria-hidden className="size-4 text-muted-foreground" />
          Not released to you yet
        </CardTitle>
        <CardDescription className="text-base text-foreground">{m.waitingFor}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <dl className="grid grid-cols-[8rem_minmax(0,1fr)] gap-x-3 gap-y-1">
          <dt className="text-muted-foreground">Our expert</dt>
          <dd className="break-words">{m.ourExpertName}</dd>
          <dt className="text-muted-foreground">Opposing expert</dt>
          <dd className="break-words">
            {m.opposing.name}, {m.opposing.discipline}
          </dd>
          <dt className="text-muted-foreground">Due</dt>
          <dd>{formatDay(m.dueOn, "No date set")}</dd>
        </dl>
        <p className="text-muted-foreground">You are told when it is released; you can then read it here and download the signed PDF.</p>
      </CardContent>
    </Card>
  );
}
