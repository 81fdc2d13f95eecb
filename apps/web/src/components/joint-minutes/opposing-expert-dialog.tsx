import type { JointMinute, JointMinuteSide, MinuteDueDefault } from "@medlegal/domain";
import {
  isOtherOpposingExpert,
  JOINT_MINUTE_SIDE_LABELS,
  JOINT_MINUTE_SIDES,
  MINUTE_DUE_SOURCE_LABELS,
  opposingExpertFormSchema,
  opposingExpertWarnings,
} from "@medlegal/domain";
import * as React from "react";
import { useZodForm } from "@/hooks/use-zod-form";
import { toast } from "@/hooks/use-toast";
import { formatDay } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { trpcNestedFieldErrors } from "@/lib/trpc-errors";
import { FormFooter } from "../forms/form-footer";
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

/** What the dialog knows of the report: our expert's discipline, the due date of the court order or plan, the side the opposing expert is normally for. */
export interface MinuteDefaults {
  discipline: string;
  due: MinuteDueDefault | null;
  opposingSide: JointMinuteSide;
}

const toPayload = (f: OpposingForm) => ({ ...f, dueOn: f.dueOn || null });

/** A warning under a field (never blocking), read with the field by screen readers. */
function Warning({ id, children }: { id: string; children?: string }) {
  if (!children) return null;
  return (
    <p id={id} className="text-xs text-amber-800">
      {children}
    </p>
  );
}

/**
 * Recording (a report's new minute) or changing (an existing minute) the opposing expert
 * (docs/product-rules.md "The opposing-expert dialog"): a new one starts with our discipline, the
 * side the opposing expert is normally for and the court order's or plan's due date, and the form
 * warns when the entries differ from those. Changing the person after they opened or signed the
 * minute asks to reopen it ("Changing the opposing expert").
 */
export function OpposingExpertDialog({
  open,
  onClose,
  defaults,
  reportId,
  minute,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  defaults: MinuteDefaults;
  /** Recording a new minute on this report ... */
  reportId?: string;
  /** ... or changing this minute's opposing expert. */
  minute?: JointMinute;
  onSaved: () => void;
}) {
  const create = trpc.jointMinutes.create.useMutation({ meta: { errorTitle: "Not recorded" } });
  const update = trpc.jointMinutes.updateOpposingExpert.useMutation({ meta: { errorTitle: "Not changed" } });
  const mutation = minute ? update : create;
  const [reopen, setReopen] = React.useState(false);
  const serverErrors = React.useMemo(() => trpcNestedFieldErrors(mutation.error, "opposing"), [mutation.error]);
  const { form, patch, err, formRef, bind, text, submit, reset } = useZodForm<OpposingForm>({
    initial: () =>
      minute
        ? { ...minute.opposing, email: minute.opposingEmail, phone: minute.opposingPhone, dueOn: minute.dueOn ?? "" }
        : {
            name: "",
            discipline: defaults.discipline,
            hpcsaNumber: "",
            practice: "",
            email: "",
            phone: "",
            instructingFirm: "",
            side: defaults.opposingSide,
            dueOn: defaults.due?.on ?? "",
          },
    schema: opposingExpertFormSchema,
    toPayload,
    idPrefix: "opposing",
    pending: mutation.isPending,
    serverErrors,
    resetKey: minute ? `${minute.id}:${open}` : undefined,
  });
  const warnings = opposingExpertWarnings({ discipline: form.discipline, side: form.side, dueOn: form.dueOn || null }, defaults);
  const opposingEngaged = minute ? minute.opposingOpenedAt !== null || minute.signatures.some((s) => s.party === "opposing") : false;
  const replacing = minute
    ? isOtherOpposingExpert({ name: minute.opposing.name, email: minute.opposingEmail }, { name: form.name, email: form.email })
    : false;
  const described = (name: keyof OpposingForm, warning?: string) => {
    const props = text(name);
    const ids = [props["aria-describedby"], warning ? `opposing-${name}-warning` : undefined].filter(Boolean).join(" ");
    return { ...props, "aria-describedby": ids || undefined };
  };

  const done = (title: string, description?: string) => {
    toast({ title, description });
    reset();
    setReopen(false);
    onClose();
    onSaved();
  };
  const send = submit((f) => {
    const { dueOn, ...opposing } = toPayload(f);
    const payload = { opposing: opposing as typeof opposing & { side: JointMinuteSide }, dueOn };
    if (minute)
      update.mutate(
        { id: minute.id, ...payload, reopen: replacing && reopen },
        { onSuccess: () => done("Opposing expert changed", replacing ? "Send the new expert their guest link." : undefined) },
      );
    else if (reportId)
      create.mutate(
        { reportId, ...payload },
        { onSuccess: () => done("Opposing expert recorded", "Send them the guest link from the minute's page.") },
      );
  });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      busy={mutation.isPending}
      title={minute ? "Change the opposing expert" : "Record the opposing expert"}
      description="The other side's expert of this discipline, who prepares the joint minute with ours."
    >
      <form ref={formRef} onSubmit={send} noValidate className="grid gap-4" aria-label="The opposing expert">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Name" htmlFor="opposing-name" error={err("name")} required>
            <Input {...text("name")} autoComplete="off" />
          </Field>
          <Field label="Discipline" htmlFor="opposing-discipline" error={err("discipline")} required>
            <Input {...described("discipline", warnings.discipline)} />
            <Warning id="opposing-discipline-warning">{warnings.discipline}</Warning>
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
            <NativeSelect
              {...bind("side")}
              aria-describedby={
                [bind("side")["aria-describedby"], warnings.side ? "opposing-side-warning" : undefined].filter(Boolean).join(" ") ||
                undefined
              }
              value={form.side}
              onChange={(e) => patch({ side: e.target.value as JointMinuteSide })}
            >
              <option value="" disabled>
                Select…
              </option>
              {JOINT_MINUTE_SIDES.map((s) => (
                <option key={s} value={s}>
                  {JOINT_MINUTE_SIDE_LABELS[s]}
                </option>
              ))}
            </NativeSelect>
            <Warning id="opposing-side-warning">{warnings.side}</Warning>
          </Field>
          <Field label="Minute due" htmlFor="opposing-dueOn" error={err("dueOn")}>
            <Input {...described("dueOn", warnings.dueOn)} type="date" />
            <Warning id="opposing-dueOn-warning">{warnings.dueOn}</Warning>
          </Field>
        </div>
        {defaults.due && !warnings.dueOn && (
          <p className="text-sm text-muted-foreground">
            {MINUTE_DUE_SOURCE_LABELS[defaults.due.source]} sets {formatDay(defaults.due.on)}.
          </p>
        )}
        {replacing && (
          <div className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            <p>
              This records another person: {minute!.opposing.name}&apos;s link and any session end
              {minute!.signatures.some((s) => s.party === "opposing") ? ", their signature is voided" : ""}, and their address is told.
            </p>
            {opposingEngaged && (
              <label className="flex items-start gap-2">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 accent-primary"
                  checked={reopen}
                  onChange={(e) => setReopen(e.target.checked)}
                  disabled={mutation.isPending}
                />
                <span>Reopen the minute for the new expert ({minute!.opposing.name} has already opened or signed it)</span>
              </label>
            )}
          </div>
        )}
        <FormFooter
          pending={mutation.isPending}
          submitLabel={minute ? "Save" : "Record"}
          submitDisabled={replacing && opposingEngaged && !reopen}
          onSecondary={onClose}
        />
      </form>
    </FormDialog>
  );
}
