import type { JointMinuteListItem, JointMinuteState } from "@medlegal/domain";
import { JOINT_MINUTE_STATE_LABELS } from "@medlegal/domain";
import { Link } from "@tanstack/react-router";
import { ArrowRight, Users } from "lucide-react";
import { LoadState } from "../load-state";
import { Badge } from "../ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card";
import { ListTable } from "../ui/list-table";
import { formatDay } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { cn } from "@/lib/utils";

const STATE_BADGE: Record<JointMinuteState, "secondary" | "default" | "outline"> = {
  open: "secondary",
  signed: "default",
  released: "outline",
};

export function MinuteStateBadge({ state }: { state: JointMinuteState }) {
  return <Badge variant={STATE_BADGE[state]}>{JOINT_MINUTE_STATE_LABELS[state]}</Badge>;
}

const COLUMNS = "lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1.2fr)_minmax(0,1.4fr)_7rem_minmax(0,2fr)]";
const linkClass =
  "rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring";

/** The rows of the list of joint minutes (issue 37): a table from 1024 px, stacked rows below. */
export function MinuteRows({ items }: { items: JointMinuteListItem[] }) {
  return (
    <ListTable
      columns={COLUMNS}
      label="Joint minutes"
      head={
        <>
          <span>Minute</span>
          <span>Claimant</span>
          <span>Experts</span>
          <span>Due</span>
          <span>State</span>
        </>
      }
    >
      {items.map((m) => (
        <li key={m.id} className={cn("grid gap-2 px-4 py-3.5 lg:items-start lg:gap-4", COLUMNS)}>
          <div className="min-w-0">
            <Link to="/joint-minutes/$id" params={{ id: m.id }} className={cn(linkClass, "break-words")}>
              {m.addendumOf ? "Addendum minute" : "Joint minute"}: {m.discipline}
            </Link>
            <p className="font-mono text-xs text-muted-foreground">{m.reportReference}</p>
          </div>
          <p className="min-w-0 text-sm break-words">
            <span className="text-muted-foreground lg:sr-only">Claimant: </span>
            {m.claimantName}
          </p>
          <p className="min-w-0 text-sm break-words">
            <span className="text-muted-foreground lg:sr-only">Experts: </span>
            {m.ourExpertName} and {m.opposingName}
          </p>
          <p className="text-sm tabular-nums">
            <span className="text-muted-foreground lg:sr-only">Due: </span>
            {formatDay(m.dueOn, "No date")}
          </p>
          <div className="grid justify-items-start gap-1">
            <span className="flex flex-wrap gap-1.5">
              <MinuteStateBadge state={m.state} />
              {m.repudiated && <Badge variant="destructive">Repudiated</Badge>}
            </span>
            {m.waitingFor && <p className="text-sm break-words text-muted-foreground">{m.waitingFor}</p>}
          </div>
        </li>
      ))}
    </ListTable>
  );
}

/** Our expert's dashboard: the minutes still being prepared with them (issue 37), the list one click away. */
export function OpenMinutesCard() {
  const open = trpc.jointMinutes.list.useQuery({ state: "open" });
  const items = open.data?.items ?? [];
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>Open joint minutes</CardTitle>
        <CardDescription>Minutes with an opposing expert that still need your view or your signature.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <LoadState
          query={open}
          loadingLabel="Loading your open joint minutes"
          loadingRows={2}
          errorTitle="Your joint minutes could not be loaded"
          isEmpty={items.length === 0}
          emptyIcon={Users}
          emptyTitle="No open joint minutes"
          emptyText="When the agency opens a joint minute of one of your reports, it appears here."
        >
          <ul className="grid gap-2" aria-label="Open joint minutes">
            {items.slice(0, 5).map((m) => (
              <li key={m.id} className="grid gap-1 rounded-md border px-3 py-2 text-sm">
                <Link to="/joint-minutes/$id" params={{ id: m.id }} className={cn(linkClass, "break-words")}>
                  {m.discipline} with {m.opposingName}
                </Link>
                <span className="text-muted-foreground">
                  {m.reportReference} · {m.claimantName}
                  {m.dueOn ? ` · due ${formatDay(m.dueOn)}` : ""}
                </span>
                {m.waitingFor && <span className="break-words">{m.waitingFor}</span>}
              </li>
            ))}
          </ul>
        </LoadState>
        <Link to="/joint-minutes" className={cn(linkClass, "inline-flex items-center gap-1 justify-self-start text-sm")}>
          All joint minutes
          <ArrowRight aria-hidden className="size-3.5" />
        </Link>
      </CardContent>
    </Card>
  );
}
