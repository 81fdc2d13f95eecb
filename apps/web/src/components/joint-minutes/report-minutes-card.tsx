import { minuteVersionLabel } from "@medlegal/domain";
import { Link } from "@tanstack/react-router";
import { Plus, Users } from "lucide-react";
import * as React from "react";
import { formatDay } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { LoadState } from "../load-state";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card";
import { OpposingExpertDialog } from "./opposing-expert-dialog";

/** The joint minutes of a report (docs/decisions.md "Joint minutes"): staff record the opposing expert here. */
export function ReportMinutesCard({ reportId, discipline }: { reportId: string; discipline: string }) {
  const list = trpc.jointMinutes.listForReport.useQuery({ reportId });
  const [open, setOpen] = React.useState(false);
  const data = list.data;
  if (data && data.minutes.length === 0 && !data.canCreate) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Joint minutes</CardTitle>
        <CardDescription>What our expert and the opposing expert agree and disagree on, signed by both.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <LoadState
          query={list}
          loadingLabel="Loading the joint minutes"
          loadingRows={2}
          errorTitle="The joint minutes could not be loaded"
          isEmpty={data?.minutes.length === 0}
          emptyIcon={Users}
          emptyTitle="No joint minute yet"
        >
          <ul className="grid gap-2" aria-label="Joint minutes of this report">
            {data?.minutes.map((m) => (
              <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm">
                <Link
                  to="/joint-minutes/$id"
                  params={{ id: m.id }}
                  className="min-w-0 break-words font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {m.addendumOf ? "Addendum minute" : "Joint minute"} with {m.opposingName}
                </Link>
                <span className="flex flex-wrap items-center gap-2 text-muted-foreground">
                  {m.dueOn && <span>Due {formatDay(m.dueOn)}</span>}
                  <Badge variant={m.frozen ? "default" : "secondary"}>
                    {m.frozen
                      ? m.releasedAt
                        ? "Signed, released"
                        : "Signed"
                      : `${minuteVersionLabel(m.version)}, ${m.signatures} of 2 signed`}
                  </Badge>
                  {m.repudiated && <Badge variant="destructive">Repudiated</Badge>}
                </span>
              </li>
            ))}
          </ul>
        </LoadState>
        {data?.canCreate && (
          <div>
            <Button variant="outline" onClick={() => setOpen(true)}>
              <Plus aria-hidden />
              Record the opposing expert
            </Button>
          </div>
        )}
      </CardContent>
      {data?.canCreate && (
        <OpposingExpertDialog
          open={open}
          onClose={() => setOpen(false)}
          reportId={reportId}
          defaults={{ discipline, due: data.due, opposingSide: data.opposingSide }}
          onSaved={() => void list.refetch()}
        />
      )}
    </Card>
  );
}
