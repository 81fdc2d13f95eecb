import type { JointMinuteSide } from "@medlegal/domain";
import { JOINT_MINUTE_SIDE_LABELS, JOINT_MINUTE_SIDES, opposingExpertFormSchema } from "@medlegal/domain";
import { Link } from "@tanstack/react-router";
import { Plus, Users } from "lucide-react";
import * as React from "react";
import { useZodForm } from "@/hooks/use-zod-form";
import { toast } from "@/hooks/use-toast";
import { formatDay } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { trpcNestedFieldErrors } from "@/lib/trpc-errors";
import { FormFooter } from "../forms/form-footer";
import { LoadState } from "../load-state";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card";
import { Field } from "../ui/field";
import { FormDialog } from "../ui/form-dialog";
import { Input } from "../ui/input";
import { NativeSelect } from "../ui/native-select";

interface OpposingForm {
  name: string;
  discipline: string;
  hpcsaNumber: string;
  practice: string;
  email: string;
  phone: string;
  instructingFirm: string;
  side: JointMinuteSide | "";
  dueOn: string;
}

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
        <LoadState query={list} loadingLabel="Loading the joint minutes" loadingRows={2} errorTitle="The joint minutes could not be loaded" isEmpty={data?.minutes.length === 0} emptyIcon={Users} emptyTitle="No joint minute yet">
          <ul className="grid gap-2" aria-label="Joint minutes of this report">
            {data?.minutes.map((m) => (
              <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm">
                <Link to="/joint-minutes/$id" params={{ id: m.id }} className="min-w-0 break-words font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring">
                  {m.addendumOf ? "Addendum minute" : "Joint minute"} with {m.opposingName}
                </Link>
                <span className="flex flex-wrap items-center gap-2 text-muted-foreground">
                  {m.dueOn && <span>Due {formatDay(m.dueOn)}</span>}
                  <Badge variant={m.frozen ? "default" : "secondary"}>{m.frozen ? (m.releasedAt ? "Signed, released" : "Signed") : `Version ${m.version}, ${m.signatures} of 2 signed`}</Badge>
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
      {data?.canCreate && <CreateMinuteDialog open={open} onClose={() => setOpen(false)} reportId={reportId} discipline={discipline} courtDueOn={data.courtDueOn} onCreated={() => void list.refetch()} />}
    </Card>
  );
}

function CreateMinuteDialog({ open, onClose, reportId, discipline, courtDueOn, onCreated }: { open: boolean; onClose: () => void; reportId: string; discipline: string; courtDueOn: string | null; onCreated: () => void }) {
  const create = trpc.jointMinutes.create.useMutation({ meta: { errorTitle: "Not recorded" } });
  const toPayload = (f: OpposingForm) => ({ ...f, dueOn: f.dueOn || null });
  const serverErrors = React.useMemo(() => trpcNestedFieldErrors(create.error, "opposing"), [create.error]);
  const { form, patch, err, formRef, bind, text, submit, reset } = useZodForm<OpposingForm>({
    initial: () => ({ name: "", discipline, hpcsaNumber: "", practice: "", email: "", phone: "", instructingFirm: "", side: "", dueOn: courtDueOn ?? "" }),
    schema: opposingExpertFormSchema,
    toPayload,
    idPrefix: "opposing",
    pending: create.isPending,
    serverErrors,
  });
  const send = submit((f) => {
    const { dueOn, ...opposing } = toPayload(f);
    create.mutate(
      { reportId, opposing: opposing as typeof opposing & { side: JointMinuteSide }, dueOn },
      {
        onSuccess: () => {
          toast({ title: "Opposing expert recorded", description: "Send them the guest link from the minute's page." });
          reset();
          onClose();
          onCreated();
        },
      },
    );
  });
  return (
    <FormDialog open={open} onClose={onClose} busy={create.isPending} title="Record the opposing expert" description="The other side's expert of this discipline, who prepares the joint minute with ours.">
      <form ref={formRef} onSubmit={send} noValidate className="grid gap-4" aria-label="The opposing expert">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Name" htmlFor="opposing-name" error={err("name")} required>
            <Input {...text("name")} autoComplete="off" />
          </Field>
          <Field label="Discipline" htmlFor="opposing-discipline" error={err("discipline")} required>
            <Input {...text("discipline")} />
          </Field>
          <Field label="HPCSA number" htmlFor="opposing-hpcsaNumber" error={err("hpcsaNumber")} required>
            <Input {...text("hpcsaNumber")} placeholder="MP 0123456" />
          </Field>
          <Field label="Practice" htmlFor="opposing-practice" error={err("practice")} required>
            <Input {...text("practice")} />
          </Field>
          <Field label="E-mail" htmlFor="opposing-email" error={err("email")} required>
            <Input {...text("email")} type="email" autoComplete="off" />
          </Field>
          <Field label="Phone" htmlFor="opposing-phone" error={err("phone")} required>
            <Input {...text("phone")} type="tel" autoComplete="off" />
          </Field>
          <Field label="Instructing firm" htmlFor="opposing-instructingFirm" error={err("instructingFirm")} required>
            <Input {...text("instructingFirm")} />
          </Field>
          <Field label="Instructed by" htmlFor="opposing-side" error={err("side")} required>
            <NativeSelect {...bind("side")} value={form.side} onChange={(e) => patch({ side: e.target.value as JointMinuteSide })}>
              <option value="" disabled>
                Select…
              </option>
              {JOINT_MINUTE_SIDES.map((s) => (
                <option key={s} value={s}>
                  {JOINT_MINUTE_SIDE_LABELS[s]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label="Minute due" htmlFor="opposing-dueOn" error={err("dueOn")}>
            <Input {...text("dueOn")} type="date" />
          </Field>
        </div>
        {courtDueOn && <p className="text-sm text-muted-foreground">The court order sets {formatDay(courtDueOn)}.</p>}
        <FormFooter pending={create.isPending} submitLabel="Record" onSecondary={onClose} />
      </form>
    </FormDialog>
  );
}
